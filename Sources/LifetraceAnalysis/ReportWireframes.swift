import Lifetrace

/// The views' frames of a trace, for the report's wireframes: every frame record (a
/// `layoutSubviews` end, a `frameChange`) in trace order, in flat arrays, and what a layout pass
/// needs to draw its window's hierarchy as it was at its end.
///
/// `"viewIDs":["0x…"]` (a view's identity, by view number), `"viewNames":[names]` and
/// `"frames":[view, name, superview, x, y, width, height, offsetX, offsetY, …]` (nine numbers a
/// record: the view's number, its name's, its superview's number or -1 for none, -2 when the view
/// left its superview or was released (the frame then zeros), the frame in the window's coordinates
/// and the offset from the superview, in points; a number that is not finite is `null`). A view is
/// a process and an identity: a trace of several processes keeps theirs apart.
///
/// A pass's wireframe is made of the records before its `end` (``recordCount(throughEvent:)``) and
/// rooted at its window (``view(_:process:)``): the script keeps each view's latest record, and
/// places a view by its superview's place plus its offset, so a view whose ancestor moved since its
/// own record is still where it is (Lifetrace's `frameChange` tells when that holds).
struct ReportWireframes {
    private var viewIndex: [ViewKey: Int] = [:]
    private var viewIDs: [String] = []
    private var nameIndex: [String: Int] = [:]
    private var viewNames: [String] = []
    private var frames: [Double] = []
    /// The index in ``Trace/events`` of each record, ascending.
    private var eventIndices: [Int] = []

    private struct ViewKey: Hashable {
        var process: UInt32?
        var id: UInt
    }

    init(_ trace: Trace) {
        for (index, event) in trace.events.enumerated() where Self.isFrameRecord(event) {
            let view = Double(number(of: event.subject.id, event.process))
            let name = Double(number(ofName: event.subject.name))
            if let frame = event.frame {
                let superview = frame.superview.map { Double(number(of: $0, event.process)) } ?? -1
                frames += [view, name, superview, frame.x, frame.y, frame.width, frame.height, frame.offsetX, frame.offsetY]
            } else {
                frames += [view, name, -2, 0, 0, 0, 0, 0, 0]
            }
            eventIndices.append(index)
        }
    }

    /// Whether the event places a view: a `layoutSubviews` end with its frame, or a `frameChange`
    /// (with a frame, or without one: the view left).
    static func isFrameRecord(_ event: Event) -> Bool {
        (event.hook == .layoutSubviews && event.phase == .end && event.frame != nil)
            || (event.hook == .frameChange && event.phase == .instant)
    }

    /// Whether the trace has any frame record.
    var isEmpty: Bool { eventIndices.isEmpty }

    /// How many records come at or before the event at `index` of the trace (all of them for `nil`,
    /// a pass without an end).
    func recordCount(throughEvent index: Int?) -> Int {
        guard let index else { return eventIndices.count }
        var low = 0
        var high = eventIndices.count
        while low < high {
            let middle = (low + high) / 2
            if eventIndices[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The number of the view with identity `id` in `process`, or -1 when no record is about it.
    func view(_ id: UInt, process: UInt32?) -> Int {
        viewIndex[ViewKey(process: process, id: id)] ?? -1
    }

    /// Adds the arrays to the report's data.
    func add(to json: inout JSONObject) {
        guard !isEmpty else { return }
        json.add("viewIDs", .strings(viewIDs))
        json.add("viewNames", .strings(viewNames))
        json.add("frames", .numbers(frames))
    }

    private mutating func number(of id: UInt, _ process: UInt32?) -> Int {
        let key = ViewKey(process: process, id: id)
        if let known = viewIndex[key] { return known }
        viewIndex[key] = viewIDs.count
        viewIDs.append("0x" + String(id, radix: 16))
        return viewIDs.count - 1
    }

    private mutating func number(ofName name: String) -> Int {
        if let known = nameIndex[name] { return known }
        nameIndex[name] = viewNames.count
        viewNames.append(name)
        return viewNames.count - 1
    }
}
