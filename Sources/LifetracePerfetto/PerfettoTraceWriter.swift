import Lifetrace
import LifetraceAnalysis
import PerfettoProtos

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a trace in Perfetto's native format, the protobuf `Trace` that the Perfetto UI
/// (ui.perfetto.dev) and its trace processor open, one event at a time.
///
/// It streams: each event becomes its packets at once, handed to `output` as the bytes of a
/// length-delimited `Trace.packet` (field 1), so the concatenation of everything written is a valid
/// `Trace` file. What it holds between events is bounded by the trace's shape, never its length:
/// the open intervals, the interning tables (bounded, below) and the tracks.
///
/// - Packets: all on one sequence (`trusted_packet_sequence_id` 1); the first packet clears the
///   incremental state (`SEQ_INCREMENTAL_STATE_CLEARED`) and every later track event says it needs
///   it (`SEQ_NEEDS_INCREMENTAL_STATE`). Event names, categories, annotation keys and annotations'
///   string values are interned: each distinct string is written once, in the `interned_data` of
///   the first packet that uses it, and referred to by its iid afterwards. Once the tables hold ``internedLimit`` strings (span ids
///   are all different), the writer clears the incremental state again (a new first packet) and
///   starts over with empty tables and new iids, so a long trace's tables stay bounded.
/// - Timestamps: the events' `ts`, nanoseconds on `CLOCK_MONOTONIC`, delta-encoded as Perfetto's
///   SDK does: the first packet's `ClockSnapshot` ties a sequence-scoped incremental clock (id 64,
///   nanoseconds) to the trace clock (`BUILTIN_CLOCK_BOOTTIME`, the default clock domain, which the
///   events' times are written in) at the first event's time, its `TracePacketDefaults` make that
///   clock the sequence's default, and each later timestamp is the nanoseconds since the previous
///   one; an event earlier than the previous (threads interleaved out of order, a missing begin
///   placed in the past) carries its absolute time with `timestamp_clock_id` BOOTTIME. (A delta
///   takes two or three bytes where an absolute time takes seven.) The same defaults make the first
///   event's thread track the sequence's default track, so its events name no track.
/// - Tracks: a process track per `pid` of each host (events without one: a single process,
///   ``processID``), a thread track per thread, child of its process. Process ids collide across
///   hosts (events with a `host`), so each further host's pids are offset as the Chrome export's
///   are (``HostProcessIDs``), and in a trace of several hosts a process is named `NAME (pid N) on
///   HOST`: the first host's processes, described before the second host appeared, are described
///   again with that name then. Intervals are slices (`TYPE_SLICE_BEGIN` /
///   `TYPE_SLICE_END`) on their thread's track; spans and view-controller transitions, which can end
///   on another thread or outlive the callback that began them, on async tracks of their process
///   (lanes, reused once free: `spans`, `transitions`). Instants are `TYPE_INSTANT` (a span's
///   events on the span's track).
/// - Flows: a span to its parent (`flow_ids` on the child's begin, terminated at the parent's end,
///   matched by trace id and span id, across processes); a push or present `transition` to the
///   incoming controller's `viewDidAppear`.
/// - Counters (`TYPE_COUNTER` on counter tracks of the process): the views of each layout pass
///   (`layoutPass`'s end `count`), the rows of each solve (`layoutEngineSolve`'s end `count`), and
///   the frames over budget so far (each `frame` end longer than the budget its text announces).
/// - Debug annotations: `id` (`0x…`, as in JSON lines), `target`, `animated`, `index`, `text` (not
///   for scenario steps, whose name holds it), `count`, the log and span fields (objects and lists
///   as JSON). An end carries only what its begin did not: the `count`, a span's final fields. (Not
///   `seq`: every event is its packet, at its timestamp, and numbering them cost a sixth of the file.)
///
/// An interval an end record closes out of order on its thread (a callback that did not nest)
/// ends the slices above it, ends, and begins them again (`continued`); an end whose begin the
/// trace does not hold gets a track of its own, its begin `dur_ns` earlier (`begin_missing`);
/// intervals still open at the end are closed at the trace's last timestamp (`unfinished`).
package final class PerfettoTraceWriter {
    package typealias Packet = Perfetto_Protos_TracePacket
    package typealias TrackEvent = Perfetto_Protos_TrackEvent
    package typealias Annotation = Perfetto_Protos_DebugAnnotation

    /// The `trusted_packet_sequence_id` of every packet.
    package static let sequenceID: UInt32 = 1
    /// The sequence's incremental clock (a sequence-scoped clock id, 64 to 127).
    package static let incrementalClock: UInt32 = 64
    /// The trace clock the incremental clock is tied to, and absolute timestamps' clock.
    package static let traceClock = UInt32(Perfetto_Protos_BuiltinClock.boottime.rawValue)

    /// The interned strings after which the incremental state is cleared and the tables emptied.
    package let internedLimit: Int

    /// The process's name in the viewer (`NAME (pid N)` in a trace of several processes).
    package let processName: String
    /// The pid of the events that carry none.
    package let processID: Int
    /// Packets written so far.
    package private(set) var packetCount = 0
    /// Bytes written so far.
    package private(set) var byteCount = 0

    private let output: (UnsafeRawBufferPointer) throws -> Void

    /// A writer handing each framed packet's bytes to `output` as it is made.
    package init(
        processName: String = "lifetrace", processID: Int = 1, internedLimit: Int = 1 << 14,
        output: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.processName = processName
        self.processID = processID
        self.internedLimit = internedLimit
        self.output = output
    }

    /// The Perfetto trace of `events`, whole (for tests and small traces).
    package static func export(
        _ events: some Sequence<Event>, processName: String = "lifetrace", processID: Int = 1, internedLimit: Int = 1 << 14
    ) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = PerfettoTraceWriter(processName: processName, processID: processID, internedLimit: internedLimit) {
            bytes.append(contentsOf: $0)
        }
        for event in events { try writer.add(event) }
        try writer.finish()
        return bytes
    }

    // MARK: State

    /// A process of a host (events without a host: `nil`; without a process: `nil`, ``processID``).
    private struct ProcessKey: Hashable {
        var host: String?
        var process: UInt32?
        init(host: String?, process: UInt32?) {
            self.host = host
            self.process = process
        }
        init(_ event: Event) {
            host = event.host
            process = event.process
        }
    }
    private struct ThreadKey: Hashable {
        var host: String?
        var process: UInt32?
        var thread: UInt32
        var processKey: ProcessKey { ProcessKey(host: host, process: process) }
    }
    /// What pairs a begin with its end (as `Trace.intervals()` pairs them).
    private struct IntervalKey: Hashable {
        var hook: Hook
        var name: String
        var id: UInt
        var process: ProcessKey
        init(_ event: Event) {
            hook = event.hook
            name = event.subject.name
            id = event.subject.id
            process = ProcessKey(event)
        }
    }
    private struct SubjectKey: Hashable {
        var process: ProcessKey
        var name: String
        var id: UInt
    }
    private struct SpanKey: Hashable {
        var traceID: String
        var spanID: String
    }
    private struct LaneKey: Hashable {
        var process: ProcessKey
        var kind: String
    }
    private enum Counter: CaseIterable {
        case viewsPerLayoutPass, solverRows, framesOverBudget
        var name: String {
            switch self {
            case .viewsPerLayoutPass: "views per layout pass"
            case .solverRows: "solver rows"
            case .framesOverBudget: "frames over budget"
            }
        }
    }
    private struct CounterKey: Hashable {
        var process: ProcessKey
        var counter: Counter
    }

    /// An interval whose begin is written and whose end is not.
    private final class OpenInterval {
        let token: Int
        let key: IntervalKey
        let track: UInt64
        /// The thread whose track holds the slice; `nil` for an async lane.
        let thread: ThreadKey?
        let lane: LaneKey?
        let startTimestamp: UInt64
        /// The begin record, to begin the slice again after an out-of-order end.
        let begin: Event
        let span: SpanKey?
        /// Flows from child spans, terminated at this span's end.
        var childFlows: [UInt64] = []
        init(
            token: Int, key: IntervalKey, track: UInt64, thread: ThreadKey?, lane: LaneKey?, startTimestamp: UInt64, begin: Event,
            span: SpanKey?
        ) {
            self.token = token
            self.key = key
            self.track = track
            self.thread = thread
            self.lane = lane
            self.startTimestamp = startTimestamp
            self.begin = begin
            self.span = span
        }
    }

    private var wroteFirstPacket = false
    /// The incremental clock's value: the last timestamp written on it.
    private var clock: UInt64?
    /// The default track (`TrackEventDefaults`): the first event's thread's.
    private var defaultTrack: (thread: ThreadKey, uuid: UInt64)?
    private var nextUUID: UInt64 = 1
    private var nextFlowID: UInt64 = 1
    private var nextToken = 0
    private var lastTimestamp: UInt64 = 0

    private var eventNames: [String: UInt64] = [:]
    private var categories: [String: UInt64] = [:]
    private var annotationNames: [String: UInt64] = [:]
    private var annotationStrings: [String: UInt64] = [:]
    /// The last iid given in each table: never reused, even after the state is cleared.
    private var lastIID: [Table: UInt64] = [:]
    private var interned = Perfetto_Protos_InternedData()

    /// The hosts met so far, which give each host's processes their pids.
    private var hosts = HostProcessIDs()
    private var processTracks: [ProcessKey: UInt64] = [:]
    /// The processes described so far, in order (to name them again once a second host appears).
    private var processOrder: [ProcessKey] = []
    private var threadTracks: [ThreadKey: UInt64] = [:]
    private var stacks: [ThreadKey: [OpenInterval]] = [:]
    private var open: [IntervalKey: [OpenInterval]] = [:]
    private var openByToken: [Int: OpenInterval] = [:]
    private var freeLanes: [LaneKey: [UInt64]] = [:]
    private var counterTracks: [CounterKey: UInt64] = [:]
    private var framesOverBudget: [ProcessKey: Int64] = [:]
    private var openSpans: [SpanKey: OpenInterval] = [:]
    /// Flows of push and present transitions, waiting for the incoming controller's `viewDidAppear`.
    private var pendingAppearances: [SubjectKey: UInt64] = [:]

    // MARK: Events

    /// Writes the packets of `event`.
    package func add(_ event: Event) throws {
        let thread = ThreadKey(host: event.host, process: event.process, thread: event.thread)
        let severalHosts = hosts.severalHosts
        if hosts.note(event.host), !severalHosts, hosts.severalHosts { try nameProcessesWithHosts() }
        if !wroteFirstPacket {
            defaultTrack = (thread, newUUID())
            try writeIncrementalState(at: event.timestamp)
        } else if eventNames.count + categories.count + annotationNames.count + annotationStrings.count >= internedLimit {
            eventNames = [:]
            categories = [:]
            annotationNames = [:]
            annotationStrings = [:]
            try writeIncrementalState(at: event.timestamp)
        }
        lastTimestamp = max(lastTimestamp, event.timestamp)
        let threadTrack = try self.threadTrack(thread)
        switch event.phase {
        case .begin: try begin(event, thread: thread, threadTrack: threadTrack)
        case .end: try end(event)
        case .instant: try instant(event, threadTrack: threadTrack)
        }
    }

    /// Closes every interval still open at the trace's last timestamp (marked `unfinished`).
    package func finish() throws {
        if !wroteFirstPacket { _ = try processTrack(ProcessKey(host: nil, process: nil)) }
        for token in openByToken.keys.sorted(by: >) {
            guard let interval = openByToken[token] else { continue }
            var event = TrackEvent()
            event.type = .sliceEnd
            event.trackUuid = interval.track
            event.terminatingFlowIds = interval.childFlows
            event.debugAnnotations.append(annotation("unfinished") { $0.boolValue = true })
            close(interval)
            try write(event, at: max(lastTimestamp, interval.startTimestamp))
        }
    }

    private func begin(_ event: Event, thread: ThreadKey, threadTrack: UInt64) throws {
        let lane = Self.laneKind(event.hook).map { LaneKey(process: ProcessKey(event), kind: $0) }
        let track = try lane.map(takeLane) ?? threadTrack
        var slice = described(event, type: .sliceBegin, track: track)
        var span: SpanKey?
        let fields = event.details.fields
        if event.hook == .span, let traceID = fields?["trace_id"]?.string, let spanID = fields?["span_id"]?.string {
            span = SpanKey(traceID: traceID, spanID: spanID)
            if let parentID = fields?["parent_span_id"]?.string,
                let parent = openSpans[SpanKey(traceID: traceID, spanID: parentID)]
            {
                let flow = newFlow()
                slice.flowIds.append(flow)
                parent.childFlows.append(flow)
            }
        }
        if event.hook == .transition, let target = event.details.target, Self.isArrival(event.details.text) {
            let flow = newFlow()
            slice.flowIds.append(flow)
            pendingAppearances[SubjectKey(process: ProcessKey(event), name: target.name, id: target.id)] = flow
        }
        if event.hook == .viewDidAppear,
            let flow = pendingAppearances.removeValue(
                forKey: SubjectKey(process: ProcessKey(event), name: event.subject.name, id: event.subject.id))
        {
            slice.terminatingFlowIds.append(flow)
        }
        try write(slice, at: event.timestamp)

        let interval = OpenInterval(
            token: nextToken, key: IntervalKey(event), track: track, thread: lane == nil ? thread : nil, lane: lane,
            startTimestamp: event.timestamp, begin: event, span: span)
        nextToken += 1
        open[IntervalKey(event), default: []].append(interval)
        openByToken[interval.token] = interval
        if lane == nil { stacks[thread, default: []].append(interval) }
        if let span { openSpans[span] = interval }
    }

    private func end(_ event: Event) throws {
        let key = IntervalKey(event)
        guard let interval = open[key]?.last else {
            try unpairedEnd(event)
            return
        }
        var slice = TrackEvent()
        slice.type = .sliceEnd
        slice.trackUuid = interval.track
        slice.terminatingFlowIds = interval.childFlows
        if let count = event.details.count { slice.debugAnnotations.append(annotation("count") { $0.intValue = Int64(count) }) }
        if event.hook == .span { appendFields(event.details.fields, to: &slice) }
        let timestamp = max(event.timestamp, interval.startTimestamp)

        // The slices above it on its thread (an end out of order) end first and begin again after.
        var above: [OpenInterval] = []
        if let thread = interval.thread, let stack = stacks[thread], let index = stack.lastIndex(where: { $0 === interval }) {
            above = Array(stack[(index + 1)...])
        }
        for other in above.reversed() {
            var end = TrackEvent()
            end.type = .sliceEnd
            end.trackUuid = other.track
            try write(end, at: timestamp)
        }
        close(interval)
        try write(slice, at: timestamp)
        for other in above {
            var again = described(other.begin, type: .sliceBegin, track: other.track)
            again.debugAnnotations.append(annotation("continued") { $0.boolValue = true })
            try write(again, at: timestamp)
        }
        try counters(event, duration: timestamp - interval.startTimestamp)
    }

    /// An end whose begin the trace does not hold: a slice on a track of its own, `dur_ns` long.
    private func unpairedEnd(_ event: Event) throws {
        let duration = min(event.duration ?? 0, event.timestamp)
        let track = newUUID()
        var descriptor = Perfetto_Protos_TrackDescriptor()
        descriptor.uuid = track
        descriptor.parentUuid = try processTrack(ProcessKey(event))
        descriptor.name = ChromeTraceExporter.displayName(event.hook, event.subject, event.details)
        try write(descriptor)
        var slice = described(event, type: .sliceBegin, track: track)
        slice.debugAnnotations.append(annotation("begin_missing") { $0.boolValue = true })
        try write(slice, at: event.timestamp - duration)
        var end = TrackEvent()
        end.type = .sliceEnd
        end.trackUuid = track
        try write(end, at: event.timestamp)
        try counters(event, duration: duration)
    }

    private func instant(_ event: Event, threadTrack: UInt64) throws {
        var track = threadTrack
        // A span's event goes on the span's track while the span is open.
        if event.hook == .span, let fields = event.details.fields, let traceID = fields["trace_id"]?.string,
            let spanID = fields["span_id"]?.string, let span = openSpans[SpanKey(traceID: traceID, spanID: spanID)]
        {
            track = span.track
        }
        let instant = described(event, type: .instant, track: track)
        try write(instant, at: event.timestamp)
    }

    /// Forgets an interval that ended: its thread stack, its lane, its span.
    private func close(_ interval: OpenInterval) {
        openByToken[interval.token] = nil
        if let index = open[interval.key]?.lastIndex(where: { $0 === interval }) {
            open[interval.key]!.remove(at: index)
            if open[interval.key]!.isEmpty { open[interval.key] = nil }
        }
        if let thread = interval.thread, let index = stacks[thread]?.lastIndex(where: { $0 === interval }) {
            stacks[thread]!.remove(at: index)
        }
        if let lane = interval.lane { freeLanes[lane, default: []].append(interval.track) }
        if let span = interval.span, openSpans[span] === interval { openSpans[span] = nil }
    }

    /// The counters an end record feeds.
    private func counters(_ event: Event, duration: UInt64) throws {
        let value: Int64
        let counter: Counter
        switch event.hook {
        case .layoutPass:
            guard let count = event.details.count else { return }
            (counter, value) = (.viewsPerLayoutPass, Int64(count))
        case .layoutEngineSolve:
            guard let count = event.details.count else { return }
            (counter, value) = (.solverRows, Int64(count))
        case .displayFrame:
            let budget = event.details.text.flatMap(FrameSummary.budget(in:)) ?? 0
            var total = framesOverBudget[ProcessKey(event)] ?? 0
            if budget > 0, duration > budget { total += 1 }
            framesOverBudget[ProcessKey(event)] = total
            (counter, value) = (.framesOverBudget, total)
        default:
            return
        }
        var sample = TrackEvent()
        sample.type = .counter
        sample.trackUuid = try counterTrack(CounterKey(process: ProcessKey(event), counter: counter))
        sample.counterValue = value
        try write(sample, at: event.timestamp)
    }

    // MARK: Events' contents

    /// A begin or instant event of `event`: its name, category and details.
    private func described(_ event: Event, type: TrackEvent.TypeEnum, track: UInt64) -> TrackEvent {
        var slice = TrackEvent()
        slice.type = type
        slice.trackUuid = track
        slice.nameIid = intern(ChromeTraceExporter.displayName(event.hook, event.subject, event.details), in: .eventNames)
        slice.categoryIids = [intern(event.hook.category, in: .categories)]
        let subject = event.subject
        let details = event.details
        if subject.id != 0 { slice.debugAnnotations.append(annotation("id", "0x" + String(subject.id, radix: 16))) }
        if let target = details.target { slice.debugAnnotations.append(annotation("target", target.name)) }
        if let animated = details.animated { slice.debugAnnotations.append(annotation("animated") { $0.boolValue = animated }) }
        if let index = details.index { slice.debugAnnotations.append(annotation("index") { $0.intValue = Int64(index) }) }
        if let text = details.text, event.hook != .scenarioStep {
            slice.debugAnnotations.append(annotation("text", text))
        }
        if let count = details.count { slice.debugAnnotations.append(annotation("count") { $0.intValue = Int64(count) }) }
        appendFields(details.fields, to: &slice)
        return slice
    }

    /// A log record's or a span's fields, in order: scalars as such, lists and objects as JSON.
    private func appendFields(_ fields: [Field]?, to slice: inout TrackEvent) {
        for field in fields ?? [] {
            slice.debugAnnotations.append(
                annotation(field.key) { annotation in
                    switch field.value {
                    case .string(let text): annotation.stringValueIid = intern(text, in: .annotationStrings)
                    case .integer(let number): annotation.intValue = number
                    case .double(let number): annotation.doubleValue = number
                    case .bool(let flag): annotation.boolValue = flag
                    case .list, .object, .null: annotation.legacyJsonValue = field.value.json
                    }
                })
        }
    }

    /// An annotation whose value is a string, interned.
    private func annotation(_ name: String, _ text: String) -> Annotation {
        annotation(name) { $0.stringValueIid = intern(text, in: .annotationStrings) }
    }

    private func annotation(_ name: String, _ value: (inout Annotation) -> Void) -> Annotation {
        var annotation = Annotation()
        annotation.nameIid = intern(name, in: .annotationNames)
        value(&annotation)
        return annotation
    }

    /// The interning tables.
    private enum Table {
        case eventNames, categories, annotationNames, annotationStrings
    }

    /// The iid of `string` in an interning table; a new one goes into the next track event's `interned_data`.
    private func intern(_ string: String, in table: Table) -> UInt64 {
        let known: UInt64?
        switch table {
        case .eventNames: known = eventNames[string]
        case .categories: known = categories[string]
        case .annotationNames: known = annotationNames[string]
        case .annotationStrings: known = annotationStrings[string]
        }
        if let known { return known }
        let iid = lastIID[table, default: 0] + 1
        lastIID[table] = iid
        switch table {
        case .eventNames:
            eventNames[string] = iid
            interned.eventNames.append(
                .with {
                    $0.iid = iid
                    $0.name = string
                })
        case .categories:
            categories[string] = iid
            interned.eventCategories.append(
                .with {
                    $0.iid = iid
                    $0.name = string
                })
        case .annotationNames:
            annotationNames[string] = iid
            interned.debugAnnotationNames.append(
                .with {
                    $0.iid = iid
                    $0.name = string
                })
        case .annotationStrings:
            annotationStrings[string] = iid
            interned.debugAnnotationStringValues.append(
                .with {
                    $0.iid = iid
                    $0.str = Data(string.utf8)
                })
        }
        return iid
    }

    /// `push` and `present …` bring a controller in (pop, dismiss and the others uncover one).
    private static func isArrival(_ text: String?) -> Bool {
        guard let kind = text?.split(separator: " ").first else { return false }
        return kind == "push" || kind == "present"
    }

    /// The async lanes of hooks whose intervals can end on another thread or outlive the callback
    /// that began them; `nil`: the thread's track.
    private static func laneKind(_ hook: Hook) -> String? {
        switch hook {
        case .span: "spans"
        case .transition: "transitions"
        default: nil
        }
    }

    private func newUUID() -> UInt64 {
        defer { nextUUID += 1 }
        return nextUUID
    }

    private func newFlow() -> UInt64 {
        defer { nextFlowID += 1 }
        return nextFlowID
    }

    // MARK: Tracks

    private func processTrack(_ process: ProcessKey) throws -> UInt64 {
        if let uuid = processTracks[process] { return uuid }
        let uuid = newUUID()
        processTracks[process] = uuid
        processOrder.append(process)
        try describe(process, uuid: uuid)
        return uuid
    }

    /// The descriptor of a process track: its pid (the host's, ``HostProcessIDs``) and its name.
    private func describe(_ process: ProcessKey, uuid: UInt64) throws {
        var descriptor = Perfetto_Protos_TrackDescriptor()
        descriptor.uuid = uuid
        descriptor.process.pid = Int32(
            truncatingIfNeeded: hosts.pid(process.process, host: process.host, defaultID: processID))
        descriptor.process.processName = hosts.processName(processName, process.process, host: process.host)
        try write(descriptor)
    }

    /// Once a second host appears, the processes described so far (all the first host's) are
    /// described again, named with their host as the later hosts' are (a process track's latest
    /// descriptor names it).
    private func nameProcessesWithHosts() throws {
        for process in processOrder where process.host != nil {
            guard let uuid = processTracks[process] else { continue }
            try describe(process, uuid: uuid)
        }
    }

    private func threadTrack(_ thread: ThreadKey) throws -> UInt64 {
        if let uuid = threadTracks[thread] { return uuid }
        let parent = try processTrack(thread.processKey)
        let uuid = defaultTrack?.thread == thread ? defaultTrack!.uuid : newUUID()
        let first = threadTracks.isEmpty
        threadTracks[thread] = uuid
        var descriptor = Perfetto_Protos_TrackDescriptor()
        descriptor.uuid = uuid
        descriptor.parentUuid = parent
        descriptor.thread.pid = Int32(
            truncatingIfNeeded: hosts.pid(thread.process, host: thread.host, defaultID: processID))
        descriptor.thread.tid = Int64(thread.thread)
        descriptor.thread.threadName = first ? "thread \(thread.thread) (first)" : "thread \(thread.thread)"
        try write(descriptor)
        return uuid
    }

    /// A free lane of `lane`'s kind in its process, or a new one.
    private func takeLane(_ lane: LaneKey) throws -> UInt64 {
        if let uuid = freeLanes[lane]?.popLast() { return uuid }
        let uuid = newUUID()
        var descriptor = Perfetto_Protos_TrackDescriptor()
        descriptor.uuid = uuid
        descriptor.parentUuid = try processTrack(lane.process)
        descriptor.name = lane.kind
        try write(descriptor)
        return uuid
    }

    private func counterTrack(_ key: CounterKey) throws -> UInt64 {
        if let uuid = counterTracks[key] { return uuid }
        let uuid = newUUID()
        counterTracks[key] = uuid
        var descriptor = Perfetto_Protos_TrackDescriptor()
        descriptor.uuid = uuid
        descriptor.parentUuid = try processTrack(key.process)
        descriptor.name = key.counter.name
        descriptor.counter.unit = .count
        try write(descriptor)
        return uuid
    }

    // MARK: Packets

    private func write(_ descriptor: Perfetto_Protos_TrackDescriptor) throws {
        var packet = Packet()
        packet.trackDescriptor = descriptor
        try write(&packet)
    }

    /// The sequence's first packet, and the first after the tables were emptied: it clears the
    /// incremental state, starts the incremental clock at `timestamp` and makes it the default.
    private func writeIncrementalState(at timestamp: UInt64) throws {
        var packet = Packet()
        packet.timestamp = timestamp
        packet.timestampClockID = Self.traceClock
        packet.clockSnapshot.clocks = [
            .with {
                $0.clockID = Self.traceClock
                $0.timestamp = timestamp
            },
            .with {
                $0.clockID = Self.incrementalClock
                $0.timestamp = timestamp
                $0.isIncremental = true
                $0.unitMultiplierNs = 1
            },
        ]
        packet.tracePacketDefaults.timestampClockID = Self.incrementalClock
        if let defaultTrack { packet.tracePacketDefaults.trackEventDefaults.trackUuid = defaultTrack.uuid }
        try write(&packet)
        clock = timestamp
    }

    private func write(_ event: TrackEvent, at timestamp: UInt64) throws {
        var packet = Packet()
        if let clock, timestamp >= clock {
            packet.timestamp = timestamp - clock
            self.clock = timestamp
        } else {
            packet.timestamp = timestamp
            packet.timestampClockID = Self.traceClock
        }
        packet.trackEvent = event
        if event.trackUuid == defaultTrack?.uuid { packet.trackEvent.clearTrackUuid() }
        if !interned.eventNames.isEmpty || !interned.eventCategories.isEmpty || !interned.debugAnnotationNames.isEmpty
            || !interned.debugAnnotationStringValues.isEmpty
        {
            packet.internedData = interned
            interned = Perfetto_Protos_InternedData()
        }
        try write(&packet)
    }

    /// Writes `packet` as one `Trace.packet` field: tag 1, length-delimited (0x0A), its length, its bytes.
    private func write(_ packet: inout Packet) throws {
        packet.trustedPacketSequenceID = Self.sequenceID
        if !wroteFirstPacket || packet.hasTracePacketDefaults {
            packet.sequenceFlags = UInt32(Packet.SequenceFlags.seqIncrementalStateCleared.rawValue)
            wroteFirstPacket = true
        } else if case .trackEvent = packet.data {
            packet.sequenceFlags = UInt32(Packet.SequenceFlags.seqNeedsIncrementalState.rawValue)
        }
        let body: [UInt8] = try packet.serializedBytes()
        var framed: [UInt8] = [0x0A]
        framed.reserveCapacity(body.count + 6)
        var length = UInt64(body.count)
        while length >= 0x80 {
            framed.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        framed.append(UInt8(length))
        framed.append(contentsOf: body)
        try framed.withUnsafeBytes(output)
        packetCount += 1
        byteCount += framed.count
    }
}
