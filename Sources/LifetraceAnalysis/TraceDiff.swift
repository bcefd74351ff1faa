import Lifetrace

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The first place where the order of two traces differs: "what changed in my lifecycle after this
/// commit".
///
/// Each trace is reduced to the sequence of its `begin` and `instant` records, each written as
/// `controller event [target]` (a scenario step as `scenario scenario.step`); identities, timestamps,
/// sequence numbers, threads and durations are ignored, so two runs of the same code compare equal.
///
/// ```swift
/// let diff = TraceDiff(try TraceReader.read(path: "before.jsonl"), try TraceReader.read(path: "after.jsonl"))
/// if !diff.isEqual { print(diff.render(context: 3)) }
/// ```
public struct TraceDiff: Sendable {
    /// One compared record: its key, its line in the file and its `seq`.
    public struct Entry: Sendable, Hashable {
        /// `controller event [target]`: what is compared.
        public var key: String
        /// The record's 1-based line in its file.
        public var line: Int
        /// The record's `seq`.
        public var seq: UInt64

        /// Creates an entry.
        public init(key: String, line: Int, seq: UInt64) {
            self.key = key
            self.line = line
            self.seq = seq
        }
    }

    /// The first trace's source (a path or label).
    public var leftSource: String
    /// The second trace's source.
    public var rightSource: String
    /// The first trace's compared records around the first difference (all of them when the
    /// traces are short): up to the kept context before it, and the kept context plus one from it.
    /// `left[0]` is the trace's record number ``windowStart`` (0-based).
    public var left: [Entry]
    /// The second trace's compared records around the first difference, as ``left``.
    public var right: [Entry]
    /// The index in each trace of the first record of ``left`` and ``right``.
    public var windowStart: Int
    /// How many records of the first trace were compared (begin and instant records).
    public var leftCount: Int
    /// How many records of the second trace were compared.
    public var rightCount: Int
    /// The index of the first record that differs, or where the shorter trace ends; `nil` when the
    /// traces are equal.
    public var firstDifference: Int?
    /// The context kept on each side of the first difference (``render(context:)`` shows at most this).
    public let keptContext: Int
    private var leftLastLine = 0
    private var rightLastLine = 0

    /// Compares `left` with `right`, keeping `keeping` records of context around the difference.
    public init(_ left: Trace, _ right: Trace, keeping context: Int = 10) {
        // In memory nothing can fail to be read.
        self =
            (try? TraceDiff(reading: TraceMemoryReader(left), TraceMemoryReader(right), keeping: context))
            ?? TraceDiff(leftSource: left.source, rightSource: right.source, keptContext: 0)
    }

    /// Compares two traces as they are read, in one pass: memory holds the context kept around the
    /// first difference, never the traces.
    public init(reading left: some TraceEventReader, _ right: some TraceEventReader, keeping context: Int = 10) throws(TraceIssue)
    {
        self.init(leftSource: left.source, rightSource: right.source, keptContext: max(context, 0))
        // The last `keptContext` equal records: a ring, whose oldest entry is at `oldest` once full.
        var before: [(Entry, Entry)] = []
        var oldest = 0
        var index = 0
        while true {
            let l = try Self.nextEntry(left, &leftLastLine)
            let r = try Self.nextEntry(right, &rightLastLine)
            if let l, let r, l.key == r.key {
                if keptContext > 0 {
                    if before.count < keptContext {
                        before.append((l, r))
                    } else {
                        before[oldest] = (l, r)
                        oldest = (oldest + 1) % keptContext
                    }
                }
                index += 1
                continue
            }
            before = Array(before[oldest...] + before[..<oldest])
            if l == nil && r == nil {
                leftCount = index
                rightCount = index
                self.left = before.map(\.0)
                self.right = before.map(\.1)
                windowStart = index - before.count
                return
            }
            firstDifference = index
            windowStart = index - before.count
            self.left = before.map(\.0) + (l.map { [$0] } ?? [])
            self.right = before.map(\.1) + (r.map { [$0] } ?? [])
            leftCount = index + (l == nil ? 0 : 1)
            rightCount = index + (r == nil ? 0 : 1)
            // The rest: the kept context after the difference, then only counted.
            if l != nil {
                while let entry = try Self.nextEntry(left, &leftLastLine) {
                    if leftCount - index <= keptContext { self.left.append(entry) }
                    leftCount += 1
                }
            }
            if r != nil {
                while let entry = try Self.nextEntry(right, &rightLastLine) {
                    if rightCount - index <= keptContext { self.right.append(entry) }
                    rightCount += 1
                }
            }
            return
        }
    }

    private init(leftSource: String, rightSource: String, keptContext: Int) {
        self.leftSource = leftSource
        self.rightSource = rightSource
        self.left = []
        self.right = []
        self.windowStart = 0
        self.leftCount = 0
        self.rightCount = 0
        self.keptContext = keptContext
    }

    /// The next compared record of `reader` (its begin and instant records), with its line.
    private static func nextEntry(_ reader: some TraceEventReader, _ lastLine: inout Int) throws(TraceIssue) -> Entry? {
        while let event = try reader.next() {
            guard let key = key(event) else { continue }
            lastLine = reader.position
            return Entry(key: key, line: reader.position, seq: event.seq)
        }
        return nil
    }

    /// Whether both traces have the same records in the same order.
    public var isEqual: Bool { firstDifference == nil }

    /// The compared key of an event: `controller event [target]`, or `nil` for `end` records.
    public static func key(_ event: Event) -> String? {
        guard event.phase != .end else { return nil }
        var key = "\(event.subject.name) \(event.hook.name)"
        if let target = event.details.target { key += " \(target.name)" }
        return key
    }

    /// The difference for a human: a summary, `context` equal records before the first difference
    /// (at most ``keptContext``), then up to `context + 1` records of each side from there (`-` for
    /// the first trace, `+` for the second), each with its file and line.
    public func render(context: Int = 3) -> String {
        guard let first = firstDifference else {
            return "traces agree: \(leftCount) records in the same order (begin and instant records: controller, event, target)\n"
        }
        let context = min(max(context, 0), keptContext)
        let leftWidth = max(leftSource.count + 1 + String(leftLastLine).count, 1)
        let rightWidth = max(rightSource.count + 1 + String(rightLastLine).count, 1)
        let width = max(leftWidth, rightWidth)
        func place(_ source: String, _ entry: Entry) -> String {
            let text = "\(source):\(entry.line)"
            return text + String(repeating: " ", count: max(width - text.count, 0))
        }
        // Window positions: the difference is at `first - windowStart` in both windows.
        let at = first - windowStart
        var out = "traces differ at record \(first + 1)"
        out += " (\(describe(leftSource, left, at, leftCount)); \(describe(rightSource, right, at, rightCount)))\n"
        out += "--- \(leftSource)\n+++ \(rightSource)\n"
        for index in max(0, at - context)..<at {
            out += "  \(place(leftSource, left[index]))  \(left[index].key)\n"
        }
        for index in at..<min(at + min(context, left.count) + 1, left.count) {
            out += "- \(place(leftSource, left[index]))  \(left[index].key)\n"
        }
        if first >= leftCount { out += "- (\(leftSource) ends after \(leftCount) records)\n" }
        for index in at..<min(at + min(context, right.count) + 1, right.count) {
            out += "+ \(place(rightSource, right[index]))  \(right[index].key)\n"
        }
        if first >= rightCount { out += "+ (\(rightSource) ends after \(rightCount) records)\n" }
        return out
    }

    private func describe(_ source: String, _ window: [Entry], _ at: Int, _ count: Int) -> String {
        at < window.count
            ? "\(source) line \(window[at].line), \(count) records in all"
            : "\(source) has only \(count) records"
    }
}
