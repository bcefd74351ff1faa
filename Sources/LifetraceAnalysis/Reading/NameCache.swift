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
    static let slots = 256
    /// Texts longer than this are rare, and made each time.
    static let longest = 256

    // One entry per slot, its parts in arrays of their own, so that checking a slot reads two plain
    // words (no copy of a string, no reference counted); empty until first used. A length of 0: no
    // entry (empty texts are not kept).
    private var hashes: [UInt64] = []
    private var lengths: [Int] = []
    private var strings: [String] = []
    /// The hook of each entry's name, once asked for (``hook(_:)``).
    private var hooks: [Hook?] = []

    package init() {}

    /// The string of the UTF-8 `text`, which must be valid.
    package mutating func string(_ text: UnsafeRawBufferPointer) -> String {
        guard let slot = slot(of: text) else { return String(decoding: text, as: UTF8.self) }
        return strings[slot]
    }

    /// The hook named by the UTF-8 `text`, which must be valid (its code looked up once per name).
    package mutating func hook(_ text: UnsafeRawBufferPointer) -> Hook {
        guard let slot = slot(of: text) else { return Hook(String(decoding: text, as: UTF8.self)) }
        if let hook = hooks[slot] { return hook }
        let hook = Hook(strings[slot])
        hooks[slot] = hook
        return hook
    }

    /// The string of the NUL-terminated UTF-8 `text`.
    package mutating func string(_ text: UnsafePointer<CChar>) -> String {
        string(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// The hook named by the NUL-terminated UTF-8 `text`.
    package mutating func hook(_ text: UnsafePointer<CChar>) -> Hook {
        hook(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// The slot that holds `text`'s entry, made if it held another; `nil` for a text too long or empty.
    private mutating func slot(of text: UnsafeRawBufferPointer) -> Int? {
        let length = text.count
        guard length > 0, length <= Self.longest, let bytes = text.baseAddress else { return nil }
        let hash = Self.hash(bytes, length)
        let slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & (Self.slots - 1)
        if hashes.isEmpty {
            hashes = Array(repeating: 0, count: Self.slots)
            lengths = Array(repeating: 0, count: Self.slots)
            strings = Array(repeating: "", count: Self.slots)
            hooks = Array(repeating: nil, count: Self.slots)
        }
        if hashes[slot] == hash, lengths[slot] == length,
            strings[slot].utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, bytes, length) == 0 }) == true
        {
            return slot
        }
        hashes[slot] = hash
        lengths[slot] = length
        strings[slot] = String(decoding: text, as: UTF8.self)
        hooks[slot] = nil
        return slot
    }

    /// A hash of `length` bytes, eight at a time, with the length.
    private static func hash(_ bytes: UnsafeRawPointer, _ length: Int) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= length {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        if offset < length {
            // The last bytes as one word, read within the text: the last eight (overlapping the
            // word before) when there are as many, else the first and last four, else byte by byte.
            let last: UInt64
            if length >= 8 {
                last = bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            } else if length >= 4 {
                last =
                    UInt64(bytes.loadUnaligned(as: UInt32.self)) << 32
                    | UInt64(bytes.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
            } else {
                var word: UInt64 = 0
                for index in 0..<length { word = word << 8 | UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) }
                last = word
            }
            hash = (hash ^ last) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return hash
    }
}
