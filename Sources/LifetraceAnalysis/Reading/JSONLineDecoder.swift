import Lifetrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// lines decoded before, made once each; `sharedHost` the storage of the details of the last
    /// lines' host (their details share it while they have nothing else out of line).
    static func decode(
        _ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, names: inout NameCache,
        sharing sharedHost: inout Details.SharedHost, repairedAt: inout Int?
    ) throws -> Event {
        var parser = JSONLineParser(bytes: bytes, start: start, end: end)
        // The cache moves into the parser and back (a swap: no copy of its table).
        swap(&parser.names, &names)
        defer { swap(&parser.names, &names) }
        var seq: UInt64?
        var ts: UInt64?
        var hook: Hook?
        var phase: Phase?
        var controller: String?
        var id: UInt?
        var target: String?
        var targetID: UInt?
        var animated: Bool?
        var index: Int?
        var text: String?
        var count: Int?
        var frame: JSONNumbers?
        var frameOffset: JSONNumbers?
        var superview: UInt?
        var duration: UInt64?
        var thread: UInt32?
        var process: UInt32?
        var host: String?
        var fields: [Field] = []
        // Each value is read by the fast reader of its key's plain form (what a sink writes), or
        // else as any value, which the checks below accept or reject with a message.
        try parser.beginObject()
        let (tokens, candidates) = (RecordKey.tokens, RecordKey.candidates)
        while true {
            // A key as a sink writes it is known at a glance; any other is read and then told apart.
            let key: JSONKey
            let recordKey: RecordKey
            if let (known, index) = parser.nextKnownKey(tokens) {
                (key, recordKey) = (known, candidates[index].key)
            } else if let next = try parser.nextKey() {
                (key, recordKey) = (next, RecordKey(next))
            } else {
                break
            }
            let offset = parser.valueOffset
            switch recordKey {
            case .seq:
                seq = try parser.unsignedInteger() ?? unsigned(parser.value(of: key), key, offset)
            case .ts:
                ts = try parser.unsignedInteger() ?? unsigned(parser.value(of: key), key, offset)
            case .event:
                if let name = parser.plainString() {
                    guard name.count > 0 else {
                        _ = try string(.string(""), key, offset, nonEmpty: true)
                        continue
                    }
                    hook = parser.names.hook(name)
                } else {
                    hook = Hook(try string(parser.value(of: key), key, offset, nonEmpty: true))
                }
            case .phase:
                let value: JSONScalar
                if let text = parser.plainString() {
                    if let known = Self.phase(text) {
                        phase = known
                        continue
                    }
                    value = .string(String(decoding: text, as: UTF8.self))
                } else {
                    value = try parser.value(of: key)
                }
                phase = try Self.phase(value, key, offset)
            case .controller:
                controller =
                    try parser.plainString().map { parser.names.string($0) }
                    ?? string(parser.value(of: key), key, offset, nonEmpty: false)
            case .id:
                id = try parser.hexadecimalIdentity() ?? hexadecimal(parser.value(of: key), key, offset)
            case .target:
                target =
                    try parser.plainString().map { parser.names.string($0) }
                    ?? string(parser.value(of: key), key, offset, nonEmpty: false)
            case .targetID:
                targetID = try parser.hexadecimalIdentity() ?? hexadecimal(parser.value(of: key), key, offset)
            case .animated:
                let value = try parser.value(of: key)
                guard case .bool(let flag) = value else {
                    throw JSONSyntaxError(offset: offset, message: "expected \"animated\" to be true or false, got \(value.kind)")
                }
                animated = flag
            case .index:
                index = Int(try parser.signedInteger() ?? signed(parser.value(of: key), key, offset))
            case .text:
                text = try string(parser.value(of: key), key, offset, nonEmpty: false)
            case .count:
                count = Int(try parser.signedInteger() ?? signed(parser.value(of: key), key, offset))
            case .frame:
                let value = try parser.value(of: key)
                guard case .numbers(let numbers) = value, numbers.count == 4 else {
                    throw JSONSyntaxError(
                        offset: offset, message: "expected \"frame\" to be [x,y,width,height], got \(describe(value))")
                }
                frame = numbers
            case .offset:
                let value = try parser.value(of: key)
                guard case .numbers(let numbers) = value, numbers.count == 2 else {
                    throw JSONSyntaxError(offset: offset, message: "expected \"offset\" to be [x,y], got \(describe(value))")
                }
                frameOffset = numbers
            case .superview:
                superview = try parser.hexadecimalIdentity() ?? hexadecimal(parser.value(of: key), key, offset)
            case .duration:
                duration = try parser.unsignedInteger() ?? unsigned(parser.value(of: key), key, offset)
            case .thread:
                let number = try parser.unsignedInteger() ?? unsigned(parser.value(of: key), key, offset)
                thread = try below32Bits(number, key, offset, "a thread id")
            case .pid:
                let number = try parser.unsignedInteger() ?? unsigned(parser.value(of: key), key, offset)
                process = try below32Bits(number, key, offset, "a process id")
            case .host:
                if let name = parser.plainString() {
                    host = parser.names.string(name)
                    continue
                }
                let value = try parser.value(of: key)
                if case .string(let name) = value {
                    host = name
                } else {
                    fields.append(Field(key.description, value.fieldValue))
                }
            case .other:
                // Any other key (a log record's level, metadata, file, …, a span's ids, attributes,
                // status, …, or a key of another writer) is a field, in the record's order, its value
                // whole, so a converted trace keeps what the sink wrote. Hooks' records have none.
                if fields.isEmpty { fields.reserveCapacity(8) }
                fields.append(Field(key.description, try parser.value(of: key).fieldValue))
            }
        }
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
        let viewFrame = frame.map { frame in
            Details.Frame(
                x: frame[0], y: frame[1], width: frame[2], height: frame[3], offsetX: frameOffset?[0], offsetY: frameOffset?[1],
                superview: superview)
        }
        // The details' out-of-line parts made at once (setting them one by one makes a storage for
        // each), a host's alone shared with the lines before.
        let details = Details(
            target: target.map { Subject(name: $0, id: targetID ?? 0) }, animated: animated, index: index, text: text,
            count: count, fields: fields.isEmpty ? nil : fields, frame: viewFrame, host: host, sharing: &sharedHost)
        return Event(
            seq: seq!, timestamp: ts!, hook: hook!, phase: phase!, subject: Subject(name: controller!, id: id!),
            details: details, duration: phase == .end ? duration : nil, thread: thread!, process: process)
    }

    /// The keys of the format, told apart by length first (the key's bytes are compared once or twice).
    private enum RecordKey {
        case seq, ts, event, phase, controller, id, target, targetID, animated, index, text, count, frame, offset
        case superview, duration, thread, pid, host, other

        init(_ key: JSONKey) {
            guard key.decoded == nil, let first = key.bytes.first, let last = key.bytes.last else {
                self = Self.candidates.first { key.is($0.name) }?.key ?? .other
                return
            }
            // The length and the first and last bytes tell the format's keys apart; one comparison
            // checks the rest.
            let candidate: (name: StaticString, key: RecordKey)? =
                switch (key.bytes.count, first, last) {
                case (2, UInt8(ascii: "t"), _): ("ts", .ts)
                case (2, UInt8(ascii: "i"), _): ("id", .id)
                case (3, UInt8(ascii: "s"), _): ("seq", .seq)
                case (3, UInt8(ascii: "p"), _): ("pid", .pid)
                case (4, UInt8(ascii: "t"), _): ("text", .text)
                case (4, UInt8(ascii: "h"), _): ("host", .host)
                case (5, UInt8(ascii: "e"), _): ("event", .event)
                case (5, UInt8(ascii: "p"), _): ("phase", .phase)
                case (5, UInt8(ascii: "c"), _): ("count", .count)
                case (5, UInt8(ascii: "i"), _): ("index", .index)
                case (5, UInt8(ascii: "f"), _): ("frame", .frame)
                case (6, UInt8(ascii: "t"), UInt8(ascii: "d")): ("thread", .thread)
                case (6, UInt8(ascii: "t"), _): ("target", .target)
                case (6, UInt8(ascii: "d"), _): ("dur_ns", .duration)
                case (6, UInt8(ascii: "o"), _): ("offset", .offset)
                case (8, _, _): ("animated", .animated)
                case (9, UInt8(ascii: "t"), _): ("target_id", .targetID)
                case (9, UInt8(ascii: "s"), _): ("superview", .superview)
                case (10, _, _): ("controller", .controller)
                default: nil
                }
            guard let candidate, key.is(candidate.name) else {
                self = .other
                return
            }
            self = candidate.key
        }

        /// Every key of the format as a sink writes it, for ``JSONLineParser/nextKnownKey(_:)``.
        static let tokens = JSONKeyTokens(candidates.map(\.name))

        /// Every key of the format (and, for a key written with escapes, what it is compared with).
        static let candidates: [(name: StaticString, key: RecordKey)] = [
            ("seq", .seq), ("ts", .ts), ("event", .event), ("phase", .phase), ("controller", .controller), ("id", .id),
            ("target", .target), ("target_id", .targetID), ("animated", .animated), ("index", .index), ("text", .text),
            ("count", .count), ("frame", .frame), ("offset", .offset), ("superview", .superview), ("dur_ns", .duration),
            ("thread", .thread), ("pid", .pid), ("host", .host),
        ]
    }

    /// The phase a plain string names, or `nil`.
    private static func phase(_ text: UnsafeRawBufferPointer) -> Phase? {
        let phase: (name: StaticString, phase: Phase)
        switch text.count {
        case 5: phase = ("begin", .begin)
        case 3: phase = ("end", .end)
        case 7: phase = ("instant", .instant)
        default: return nil
        }
        return memcmp(text.baseAddress!, phase.name.utf8Start, text.count) == 0 ? phase.phase : nil
    }

    private static func phase(_ value: JSONScalar, _ key: JSONKey, _ offset: Int) throws -> Phase {
        let text = try string(value, key, offset, nonEmpty: true)
        switch text {
        case "begin": return .begin
        case "end": return .end
        case "instant": return .instant
        default:
            throw JSONSyntaxError(
                offset: offset, message: "expected \"phase\" to be \"begin\", \"end\" or \"instant\", got \"\(text)\"")
        }
    }

    private static func unsigned(_ value: JSONScalar, _ key: JSONKey, _ offset: Int) throws -> UInt64 {
        switch value {
        case .unsigned(let number): return number
        default:
            throw JSONSyntaxError(
                offset: offset, message: "expected \"\(key)\" to be a non-negative integer, got \(describe(value))")
        }
    }

    /// A thread's or process's id, which LTTng records in 32 bits.
    private static func below32Bits(_ number: UInt64, _ key: JSONKey, _ offset: Int, _ what: String) throws -> UInt32 {
        guard number <= UInt64(UInt32.max) else {
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be \(what) below 2^32, got \(number)")
        }
        return UInt32(number)
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
