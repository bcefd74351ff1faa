import Foundation
import Lifetrace

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
    /// The first trace's compared records, in order.
    public var left: [Entry]
    /// The second trace's compared records, in order.
    public var right: [Entry]
    /// The index (in ``left`` and ``right``) of the first record that differs, or where the shorter
    /// trace ends; `nil` when the traces are equal.
    public var firstDifference: Int?

    /// Compares `left` with `right`.
    public init(_ left: Trace, _ right: Trace) {
        leftSource = left.source
        rightSource = right.source
        self.left = Self.entries(left)
        self.right = Self.entries(right)
        let common = min(self.left.count, self.right.count)
        var index = 0
        while index < common, self.left[index].key == self.right[index].key { index += 1 }
        firstDifference = (index == common && self.left.count == self.right.count) ? nil : index
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

    /// The difference for a human: a summary, `context` equal records before the first difference,
    /// then up to `context + 1` records of each side from there (`-` for the first trace, `+` for the
    /// second), each with its file and line.
    public func render(context: Int = 3) -> String {
        guard let first = firstDifference else {
            return "traces agree: \(left.count) records in the same order (begin and instant records: controller, event, target)\n"
        }
        let leftWidth = max(leftSource.count + 1 + String(left.last?.line ?? 0).count, 1)
        let rightWidth = max(rightSource.count + 1 + String(right.last?.line ?? 0).count, 1)
        let width = max(leftWidth, rightWidth)
        func place(_ source: String, _ entry: Entry) -> String {
            let text = "\(source):\(entry.line)"
            return text + String(repeating: " ", count: max(width - text.count, 0))
        }
        var out = "traces differ at record \(first + 1)"
        out += " (\(describe(leftSource, left, first)); \(describe(rightSource, right, first)))\n"
        out += "--- \(leftSource)\n+++ \(rightSource)\n"
        let from = max(0, first - max(context, 0))
        for index in from..<first {
            out += "  \(place(leftSource, left[index]))  \(left[index].key)\n"
        }
        let after = max(context, 0) + 1
        for index in first..<min(first + after, left.count) {
            out += "- \(place(leftSource, left[index]))  \(left[index].key)\n"
        }
        if first >= left.count { out += "- (\(leftSource) ends after \(left.count) records)\n" }
        for index in first..<min(first + after, right.count) {
            out += "+ \(place(rightSource, right[index]))  \(right[index].key)\n"
        }
        if first >= right.count { out += "+ (\(rightSource) ends after \(right.count) records)\n" }
        return out
    }

    private func describe(_ source: String, _ entries: [Entry], _ index: Int) -> String {
        index < entries.count
            ? "\(source) line \(entries[index].line), \(entries.count) records in all"
            : "\(source) has only \(entries.count) records"
    }

    private static func entries(_ trace: Trace) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(trace.events.count / 2 + 1)
        for (index, event) in trace.events.enumerated() {
            guard let key = key(event) else { continue }
            entries.append(Entry(key: key, line: index < trace.lines.count ? trace.lines[index] : index + 1, seq: event.seq))
        }
        return entries
    }
}
