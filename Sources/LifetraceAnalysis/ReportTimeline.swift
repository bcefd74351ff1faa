import Lifetrace

/// The timeline of an HTML report, as compact JSON for its script: lanes (scenario steps, layout
/// passes, one per controller name), each with its marks and appearance-state bars, in flat
/// number arrays with times in nanoseconds from the first event.
///
/// `{"t0":…, "span":…, "events":…, "hooks":[names], "categories":[the hooks' categories],
/// "details":[texts], "lanes":[{"name", "kind", "instances", "maxDuration", "marks":[hook, start,
/// duration (-1: instant), detail, seq, depth, …], "states":[state, start, end, …], "process"}],
/// "viewIDs", "viewNames", "frames"}`, built with ``JSONObject``, one lane a line; kinds are
/// `steps`, `layout`, `frames` (the display frames of driven scrolls, with their `budget` in
/// nanoseconds: the script draws the budget line and marks the frames over it) and `controller`;
/// states are 0 appearing, 1 appeared, 2 disappearing. When the trace has views' frames, the layout
/// lane has `"wireframes":[mark, records, window, …]` (a pass's mark number in its lane, how many
/// frame records come before its end, its window's view number or -1), and the views' arrays are
/// ``ReportWireframes``'s: clicking a pass draws its window's hierarchy.
///
/// A trace of several processes (events with a `pid`, as an LTTng session's) gets a lane group per
/// process: each lane belongs to one process (`process`), the groups in order of process id, and
/// the script labels each group. A trace of several hosts (events with a `host`), whose process ids
/// may be the same, gets a group per process of each host (the lanes' `host` too), the hosts in
/// order of appearance.
struct ReportTimeline {
    private struct Lane {
        var name: String
        var kind: String
        var process: UInt32?
        var host: String?
        var marks: [Int64] = []
        var states: [Int64] = []
        var maxDuration: Int64 = 0
        var ids = Set<UInt>()
        /// A frames lane's budget per frame, in nanoseconds (0: none announced).
        var budget: Int64 = 0
        /// The layout lane's passes that have a wireframe: mark number, frame records, window.
        var wireframes: [Int64] = []
    }

    /// The JSON text.
    let json: String
    /// The lanes' names, in order.
    let laneNames: [String]

    init(_ trace: Trace) {
        let events = trace.events
        let t0 = events.map(\.timestamp).min() ?? 0
        let t1 = events.map(\.timestamp).max() ?? 0
        // Nanoseconds from the first event; times beyond Int64's range are clamped, never trapped on.
        func offset(_ timestamp: UInt64) -> Int64 {
            timestamp >= t0 ? Int64(clamping: timestamp - t0) : -Int64(clamping: t0 - timestamp)
        }
        var lanes: [Lane] = []
        var laneIndex: [String: Int] = [:]
        var hooks: [String] = []
        var hookIndex: [String: Int] = [:]
        var details: [String] = []
        var detailIndex: [String: Int] = [:]
        // The layout lane holds the passes and what runs inside them for views and the engine
        // (each view's updateConstraints and layoutSubviews, the solve, properties updates and the
        // observed changes that asked for them, views' frame changes), nested under its pass.
        let layoutHooks: Set<Hook> = [
            .layoutPass, .layoutEngineSolve, .updateConstraints, .layoutSubviews, .unsatisfiableConstraints, .ambiguousLayout,
            .updateProperties, .observedChange, .frameChange,
        ]
        let hosts = HostProcessIDs(events)
        let groupsByHost = hosts.severalHosts
        let groupsByProcess = groupsByHost || Set(events.compactMap(\.process)).count > 1
        func laneKey(_ hook: Hook, _ subject: Subject, _ process: UInt32?, _ host: String?) -> String {
            let key =
                hook == .scenarioStep
                ? "\u{0}steps" : layoutHooks.contains(hook) ? "\u{0}layout" : hook == .displayFrame ? "\u{0}frames" : subject.name
            let group = groupsByHost ? "\(host ?? "")\u{2}\(process.map(String.init) ?? "-")" : process.map(String.init) ?? "-"
            return groupsByProcess ? group + "\u{1}" + key : key
        }
        func lane(for hook: Hook, _ subject: Subject, _ process: UInt32?, _ host: String?) -> Int {
            let key = laneKey(hook, subject, process, host)
            if let index = laneIndex[key] { return index }
            laneIndex[key] = lanes.count
            let group = groupsByProcess ? process : nil
            let groupHost = groupsByHost ? host : nil
            if hook == .scenarioStep {
                lanes.append(Lane(name: "Scenario steps", kind: "steps", process: group, host: groupHost))
            } else if layoutHooks.contains(hook) {
                lanes.append(Lane(name: "Layout passes", kind: "layout", process: group, host: groupHost))
            } else if hook == .displayFrame {
                lanes.append(Lane(name: "Display frames", kind: "frames", process: group, host: groupHost))
            } else {
                lanes.append(Lane(name: subject.name, kind: "controller", process: group, host: groupHost))
            }
            return lanes.count - 1
        }
        func hookNumber(_ hook: Hook) -> Int64 {
            if let index = hookIndex[hook.name] { return Int64(index) }
            hookIndex[hook.name] = hooks.count
            hooks.append(hook.name)
            return Int64(hooks.count - 1)
        }
        func detailNumber(_ hook: Hook, _ subject: Subject, _ d: Details, unfinished: Bool) -> Int64 {
            var parts: [String] = []
            if hook == .scenarioStep {
                parts.append("\(d.index.map(String.init) ?? "?"): \(d.text ?? "")")
            } else {
                if let target = d.target { parts.append("→ \(target.name)") }
                if let text = d.text { parts.append(text) }
                if let animated = d.animated { parts.append(animated ? "animated" : "not animated") }
                if let index = d.index { parts.append("index \(index)") }
                if let count = d.count { parts.append(hook == .layoutPass ? "\(count) views" : "count \(count)") }
                parts.append("\(subject.name) 0x\(String(subject.id, radix: 16))")
            }
            if unfinished { parts.append("no end in the trace") }
            let text = parts.joined(separator: " · ")
            if let index = detailIndex[text] { return Int64(index) }
            detailIndex[text] = details.count
            details.append(text)
            return Int64(details.count - 1)
        }

        // Marks: intervals and instants, ordered by start, with their nesting depth in the lane; a
        // layout pass's, the frame records up to its end and its window's view (its wireframe).
        struct Mark {
            var lane: Int
            var hook: Int64
            var start: Int64
            var duration: Int64
            var detail: Int64
            var seq: Int64
            var wireframe: (records: Int64, window: Int64)?
        }
        let wireframes = ReportWireframes(trace)
        var marks: [Mark] = []
        for interval in trace.intervals() {
            let index = lane(for: interval.hook, interval.subject, interval.process, interval.host)
            lanes[index].ids.insert(interval.subject.id)
            if interval.hook == .displayFrame, lanes[index].budget == 0,
                let budget = interval.details.text.flatMap(FrameSummary.Accumulator.budget(in:))
            {
                lanes[index].budget = Int64(clamping: budget)
            }
            let end = interval.endTimestamp ?? max(t1, interval.startTimestamp)
            let seq = interval.beginIndex.map { events[$0].seq } ?? interval.endIndex.map { events[$0].seq } ?? 0
            var wireframe: (records: Int64, window: Int64)?
            if interval.hook == .layoutPass, !wireframes.isEmpty {
                let records = wireframes.recordCount(throughEvent: interval.endIndex)
                wireframe = (Int64(records), Int64(wireframes.view(interval.subject.id, process: interval.process)))
            }
            marks.append(
                Mark(
                    lane: index, hook: hookNumber(interval.hook), start: offset(interval.startTimestamp),
                    duration: Int64(clamping: end &- interval.startTimestamp),
                    detail: detailNumber(
                        interval.hook, interval.subject, interval.details, unfinished: interval.endTimestamp == nil),
                    seq: Int64(clamping: seq), wireframe: wireframe))
        }
        for event in events where event.phase == .instant {
            let index = lane(for: event.hook, event.subject, event.process, event.host)
            lanes[index].ids.insert(event.subject.id)
            marks.append(
                Mark(
                    lane: index, hook: hookNumber(event.hook), start: offset(event.timestamp), duration: -1,
                    detail: detailNumber(event.hook, event.subject, event.details, unfinished: false),
                    seq: Int64(clamping: event.seq)))
        }
        marks.sort {
            $0.start != $1.start
                ? $0.start < $1.start : ($0.duration != $1.duration ? $0.duration > $1.duration : $0.seq < $1.seq)
        }
        var stacks = Array(repeating: [Int64](), count: lanes.count)
        for mark in marks {
            let end = mark.start.addingSaturating(max(mark.duration, 0))
            while let top = stacks[mark.lane].last, top <= mark.start { stacks[mark.lane].removeLast() }
            let depth = Int64(stacks[mark.lane].count)
            if mark.duration >= 0 { stacks[mark.lane].append(end) }
            if let wireframe = mark.wireframe {
                lanes[mark.lane].wireframes += [Int64(lanes[mark.lane].marks.count / 6), wireframe.records, wireframe.window]
            }
            lanes[mark.lane].marks.append(mark.hook)
            lanes[mark.lane].marks.append(mark.start)
            lanes[mark.lane].marks.append(mark.duration)
            lanes[mark.lane].marks.append(mark.detail)
            lanes[mark.lane].marks.append(mark.seq)
            lanes[mark.lane].marks.append(depth)
            lanes[mark.lane].maxDuration = max(lanes[mark.lane].maxDuration, mark.duration)
        }

        // Appearance states per controller instance (of its host), drawn in its name's lane.
        struct Instance: Hashable {
            var host: String?
            var id: UInt
        }
        var open: [Instance: (lane: Int, state: Int64, start: Int64)] = [:]
        func close(_ id: Instance, at time: Int64) {
            if let bar = open.removeValue(forKey: id) {
                lanes[bar.lane].states.append(bar.state)
                lanes[bar.lane].states.append(bar.start)
                lanes[bar.lane].states.append(max(time, bar.start))
            }
        }
        for event in events where event.hook != .scenarioStep && event.hook != .layoutPass {
            let time = offset(event.timestamp)
            let id = Instance(host: event.host, id: event.subject.id)
            let index =
                laneIndex[laneKey(.viewWillAppear, event.subject, event.process, event.host)]
                ?? lane(for: event.hook, event.subject, event.process, event.host)
            switch (event.hook, event.phase) {
            case (.viewWillAppear, .begin), (.viewWillAppear, .instant):
                if open[id]?.state != 0 {
                    close(id, at: time)
                    open[id] = (index, 0, time)
                }
            case (.viewDidAppear, .end), (.viewDidAppear, .instant):
                close(id, at: time)
                open[id] = (index, 1, time)
            case (.viewWillDisappear, .begin), (.viewWillDisappear, .instant):
                if open[id]?.state != 2 {
                    close(id, at: time)
                    open[id] = (index, 2, time)
                }
            case (.viewDidDisappear, .end), (.viewDidDisappear, .instant):
                close(id, at: time)
            default:
                break
            }
        }
        for id in open.keys.sorted(by: { ($0.host ?? "", $0.id) < ($1.host ?? "", $1.id) }) { close(id, at: offset(t1)) }
        for index in lanes.indices {
            // Bars sorted by start, for the script's binary search.
            var triples: [(Int64, Int64, Int64)] = []
            var position = 0
            let states = lanes[index].states
            while position + 2 < states.count {
                triples.append((states[position], states[position + 1], states[position + 2]))
                position += 3
            }
            triples.sort { $0.1 < $1.1 }
            lanes[index].states.removeAll(keepingCapacity: true)
            for (state, start, end) in triples {
                lanes[index].states.append(state)
                lanes[index].states.append(start)
                lanes[index].states.append(end)
            }
        }

        // Per process (in process order; of several hosts, the hosts in order of appearance), the
        // steps lane, then the layout lane, then controllers in order of appearance.
        func rank(_ lane: Lane) -> (Int, Int) {
            (
                hosts.pid(lane.process, host: lane.host, defaultID: 0),
                lane.kind == "steps" ? 0 : lane.kind == "layout" ? 1 : lane.kind == "frames" ? 2 : 3
            )
        }
        lanes = lanes.enumerated().sorted { a, b in
            let (ra, rb) = (rank(a.element), rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)

        var json = JSONObject()
        json.add("t0", .integer(t0))
        json.add("span", .integer(t1 - t0))
        json.add("events", .integer(events.count))
        json.add("hooks", .strings(hooks))
        json.add("categories", .strings(hooks.map { ChromeTraceExporter.category(Hook($0)) }))
        json.add("details", .strings(details))
        json.add(
            "lanes",
            .objectLines(
                lanes.map { lane in
                    var object = JSONObject()
                    object.add("name", .string(lane.name))
                    object.add("kind", .string(lane.kind))
                    object.add("instances", .integer(lane.ids.count))
                    object.add("maxDuration", .integer(lane.maxDuration))
                    object.add("marks", .integers(lane.marks))
                    object.add("states", .integers(lane.states))
                    object.add("process", lane.process.map { .integer($0) })
                    object.add("host", lane.host.map { .string($0) })
                    if lane.kind == "frames" { object.add("budget", .integer(lane.budget)) }
                    if !lane.wireframes.isEmpty { object.add("wireframes", .integers(lane.wireframes)) }
                    return object
                }))
        wireframes.add(to: &json)
        self.json = json.json
        laneNames = lanes.map(\.name)
    }
}
