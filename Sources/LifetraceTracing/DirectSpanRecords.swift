import Lifetrace
import Tracing
import W3CTraceContext

/// A span's records straight into a `SpanRecordTracer`'s entry points (the LTTng sink installed
/// alone): the ids and the kind as numbers, the end's
/// attributes, status, errors and links rendered once; no `Details`, no fields, no dispatch.
enum DirectSpanRecords {
    /// Records a span's begin.
    static func begin(
        _ recorder: SpanRecorder, name: String, _ traceContext: SharedTraceContext, parent: UInt64, kind: SpanKind
    ) {
        name.withCString { name in
            recorder.record(
                SpanRecordParts(
                    phase: .begin, name: name, spanID: traceContext.spanNumber, parentID: parent,
                    traceID: SpanIdentifiers.words(of: traceContext.value.traceID), kind: SpanFields.kindNumber(kind)))
        }
    }

    /// Records a span's end under its final name, with what was set on it.
    static func end(
        _ recorder: SpanRecorder, name: String, _ traceContext: SharedTraceContext, parent: UInt64, kind: SpanKind,
        attributes: SpanAttributes, status: SpanStatus?, errors: [Field.Value], links: [Field.Value]
    ) {
        let status = status.map { status in
            let code = status.code == .ok ? "ok" : "error"
            return status.message.map { "\(code): \($0)" } ?? code
        }
        let errors = errors.isEmpty ? nil : Field.Value.list(errors).json
        let links = links.isEmpty ? nil : Field.Value.list(links).json
        name.withCString { name in
            withAttributesJSON(attributes) { attributes in
                withOptionalCString(status) { status in
                    withOptionalCString(errors) { errors in
                        withOptionalCString(links) { links in
                            recorder.record(
                                SpanRecordParts(
                                    phase: .end, name: name, spanID: traceContext.spanNumber, parentID: parent,
                                    traceID: SpanIdentifiers.words(of: traceContext.value.traceID),
                                    kind: SpanFields.kindNumber(kind), attributes: attributes, status: status,
                                    errors: errors, links: links))
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with the attributes as a JSON object's text, keys sorted (the text of
    /// `SpanFields.value(of:)`'s `json`, written without building field values), or with `NULL`
    /// when there are none. Each entry is written where the dictionary hands it over (a value is
    /// not copied again), then the entries are put in order after them in the thread's scratch
    /// buffer; their names and places are sorted on the stack: no allocation.
    private static func withAttributesJSON(_ attributes: SpanAttributes, _ body: (UnsafePointer<CChar>?) -> Void) {
        let count = attributes.count
        guard count > 0 else { return body(nil) }
        ScratchLineBuffer.withBuffer { buffer in
            withUnsafeTemporaryAllocation(of: Entry.self, capacity: count) { entries in
                var filled = 0
                attributes.forEach { name, attribute in
                    guard filled < count else { return }
                    let start = buffer.count
                    buffer.appendJSONString(name)
                    buffer.append(UInt8(ascii: ":"))
                    switch attribute {
                    case .string(let text): buffer.appendJSONString(text)
                    case .int64(let number): buffer.appendDecimal(Int(number))
                    case .int32(let number): buffer.appendDecimal(Int(number))
                    case .bool(let flag): buffer.append(flag ? "true" : "false")
                    default: buffer.appendUTF8(SpanFields.value(of: attribute).json)
                    }
                    (entries.baseAddress! + filled).initialize(to: Entry(name: name, bytes: start..<buffer.count))
                    filled += 1
                }
                defer { entries.baseAddress!.deinitialize(count: filled) }
                // Insertion sort: spans carry a handful of attributes.
                for sorted in 1..<max(filled, 1) {
                    var index = sorted
                    while index > 0, entries[index].name < entries[index - 1].name {
                        entries.swapAt(index, index - 1)
                        index -= 1
                    }
                }
                let object = buffer.count
                buffer.append(UInt8(ascii: "{"))
                for index in 0..<filled {
                    if index > 0 { buffer.append(UInt8(ascii: ",")) }
                    buffer.appendCopy(of: entries[index].bytes)
                }
                buffer.append(UInt8(ascii: "}"))
                buffer.withCString(from: object) { body($0) }
            }
        }
    }

    /// An attribute written out of order: its name and where its `"name":value` text is.
    private struct Entry {
        let name: String
        let bytes: Range<Int>
    }
}
