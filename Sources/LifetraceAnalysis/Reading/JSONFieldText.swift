import Lifetrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Field.Value {
    /// The value of a JSON text: what an LTTng record carries as a string (a log record's `metadata`,
    /// a span's `attributes`, `errors` and `links`), parsed as the JSON-lines reader parses a record's
    /// values (nested at most 64 deep); `nil` when the text is not one JSON value.
    package init?(jsonText text: UnsafePointer<CChar>) {
        let count = strlen(text)
        var parser = JSONLineParser(bytes: UnsafeRawBufferPointer(start: text, count: count), start: 0, end: count)
        guard let value = try? parser.parseDocument() else { return nil }
        self = value
    }
}
