import Lifetrace
import LifetraceTestSupport
import Synchronization
import Testing

/// A tracer that keeps the frames it is handed with their records.
private final class FrameTracer: TracerSink {
    struct Record: Hashable {
        var hook: Hook
        var phase: Phase
        var frame: Details.Frame?
    }

    private let storage = Mutex<[Record]>([])

    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, seq: UInt64) {
        storage.withLock { $0.append(Record(hook: hook, phase: phase, frame: nil)) }
    }

    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, frame: Details.Frame, seq: UInt64) {
        storage.withLock { $0.append(Record(hook: hook, phase: phase, frame: frame)) }
    }

    func emit(_ event: Event) {}

    var records: [Record] { storage.withLock { $0 } }
}

/// A sink that takes no `end` record: a frame is never made for it.
private struct BeginsOnly: Sink {
    let recording = RecordingSink()
    func emit(_ event: Event) { recording.emit(event) }
    func wants(_ hook: Hook, _ phase: Phase) -> Bool { phase != .end }
}

/// Counts the frames made: the frame of a record is made only when a sink wants the record.
private final class FrameMaker: Sendable {
    private let made = Mutex(0)
    let frame = Details.Frame(x: 16, y: 59.5, width: 358, height: 20, offsetX: 16, offsetY: 12.5, superview: 0x6c16a50)

    func make() -> Details.Frame {
        made.withLock { $0 += 1 }
        return frame
    }

    var count: Int { made.withLock { $0 } }
}

/// Views' frames on records (`layoutSubviews` ends, `frameChange`): what the sinks write and when a
/// frame is made.
@Suite("Frame records")
struct FrameRecordTests {
    static let frame = Details.Frame(x: 16, y: 59.5, width: 358, height: 20, offsetX: 16, offsetY: 12.5, superview: 0x6c16a50)

    @Test("JSON lines: frame, offset and superview after count, numbers as they read back", .needs("jq"))
    func jsonLine() throws {
        let event = Event(
            seq: 3, timestamp: 10, hook: .layoutSubviews, phase: .end, subject: Subject(name: "Title", id: 0x6c1a2b0),
            details: Details(count: 2), frame: Self.frame, duration: 7, thread: 9)
        let line = JSONLineFormat.line(event)
        #expect(
            line == """
                {"seq":3,"ts":10,"event":"layoutSubviews","phase":"end","controller":"Title","id":"0x6c1a2b0","count":2,\
                "frame":[16,59.5,358,20],"offset":[16,12.5],"superview":"0x6c16a50","dur_ns":7,"thread":9}

                """)
        #expect(
            try JQ.eachLine(line, "keys_unsorted") == [
                #"["seq","ts","event","phase","controller","id","count","frame","offset","superview","dur_ns","thread"]"#
            ])
        // A view with no superview (a window) has no `superview` key; numbers that are not whole
        // are written as Swift prints them, those that are not finite as null.
        var odd = event
        odd.frame = Details.Frame(x: -0.25, y: 1.0 / 3.0, width: 1e20, height: .nan)
        let oddLine = JSONLineFormat.line(odd)
        #expect(oddLine.contains(#""frame":[-0.25,0.3333333333333333,1e+20,null],"offset":[-0.25,0.3333333333333333],"dur_ns""#))
        #expect(try JQ.eachLine(oddLine, ".frame[0:2] + [.frame[3]]") == ["[-0.25,0.3333333333333333,null]"])
        var huge = event
        huge.frame = Details.Frame(x: 1e300, y: -Double.leastNonzeroMagnitude, width: 0, height: 0)
        #expect(JSONLineFormat.line(huge).contains(#""frame":[1e+300,-5e-324,0,0]"#))
    }

    @Test("text: the frame after the details, with ends; frameChange only with ends")
    func text() throws {
        let end = Event(
            seq: 1, timestamp: 1, hook: .layoutSubviews, phase: .end, subject: Subject(name: "Title", id: 0x6c1a2b0),
            frame: Self.frame, duration: 3_000, thread: 1)
        #expect(
            TextSink.Format(showsEnds: true).line(end)
                == "<Title: 0x6c1a2b0> layoutSubviews frame {(16, 59.5), 358x20} in 0x6c16a50 end 3000 ns\n")
        let moved = Event(
            seq: 2, timestamp: 2, hook: .frameChange, phase: .instant, subject: Subject(name: "Title", id: 0x6c1a2b0),
            frame: Details.Frame(x: 0, y: 0, width: 390, height: 844), thread: 1)
        #expect(TextSink.Format(showsEnds: true).line(moved) == "<Title: 0x6c1a2b0> frameChange frame {(0, 0), 390x844}\n")
        #expect(TextSink.Format().line(moved) == "")
        var left = moved
        left.frame = nil
        #expect(TextSink.Format(showsEnds: true).line(left) == "<Title: 0x6c1a2b0> frameChange left\n")
        let sink = try TextSink(to: .file("/dev/null"), format: TextSink.Format())
        #expect(!sink.wants(.frameChange, .instant))
        #expect(sink.wants(.viewDidLoad, .instant))
        #expect(sink.wants(.layoutSubviews, .begin) && !sink.wants(.layoutSubviews, .end))
        let ends = try TextSink(to: .file("/dev/null"), format: TextSink.Format(showsEnds: true))
        #expect(ends.wants(.frameChange, .instant) && ends.wants(.layoutSubviews, .end))
    }

    @Test("a frame is made only for a record a sink wants")
    func lazy() {
        let controller = TestController(uniqueName("Lazy"))
        let maker = FrameMaker()
        // No sink.
        let state = controller.beginInterval(.layoutSubviews)
        controller.endInterval(state, frame: maker.make())
        controller.emitEvent(.frameChange, frame: maker.make())
        #expect(maker.count == 0)
        // A sink that takes begins and instants, not ends.
        let beginsOnly = BeginsOnly()
        LifetraceSystem.withSink(beginsOnly) {
            let state = controller.beginInterval(.layoutSubviews)
            controller.endInterval(state, frame: maker.make())
        }
        #expect(maker.count == 0)
        #expect(beginsOnly.recording.events.map(\.phase) == [.begin])
        // A sink that takes everything: one frame per record, on the end and the instant.
        let recording = RecordingSink()
        LifetraceSystem.withSink(recording) {
            let state = controller.beginInterval(.layoutSubviews)
            controller.endInterval(state, frame: maker.make())
            controller.emitEvent(.frameChange, frame: maker.make())
        }
        #expect(maker.count == 2)
        #expect(recording.events.map(\.frame) == [nil, maker.frame, maker.frame])
        #expect(recording.events.map(\.phase) == [.begin, .end, .instant])
        #expect(recording.events[1].duration != nil)
    }

    @Test("a tracer installed alone is handed the frame")
    func tracer() {
        let controller = TestController(uniqueName("Traced"))
        let maker = FrameMaker()
        let tracer = FrameTracer()
        LifetraceSystem.withSink(tracer) {
            let state = controller.beginInterval(.layoutSubviews)
            controller.endInterval(state, frame: maker.make())
            controller.emitEvent(.frameChange, frame: nil)
        }
        #expect(
            tracer.records == [
                .init(hook: .layoutSubviews, phase: .begin, frame: nil),
                .init(hook: .layoutSubviews, phase: .end, frame: maker.frame),
                .init(hook: .frameChange, phase: .instant, frame: nil),
            ])
        #expect(maker.count == 1)
    }
}
