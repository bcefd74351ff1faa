// One solver measure in a loop, for instruction counts (callgrind counts what `countedStep` runs,
// nothing else; the system is built with instrumentation off):
//
//   valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no --toggle-collect='*countedStep*' \
//       SolverProbe SHAPE N first-pass|constant-change|resize REPS
//   LIFETRACE_ENAML_SYSTEM=FILE valgrind … SolverProbe enaml-like 0 update REPS
//
// The system is built before the loop (and for first-pass, each new one's variables are made
// outside the measured function). kiwi's driver takes the same arguments after `--one`
// (Benchmarks/kiwi/kiwi_driver.cpp, measured function `kiwi_measure_once`); `tools/bench` runs both
// and divides the counts by REPS. Valgrind 3.19 cannot read Swift 6.3's DWARF: run it on a copy
// made with `objcopy --strip-debug` (the symbols stay).
import ProbeSupport
import SolverSystems

#if canImport(Glibc)
import Glibc
#endif

/// Prints a line on standard error and exits with status 2.
func fail(_ message: String) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

enum Measure: String {
    case firstPass = "first-pass"
    case constantChange = "constant-change"
    case resize
    case update
}

/// What the measured function works on (one thread; set before each call).
enum Probe {
    nonisolated(unsafe) static var system: ShapeSystem?
    nonisolated(unsafe) static var enaml: EnamlLikeSystem?
}

/// The measured step, the only code callgrind counts.
@inline(never)
func countedStep(_ measure: Measure, round: Int) {
    do {
        switch measure {
        case .firstPass: try Probe.system?.build()
        case .constantChange: try Probe.system?.changeConstant(round: round)
        case .resize: try Probe.system?.resize(round: round)
        case .update: Probe.enaml?.update(round: round)
        }
    } catch {
        fail("SolverProbe: \(error)")
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[2]), let measure = Measure(rawValue: arguments[3]),
    let reps = Int(arguments[4]), reps > 0
else {
    fail("usage: SolverProbe SHAPE N first-pass|constant-change|resize REPS | SolverProbe enaml-like 0 update REPS")
}
if arguments[1] == "enaml-like" {
    guard let path = getenv("LIFETRACE_ENAML_SYSTEM").map({ String(cString: $0) }), let system = EnamlLikeSystem(path: path)
    else {
        fail("SolverProbe: set LIFETRACE_ENAML_SYSTEM to the system tools/kiwi-floor extracted")
    }
    Probe.enaml = system
    probe_start_instrumentation()
    for round in 0..<reps { countedStep(.update, round: round) }
    exit(0)
}
guard let shape = ConstraintShape(rawValue: arguments[1]), count > 0, measure != .update else {
    fail("SolverProbe: unknown shape \(arguments[1]) or measure \(arguments[3])")
}
Probe.system = ShapeSystem(shape, count: count)
if measure != .firstPass {
    do { try Probe.system?.build() } catch { fail("SolverProbe: \(error)") }  // outside the measured function
}
probe_start_instrumentation()
for round in 0..<reps {
    if measure == .firstPass && round > 0 { Probe.system = ShapeSystem(shape, count: count) }
    countedStep(measure, round: round)
}
