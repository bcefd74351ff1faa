import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

@Suite("Concurrent emission")
struct ConcurrentEmissionTests {
    static let threads = 8
    static let iterations = 1_500

    @Test("many threads into one JSON-lines file: every line whole and valid, seq unique and increasing", .needs("jq"))
    func jsonLinesFromManyThreads() throws {
        try withScratchDirectory { directory in
            let path = directory.path("concurrent.jsonl")
            let sink = try JSONLinesSink(to: .file(path))
            onThreads(Self.threads) { thread in
                // Plain threads have no task: each joins the same scoped sink.
                LifetraceSystem.withSink(sink) {
                    // Names that need escaping, so lines differ in length and content.
                    let controller = TestController("Worker \"\(thread)\"\t\\ é")
                    let probe = Probe(name: "Probe\(thread)", id: UInt(thread))
                    for index in 0..<Self.iterations {
                        controller.withInterval(.viewWillAppear, animated: index.isMultiple(of: 2)) {
                            probe.emitEvent(.layoutPass, Details(index: index, text: "line\nbreak"))
                        }
                    }
                }
            }
            sink.flush()

            let text = try readText(path)
            let expected = Self.threads * Self.iterations * 3
            #expect(lines(text).count == expected)

            // jq parses each line on its own: a torn or merged line fails here.
            let records = try JQ.eachLineRaw(text, #""\(.seq) \(.thread) \(.phase) \(.controller | @base64)""#)
            #expect(records.count == expected)

            let fields = records.map { $0.split(separator: " ") }
            let seqs = fields.compactMap { UInt64($0[0]) }
            #expect(seqs.count == expected)
            #expect(Set(seqs).count == expected, "seq is unique")
            #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "seq strictly increases in file order")

            let threads = Set(fields.map { $0[1] })
            #expect(threads.count == Self.threads, "each thread reports its own id")

            // Every thread's intervals are balanced: begins and ends alternate per controller.
            var open: [Substring: Int] = [:]
            for field in fields where field[2] != "instant" {
                open[field[3], default: 0] += field[2] == "begin" ? 1 : -1
                #expect((0...1).contains(open[field[3]]!))
            }
            #expect(open.values.allSatisfy { $0 == 0 })
            #expect(sink.output.statistics.dropped == 0)
        }
    }

    @Test("many threads into a recording sink: events arrive in seq order")
    func recordingFromManyThreads() {
        let recorder = RecordingSink()
        onThreads(Self.threads) { thread in
            LifetraceSystem.withSink(recorder) {
                let controller = TestController("T\(thread)")
                for _ in 0..<Self.iterations { controller.emitEvent(.viewDidLayoutSubviews) }
            }
        }
        let events = recorder.events
        #expect(events.count == Self.threads * Self.iterations)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq && $0.timestamp <= $1.timestamp })
        for thread in 0..<Self.threads {
            #expect(events.filter { $0.controller == "T\(thread)" }.count == Self.iterations)
        }
    }
}
