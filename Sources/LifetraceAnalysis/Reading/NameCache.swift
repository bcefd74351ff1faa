import Lifetrace

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
        /// The hook of that name, once asked for (``hook(_:)``).
        var hook: Hook?
    }

    static let slots = 256
    /// Texts longer than this are rare, and made each time.
    static let longest = 256

    private var entries: [Entry?] = []

    package init() {}

    /// The string of the UTF-8 `text`, which must be valid.
    package mutating func string(_ text: UnsafeRawBufferPointer) -> String {
        guard let slot = slot(of: text) else { return String(decoding: text, as: UTF8.self) }
        return entries[slot]!.string
    }

    /// The hook named by the UTF-8 `text`, which must be valid (its code looked up once per name).
    package mutating func hook(_ text: UnsafeRawBufferPointer) -> Hook {
        guard let slot = slot(of: text) else { return Hook(String(decoding: text, as: UTF8.self)) }
        if let hook = entries[slot]!.hook { return hook }
        let hook = Hook(entries[slot]!.string)
        entries[slot]!.hook = hook
        return hook
    }

    /// The string of the NUL-terminated UTF-8 `text`.
    package mutating func string(_ text: UnsafePointer<CChar>) -> String {
        string(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// The slot that holds `text`'s entry, made if it held another; `nil` for a text too long or empty.
    private mutating func slot(of text: UnsafeRawBufferPointer) -> Int? {
        let length = text.count
        guard length > 0, length <= Self.longest, let bytes = text.baseAddress else { return nil }
        let hash = Self.hash(bytes, length)
        let slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & (Self.slots - 1)
        if entries.isEmpty { entries = Array(repeating: nil, count: Self.slots) }
        if let entry = entries[slot], entry.hash == hash, entry.string.utf8.count == length,
            entry.string.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes, length) == 0 }) == true
        {
            return slot
        }
        entries[slot] = Entry(hash: hash, string: String(decoding: text, as: UTF8.self), hook: nil)
        return slot
    }

    /// A hash of `length` bytes, eight at a time (the last word zero-padded), with the length.
    private static func hash(_ bytes: UnsafeRawPointer, _ length: Int) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= length {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        if offset < length {
            var last: UInt64 = 0
            withUnsafeMutableBytes(of: &last) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes + offset, count: length - offset))
            }
            hash = (hash ^ last) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return hash
    }
}
