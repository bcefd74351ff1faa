#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable run of bytes that line formats write records into.
///
/// It is the buffer of a ``ByteOutput`` and what the JSON-lines format and ``TextSink/Format`` append
/// to. Each append is a capacity check and a copy into memory the buffer owns: no uniqueness check,
/// no per-byte call, no allocation once the buffer has grown to its working size. That is what
/// lets an event's line cost about what a C `fprintf` of it costs.
public struct LineBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written so far.
    public private(set) var count: Int
    private var capacity: Int

    /// Creates an empty buffer with room for `capacity` bytes before it first grows.
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        self.base = .allocate(capacity: self.capacity)
        self.count = 0
    }

    deinit { base.deallocate() }

    /// Whether nothing has been written since the buffer was created or emptied.
    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the bytes written so far.
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Ends what was written with a NUL and calls `body` with it, from byte `start` on (the start by
    /// default), as a C string (for C APIs, such as a tracepoint's string field).
    @inlinable
    package mutating func withCString<R>(from start: Int = 0, _ body: (UnsafePointer<CChar>) -> R) -> R {
        precondition(start >= 0 && start <= count, "withCString(from:): \(start) is not within the \(count) bytes written")
        append(0)
        return withBytes { body(($0.baseAddress! + start).assumingMemoryBound(to: CChar.self)) }
    }

    /// Appends a copy of bytes already written (`range` of ``count``): lets a writer put parts it
    /// wrote out of order back in order after them, in the same memory.
    package mutating func appendCopy(of range: Range<Int>) {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= count, "appendCopy: \(range) is not within the \(count) bytes written")
        let destination = reserve(range.count)  // may move the storage: the source is read after it
        memcpy(destination, base + range.lowerBound, range.count)
        commit(range.count)
    }

    /// The bytes written so far, decoded as UTF-8 (for tools and tests).
    public var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Forgets the bytes written, keeping the memory.
    public mutating func removeAll() { count = 0 }

    /// Room for `length` more bytes; the caller writes them and then calls ``commit(_:)``.
    @inline(__always)
    private mutating func reserve(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if length > capacity &- count { grow(toHold: length) }
        return base + count
    }

    @inline(__always)
    private mutating func commit(_ length: Int) { count &+= length }

    private mutating func grow(toHold length: Int) {
        var newCapacity = capacity
        while newCapacity - count < length { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        commit(1)
    }

    /// Appends raw bytes.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        memcpy(reserve(bytes.count), source, bytes.count)
        commit(bytes.count)
    }

    /// Appends the bytes of a static string (the keys and punctuation of a line format).
    @inline(__always)
    public mutating func append(_ string: StaticString) {
        append(UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `string`.
    public mutating func appendUTF8(_ string: String) {
        Self.withUTF8(of: string) { append(UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the UTF-8 bytes of `string`: its own storage when it is contiguous (a
    /// native string always is), a copy otherwise.
    @inline(__always)
    private static func withUTF8(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if string.utf8.withContiguousStorageIfAvailable(body) == nil {
            var string = string
            string.withUTF8(body)
        }
    }

    /// Appends `string` for a person to read on one line: characters that would break the line or
    /// drive a terminal (C0 and C1 controls, DEL, the line and paragraph separators) are written as
    /// escapes (`\n`, `\t`, `\r`, `\u{1B}`), and a backslash as `\\`, so the text reads back
    /// unambiguously; the rest is copied as UTF-8.
    public mutating func appendPrintable(_ string: String) {
        // Plain ASCII with nothing to escape (the common case) is copied at once.
        let plain = string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
        guard !plain else { return appendUTF8(string) }
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x5C: append("\\\\")
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                append("\\u{")
                var digits = String(scalar.value, radix: 16)
                if digits.count < 2 { digits = "0" + digits }
                appendUTF8(digits)
                append(UInt8(ascii: "}"))
            default:
                appendUTF8(String(scalar))
            }
        }
    }

    /// Appends `string` as a JSON string literal, quotes included: `"`, `\` and control characters
    /// are escaped; other text, non-ASCII included, is copied as UTF-8.
    public mutating func appendJSONString(_ string: String) {
        Self.withUTF8(of: string) { appendJSONString(utf8: $0) }
    }

    private mutating func appendJSONString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // Worst case: every byte becomes a six-byte \u00XX escape.
        let start = reserve(bytes.count &* 6 &+ 2)
        start.pointee = UInt8(ascii: "\"")
        var position = start + 1
        // Eight bytes at a time while none needs escaping, each word stored as it is checked (no
        // call to copy a short string); then byte by byte.
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if Self.hasEscape(word) { break }
                UnsafeMutableRawPointer(position).storeBytes(of: word, as: UInt64.self)
                position += 8
                index &+= 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index &+= 1
            guard Self.needsEscape(byte) else {
                position.pointee = byte
                position += 1
                continue
            }
            position.pointee = UInt8(ascii: "\\")
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): position[1] = byte
            case 0x0A: position[1] = UInt8(ascii: "n")
            case 0x0D: position[1] = UInt8(ascii: "r")
            case 0x09: position[1] = UInt8(ascii: "t")
            case 0x08: position[1] = UInt8(ascii: "b")
            case 0x0C: position[1] = UInt8(ascii: "f")
            default:
                position[1] = UInt8(ascii: "u")
                position[2] = UInt8(ascii: "0")
                position[3] = UInt8(ascii: "0")
                position[4] = Self.hexDigit(byte >> 4)
                position[5] = Self.hexDigit(byte & 0xF)
                position += 4
            }
            position += 2
        }
        position.pointee = UInt8(ascii: "\"")
        commit(position + 1 - start)
    }

    /// Whether a word holds a byte below 0x20, a quote or a backslash: exactly when one of the three
    /// zero-byte tests fires.
    @inline(__always)
    private static func hasEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs != 0
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends the decimal digits of `value`, two at a time, straight into the buffer.
    public mutating func appendDecimal(_ value: UInt64) {
        let length = Self.decimalLength(value)
        var position = reserve(length) + length
        var rest = value
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            position[-2] = pairs[pair]
            position[-1] = pairs[pair &+ 1]
        } else {
            position[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        commit(length)
    }

    /// Appends the decimal digits of `value`, with a sign when negative.
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude))
    }

    /// Appends `0x` and the lowercase hexadecimal digits of `value`.
    public mutating func appendHex(_ value: UInt) {
        let digits = Swift.max(1, (UInt.bitWidth &- value.leadingZeroBitCount &+ 3) / 4)
        let start = reserve(digits &+ 2)
        start[0] = UInt8(ascii: "0")
        start[1] = UInt8(ascii: "x")
        var position = start + 2 + digits
        var rest = value
        repeat {
            position -= 1
            position.pointee = Self.hexDigit(UInt8(truncatingIfNeeded: rest & 0xF))
            rest >>= 4
        } while position > start + 2
        commit(digits &+ 2)
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inline(__always)
    static func decimalLength(_ value: UInt64) -> Int {
        // floor(log10) from the bit length (1233/4096 ≈ log10 2), corrected by one comparison.
        let guess = ((UInt64.bitWidth &- value.leadingZeroBitCount) &* 1233) >> 12
        return Swift.max(1, guess &+ (value >= powerOfTen(guess) ? 1 : 0))
    }

    /// 10 to the `exponent` (0…19); a switch the compiler turns into a table.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// "00", "01", … "99": two digits per division.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
    }
}
