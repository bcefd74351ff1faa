import ArgumentParser
import Dispatch
import Lifetrace

#if canImport(Glibc)
import Glibc
#endif

/// The program's entry: checks that descriptors are left for the runtime, takes the `--sink`
/// options out of the arguments, then runs ``LifetraceCommand`` on Swift's concurrency runtime.
///
/// Synchronous, so that it runs before that runtime sets up its event loop: libdispatch traps
/// (SIGILL) when it cannot open the descriptors the loop needs, where a command should say it ran
/// out of them.
@main
enum LifetraceMain {
    static func main() {
        DescriptorReserve.exitUnlessAvailable()
        let arguments = CommandLineSinks.split(Array(CommandLine.arguments.dropFirst())).arguments
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

/// The `--sink` options of `run` and `demo`, taken out of the arguments before ArgumentParser sees
/// them: it merges each repeated option's origins into one set per occurrence, so N `--sink` flags
/// cost N² (10 000 took 23 s). Taken out in order, they are parsed as ArgumentParser would have
/// (``SinkOptions`` reads them from here); a `--sink` without a value is left for it to report.
enum CommandLineSinks {
    /// The `--sink` values of this process's command line, in order.
    static let values: [String] = split(Array(CommandLine.arguments.dropFirst())).sinks

    /// The commands whose options include ``SinkOptions``; `demo` is also the default command.
    static let commands: Set<String> = ["run", "demo"]

    /// `arguments` without the `--sink` options of a command that takes them, and their values.
    static func split(_ arguments: [String]) -> (arguments: [String], sinks: [String]) {
        let subcommands = Set(LifetraceCommand.configuration.subcommands.map { $0._commandName })
        // The command: the first argument when it names one, else the default (demo).
        if let first = arguments.first, subcommands.contains(first), !commands.contains(first) {
            return (arguments, [])
        }
        var kept: [String] = []
        var sinks: [String] = []
        kept.reserveCapacity(arguments.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                kept.append(contentsOf: arguments[index...])
                break
            }
            if argument == "--sink", index + 1 < arguments.count, Self.isValue(arguments[index + 1]) {
                sinks.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix("--sink="), argument.count > "--sink=".count {
                sinks.append(String(argument.dropFirst("--sink=".count)))
                index += 1
                continue
            }
            kept.append(argument)
            index += 1
        }
        return (kept, sinks)
    }

    /// Whether ArgumentParser would take `argument` as an option's value rather than as an option.
    private static func isValue(_ argument: String) -> Bool {
        argument == "-" || !argument.hasPrefix("-")
    }
}
