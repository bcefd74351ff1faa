import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a flag that long-running commands (`watch`, `stats --live`) poll,
/// so they stop at a safe point and print what they have; a second signal ends the process at once.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Whether a signal asked the command to stop.
    static var requested: Bool { flag.load(ordering: .relaxed) }

    /// Installs the handlers. The handler only stores to a lock-free atomic (async-signal-safe),
    /// then restores the default action so a second signal terminates.
    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { number in
                Interruption.flag.store(true, ordering: .relaxed)
                signal(number, SIG_DFL)
            }
        }
    }
}
