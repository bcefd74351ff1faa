// One hook path in a loop, for `valgrind --tool=callgrind` (which counts instructions repeatably):
//
//   valgrind --tool=callgrind .build/release/HookProbe no-sink 100000
//
// Paths: no-sink, noop-sink, jsonl, lttng (LTTngSink; enabled only under a session).
import Lifetrace
import LifetraceLTTng

final class FeedViewController: Instrumented, Sendable {
    let instrumentationName = "FeedViewController"
}

let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? "no-sink"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000

struct DroppingSink: Sink {
    func emit(_ event: Event) {}
}

switch path {
case "no-sink": LifetraceSystem.bootstrap(NoOpSink())
case "noop-sink": LifetraceSystem.bootstrap(DroppingSink())
case "jsonl": LifetraceSystem.bootstrap(try JSONLinesSink(to: .file("/dev/null")))
case "lttng": LifetraceSystem.bootstrap(LTTngSink())
default: fatalError("unknown path \(path)")
}

@inline(never)
func hooks(_ controller: FeedViewController, _ count: Int) -> Int {
    var total = 0
    for i in 0..<count {
        controller.withInterval(.viewWillAppear, animated: true) { total &+= i }
    }
    return total
}

let controller = FeedViewController()
print(hooks(controller, count))
