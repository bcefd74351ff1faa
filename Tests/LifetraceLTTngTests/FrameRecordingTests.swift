import Foundation
import LifetraceTestSupport
import Testing

/// Views' frames through LTTng: `layoutSubviews`'s `_exit` and `frameChange` carry them as numbers
/// (x, y, width, height, offset_x, offset_y as doubles, superview_id), and `lifetrace convert` reads
/// them back into exactly the JSON-lines sink's `frame`, `offset` and `superview`.
///
/// In the end-to-end suite, so serialized with its other recordings.
extension LTTngRecordingTests {
    /// What the comparisons keep of a frame record.
    static let frameRecords =
        #"select((.event == "layoutSubviews" and .phase == "end") or .event == "frameChange")"#
        + " | [.seq, .event, .controller, .id, .frame, .offset, .superview]"

    @Test("a layout recorded with LTTng reads back with the JSON-lines sink's frames")
    func framesThroughLTTng() throws {
        let scenario = "auto-layout.scenario"
        try withRecording(command: { directory in
            [
                try LifetraceBinary.path(), "run", Repository.scenario(scenario), "--sink", "lttng",
                "--sink", "jsonl=\(directory.path("direct.jsonl"))",
            ]
        }) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let expected = try JQ.lines(Self.frameRecords, file: recording.direct)
            let actual = try JQ.lines(Self.frameRecords, file: recording.converted)
            #expect(expected.count > 20, "\(expected)")
            #expect(expected.contains { $0.contains(#""frameChange""#) }, "the scenario moves views without resizing them")
            if let difference = firstDifference(
                expected, actual, expectedName: "JSON-lines sink", actualName: "LTTng (lifetrace convert)")
            {
                Issue.record("\(difference)")
            }
            // babeltrace2 sees the fields as numbers: doubles for the geometry, the superview's identity.
            let exits = try recording.babeltrace().filter { $0.contains("lifetrace:layout_subviews_exit:") }
            let exit = try #require(exits.first { $0.contains("superview_id = 0x") && !$0.contains("superview_id = 0x0,") })
            for field in ["x = ", "y = ", "width = ", "height = ", "offset_x = ", "offset_y = "] {
                #expect(exit.contains(field), "\(exit)")
            }
            #expect(!exit.contains("x = \""), "a number, not a string: \(exit)")
        }
    }

    @Test("the lttng sink alone (the tracer's direct path) records the same frames")
    func framesFromTheDirectPath() throws {
        // Two processes: identities differ, so whether a record has a superview is compared, not which.
        let filter =
            #"select((.event == "layoutSubviews" and .phase == "end") or .event == "frameChange")"#
            + " | [.event, .controller, .frame, .offset, (.superview != null)]"
        try withDirectPathRuns(of: "auto-layout.scenario", filter: filter) { expected, _ in
            #expect(expected.count > 20)
        }
    }
}
