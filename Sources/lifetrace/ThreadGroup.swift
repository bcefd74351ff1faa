#if canImport(Glibc)
import Glibc
#endif

/// Work started on new POSIX threads and waited for together (no Foundation `Thread`: the command
/// line loads FoundationEssentials only). A body whose thread cannot be started runs at once on the
/// calling thread.
struct ThreadGroup {
    /// One thread's work, handed to it through `pthread_create`'s context pointer.
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private var threads: [pthread_t] = []

    /// Runs `body` on a new thread.
    mutating func start(_ body: @escaping () -> Void) {
        // Retained here, released by the thread that runs it.
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, work)
        if started == 0 {
            threads.append(thread)
        } else {
            Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()  // no thread: run it here
        }
    }

    /// Returns when every body started has finished.
    mutating func join() {
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }
}
