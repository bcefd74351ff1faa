// One solver measure in a loop, for instruction counts:
//   valgrind --tool=callgrind .build/release/SolverProbe SHAPE N first-pass|constant-change|resize REPS
//   valgrind --tool=callgrind .build/release/SolverProbe enaml-like 0 update REPS   (LIFETRACE_ENAML_SYSTEM=FILE)
// kiwi's driver takes the same arguments after `--one` (Benchmarks/kiwi/kiwi_driver.cpp).
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

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[2]), let reps = Int(arguments[4]) else {
    fail("usage: SolverProbe SHAPE N MEASURE REPS")
}
if arguments[1] == "enaml-like" {
    guard let path = getenv("LIFETRACE_ENAML_SYSTEM").map({ String(cString: $0) }), let system = EnamlLikeSystem(path: path)
    else {
        fail("SolverProbe: set LIFETRACE_ENAML_SYSTEM to the system tools/kiwi-floor extracted")
    }
    for round in 0..<reps { system.update(round: round) }
    exit(0)
}
guard let shape = ConstraintShape(rawValue: arguments[1]) else {
    fail("SolverProbe: unknown shape \(arguments[1])")
}
var system = ShapeSystem(shape, count: count)
try system.build()
for round in 0..<reps {
    switch arguments[3] {
    case "first-pass":
        system = ShapeSystem(shape, count: count)
        try system.build()
    case "constant-change": try system.changeConstant(round: round)
    default: try system.resize(round: round)
    }
}
