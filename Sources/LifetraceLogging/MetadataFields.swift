import Lifetrace
import Logging

/// swift-log metadata as Lifetrace field values: objects sorted by key, so records compare and diff.
enum MetadataFields {
    static func value(of metadata: Logger.Metadata) -> FieldValue {
        // One key (the common case) needs no sorting.
        if metadata.count == 1, let (key, value) = metadata.first { return .object([Field(key, Self.value(of: value))]) }
        return .object(metadata.sorted { $0.key < $1.key }.map { Field($0.key, value(of: $0.value)) })
    }

    static func value(of value: Logger.Metadata.Value) -> FieldValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .dictionary(let metadata): Self.value(of: metadata)
        case .array(let values): .list(values.map { Self.value(of: $0) })
        }
    }
}
