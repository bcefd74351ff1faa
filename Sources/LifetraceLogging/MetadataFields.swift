import Lifetrace
import Logging

/// swift-log metadata as Lifetrace field values: objects sorted by key, so records compare and diff.
enum MetadataFields {
    static func value(of metadata: Logger.Metadata) -> FieldValue {
        .object(metadata.sorted { $0.key < $1.key }.map { Field($0.key, value(of: $0.value)) })
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
