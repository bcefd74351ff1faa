/// Allocation-free appends of the pieces every line format is made of.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `string`.
    @inlinable
    mutating func appendUTF8(_ string: String) {
        var string = string
        string.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `string` as a JSON string literal, quotes included: `"`, `\` and control characters
    /// are escaped; other text, non-ASCII included, is copied as UTF-8.
    mutating func appendJSONString(_ string: String) {
        append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                start = index + 1
                append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
                case 0x0A: append(UInt8(ascii: "n"))
                case 0x0D: append(UInt8(ascii: "r"))
                case 0x09: append(UInt8(ascii: "t"))
                case 0x08: append(UInt8(ascii: "b"))
                case 0x0C: append(UInt8(ascii: "f"))
                default:
                    append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    append(Self.hexDigit(byte >> 4))
                    append(Self.hexDigit(byte & 0xF))
                }
            }
            if start < bytes.count { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends the decimal digits of `value`: written backwards into a stack buffer, appended once.
    mutating func appendDecimal(_ value: UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of UInt64.max
        Swift.withUnsafeMutableBytes(of: &digits) { scratch in
            var index = scratch.count
            var rest = value
            repeat {
                index -= 1
                scratch[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[index...]))
        }
    }

    /// Appends the decimal digits of `value`, with a sign when negative.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude))
    }

    /// Appends `0x` and the lowercase hexadecimal digits of `value`, in one append.
    mutating func appendHex(_ value: UInt) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: "0x" and 16 digits
        Swift.withUnsafeMutableBytes(of: &digits) { scratch in
            var index = scratch.count
            var rest = value
            repeat {
                index -= 1
                scratch[index] = Self.hexDigit(UInt8(truncatingIfNeeded: rest & 0xF))
                rest >>= 4
            } while rest > 0
            index -= 2
            scratch[index] = UInt8(ascii: "0")
            scratch[index + 1] = UInt8(ascii: "x")
            append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[index...]))
        }
    }

    /// Appends the bytes of a static string (the keys and punctuation of a line format).
    @inlinable
    mutating func appendStatic(_ string: StaticString) {
        string.withUTF8Buffer { append(contentsOf: $0) }
    }

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
    }
}
