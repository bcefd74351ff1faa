#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``LineBuffer`` of the calling thread's, lent out empty and reused from record to record, so
/// that rendering part of a record (the JSON of a log record's metadata, of a span's attributes)
/// allocates nothing once it has grown to its working size.
///
/// A nested use on the same thread (a value's description that logs, say) gets a buffer of its own;
/// a buffer that grew past ``retainedLimit`` is dropped after use, so one huge record does not
/// keep its memory for the thread's life.
package enum ScratchLineBuffer {
    /// The most bytes a thread's buffer keeps between uses.
    package static let retainedLimit = 16 * 1024

    /// Calls `body` with an empty buffer of the calling thread's.
    @inline(__always)
    package static func withBuffer<R>(_ body: (inout LineBuffer) -> R) -> R {
        let scratch = current()
        guard !scratch.pointee.lent else {
            var own = LineBuffer(capacity: 128)
            return body(&own)
        }
        scratch.pointee.lent = true
        defer {
            if scratch.pointee.buffer.count > retainedLimit { scratch.pointee.buffer = LineBuffer(capacity: 256) }
            scratch.pointee.buffer.removeAll()
            scratch.pointee.lent = false
        }
        return body(&scratch.pointee.buffer)
    }

    /// A thread's buffer and whether it is lent out.
    ///
    /// Invariant: it lives in memory of its own, made by the first use on its thread and freed by
    /// the key's destructor when the thread ends; only that thread touches it, so it needs no lock.
    private struct Scratch: ~Copyable {
        var buffer = LineBuffer(capacity: 256)
        var lent = false
    }

    private static func current() -> UnsafeMutablePointer<Scratch> {
        if let existing = pthread_getspecific(key) {
            return existing.assumingMemoryBound(to: Scratch.self)
        }
        let scratch = UnsafeMutablePointer<Scratch>.allocate(capacity: 1)
        scratch.initialize(to: Scratch())
        pthread_setspecific(key, scratch)
        return scratch
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            guard let scratch = pointer?.assumingMemoryBound(to: Scratch.self) else { return }
            scratch.deinitialize(count: 1)
            scratch.deallocate()
        }
        precondition(status == 0, "pthread_key_create: \(status)")
        return key
    }()
}
