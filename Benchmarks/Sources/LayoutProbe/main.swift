// Layout passes over a window of plain views with instrumentation off, for
// `valgrind --tool=callgrind` (which counts instructions repeatably). tools/bench-layout-instructions
// builds it twice, with instrumentation compiled in and compiled out (`-DLIFETRACE_COMPILED_OUT`),
// and compares the measured function's counts: what instrumentation costs a layout pass when no
// sink is installed, on the same code path.
//
//   valgrind --tool=callgrind --collect-atstart=no '--toggle-collect=*LayoutProbe6passes*' \
//       .build/release/LayoutProbe flat 1000 20
import BenchmarkSupport
import Lifetrace
import LifetraceUI

let arguments = CommandLine.arguments.dropFirst()
guard let shape = arguments.first.flatMap(HierarchyShape.init(rawValue:)) else {
    fatalError("usage: LayoutProbe flat|deep VIEWS PASSES")
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
let repetitions = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 20

/// Marks every view and lays the window out, `repetitions` times (the measured function).
@MainActor @inline(never)
func passes(_ hierarchy: Hierarchy, _ repetitions: Int) {
    for _ in 0..<repetitions {
        hierarchy.markAll()
        hierarchy.pass()
    }
}

MainActor.assumeIsolated {
    LifetraceSystem.bootstrap(NoOpSink())
    let hierarchy = Hierarchy(shape, count: count, inWindow: true)
    passes(hierarchy, repetitions)
    #if LIFETRACE_COMPILED_OUT
    print("\(shape) \(count): \(repetitions) passes, instrumentation compiled out")
    #else
    print("\(shape) \(count): \(repetitions) passes, instrumentation compiled in (off)")
    #endif
}
