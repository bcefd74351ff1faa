/// The kinds of a span, by OpenTelemetry's numbers (its protocol's `SpanKind`): how a span record's
/// `kind` travels as a number (LTTng's `lifetrace:span_*` tracepoints, whose `span_kind`
/// enumeration in `tracepoints/lifetrace_provider.h` labels the same numbers) and is read back as
/// its name (`server`, `client`, …: the JSON lines' `kind`).
package enum SpanKinds {
    /// Each kind's name at its number; 0, `unspecified`, is OpenTelemetry's "not set".
    package static let names = ["unspecified", "internal", "server", "client", "producer", "consumer"]

    /// The number of a kind's name; 0 for a name not in ``names``.
    package static func number(of name: String) -> Int8 {
        Int8(names.firstIndex(of: name) ?? 0)
    }

    /// The name of a kind's number; `nil` for a number out of range.
    package static func name(of number: Int64) -> String? {
        number >= 0 && number < names.count ? names[Int(number)] : nil
    }
}
