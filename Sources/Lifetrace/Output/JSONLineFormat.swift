/// The JSON-lines encoding of an event: one object per line, snake-case keys in a fixed order,
/// written by hand into a reused ``LineBuffer`` (never `JSONEncoder`), so an event costs no allocation.
///
/// Keys, in order (absent ones are omitted): `seq`, `ts`, `event`, `phase`, `controller`, `id`,
/// `target`, `target_id`, `animated`, `index`, `text`, `count`, `frame`, `offset` and `superview` (a
/// view's ``Details.Frame``), the event's ``Field``s in their order (logs' and spans'), `dur_ns`,
/// `thread`, `pid` (only on events read from a trace of several processes), `host` (only on events
/// read from an LTTng trace, whose metadata names the machine).
package enum JSONLineFormat {
    /// Appends `event` as one JSON object and a newline.
    package static func append(_ event: Event, to buffer: inout LineBuffer) {
        buffer.append("{\"seq\":")
        buffer.appendDecimal(event.seq)
        buffer.append(",\"ts\":")
        buffer.appendDecimal(event.timestamp)
        buffer.append(",\"event\":")
        if let name = HookNames.staticName(of: event.hook.code) {
            buffer.append(UInt8(ascii: "\""))
            buffer.append(name)
            buffer.append(UInt8(ascii: "\""))
        } else {
            buffer.appendJSONString(event.hook.name)
        }
        switch event.phase {
        case .begin: buffer.append(",\"phase\":\"begin\",\"controller\":")
        case .end: buffer.append(",\"phase\":\"end\",\"controller\":")
        case .instant: buffer.append(",\"phase\":\"instant\",\"controller\":")
        }
        buffer.appendJSONString(event.subject.name)
        buffer.append(",\"id\":\"")
        buffer.appendHex(event.subject.id)
        buffer.append(UInt8(ascii: "\""))
        let details = event.details
        if let target = details.target {
            buffer.append(",\"target\":")
            buffer.appendJSONString(target.name)
            buffer.append(",\"target_id\":\"")
            buffer.appendHex(target.id)
            buffer.append(UInt8(ascii: "\""))
        }
        if let animated = details.animated {
            buffer.append(animated ? ",\"animated\":true" : ",\"animated\":false")
        }
        if let index = details.index {
            buffer.append(",\"index\":")
            buffer.appendDecimal(index)
        }
        if let text = details.text {
            buffer.append(",\"text\":")
            buffer.appendJSONString(text)
        }
        if let count = details.count {
            buffer.append(",\"count\":")
            buffer.appendDecimal(count)
        }
        if let frame = event.frame { buffer.appendJSONFrame(frame) }
        if let fields = details.fields {
            for field in fields {
                buffer.append(UInt8(ascii: ","))
                buffer.appendJSONString(field.key)
                buffer.append(UInt8(ascii: ":"))
                field.value.appendJSON(to: &buffer)
            }
        }
        if let duration = event.duration {
            buffer.append(",\"dur_ns\":")
            buffer.appendDecimal(duration)
        }
        buffer.append(",\"thread\":")
        buffer.appendDecimal(UInt64(event.thread))
        if let process = event.process {
            buffer.append(",\"pid\":")
            buffer.appendDecimal(UInt64(process))
        }
        if let host = details.host {
            buffer.append(",\"host\":")
            buffer.appendJSONString(host)
        }
        buffer.append("}\n")
    }

    /// One event as a JSON line (with its newline), for tools and tests.
    package static func line(_ event: Event) -> String {
        var buffer = LineBuffer()
        append(event, to: &buffer)
        return buffer.string
    }
}
