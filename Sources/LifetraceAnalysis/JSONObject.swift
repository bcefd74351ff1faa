/// One JSON object built field by field, for the exporters and the report: keys in the order added,
/// strings quoted by ``JSONText/quote(_:)``, integers as they print, arrays of integers, strings or
/// objects, nested objects and pre-rendered numbers (``JSONText/microseconds(_:)``) as given. Keys
/// are literals of ours, which need no escaping, or an event's field names, quoted
/// (``add(field:_:)``).
///
/// ```swift
/// var event = JSONObject()
/// event.add("ph", .string("X"))
/// event.add("ts", .raw(JSONText.microseconds(start)))
/// event.json   // {"ph":"X","ts":12.5}
/// ```
struct JSONObject {
    /// A field's value.
    enum Value {
        case string(String)
        case bool(Bool)
        /// JSON text already rendered: a number with decimals, a nested object's ``JSONObject/json``.
        case raw(String)
        /// An array of integers, `[1,2,3]`, written straight into the object's text.
        case integers([Int64])
        /// An array of numbers, `[0,97.5,null]`: whole ones without a fraction, others as Swift
        /// prints them (the shortest text that reads back the same), `null` for one not finite.
        case numbers([Double])
        /// An array of strings, each quoted, `["a","b"]`.
        case strings([String])
        /// An array of objects, one a line (`[` and `]` on lines of their own), as the report's lanes.
        case objectLines([JSONObject])

        static func integer(_ value: some BinaryInteger) -> Value { .raw(String(value)) }
        static func object(_ object: JSONObject) -> Value { .raw(object.json) }
    }

    private var text = "{"

    init() {}

    /// Appends `"key":value`; a `nil` value adds nothing.
    mutating func add(_ key: StaticString, _ value: Value?) {
        guard let value else { return }
        if text.utf8.count > 1 { text += "," }
        text += "\""
        text += key.description
        text += "\":"
        append(value)
    }

    /// Appends `"key":value` for a key that is not ours (an event's field), quoted and escaped.
    mutating func add(field key: String, _ value: Value) {
        if text.utf8.count > 1 { text += "," }
        text += JSONText.quote(key)
        text += ":"
        append(value)
    }

    private mutating func append(_ value: Value) {
        switch value {
        case .string(let string): text += JSONText.quote(string)
        case .bool(let flag): text += flag ? "true" : "false"
        case .raw(let rendered): text += rendered
        case .integers(let numbers):
            text += "["
            for (index, number) in numbers.enumerated() {
                if index > 0 { text += "," }
                text += String(number)
            }
            text += "]"
        case .numbers(let numbers):
            text += "["
            for (index, number) in numbers.enumerated() {
                if index > 0 { text += "," }
                text += JSONText.number(number)
            }
            text += "]"
        case .strings(let strings):
            text += "["
            for (index, string) in strings.enumerated() {
                if index > 0 { text += "," }
                text += JSONText.quote(string)
            }
            text += "]"
        case .objectLines(let objects):
            text += "[\n"
            for (index, object) in objects.enumerated() {
                if index > 0 { text += ",\n" }
                text += object.text
                text += "}"
            }
            text += "\n]"
        }
    }

    /// The object's JSON text.
    var json: String { text + "}" }
}
