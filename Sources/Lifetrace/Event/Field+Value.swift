extension Field {
    /// The value of a ``Field``: text, a number, a flag, a list or object of values, or null (as JSON has).
    public enum Value: Sendable, Hashable {
        /// Text.
        case string(String)
        /// A whole number.
        case integer(Int64)
        /// A floating-point number (JSON lines write a non-finite one as a string).
        case double(Double)
        /// A flag.
        case bool(Bool)
        /// A list of values.
        case list([Field.Value])
        /// Named values, in order (a JSON object).
        case object([Field])
        /// JSON's `null`: no sink writes one, but a reader keeps one it meets in a record (written back
        /// as `null`).
        case null

        /// The text of a ``string(_:)``, else `nil`.
        public var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }

        /// Appends the value as JSON.
        func appendJSON(to buffer: inout LineBuffer) {
            switch self {
            case .string(let text):
                buffer.appendJSONString(text)
            case .integer(let number):
                buffer.appendDecimal(Int(number))
            case .double(let number):
                if number.isFinite {
                    buffer.appendUTF8(number.description)
                } else {
                    buffer.appendJSONString(number.description)
                }
            case .bool(let flag):
                buffer.append(flag ? "true" : "false")
            case .list(let values):
                buffer.append(UInt8(ascii: "["))
                for (index, value) in values.enumerated() {
                    if index > 0 { buffer.append(UInt8(ascii: ",")) }
                    value.appendJSON(to: &buffer)
                }
                buffer.append(UInt8(ascii: "]"))
            case .object(let fields):
                buffer.append(UInt8(ascii: "{"))
                for (index, field) in fields.enumerated() {
                    if index > 0 { buffer.append(UInt8(ascii: ",")) }
                    buffer.appendJSONString(field.key)
                    buffer.append(UInt8(ascii: ":"))
                    field.value.appendJSON(to: &buffer)
                }
                buffer.append(UInt8(ascii: "}"))
            case .null:
                buffer.append("null")
            }
        }

        /// The value as JSON text (`"warning"`, `{"user":"ada"}`).
        public var json: String {
            var buffer = LineBuffer()
            appendJSON(to: &buffer)
            return buffer.string
        }

        /// Appends the value for a person to read: a string as it is (escaped to stay on one line),
        /// anything else as JSON.
        func appendText(to buffer: inout LineBuffer) {
            if case .string(let text) = self {
                buffer.appendPrintable(text)
            } else {
                appendJSON(to: &buffer)
            }
        }
    }
}
