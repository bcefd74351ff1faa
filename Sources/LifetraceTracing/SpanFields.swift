import Instrumentation
import Lifetrace
import Tracing
import W3CTraceContext

/// The fields of a span's records, from swift-distributed-tracing's values.
enum SpanFields {
    /// A span's ids as the text of its records' fields.
    struct IDs: Sendable {
        let trace: String
        let span: String
        let parent: String?

        init(_ context: TraceContext, parent: SpanID?) {
            trace = SpanIdentifiers.hex(context.traceID)
            span = SpanIdentifiers.hex(context.spanID)
            self.parent = parent.map(SpanIdentifiers.hex)
        }

        /// The id fields, then room for `more`: one allocation for the record's fields.
        func fields(reserving more: Int) -> [Field] {
            var fields: [Field] = []
            fields.reserveCapacity(3 + more)
            fields.append(Field("trace_id", .string(trace)))
            fields.append(Field("span_id", .string(span)))
            if let parent { fields.append(Field("parent_span_id", .string(parent))) }
            return fields
        }
    }

    static func details(
        _ ids: IDs, kind: SpanKind, attributes: SpanAttributes, links: [Field.Value], status: SpanStatus?, errors: [Field.Value]?
    ) -> Details {
        // kind, attributes, status, errors, links, and the end's new name.
        var fields = ids.fields(reserving: 6)
        fields.append(Field("kind", .string(kindName(kind))))
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

    static func eventFields(_ ids: IDs, _ attributes: SpanAttributes) -> [Field] {
        var fields = ids.fields(reserving: 1)
        if !attributes.isEmpty { fields.append(Field("attributes", value(of: attributes))) }
        return fields
    }

    static func error(_ error: any Error, attributes: SpanAttributes) -> Field.Value {
        var object = [
            Field("type", .string(String(reflecting: type(of: error)))), Field("message", .string(String(describing: error))),
        ]
        if !attributes.isEmpty { object.append(Field("attributes", value(of: attributes))) }
        return .object(object)
    }

    static func link(_ link: SpanLink) -> Field.Value {
        var object: [Field] = []
        if let linked = link.context.lifetraceTraceContext {
            object.append(Field("trace_id", .string(SpanIdentifiers.hex(linked.traceID))))
            object.append(Field("span_id", .string(SpanIdentifiers.hex(linked.spanID))))
        }
        if !link.attributes.isEmpty { object.append(Field("attributes", value(of: link.attributes))) }
        return .object(object)
    }

    static func kindName(_ kind: SpanKind) -> String {
        SpanKinds.names[Int(kindNumber(kind))]
    }

    /// OpenTelemetry's number of the kind (``SpanKinds``).
    static func kindNumber(_ kind: SpanKind) -> Int8 {
        switch kind {
        case .internal: 1
        case .server: 2
        case .client: 3
        case .producer: 4
        case .consumer: 5
        }
    }

    /// Attributes as an object sorted by name.
    static func value(of attributes: SpanAttributes) -> Field.Value {
        var fields: [Field] = []
        fields.reserveCapacity(8)
        attributes.forEach { name, attribute in fields.append(Field(name, value(of: attribute))) }
        fields.sort { $0.key < $1.key }
        return .object(fields)
    }

    static func value(of attribute: SpanAttribute) -> Field.Value {
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
