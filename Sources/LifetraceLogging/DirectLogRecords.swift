import Instrumentation
import Lifetrace
import LifetraceTracing
import Logging

/// A record's way into a `LogRecordTracer` (the LTTng sink installed alone): its parts
/// as C strings, straight from the `LogEvent` (no `Details`, no fields), its metadata rendered once
/// as JSON, the same text the `metadata` field has in JSON lines.
extension LifetraceLogHandler {
    /// Hands the record at swift-log's `level` (0 `trace` … 6 `critical`) to `recorder`.
    func record(_ event: LogEvent, level: Int, to recorder: LogRecorder) {
        var spanID: UInt64 = 0
        if let span = InstrumentationContext.current?.sharedTraceContext { spanID = span.spanNumber }
        let location = includesSourceLocation
        Self.withMetadataJSON(mergedMetadata(of: event)) { metadata in
            label.withCString { label in
                event.message.description.withCString { message in
                    event.source.withCString { source in
                        withOptionalCString(location ? event.file : nil) { file in
                            withOptionalCString(location ? event.function : nil) { function in
                                recorder.record(
                                    LogRecordParts(
                                        level: level, label: label, message: message, metadata: metadata, source: source,
                                        file: file, line: location ? Int64(clamping: event.line) : -1, function: function,
                                        spanID: spanID))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with the metadata as a JSON object's text (keys sorted, as ``MetadataFields``
    /// orders them), or with `nil` when there is none; written in the thread's scratch buffer.
    private static func withMetadataJSON(_ metadata: Logger.Metadata, _ body: (UnsafePointer<CChar>?) -> Void) {
        guard !metadata.isEmpty else { return body(nil) }
        ScratchLineBuffer.withBuffer { buffer in
            MetadataFields.appendJSON(of: metadata, to: &buffer)
            buffer.withCString { body($0) }
        }
    }
}
