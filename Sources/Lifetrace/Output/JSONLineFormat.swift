/// The JSON-lines encoding of an event: one object per line, snake-case keys in a fixed order,
/// written by hand into a reused buffer (never `JSONEncoder`), so an event costs no allocation.
///
/// Keys, in order (absent ones are omitted): `seq`, `ts`, `event`, `phase`, `controller`, `id`,
/// `target`, `target_id`, `animated`, `index`, `text`, `count`, `dur_ns`, `thread`.
public enum JSONLineFormat {
    /// Appends `event` as one JSON object and a newline.
    public static func append(_ event: Event, to buffer: inout [UInt8]) {
        buffer.appendStatic("{\"seq\":")
        buffer.appendDecimal(event.seq)
        buffer.appendStatic(",\"ts\":")
        buffer.appendDecimal(event.timestamp)
        buffer.appendStatic(",\"event\":")
        buffer.appendJSONString(event.hook.name)
        switch event.phase {
        case .begin: buffer.appendStatic(",\"phase\":\"begin\",\"controller\":")
        case .end: buffer.appendStatic(",\"phase\":\"end\",\"controller\":")
        case .instant: buffer.appendStatic(",\"phase\":\"instant\",\"controller\":")
        }
        buffer.appendJSONString(event.subject.name)
        buffer.appendStatic(",\"id\":\"")
        buffer.appendHex(event.subject.id)
        buffer.append(UInt8(ascii: "\""))
        let details = event.details
        if let target = details.target {
            buffer.appendStatic(",\"target\":")
            buffer.appendJSONString(target.name)
            buffer.appendStatic(",\"target_id\":\"")
            buffer.appendHex(target.id)
            buffer.append(UInt8(ascii: "\""))
        }
        if let animated = details.animated {
            buffer.appendStatic(animated ? ",\"animated\":true" : ",\"animated\":false")
        }
        if let index = details.index {
            buffer.appendStatic(",\"index\":")
            buffer.appendDecimal(index)
        }
        if let text = details.text {
            buffer.appendStatic(",\"text\":")
            buffer.appendJSONString(text)
        }
        if let count = details.count {
            buffer.appendStatic(",\"count\":")
            buffer.appendDecimal(count)
        }
        if let duration = event.duration {
            buffer.appendStatic(",\"dur_ns\":")
            buffer.appendDecimal(duration)
        }
        buffer.appendStatic(",\"thread\":")
        buffer.appendDecimal(UInt64(event.thread))
        buffer.appendStatic("}\n")
    }

    /// One event as a JSON line (with its newline), for tools and tests.
    public static func line(_ event: Event) -> String {
        var buffer: [UInt8] = []
        append(event, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
