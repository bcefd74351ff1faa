#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running `body`, its result read back with ``join()``: for what a test must run on
/// a thread of its own, not a task (a thread-local buffer, a span ended on another thread).
public final class PosixThread<Result: Sendable>: @unchecked Sendable {
    private var thread = pthread_t()
    /// Written by the thread before it ends, read by ``join()`` after it ended.
    private var result: Result?

    /// Starts `body` on a new thread; a thread that cannot be started stops the test run.
    public init(_ body: @escaping @Sendable () -> Result) {
        // Retained for the thread, which releases it when `body` returned. (A C function cannot
        // name the generic class: the thread runs a plain closure that stores the result.)
        let start = Unmanaged.passRetained(Start { self.result = body() }).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, start)
        precondition(status == 0, "pthread_create: \(status)")
    }

    /// Waits for the thread to end; what `body` returned.
    @discardableResult
    public func join() -> Result {
        pthread_join(thread, nil)
        return result!
    }
}

/// What a ``PosixThread`` runs.
private final class Start {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
