#if canImport(Glibc)
import Glibc
#endif
import W3CTraceContext

/// New trace and span ids, and their hexadecimal text, cheaply.
///
/// Ids come from SplitMix64 (Steele, Lea & Flood 2014) on a per-thread state seeded once from the
/// system's generator: no system call and no shared state per span (`SystemRandomNumberGenerator`
/// reads the kernel's generator for every 8 bytes: three calls for a root span). Ids need to be
/// unique and unpredictable enough to tell traces apart (W3C Trace Context), not secret.
package enum SpanIdentifiers {
    /// A generator over the calling thread's state.
    struct Generator: RandomNumberGenerator {
        mutating func next() -> UInt64 { SpanIdentifiers.nextRandom() }
    }

    package static func traceID() -> TraceID {
        var generator = Generator()
        return TraceID.random(using: &generator)
    }

    package static func spanID() -> SpanID {
        var generator = Generator()
        return SpanID.random(using: &generator)
    }

    /// The next number of the calling thread's SplitMix64 sequence.
    static func nextRandom() -> UInt64 {
        let state: UnsafeMutablePointer<UInt64>
        if let existing = pthread_getspecific(stateKey) {
            state = existing.assumingMemoryBound(to: UInt64.self)
        } else {
            state = malloc(MemoryLayout<UInt64>.size)!.assumingMemoryBound(to: UInt64.self)
            var system = SystemRandomNumberGenerator()
            state.pointee = system.next()
            pthread_setspecific(stateKey, state)
        }
        state.pointee &+= 0x9E37_79B9_7F4A_7C15
        var z = state.pointee
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The key of each thread's state, freed when the thread ends.
    private static let stateKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        precondition(status == 0, "pthread_key_create: \(status)")
        return key
    }()

    /// The span id as a number (a span's subject identity): its 8 bytes, big-endian.
    package static func number(of spanID: SpanID) -> UInt64 {
        withUnsafeBytes(of: spanID.bytes) { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
    }

    /// The trace id's 16 bytes as two numbers: the first 8 and the last 8, each read big-endian.
    package static func words(of traceID: TraceID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: traceID.bytes) {
            (UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
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
