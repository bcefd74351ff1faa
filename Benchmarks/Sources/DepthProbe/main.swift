// How deep a chain of views the runtime survives: builds a chain of N views (bottom up), puts it in
// a window, marks every view, runs one layout pass, and says which step it reached. The recursive
// steps (moving the chain into the window, the layout pass) overflow the stack past some depth;
// the process then dies with SIGSEGV after printing the step it was in. It exits without releasing
// the chain (releasing a deep chain recurses too).
//
//   swift run -c release DepthProbe 100000
import BenchmarkSupport
import LifetraceUI

#if canImport(Glibc)
import Glibc
#endif

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
func step(_ text: String) {
    print(text)
    fflush(nil)
}

MainActor.assumeIsolated {
    step("depth \(count): building the chain detached")
    let detached = Hierarchy(.deep, count: count, inWindow: false)
    step("depth \(count): detached layout pass done")
    detached.markAll()
    detached.pass()
    step("depth \(count): second detached pass done; moving a chain into a window (recursive moveToWindow) and laying it out")
    let inWindow = Hierarchy(.deep, count: count, inWindow: true)
    inWindow.markAll()
    inWindow.pass()
    step("depth \(count): window layout pass done: OK")
    _ = (detached, inWindow)
}
exit(0)
