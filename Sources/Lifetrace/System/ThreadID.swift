#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kernel id of the calling thread (what LTTng records as `vtid`), cached per thread so an
/// event pays a thread-specific-data read, not a system call.
enum ThreadID {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: UInt32 {
        let key = Self.key
        if let cached = pthread_getspecific(key) {
            return UInt32(truncatingIfNeeded: Int(bitPattern: cached))
        }
        let tid = lookUp()
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: Int(tid)))
        return tid
    }

    /// Reads the id from `/proc/thread-self` (a link to `PID/task/TID`); glibc's `gettid` is not
    /// visible to Swift, and `syscall` is variadic.
    private static func lookUp() -> UInt32 {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        if count > 0 {
            let text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = text.lastIndex(of: "/"), let tid = UInt32(text[text.index(after: slash)...]) {
                return tid
            }
        }
        return UInt32(truncatingIfNeeded: getpid())
        #else
        var raw: UInt64 = 0
        pthread_threadid_np(nil, &raw)
        return UInt32(truncatingIfNeeded: raw)
        #endif
    }
}
