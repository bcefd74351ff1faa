import Lifetrace
import LifetracePerfetto
import PerfettoProtos

/// A Perfetto trace decoded with the generated types and checked as a reader would: one sequence
/// whose first packet clears the incremental state, interned strings defined once and before use,
/// tracks described before events refer to them, every slice begun and ended on its track, every
/// flow that terminates having started. Timestamps are made absolute (the incremental clock the
/// first packet defines, or a packet's own clock), events without a track get the default track,
/// and interned annotation strings are resolved into `stringValue`.
struct DecodedTrace {
    typealias TrackEvent = Perfetto_Protos_TrackEvent

    /// A track event with its packet's absolute timestamp, its track and its interned strings resolved.
    struct Item {
        var timestamp: UInt64
        var event: TrackEvent
        var name: String?
        var categories: [String]
        var annotations: [String: Perfetto_Protos_DebugAnnotation]
    }

    var packets: [Perfetto_Protos_TracePacket]
    var tracks: [UInt64: Perfetto_Protos_TrackDescriptor] = [:]
    var items: [Item] = []
    var names: [UInt64: String] = [:]
    var categories: [UInt64: String] = [:]
    var annotationNames: [UInt64: String] = [:]
    var annotationStrings: [UInt64: String] = [:]
    /// The sequence's default clock and track (its `TracePacketDefaults`).
    var defaultClock: UInt32?
    var defaultTrack: UInt64?
    /// The packets that cleared the incremental state.
    var generations = 0
    /// Every iid given, per table: an iid is never given twice, even after the state is cleared.
    private var given: [String: Set<UInt64>] = [:]
    /// What a reader would object to; empty for a well-formed trace.
    var problems: [String] = []

    init(_ bytes: [UInt8]) throws {
        packets = try Perfetto_Protos_Trace(serializedBytes: bytes).packet
        var incremental: UInt64?
        for (index, packet) in packets.enumerated() {
            if packet.sequenceFlags & 1 != 0 {
                // Incremental state cleared: interned strings must be defined again before use.
                names = [:]
                categories = [:]
                annotationNames = [:]
                annotationStrings = [:]
            }
            if packet.hasTracePacketDefaults {
                if packet.sequenceFlags & 1 == 0 { problems.append("packet \(index): defaults without clearing the state") }
                defaultClock = packet.tracePacketDefaults.timestampClockID
                if packet.tracePacketDefaults.hasTrackEventDefaults {
                    defaultTrack = packet.tracePacketDefaults.trackEventDefaults.trackUuid
                }
            }
            if case .clockSnapshot(let snapshot) = packet.data {
                for clock in snapshot.clocks where clock.clockID == PerfettoTraceWriter.incrementalClock {
                    if !clock.isIncremental || clock.unitMultiplierNs != 1 {
                        problems.append("packet \(index): clock 64 not incremental in ns")
                    }
                    incremental = clock.timestamp
                }
                if !snapshot.clocks.contains(where: { $0.clockID == PerfettoTraceWriter.traceClock }) {
                    problems.append("packet \(index): the snapshot does not tie the clock to the trace clock")
                }
            }
            var timestamp = packet.timestamp
            if packet.hasTimestamp,
                !(packet.hasTimestampClockID && packet.timestampClockID != PerfettoTraceWriter.incrementalClock),
                defaultClock == PerfettoTraceWriter.incrementalClock, case .trackEvent = packet.data
            {
                guard let base = incremental else {
                    problems.append("packet \(index): a delta before the clock snapshot")
                    continue
                }
                timestamp = base + packet.timestamp
                incremental = timestamp
            }
            if packet.trustedPacketSequenceID != PerfettoTraceWriter.sequenceID {
                problems.append("packet \(index): sequence \(packet.trustedPacketSequenceID)")
            }
            let cleared = packet.sequenceFlags & 1 != 0
            let needs = packet.sequenceFlags & 2 != 0
            if index == 0, !cleared { problems.append("packet 0: no SEQ_INCREMENTAL_STATE_CLEARED") }
            if cleared { generations += 1 }
            if packet.hasInternedData {
                Self.define(
                    packet.internedData.eventNames.map { ($0.iid, $0.name) }, in: &names, given: &given, problems: &problems,
                    "event name", index)
                Self.define(
                    packet.internedData.eventCategories.map { ($0.iid, $0.name) }, in: &categories, given: &given,
                    problems: &problems, "category", index)
                Self.define(
                    packet.internedData.debugAnnotationNames.map { ($0.iid, $0.name) }, in: &annotationNames, given: &given,
                    problems: &problems, "annotation name", index)
                Self.define(
                    packet.internedData.debugAnnotationStringValues.map { ($0.iid, String(decoding: $0.str, as: UTF8.self)) },
                    in: &annotationStrings, given: &given, problems: &problems, "annotation string", index)
            }
            switch packet.data {
            case .trackDescriptor(let descriptor):
                // Only a process may be described again (named anew), as the same process.
                if let described = tracks[descriptor.uuid],
                    !(described.hasProcess && descriptor.hasProcess && described.process.pid == descriptor.process.pid
                        && described.parentUuid == descriptor.parentUuid)
                {
                    problems.append("packet \(index): track \(descriptor.uuid) described twice")
                }
                if descriptor.hasParentUuid, tracks[descriptor.parentUuid] == nil {
                    problems.append("packet \(index): parent \(descriptor.parentUuid) not described before")
                }
                tracks[descriptor.uuid] = descriptor
            case .trackEvent(var event):
                if index > 0, !needs { problems.append("packet \(index): a track event without SEQ_NEEDS_INCREMENTAL_STATE") }
                if !event.hasTrackUuid, let defaultTrack { event.trackUuid = defaultTrack }
                if tracks[event.trackUuid] == nil {
                    problems.append("packet \(index): track \(event.trackUuid) not described before")
                }
                var item = Item(timestamp: timestamp, event: event, name: nil, categories: [], annotations: [:])
                if case .nameIid(let iid) = event.nameField {
                    item.name = names[iid]
                    if item.name == nil { problems.append("packet \(index): name iid \(iid) undefined") }
                }
                for iid in event.categoryIids {
                    if let category = categories[iid] {
                        item.categories.append(category)
                    } else {
                        problems.append("packet \(index): category iid \(iid) undefined")
                    }
                }
                for var annotation in event.debugAnnotations {
                    guard case .nameIid(let iid) = annotation.nameField, let name = annotationNames[iid] else {
                        problems.append("packet \(index): an annotation without a defined name iid")
                        continue
                    }
                    if case .stringValueIid(let iid) = annotation.value {
                        if let string = annotationStrings[iid] {
                            annotation.stringValue = string
                        } else {
                            problems.append("packet \(index): string iid \(iid) undefined")
                        }
                    }
                    item.annotations[name] = annotation
                }
                items.append(item)
            case .clockSnapshot:
                if !cleared { problems.append("packet \(index): a clock snapshot without clearing the state") }
            case nil:
                problems.append("packet \(index): no data")
            }
        }
        checkSlicesAndFlows()
    }

    private static func define(
        _ entries: [(UInt64, String)], in table: inout [UInt64: String], given: inout [String: Set<UInt64>],
        problems: inout [String],
        _ kind: String, _ index: Int
    ) {
        for (iid, name) in entries {
            if iid == 0 { problems.append("packet \(index): \(kind) iid 0") }
            if !given[kind, default: []].insert(iid).inserted {
                problems.append("packet \(index): \(kind) iid \(iid) defined twice")
            }
            if table.values.contains(name) { problems.append("packet \(index): \(kind) \"\(name)\" interned twice") }
            table[iid] = name
        }
    }

    /// Replays each track in timestamp order (as the trace processor sorts): every end closes an open
    /// begin, nothing stays open; every terminating flow started earlier.
    private mutating func checkSlicesAndFlows() {
        let ordered = items.enumerated().sorted { a, b in
            a.element.timestamp != b.element.timestamp ? a.element.timestamp < b.element.timestamp : a.offset < b.offset
        }
        var depth: [UInt64: Int] = [:]
        var started = Set<UInt64>()
        var terminated = Set<UInt64>()
        for (_, item) in ordered {
            let track = item.event.trackUuid
            switch item.event.type {
            case .sliceBegin: depth[track, default: 0] += 1
            case .sliceEnd:
                if depth[track, default: 0] == 0 {
                    problems.append("an end at \(item.timestamp) on track \(track) with no slice open")
                }
                depth[track, default: 0] -= 1
            case .counter:
                if !(tracks[track]?.hasCounter ?? false) {
                    problems.append("a counter value on track \(track), not a counter track")
                }
            default: break
            }
            if item.event.type != .counter, tracks[track]?.hasCounter == true {
                problems.append("a slice on counter track \(track)")
            }
            for flow in item.event.flowIds {
                if !started.insert(flow).inserted { problems.append("flow \(flow) started twice") }
            }
            for flow in item.event.terminatingFlowIds {
                if !started.contains(flow) { problems.append("flow \(flow) terminates at \(item.timestamp) before it starts") }
                if !terminated.insert(flow).inserted { problems.append("flow \(flow) terminated twice") }
            }
        }
        for (track, open) in depth where open != 0 { problems.append("track \(track): \(open) slices left open") }
    }

    /// The events of one type, in file order.
    func items(_ type: TrackEvent.TypeEnum) -> [Item] { items.filter { $0.event.type == type } }

    /// The tracks with a thread descriptor, by tid.
    var threadTracks: [Int64: Perfetto_Protos_TrackDescriptor] {
        Dictionary(tracks.values.filter(\.hasThread).map { ($0.thread.tid, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The values of the counter track named `name`, in order.
    func counter(_ name: String) -> [Int64] {
        let uuids = Set(tracks.values.filter { $0.hasCounter && $0.name == name }.map(\.uuid))
        return items.filter { $0.event.type == .counter && uuids.contains($0.event.trackUuid) }.map(\.event.counterValue)
    }

    /// The timestamps of the events of one type, sorted.
    func timestamps(_ type: TrackEvent.TypeEnum) -> [UInt64] { items(type).map(\.timestamp).sorted() }
}
