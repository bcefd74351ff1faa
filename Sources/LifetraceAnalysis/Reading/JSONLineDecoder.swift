import Lifetrace

/// Decodes one JSON line into an ``Lifetrace/Event``, or throws a ``JSONSyntaxError`` saying what
/// was expected; shared by ``TraceReader`` (whole files in memory) and ``JSONLinesReader`` (streams).
enum JSONLineDecoder {
    static func isBlank(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != 0x20, byte != 0x09, byte != 0x0D { return false }
            index += 1
        }
        return true
    }

    /// Decodes one record, or throws a ``JSONSyntaxError`` saying what was expected.
    /// `repairedAt` receives the offset in the line of the first string that was not valid UTF-8
    /// (or held a lone surrogate) and was repaired with U+FFFD. `names` holds the strings of the
    /// lines decoded before, made once each.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, names: inout NameCache, repairedAt: inout Int?
    ) throws -> Event {
        var parser = JSONLineParser(bytes: bytes, start: start, end: end)
        // The cache moves into the parser and back (a swap: no copy of its table).
        swap(&parser.names, &names)
        defer { swap(&parser.names, &names) }
        var seq: UInt64?
        var ts: UInt64?
        var hook: String?
        var phase: Phase?
        var controller: String?
        var id: UInt?
        var target: String?
        var targetID: UInt?
        var details = Details()
        var frame: JSONNumbers?
        var frameOffset: JSONNumbers?
        var superview: UInt?
        var duration: UInt64?
        var thread: UInt32?
        var process: UInt32?
        var host: String?
        var fields: [Field] = []
        try parser.parseObject { key, value, offset in
            if key.is("seq") {
                seq = try unsigned(value, key, offset)
            } else if key.is("ts") {
                ts = try unsigned(value, key, offset)
            } else if key.is("event") {
                hook = try string(value, key, offset, nonEmpty: true)
            } else if key.is("phase") {
                let text = try string(value, key, offset, nonEmpty: true)
                switch text {
                case "begin": phase = .begin
                case "end": phase = .end
                case "instant": phase = .instant
                default:
                    throw JSONSyntaxError(
                        offset: offset, message: "expected \"phase\" to be \"begin\", \"end\" or \"instant\", got \"\(text)\"")
                }
            } else if key.is("controller") {
                controller = try string(value, key, offset, nonEmpty: false)
            } else if key.is("id") {
                id = try hexadecimal(value, key, offset)
            } else if key.is("target") {
                target = try string(value, key, offset, nonEmpty: false)
            } else if key.is("target_id") {
                targetID = try hexadecimal(value, key, offset)
            } else if key.is("animated") {
                guard case .bool(let flag) = value else {
                    throw JSONSyntaxError(offset: offset, message: "expected \"animated\" to be true or false, got \(value.kind)")
                }
                details.animated = flag
            } else if key.is("index") {
                details.index = Int(try signed(value, key, offset))
            } else if key.is("text") {
                details.text = try string(value, key, offset, nonEmpty: false)
            } else if key.is("count") {
                details.count = Int(try signed(value, key, offset))
            } else if key.is("frame") {
                guard case .numbers(let numbers) = value, numbers.count == 4 else {
                    throw JSONSyntaxError(
                        offset: offset, message: "expected \"frame\" to be [x,y,width,height], got \(describe(value))")
                }
                frame = numbers
            } else if key.is("offset") {
                guard case .numbers(let numbers) = value, numbers.count == 2 else {
                    throw JSONSyntaxError(offset: offset, message: "expected \"offset\" to be [x,y], got \(describe(value))")
                }
                frameOffset = numbers
            } else if key.is("superview") {
                superview = try hexadecimal(value, key, offset)
            } else if key.is("dur_ns") {
                duration = try unsigned(value, key, offset)
            } else if key.is("thread") {
                let number = try unsigned(value, key, offset)
                guard number <= UInt64(UInt32.max) else {
                    throw JSONSyntaxError(
                        offset: offset, message: "expected \"thread\" to be a thread id below 2^32, got \(number)")
                }
                thread = UInt32(number)
            } else if key.is("pid") {
                let number = try unsigned(value, key, offset)
                guard number <= UInt64(UInt32.max) else {
                    throw JSONSyntaxError(
                        offset: offset, message: "expected \"pid\" to be a process id below 2^32, got \(number)")
                }
                process = UInt32(number)
            } else if key.is("host"), case .string(let name) = value {
                host = name
            } else {
                // Any other key (a `host` that is not a string, a log record's level, metadata, file, …, a span's ids, attributes,
                // status, …, or a key of another writer) is a field, in the record's order, its value
                // whole, so a converted trace keeps what the sink wrote. Hooks' records have none.
                if fields.isEmpty { fields.reserveCapacity(8) }
                fields.append(Field(key.description, value.fieldValue))
            }
        }
        if !fields.isEmpty { details.fields = fields }
        repairedAt = parser.repairedStringOffset
        var missing: [String] = []
        if seq == nil { missing.append("seq") }
        if ts == nil { missing.append("ts") }
        if hook == nil { missing.append("event") }
        if phase == nil { missing.append("phase") }
        if controller == nil { missing.append("controller") }
        if id == nil { missing.append("id") }
        if thread == nil { missing.append("thread") }
        if phase == .end, duration == nil { missing.append("dur_ns") }
        if !missing.isEmpty {
            let list = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            let what =
                missing == ["dur_ns"]
                ? "an end record needs \"dur_ns\"" : "expected the keys seq, ts, event, phase, controller, id and thread"
            throw JSONSyntaxError(offset: -1, message: "\(what); missing \(list)")
        }
        if let target {
            details.target = Subject(name: target, id: targetID ?? 0)
        }
        let viewFrame = frame.map { frame in
            Details.Frame(
                x: frame[0], y: frame[1], width: frame[2], height: frame[3], offsetX: frameOffset?[0], offsetY: frameOffset?[1],
                superview: superview)
        }
        return Event(
            seq: seq!, timestamp: ts!, hook: Hook(hook!), phase: phase!,
            subject: Subject(name: controller!, id: id!), details: details, frame: viewFrame,
            duration: phase == .end ? duration : nil, thread: thread!, process: process, host: host)
    }

    private static func unsigned(_ value: JSONScalar, _ key: JSONKey, _ offset: Int) throws -> UInt64 {
        switch value {
        case .unsigned(let number): return number
        default:
            throw JSONSyntaxError(
                offset: offset, message: "expected \"\(key)\" to be a non-negative integer, got \(describe(value))")
        }
    }

    private static func signed(_ value: JSONScalar, _ key: JSONKey, _ offset: Int) throws -> Int64 {
        switch value {
        case .unsigned(let number) where number <= UInt64(Int64.max): return Int64(number)
        case .integer(let number): return number
        default:
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be an integer, got \(describe(value))")
        }
    }

    private static func string(_ value: JSONScalar, _ key: JSONKey, _ offset: Int, nonEmpty: Bool) throws -> String {
        guard case .string(let text) = value else {
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be a string, got \(describe(value))")
        }
        if nonEmpty, text.isEmpty {
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be a non-empty string")
        }
        return text
    }

    private static func hexadecimal(_ value: JSONScalar, _ key: JSONKey, _ offset: Int) throws -> UInt {
        guard case .string(let text) = value, text.hasPrefix("0x"), let number = UInt(text.dropFirst(2), radix: 16) else {
            throw JSONSyntaxError(
                offset: offset,
                message: "expected \"\(key)\" to be a hexadecimal identity such as \"0x7f6ba8008330\", got \(describe(value))")
        }
        return number
    }

    private static func describe(_ value: JSONScalar) -> String {
        switch value {
        case .string(let text): "\"\(text.count > 20 ? text.prefix(20) + "…" : text)\""
        case .integer(let number): "\(number)"
        case .unsigned(let number): "\(number)"
        case .number(let number): "\(number)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        case .numbers(let numbers): "[" + (0..<numbers.count).map { "\(numbers[$0])" }.joined(separator: ",") + "]"
        case .nested(let nested): shortened(nested.json)
        }
    }

    /// An array's or object's JSON for a message, cut after 24 characters.
    private static func shortened(_ json: String) -> String {
        json.count > 24 ? json.prefix(24) + "…" : json
    }
}
