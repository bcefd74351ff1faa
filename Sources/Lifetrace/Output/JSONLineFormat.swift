/// The JSON-lines encoding of an event: one object per line, snake-case keys in a fixed order,
/// written by hand into a reused buffer (never `JSONEncoder`), so an event costs no allocation.
///
/// Keys, in order (absent ones are omitted): `seq`, `ts`, `event`, `phase`, `controller`, `id`,
/// `target`, `target_id`, `animated`, `index`, `text`, `count`, `dur_ns`, `thread`.
public enum JSONLineFormat {
    /// Appends `event` as one JSON object and a newline.
    public static func append(_ event: Event, to buffer: inout [UInt8]) {
        buffer.appendUTF8("{\"seq\":")
        buffer.appendDecimal(event.seq)
        buffer.appendUTF8(",\"ts\":")
        buffer.appendDecimal(event.timestamp)
        buffer.appendUTF8(",\"event\":")
        buffer.appendJSONString(event.hook.name)
        buffer.appendUTF8(",\"phase\":\"")
        buffer.appendUTF8(event.phase.description)
        buffer.appendUTF8("\",\"controller\":")
        buffer.appendJSONString(event.subject.name)
        buffer.appendUTF8(",\"id\":\"")
        buffer.appendHex(event.subject.id)
        buffer.append(UInt8(ascii: "\""))
        let details = event.details
        if let target = details.target {
            buffer.appendUTF8(",\"target\":")
            buffer.appendJSONString(target.name)
            buffer.appendUTF8(",\"target_id\":\"")
            buffer.appendHex(target.id)
            buffer.append(UInt8(ascii: "\""))
        }
        if let animated = details.animated {
            buffer.appendUTF8(animated ? ",\"animated\":true" : ",\"animated\":false")
        }
        if let index = details.index {
            buffer.appendUTF8(",\"index\":")
            buffer.appendDecimal(index)
        }
        if let text = details.text {
            buffer.appendUTF8(",\"text\":")
            buffer.appendJSONString(text)
        }
        if let count = details.count {
            buffer.appendUTF8(",\"count\":")
            buffer.appendDecimal(count)
        }
        if let duration = event.duration {
            buffer.appendUTF8(",\"dur_ns\":")
            buffer.appendDecimal(duration)
        }
        buffer.appendUTF8(",\"thread\":")
        buffer.appendDecimal(UInt64(event.thread))
        buffer.appendUTF8("}\n")
    }

    /// One event as a JSON line (with its newline), for tools and tests.
    public static func line(_ event: Event) -> String {
        var buffer: [UInt8] = []
        append(event, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
