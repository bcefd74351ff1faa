#if canImport(Glibc)
import Glibc
#endif

/// The strings of a trace's records made once per distinct text: a trace names a few controllers
/// and hooks millions of times, and a `String` of more than 15 bytes is an allocation each time (a
/// shorter one is still a copy and a check of its bytes).
///
/// A direct-mapped table of ``slots`` entries keyed by the text's hash, allocated on first use; an
/// entry whose text differs is replaced. Its memory is bounded whatever the trace.
package struct NameCache {
    private struct Entry {
        var hash: UInt64
        var string: String
    }

    static let slots = 256
    /// Texts longer than this are rare, and made each time.
    static let longest = 256

    private var entries: [Entry?] = []

    package init() {}

    /// The string of the UTF-8 `text`, which must be valid.
    package mutating func string(_ text: UnsafeRawBufferPointer) -> String {
        let length = text.count
        guard length > 0, length <= Self.longest, let bytes = text.baseAddress else {
            return String(decoding: text, as: UTF8.self)
        }
        // FNV-1a.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let slot = Int(truncatingIfNeeded: hash) & (Self.slots - 1)
        if entries.isEmpty { entries = Array(repeating: nil, count: Self.slots) }
        if let entry = entries[slot], entry.hash == hash, entry.string.utf8.count == length,
            entry.string.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes, length) == 0 }) == true
        {
            return entry.string
        }
        let string = String(decoding: text, as: UTF8.self)
        entries[slot] = Entry(hash: hash, string: string)
        return string
    }

    /// The string of the NUL-terminated UTF-8 `text`.
    package mutating func string(_ text: UnsafePointer<CChar>) -> String {
        string(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }
}
