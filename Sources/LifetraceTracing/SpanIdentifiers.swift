import CLifetrace
import W3CTraceContext

/// New trace and span ids, and their hexadecimal text, cheaply.
///
/// Ids come from SplitMix64 (Steele, Lea & Flood 2014) on a per-thread state seeded once from the
/// system's generator (`lifetrace_thread_random`): no system call and no shared state per span
/// (`SystemRandomNumberGenerator` reads the kernel's generator for every 8 bytes: three calls for
/// a root span). Ids need to be unique and unpredictable enough to tell traces apart (W3C Trace
/// Context), not secret.
package enum SpanIdentifiers {
    /// A new trace id: two numbers of the thread's sequence, as its 16 bytes (big-endian).
    package static func traceID() -> TraceID {
        let words = (lifetrace_thread_random().bigEndian, lifetrace_thread_random().bigEndian)
        return TraceID(bytes: unsafeBitCast(words, to: TraceID.Bytes.self))
    }

    /// A new span id: one number of the thread's sequence, as its 8 bytes (big-endian).
    package static func spanID() -> SpanID {
        SpanID(bytes: unsafeBitCast(lifetrace_thread_random().bigEndian, to: SpanID.Bytes.self))
    }

    /// The span id as a number (a span's subject identity): its 8 bytes, big-endian.
    package static func number(of spanID: SpanID) -> UInt64 {
        withUnsafeBytes(of: spanID.bytes) { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    /// The trace id's 16 bytes as two numbers: the first 8 and the last 8, each read big-endian.
    package static func words(of traceID: TraceID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: traceID.bytes) {
            (
                UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
                UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    /// 16 lowercase hexadecimal digits.
    package static func hex(_ spanID: SpanID) -> String {
        withUnsafeBytes(of: spanID.bytes) { hex($0) }
    }

    /// 32 lowercase hexadecimal digits.
    package static func hex(_ traceID: TraceID) -> String {
        withUnsafeBytes(of: traceID.bytes) { hex($0) }
    }

    private static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            let digits: StaticString = "0123456789abcdef"
            digits.withUTF8Buffer { digits in
                for (index, byte) in bytes.enumerated() {
                    text[2 * index] = digits[Int(byte >> 4)]
                    text[2 * index + 1] = digits[Int(byte & 0x0F)]
                }
            }
            return bytes.count * 2
        }
    }
}
