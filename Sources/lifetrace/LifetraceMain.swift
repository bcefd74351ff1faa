#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Dispatch
@_spi(Internals) import Lifetrace

/// The program's entry: checks that descriptors are left for the runtime, then runs
/// ``LifetraceCommand`` on Swift's concurrency runtime.
///
/// Synchronous, so that it runs before that runtime sets up its event loop: libdispatch traps
/// (SIGILL) when it cannot open the descriptors the loop needs, where a command should say it ran
/// out of them.
@main
enum LifetraceMain {
    static func main() {
        DescriptorReserve.exitUnlessAvailable()
        let arguments = Array(CommandLine.arguments.dropFirst())
        Task {
            await LifetraceCommand.main(arguments)
            exit(0)
        }
        dispatchMain()
    }
}

/// The descriptors a command needs beyond its standard ones before it starts: the concurrency
/// runtime's event loop (an epoll instance, its wake-up event, the main queue's, a timer) and the
/// command's own (the signal flusher's pipe, the file it reads, a sink's file, one to spare).
enum DescriptorReserve {
    static let needed = 8

    /// Opens (and closes) ``needed`` descriptors; when the process cannot, says why (EMFILE: its
    /// limit, `ulimit -n`; ENFILE: the system's) and exits with status 1.
    static func exitUnlessAvailable() {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        while opened.count < needed {
            let descriptor = opened.first.map { fcntl($0, F_DUPFD_CLOEXEC, 0) } ?? open("/", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                guard code == EMFILE || code == ENFILE else { return }  // not a shortage: let the command meet it
                StandardError.writeLine(
                    "lifetrace: cannot start: out of file descriptors: \(SystemError.describe(code)); "
                        + "lifetrace needs \(needed) besides those already open, and could open \(opened.count)")
                exit(1)
            }
            opened.append(descriptor)
        }
    }
}
