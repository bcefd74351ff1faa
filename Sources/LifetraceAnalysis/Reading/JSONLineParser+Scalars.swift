/// Fast readers of the values the format's own keys hold, for ``JSONLineDecoder``: each reads its
/// value straight from the line's bytes when it has the plain form a sink writes (ASCII without
/// escapes, digits, `0x` and hexadecimal digits) and returns `nil` otherwise, the position unchanged,
/// so that ``JSONLineParser/value(of:)`` reads it as any value (and the decoder says what was wrong).
extension JSONLineParser {
    /// A string of printable ASCII without escapes, as its bytes between the quotes.
    mutating func plainString() -> UnsafeRawBufferPointer? {
        guard position < end, bytes[position] == UInt8(ascii: "\"") else { return nil }
        var index = position + 1
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeRawBufferPointer(rebasing: bytes[(position + 1)..<index])
                position = index + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            index += 1
        }
        return nil
    }

    /// A non-negative integer of at most 19 digits (below 10^19, so it fits), not followed by a
    /// fraction or an exponent.
    mutating func unsignedInteger() -> UInt64? {
        var index = position
        var value: UInt64 = 0
        while index < end, index - position < 19 {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { break }
            value = value &* 10 &+ UInt64(digit)
            index += 1
        }
        guard index > position else { return nil }
        if index < end {
            let next = bytes[index]
            if next &- UInt8(ascii: "0") <= 9 || next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
        }
        position = index
        return value
    }

    /// An integer of at most 19 digits (with no sign: a negative one is read as any value).
    mutating func signedInteger() -> Int64? {
        unsignedInteger().map { Int64(bitPattern: $0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A string `"0x…"` of one to sixteen hexadecimal digits: an identity.
    mutating func hexadecimalIdentity() -> UInt? {
        let digitsStart = position + 3
        guard digitsStart < end, bytes[position] == UInt8(ascii: "\""), bytes[position + 1] == UInt8(ascii: "0"),
            bytes[position + 2] == UInt8(ascii: "x")
        else { return nil }
        var index = digitsStart
        var value: UInt = 0
        while index < end {
            let byte = bytes[index]
            let digit: UInt8
            if index - digitsStart == 16 {
                // Sixteen digits read: only the closing quote may follow.
                guard byte == UInt8(ascii: "\"") else { return nil }
                position = index + 1
                return value
            } else if byte &- UInt8(ascii: "0") <= 9 {
                digit = byte &- UInt8(ascii: "0")
            } else if (byte | 0x20) &- UInt8(ascii: "a") <= 5 {
                digit = (byte | 0x20) &- UInt8(ascii: "a") &+ 10
            } else {
                guard byte == UInt8(ascii: "\""), index > digitsStart else { return nil }
                position = index + 1
                return value
            }
            value = value &<< 4 | UInt(digit)
            index += 1
        }
        return nil
    }
}
