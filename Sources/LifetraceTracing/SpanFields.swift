import Instrumentation
import Lifetrace
import Tracing
import W3CTraceContext

/// The fields of a span's records, from swift-distributed-tracing's values.
enum SpanFields {
    /// The span id as a number (the subject's identity): its 8 bytes, big-endian.
    static func number(of spanID: SpanID) -> UInt64 {
        let b = spanID.bytes
        return [b.0, b.1, b.2, b.3, b.4, b.5, b.6, b.7].reduce(0) { $0 << 8 | UInt64($1) }
    }

    static func details(
        of span: LifetraceSpan, attributes: SpanAttributes, links: [FieldValue], status: SpanStatus?, errors: [FieldValue]?
    ) -> Details {
        var fields = ids(of: span)
        fields.append(Field("kind", .string(kindName(span.kind))))
        if !attributes.isEmpty { fields.append(Field("attributes", value(of: attributes))) }
        if let status {
            var object = [Field("code", .string(status.code == .ok ? "ok" : "error"))]
            if let message = status.message { object.append(Field("message", .string(message))) }
            fields.append(Field("status", .object(object)))
        }
        if let errors, !errors.isEmpty { fields.append(Field("errors", .list(errors))) }
        if !links.isEmpty { fields.append(Field("links", .list(links))) }
        return Details(fields: fields)
    }

    static func eventFields(of span: LifetraceSpan, _ attributes: SpanAttributes) -> [Field] {
        var fields = ids(of: span)
        if !attributes.isEmpty { fields.append(Field("attributes", value(of: attributes))) }
        return fields
    }

    private static func ids(of span: LifetraceSpan) -> [Field] {
        var fields = [
            Field("trace_id", .string(span.traceContext.traceID.description)),
            Field("span_id", .string(span.traceContext.spanID.description)),
        ]
        if let parent = span.parentSpanID { fields.append(Field("parent_span_id", .string(parent.description))) }
        return fields
    }

    static func error(_ error: any Error, attributes: SpanAttributes) -> FieldValue {
        var object = [
            Field("type", .string(String(reflecting: type(of: error)))), Field("message", .string(String(describing: error))),
        ]
        if !attributes.isEmpty { object.append(Field("attributes", value(of: attributes))) }
        return .object(object)
    }

    static func link(_ link: SpanLink) -> FieldValue {
        var object: [Field] = []
        if let linked = link.context.lifetraceTraceContext {
            object.append(Field("trace_id", .string(linked.traceID.description)))
            object.append(Field("span_id", .string(linked.spanID.description)))
        }
        if !link.attributes.isEmpty { object.append(Field("attributes", value(of: link.attributes))) }
        return .object(object)
    }

    static func kindName(_ kind: SpanKind) -> String {
        switch kind {
        case .server: "server"
        case .client: "client"
        case .producer: "producer"
        case .consumer: "consumer"
        case .internal: "internal"
        }
    }

    /// Attributes as an object sorted by name.
    static func value(of attributes: SpanAttributes) -> FieldValue {
        var fields: [Field] = []
        attributes.forEach { name, attribute in fields.append(Field(name, value(of: attribute))) }
        return .object(fields.sorted { $0.key < $1.key })
    }

    static func value(of attribute: SpanAttribute) -> FieldValue {
        switch attribute {
        case .int32(let number): .integer(Int64(number))
        case .int64(let number): .integer(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        case .string(let text): .string(text)
        case .int32Array(let numbers): .list(numbers.map { .integer(Int64($0)) })
        case .int64Array(let numbers): .list(numbers.map { .integer($0) })
        case .doubleArray(let numbers): .list(numbers.map { .double($0) })
        case .boolArray(let flags): .list(flags.map { .bool($0) })
        case .stringArray(let texts): .list(texts.map { .string($0) })
        case .stringConvertible(let convertible): .string(convertible.description)
        case .stringConvertibleArray(let convertibles): .list(convertibles.map { .string($0.description) })
        default: .string("\(attribute)")
        }
    }
}
