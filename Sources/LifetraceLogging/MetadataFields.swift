import Lifetrace
import Logging

/// swift-log metadata as Lifetrace field values: objects sorted by key, so records compare and diff.
enum MetadataFields {
    static func value(of metadata: Logger.Metadata) -> Field.Value {
        // One key (the common case) needs no sorting.
        if metadata.count == 1, let (key, value) = metadata.first { return .object([Field(key, Self.value(of: value))]) }
        return .object(metadata.sorted { $0.key < $1.key }.map { Field($0.key, value(of: $0.value)) })
    }

    static func value(of value: Logger.Metadata.Value) -> Field.Value {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .dictionary(let metadata): Self.value(of: metadata)
        case .array(let values): .list(values.map { Self.value(of: $0) })
        }
    }

    /// Appends the metadata as JSON, the text of ``value(of:)-(Logger.Metadata)``'s `json`, without
    /// building the field values.
    static func appendJSON(of metadata: Logger.Metadata, to buffer: inout LineBuffer) {
        buffer.append(UInt8(ascii: "{"))
        if metadata.count == 1, let (key, value) = metadata.first {
            append(key, value, to: &buffer)
        } else {
            for (index, (key, value)) in metadata.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                append(key, value, to: &buffer)
            }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    private static func append(_ key: String, _ value: Logger.Metadata.Value, to buffer: inout LineBuffer) {
        buffer.appendJSONString(key)
        buffer.append(UInt8(ascii: ":"))
        appendJSON(of: value, to: &buffer)
    }

    static func appendJSON(of value: Logger.Metadata.Value, to buffer: inout LineBuffer) {
        switch value {
        case .string(let text): buffer.appendJSONString(text)
        case .stringConvertible(let convertible): buffer.appendJSONString(convertible.description)
        case .dictionary(let metadata): appendJSON(of: metadata, to: &buffer)
        case .array(let values):
            buffer.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                appendJSON(of: value, to: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        }
    }
}
