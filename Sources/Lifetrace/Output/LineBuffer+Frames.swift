/// Numbers of points and the frames made of them, as the line formats write them.
extension LineBuffer {
    /// Appends a number of points for JSON: a whole number without a fraction (`390`), any other as
    /// Swift prints it (`97.5`: the shortest text that reads back as the same number), `null` when
    /// it is not finite (JSON has no NaN or infinity).
    public mutating func appendJSONNumber(_ value: Double) {
        guard value.isFinite else { return append("null") }
        appendCompactNumber(value)
    }

    /// Appends a number of points for a person to read: as ``appendJSONNumber(_:)``, but `nan`,
    /// `inf` or `-inf` when it is not finite.
    public mutating func appendNumberText(_ value: Double) {
        guard value.isFinite else { return appendUTF8(value.description) }
        appendCompactNumber(value)
    }

    /// A finite number: whole numbers within a double's exact integers as digits (no allocation),
    /// others as Swift prints them.
    private mutating func appendCompactNumber(_ value: Double) {
        if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 {
            appendDecimal(Int(value))
        } else {
            appendUTF8(value.description)
        }
    }

    /// Appends a frame's keys for a JSON line: `,"frame":[x,y,w,h],"offset":[x,y]` and, when the
    /// view has one, `,"superview":"0x…"`.
    mutating func appendJSONFrame(_ frame: Details.Frame) {
        append(",\"frame\":[")
        appendJSONNumber(frame.x)
        append(UInt8(ascii: ","))
        appendJSONNumber(frame.y)
        append(UInt8(ascii: ","))
        appendJSONNumber(frame.width)
        append(UInt8(ascii: ","))
        appendJSONNumber(frame.height)
        append("],\"offset\":[")
        appendJSONNumber(frame.offsetX)
        append(UInt8(ascii: ","))
        appendJSONNumber(frame.offsetY)
        append(UInt8(ascii: "]"))
        if let superview = frame.superview {
            append(",\"superview\":\"")
            appendHex(superview)
            append(UInt8(ascii: "\""))
        }
    }

    /// Appends a frame for a person to read: ` frame {(x, y), WxH} in 0x…` (the superview's
    /// identity, when the view has one).
    mutating func appendFrameText(_ frame: Details.Frame) {
        append(" frame {(")
        appendNumberText(frame.x)
        append(", ")
        appendNumberText(frame.y)
        append("), ")
        appendNumberText(frame.width)
        append(UInt8(ascii: "x"))
        appendNumberText(frame.height)
        append(UInt8(ascii: "}"))
        if let superview = frame.superview {
            append(" in ")
            appendHex(superview)
        }
    }
}
