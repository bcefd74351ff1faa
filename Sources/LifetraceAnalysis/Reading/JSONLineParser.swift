import Lifetrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An object's key as the parser met it.
struct JSONKey: CustomStringConvertible {
    /// The key's bytes in the line (when it has no escape).
    let bytes: UnsafeRawBufferPointer
    /// The key with its escapes decoded (when it has some).
    let decoded: String?

    /// Whether the key is `name`.
    @inline(__always)
    func `is`(_ name: StaticString) -> Bool {
        if let decoded { return decoded == name.description }
        return bytes.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
    }

    var description: String { decoded ?? String(decoding: bytes, as: UTF8.self) }

    /// The key's length in UTF-8 bytes.
    var length: Int { decoded?.utf8.count ?? bytes.count }
}

/// A value of a JSON-lines record: the scalars the format's own keys use, a frame's short array of
/// numbers, and arrays and objects (a log record's metadata, a span's attributes, or any key a
/// reader does not know) parsed into a ``Lifetrace/Field.Value``.
enum JSONScalar: Equatable {
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case bool(Bool)
    case null
    /// An array of one to four numbers (`null` read as NaN): a frame's `[x,y,w,h]`, an offset's.
    case numbers(JSONNumbers)
    /// An array (a ``Lifetrace/Field.Value/list(_:)``) or an object (an ``Lifetrace/Field.Value/object(_:)``).
    case nested(Field.Value)

    /// How the value is named in messages: `a string`, `an integer`, ….
    var kind: String {
        switch self {
        case .string: "a string"
        case .integer, .unsigned: "an integer"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .numbers: "an array of numbers"
        case .nested(.object): "an object"
        case .nested: "an array"
        }
    }

    /// The value as a field's: an integer past `Int64.max` becomes a double (``Field.Value`` has no
    /// wider integer), `null` ``Lifetrace/Field.Value/null``.
    var fieldValue: Field.Value {
        switch self {
        case .string(let text): .string(text)
        case .integer(let number): .integer(number)
        case .unsigned(let number): number <= UInt64(Int64.max) ? .integer(Int64(number)) : .double(Double(number))
        case .number(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .numbers(let numbers): .list((0..<numbers.count).map { .double(numbers[$0]) })
        case .nested(let value): value
        }
    }
}

/// Up to four numbers of a short array, held inline (no allocation per record).
struct JSONNumbers: Equatable {
    /// How many numbers the array has (1…4).
    var count = 0
    private var values: (Double, Double, Double, Double) = (0, 0, 0, 0)

    /// The number at `index` (below ``count``).
    subscript(index: Int) -> Double {
        get {
            switch index {
            case 0: values.0
            case 1: values.1
            case 2: values.2
            default: values.3
            }
        }
        set {
            switch index {
            case 0: values.0 = newValue
            case 1: values.1 = newValue
            case 2: values.2 = newValue
            default: values.3 = newValue
            }
        }
    }

    static func == (a: JSONNumbers, b: JSONNumbers) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] || (a[$0].isNaN && b[$0].isNaN) }
    }
}

/// A syntax error in one line: the 0-based byte offset and what was expected.
struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
}

/// A hand-written parser for one JSON object on one line, over its UTF-8 bytes. Not a hot path, but
/// fast enough for traces of millions of lines, and precise in its errors (the column, what was
/// expected, what was found).
struct JSONLineParser {
    let bytes: UnsafeRawBufferPointer
    var position: Int
    let end: Int

    /// A parser of `bytes[start..<end]`.
    init(bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
        self.start = start
    }

    let start: Int

    /// Where (offset in the line) the first string needing repair began: invalid UTF-8 or a lone
    /// surrogate, replaced with U+FFFD; `nil` when every string was valid.
    private(set) var repairedStringOffset: Int?

    /// The text of `range` as UTF-8, noting the string at `quote` when it had to be repaired.
    private mutating func text(_ range: Range<Int>, stringAt quote: Int) -> String {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
        // ASCII (the usual case) is valid as it is; other bytes are validated as they are decoded.
        if raw.contains(where: { $0 >= 0x80 }) {
            if let valid = String(validating: raw, as: UTF8.self) { return valid }
            if repairedStringOffset == nil { repairedStringOffset = quote - start }
            return String(decoding: raw, as: UTF8.self)
        }
        return names.string(raw)
    }

    /// The names met in the lines parsed so far (the caller hands its cache in and takes it back:
    /// ``JSONLineDecoder``).
    var names = NameCache()

    /// Starts the object: its `{`. Then ``nextKey()`` gives each key in turn, after which the caller
    /// reads the key's value (``value(of:)``, or one of the fast readers of
    /// JSONLineParser+Scalars.swift), until ``nextKey()`` returns `nil` at the object's end.
    mutating func beginObject() throws {
        skipSpace()
        guard position < end else { throw error("expected \"{\" to start a record, found an empty line") }
        guard bytes[position] == UInt8(ascii: "{") else {
            throw error("expected \"{\" to start a record, found \(found())")
        }
        position += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            closed = true
        }
    }

    /// The next key, past its `:` and the spaces after it (the value's offset in the line is then
    /// ``valueOffset``); `nil` past the object's `}`, when nothing but spaces may follow.
    mutating func nextKey() throws -> JSONKey? {
        // What a sink writes: `,"key":` with no space and no escape in the key.
        if lastKeyQuote >= 0, position + 1 < end, bytes[position] == UInt8(ascii: ","),
            bytes[position + 1] == UInt8(ascii: "\"")
        {
            var index = position + 2
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            if index + 1 < end, bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: ":"),
                index + 2 < end, bytes[index + 2] != 0x20, bytes[index + 2] != 0x09, bytes[index + 2] != 0x0D
            {
                let key = JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[(position + 2)..<index]), decoded: nil)
                lastKeyQuote = position + 1
                position = index + 2
                return key
            }
        }
        if lastKeyQuote >= 0 {
            skipSpace()
            if peek() == UInt8(ascii: ",") {
                position += 1
            } else if peek() == UInt8(ascii: "}") {
                position += 1
                closed = true
            } else {
                // The key is read again for the message (keys are kept as offsets, not values).
                var again = self
                again.position = lastKeyQuote
                let previous = (try? again.parseKey())?.description ?? ""
                throw error("expected \",\" or \"}\" after the value of \"\(previous)\", found \(found())")
            }
        }
        if closed {
            skipSpace()
            guard position >= end else { throw error("expected the end of the line after the record, found \(found())") }
            return nil
        }
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, found \(found())") }
        let quote = position
        let key = try parseKey()
        skipSpace()
        guard peek() == UInt8(ascii: ":") else {
            throw error("expected \":\" after the key \"\(key)\", found \(found())")
        }
        position += 1
        skipSpace()
        lastKeyQuote = quote
        return key
    }

    /// The next key when it is one of `tokens` written as a sink writes it (`,"key":`, its value right
    /// after the colon), with its index in `tokens`, past its `:` as ``nextKey()`` leaves it; `nil`
    /// (nothing read) otherwise, and then ``nextKey()`` reads the key, whatever it is.
    @inline(__always)
    mutating func nextKnownKey(_ tokens: JSONKeyTokens) -> (key: JSONKey, index: Int)? {
        let name = position + 2
        // Two words are read from the key on (they may run past the line, not past the bytes).
        guard lastKeyQuote >= 0, name + 16 <= bytes.count, position + 1 < end, bytes[position] == UInt8(ascii: ","),
            bytes[position + 1] == UInt8(ascii: "\""), let (index, length) = tokens.match(bytes, at: name)
        else { return nil }
        let value = name + length
        guard value < end, bytes[value] != 0x20, bytes[value] != 0x09, bytes[value] != 0x0D else { return nil }
        lastKeyQuote = position + 1
        position = value
        return (JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[name..<(value - 2)]), decoded: nil), index)
    }

    /// Where the key whose value is read now starts (its quote), -1 before the first key: for the
    /// message when no `,` or `}` follows the value.
    private var lastKeyQuote = -1
    /// Whether the object's `}` was read.
    private var closed = false

    /// Where the value after the last key starts, as an offset in the line.
    var valueOffset: Int { position - start }

    /// The value of `key`: a view's frame and offset as four and two numbers held inline (no array
    /// is made per record); any other array is parsed as what it holds.
    mutating func value(of key: JSONKey) throws -> JSONScalar {
        if peek() == UInt8(ascii: "["), key.is("frame") || key.is("offset"), let numbers = shortNumberArray() {
            return .numbers(numbers)
        }
        return try parseValue(depth: 0)
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws -> JSONScalar {
        guard let byte = peek() else { throw error("expected a value, found \(found())") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < 64 else { throw error("values nested more than 64 deep") }
            return .nested(try parseNested(depth: depth))
        default:
            throw error("expected a value (a string, number, true, false, null, array or object), found \(found())")
        }
    }

    /// The array at the position when it holds one to four numbers (or nulls, read as NaN), past it;
    /// otherwise `nil`, the position unchanged (the caller skips the array as any other value).
    private mutating func shortNumberArray() -> JSONNumbers? {
        let begin = position
        var numbers = JSONNumbers()
        position += 1
        skipSpace()
        while numbers.count < 4 {
            let value: Double
            if peek() == UInt8(ascii: "n"), (try? expectWord("null")) != nil {
                value = .nan
            } else if let byte = peek(), byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")),
                let number = try? parseNumber()
            {
                switch number {
                case .unsigned(let whole): value = Double(whole)
                case .integer(let whole): value = Double(whole)
                case .number(let real): value = real
                default: value = .nan
                }
            } else {
                break
            }
            numbers[numbers.count] = value
            numbers.count += 1
            skipSpace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return numbers
            }
            guard peek() == UInt8(ascii: ",") else { break }
            position += 1
            skipSpace()
        }
        position = begin
        return nil
    }

    /// The array or object at the position, its values parsed at `depth + 1`.
    private mutating func parseNested(depth: Int) throws -> Field.Value {
        let open = bytes[position]
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        var values: [Field.Value] = []
        var fields: [Field] = []
        position += 1
        skipSpace()
        if peek() == close {
            position += 1
        } else {
            while true {
                skipSpace()
                var key: String?
                if open == UInt8(ascii: "{") {
                    guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, found \(found())") }
                    key = try parseString()
                    skipSpace()
                    guard peek() == UInt8(ascii: ":") else {
                        throw error("expected \":\" after the key \"\(key!)\", found \(found())")
                    }
                    position += 1
                    skipSpace()
                }
                let value = try parseValue(depth: depth + 1).fieldValue
                if let key { fields.append(Field(key, value)) } else { values.append(value) }
                skipSpace()
                if peek() == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                if peek() == close {
                    position += 1
                    break
                }
                throw error("expected \",\" or \"\(Character(Unicode.Scalar(close)))\", found \(found())")
            }
        }
        return open == UInt8(ascii: "[") ? .list(values) : .object(fields)
    }

    /// Parses the whole range as one JSON value (an LTTng record's JSON text): a string, number,
    /// true, false, null, array or object, nested at most 64 deep.
    mutating func parseDocument() throws -> Field.Value {
        skipSpace()
        let value = try parseValue(depth: 0).fieldValue
        skipSpace()
        guard position >= end else { throw error("expected the end of the text after the value, found \(found())") }
        return value
    }

    private mutating func expectWord(_ word: StaticString) throws {
        let begin = position
        for expected in UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard peek() == expected else {
                position = begin
                throw error("expected a value (a string, number, true, false or null), found \(found())")
            }
            position += 1
        }
    }

    private mutating func parseNumber() throws -> JSONScalar {
        let begin = position
        var negative = false
        if peek() == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var magnitude: UInt64 = 0
        var overflow = false
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            magnitude = plus
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw error("expected a digit, found \(found())") }
        var fractional = false
        if peek() == UInt8(ascii: ".") {
            fractional = true
            position += 1
            guard let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw error("expected a digit after \".\", found \(found())")
            }
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            fractional = true
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw error("expected a digit in the exponent, found \(found())")
            }
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        }
        if fractional || overflow {
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[begin..<position]), as: UTF8.self)
            return .number(Double(text) ?? .nan)
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                return .number(-Double(magnitude))
            }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        return .unsigned(magnitude)
    }

    /// A key: its bytes in the line when it has no escape (the common case: no string is made).
    private mutating func parseKey() throws -> JSONKey {
        var index = position + 1
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[(position + 1)..<index]), decoded: nil)
                position = index + 1
                return key
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        let decoded = try parseString()
        return JSONKey(bytes: UnsafeRawBufferPointer(start: nil, count: 0), decoded: decoded)
    }

    private mutating func parseString() throws -> String {
        let quote = position
        position += 1
        var plainStart = position
        var result = ""
        var hasEscapes = false
        while true {
            guard let byte = peek() else {
                position = quote
                throw JSONSyntaxError(
                    offset: end - start,
                    message:
                        "expected a closing \" for the string that starts at column \(quote - start + 1), found the end of the line (truncated line?)"
                )
            }
            if byte == UInt8(ascii: "\"") {
                let plain = text(plainStart..<position, stringAt: quote)
                position += 1
                return hasEscapes ? result + plain : plain
            }
            if byte < 0x20 {
                throw error(
                    "expected a printable character or an escape in a string, found a control character (0x\(String(byte, radix: 16)))"
                )
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                result += text(plainStart..<position, stringAt: quote)
                position += 1
                guard let escaped = peek() else {
                    throw error("expected an escaped character after \"\\\", found the end of the line")
                }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""): result += "\""
                case UInt8(ascii: "\\"): result += "\\"
                case UInt8(ascii: "/"): result += "/"
                case UInt8(ascii: "n"): result += "\n"
                case UInt8(ascii: "r"): result += "\r"
                case UInt8(ascii: "t"): result += "\t"
                case UInt8(ascii: "b"): result += "\u{08}"
                case UInt8(ascii: "f"): result += "\u{0C}"
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), peek() == UInt8(ascii: "\\"),
                        position + 1 < end, bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try parseHex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    if Unicode.Scalar(code) == nil, repairedStringOffset == nil { repairedStringOffset = quote - start }
                    result.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    position -= 1
                    throw error("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found \(found())")
                }
                plainStart = position
                continue
            }
            position += 1
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error("expected four hexadecimal digits after \\u, found the end of the line") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hexadecimal digits after \\u, found \(found())")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    // MARK: Helpers

    func peek() -> UInt8? { position < end ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D { position += 1 }
    }

    /// What is at the current position, for a message: `the end of the line (truncated line?)` or `"x"`.
    private func found() -> String {
        guard position < end else { return "the end of the line (truncated line?)" }
        var stop = position
        while stop < end, stop - position < 12, bytes[stop] != UInt8(ascii: ",") || stop == position { stop += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<stop]), as: UTF8.self)
        return "\"\(text)\""
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position - start, message: message)
    }
}
