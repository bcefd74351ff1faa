#if canImport(Glibc)
import Glibc
#endif

/// The strings of a trace's C records made once per distinct text: a trace names a few controllers
/// and hooks millions of times, and a `String` of more than 15 bytes is an allocation each time.
///
/// A direct-mapped table of ``slots`` entries keyed by the text's hash; an entry whose text
/// differs is replaced. Its memory is bounded whatever the trace.
struct NameCache {
    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var string: String
    }

    static let slots = 256
    /// Texts longer than this are made each time (rare, and not worth keeping).
    static let longest = 256

    private var entries: [Entry?] = Array(repeating: nil, count: NameCache.slots)

    /// The string of the NUL-terminated UTF-8 `text`.
    mutating func string(_ text: UnsafePointer<CChar>) -> String {
        let length = strlen(text)
        guard length <= Self.longest else { return String(cString: text) }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        // FNV-1a.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<length { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        let slot = Int(truncatingIfNeeded: hash) & (Self.slots - 1)
        if let entry = entries[slot], entry.hash == hash, entry.bytes.count == length,
            entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes, length) == 0 })
        {
            return entry.string
        }
        let buffer = UnsafeBufferPointer(start: bytes, count: length)
        let string = String(decoding: buffer, as: UTF8.self)
        entries[slot] = Entry(hash: hash, bytes: Array(buffer), string: string)
        return string
    }
}
