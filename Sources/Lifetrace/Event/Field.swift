/// A named value an event carries beyond the fixed ``Details``: a log record's level, label, message
/// and metadata, a span's trace id, kind and attributes.
///
/// Sinks write fields after the fixed details, in their order: the JSON-lines sink as keys of the
/// record (`"level":"warning"`), the text sink as `key=value`. Hooks of controllers carry none.
public struct Field: Sendable, Hashable {
    /// The key, in snake case (a JSON-lines key: `trace_id`, `metadata`).
    public var key: String
    /// The value.
    public var value: Field.Value

    /// Creates a field.
    public init(_ key: String, _ value: Field.Value) {
        self.key = key
        self.value = value
    }
}

extension [Field] {
    /// The value of the first field named `key`, or `nil`.
    package subscript(key: String) -> Field.Value? {
        first { $0.key == key }?.value
    }
}
