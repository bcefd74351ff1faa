import CLifetrace

/// The kernel id of the calling thread (what LTTng records as `vtid`), kept in a C thread-local
/// once looked up, so an event pays a load, not a system call.
enum ThreadID {
    /// The calling thread's id.
    @inline(__always)
    static var current: UInt32 { UInt32(lifetrace_thread_id()) }
}
