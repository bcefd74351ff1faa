import Foundation
import Lifetrace

/// Reads traces in the JSON-lines format of `docs/json-lines.md` (the `jsonl` sink's output, or
/// `tools/ctf2jsonl`'s).
///
/// Each line is parsed on its own. A malformed or truncated line, or a record that lacks a required
/// key or has a value of the wrong type, becomes a ``TraceIssue`` with its line and column and what
/// was expected; reading goes on, so the returned ``Trace`` holds every valid event. Blank lines are
/// skipped; keys the format does not know are ignored.
///
/// ```swift
/// let trace = try TraceReader.read(path: "/tmp/run.jsonl")
/// for issue in trace.issues { print(issue) }   // run.jsonl:12:57: error: expected "," or "}" …
/// let statistics = TraceStatistics(trace)
/// ```
public enum TraceReader {
    /// Reads the file at `path` (`-` reads standard input, labelled `<stdin>`).
    ///
    /// - Throws: a ``TraceIssue`` with line 0 when the file cannot be read. Problems inside the file
    ///   are not thrown: they are the trace's ``Trace/issues``.
    public static func read(path: String) throws -> Trace {
        if path == "-" {
            return parse(FileHandle.standardInput.readDataToEndOfFile(), source: "<stdin>")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let reason: String
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                reason = "no such file"
            } else if isDirectory.boolValue {
                reason = "is a directory, expected a JSON-lines file"
            } else {
                reason = "cannot be read (\(error.localizedDescription))"
            }
            throw TraceIssue(source: path, line: 0, column: 0, message: reason)
        }
        return parse(data, source: path)
    }

    /// Parses JSON lines from `text`; `source` names it in issues.
    public static func parse(_ text: String, source: String = "trace") -> Trace {
        parse(Data(text.utf8), source: source)
    }

    /// Parses JSON lines from `data`; `source` names it in issues.
    public static func parse(_ data: Data, source: String = "trace") -> Trace {
        var events: [Event] = []
        var lines: [Int] = []
        var issues: [TraceIssue] = []
        events.reserveCapacity(data.count / 160)
        lines.reserveCapacity(data.count / 160)
        data.withUnsafeBytes { bytes in
            var lineStart = 0
            var lineNumber = 0
            let count = bytes.count
            while lineStart < count {
                lineNumber += 1
                var lineEnd = lineStart
                while lineEnd < count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let terminated = lineEnd < count
                if !isBlank(bytes, lineStart, lineEnd) {
                    do {
                        events.append(try decode(bytes, lineStart, lineEnd))
                        lines.append(lineNumber)
                    } catch let error as JSONSyntaxError {
                        var message = error.message
                        if !terminated, !message.contains("truncated") {
                            message += " (the file ends inside this line: truncated?)"
                        }
                        issues.append(TraceIssue(source: source, line: lineNumber, column: error.offset + 1, message: message))
                    } catch {
                        issues.append(TraceIssue(source: source, line: lineNumber, column: 0, message: "\(error)"))
                    }
                }
                lineStart = lineEnd + 1
            }
        }
        return Trace(source: source, events: events, lines: lines, issues: issues)
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != 0x20, byte != 0x09, byte != 0x0D { return false }
            index += 1
        }
        return true
    }

    /// Decodes one record, or throws a ``JSONSyntaxError`` saying what was expected.
    private static func decode(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) throws -> Event {
        var parser = JSONLineParser(bytes: bytes, start: start, end: end)
        var seq: UInt64?
        var ts: UInt64?
        var hook: String?
        var phase: Phase?
        var controller: String?
        var id: UInt?
        var target: String?
        var targetID: UInt?
        var details = Details()
        var duration: UInt64?
        var thread: UInt32?
        try parser.parseObject { key, value, offset in
            switch key {
            case "seq": seq = try unsigned(value, key, offset)
            case "ts": ts = try unsigned(value, key, offset)
            case "event": hook = try string(value, key, offset, nonEmpty: true)
            case "phase":
                let text = try string(value, key, offset, nonEmpty: true)
                switch text {
                case "begin": phase = .begin
                case "end": phase = .end
                case "instant": phase = .instant
                default:
                    throw JSONSyntaxError(offset: offset, message: "expected \"phase\" to be \"begin\", \"end\" or \"instant\", got \"\(text)\"")
                }
            case "controller": controller = try string(value, key, offset, nonEmpty: false)
            case "id": id = try hexadecimal(value, key, offset)
            case "target": target = try string(value, key, offset, nonEmpty: false)
            case "target_id": targetID = try hexadecimal(value, key, offset)
            case "animated":
                guard case .bool(let flag) = value else {
                    throw JSONSyntaxError(offset: offset, message: "expected \"animated\" to be true or false, got \(value.kind)")
                }
                details.animated = flag
            case "index": details.index = Int(try signed(value, key, offset))
            case "text": details.text = try string(value, key, offset, nonEmpty: false)
            case "count": details.count = Int(try signed(value, key, offset))
            case "dur_ns": duration = try unsigned(value, key, offset)
            case "thread":
                let number = try unsigned(value, key, offset)
                guard number <= UInt64(UInt32.max) else {
                    throw JSONSyntaxError(offset: offset, message: "expected \"thread\" to be a thread id below 2^32, got \(number)")
                }
                thread = UInt32(number)
            default: break
            }
        }
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
            let what = missing == ["dur_ns"] ? "an end record needs \"dur_ns\"" : "expected the keys seq, ts, event, phase, controller, id and thread"
            throw JSONSyntaxError(offset: -1, message: "\(what); missing \(list)")
        }
        if let target {
            details.target = Subject(name: target, id: targetID ?? 0)
        }
        return Event(
            seq: seq!, timestamp: ts!, hook: Hook(hook!), phase: phase!,
            subject: Subject(name: controller!, id: id!), details: details,
            duration: phase == .end ? duration : nil, thread: thread!)
    }

    private static func unsigned(_ value: JSONScalar, _ key: String, _ offset: Int) throws -> UInt64 {
        switch value {
        case .unsigned(let number): return number
        default:
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be a non-negative integer, got \(describe(value))")
        }
    }

    private static func signed(_ value: JSONScalar, _ key: String, _ offset: Int) throws -> Int64 {
        switch value {
        case .unsigned(let number) where number <= UInt64(Int64.max): return Int64(number)
        case .integer(let number): return number
        default:
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be an integer, got \(describe(value))")
        }
    }

    private static func string(_ value: JSONScalar, _ key: String, _ offset: Int, nonEmpty: Bool) throws -> String {
        guard case .string(let text) = value else {
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be a string, got \(describe(value))")
        }
        if nonEmpty, text.isEmpty {
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be a non-empty string")
        }
        return text
    }

    private static func hexadecimal(_ value: JSONScalar, _ key: String, _ offset: Int) throws -> UInt {
        guard case .string(let text) = value, text.hasPrefix("0x"), let number = UInt(text.dropFirst(2), radix: 16) else {
            throw JSONSyntaxError(offset: offset, message: "expected \"\(key)\" to be a hexadecimal identity such as \"0x7f6ba8008330\", got \(describe(value))")
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
        case .nested: "an array or object"
        }
    }
}
