import Foundation
import Lifetrace
import LifetraceLogging
import LifetraceTracing
import Logging
import Synchronization
import Testing
import Tracing

/// LifetraceLogHandler: records as `log` events, swift-log's conventions, the sinks' formats.
@Suite("swift-log handler")
struct LogHandlerTests {
    private static func logger(_ label: String = "app", sourceLocation: Bool = false, provider: Logger.MetadataProvider? = nil)
        -> Logger
    {
        Logger(label: label) {
            LifetraceLogHandler(label: $0, metadataProvider: provider, includesSourceLocation: sourceLocation)
        }
    }

    private static func recorded(_ body: () -> Void) -> [Event] {
        let sink = RecordingSink()
        LifetraceSystem.withSink(sink) { body() }
        return sink.events
    }

    @Test("a record is an instant of the log hook: label, message, level, metadata, source")
    func recordBecomesEvent() throws {
        var logger = Self.logger("db")
        logger[metadataKey: "pool"] = "main"
        let events = Self.recorded { logger.warning("slow query", metadata: ["ms": "840"]) }
        let event = try #require(events.only)
        #expect(event.hook == .log)
        #expect(event.phase == .instant)
        #expect(event.subject.name == "db")
        #expect(event.details.text == "slow query")
        let fields = try #require(event.details.fields)
        #expect(fields["level"] == .string("warning"))
        #expect(fields["source"] == .string("LifetraceObservabilityTests"))
        #expect(fields["metadata"] == .object([Field("ms", .string("840")), Field("pool", .string("main"))]))
        #expect(fields["file"] == nil && fields["line"] == nil && fields["function"] == nil)
    }

    @Test("file, line and function only when asked")
    func sourceLocation() throws {
        let logger = Self.logger(sourceLocation: true)
        let line = #line + 1
        let events = Self.recorded { logger.error("boom") }
        let fields = try #require(events.only?.details.fields)
        #expect(fields["line"] == .integer(Int64(line)))
        #expect(fields["file"]?.string?.hasSuffix("LogHandlerTests.swift") == true)
        #expect(fields["function"] == .string("sourceLocation()"))
    }

    @Test("logLevel filters: below it nothing is emitted; the default is info")
    func logLevel() {
        var logger = Self.logger()
        #expect((logger.handler as? LifetraceLogHandler)?.level == .info)
        LifetraceSystem.withSink(RecordingSink()) { #expect(logger.logLevel == .info) }
        let atInfo = Self.recorded {
            logger.debug("hidden")
            logger.info("shown")
        }
        #expect(atInfo.map(\.details.text) == ["shown"])
        logger.logLevel = .error
        let atError = Self.recorded {
            logger.warning("hidden")
            logger.critical("shown")
        }
        #expect(atError.compactMap { $0.details.fields?["level"]?.string } == ["critical"])
    }

    @Test("metadata: provider, then handler, then record, later keys winning; a copy's metadata is its own")
    func metadataMerging() throws {
        let provider = Logger.MetadataProvider { ["request": "r1", "who": "provider"] }
        var logger = Self.logger(provider: provider)
        logger[metadataKey: "who"] = "handler"
        var copy = logger
        copy[metadataKey: "copy"] = "yes"
        let events = Self.recorded {
            logger.info("one", metadata: ["extra": .array(["a", .dictionary(["b": "c"])])])
            logger.info("two", metadata: ["who": "record"])
        }
        try #require(events.count == 2)
        #expect(
            events[0].details.fields?["metadata"]
                == .object([
                    Field("extra", .list([.string("a"), .object([Field("b", .string("c"))])])),
                    Field("request", .string("r1")), Field("who", .string("handler")),
                ]))
        #expect(
            events[1].details.fields?["metadata"] == .object([Field("request", .string("r1")), Field("who", .string("record"))]))
        #expect(logger[metadataKey: "copy"] == nil)
    }

    @Test("a sink that wants no log record: nothing is built, the metadata provider is not called")
    func unwantedRecordsCostNothing() {
        let calls = Mutex(0)
        let provider = Logger.MetadataProvider {
            calls.withLock { $0 += 1 }
            return ["request": "r1"]
        }
        let logger = Self.logger(provider: provider)
        let refusing = RecordingSink()
        LifetraceSystem.withSink(NoLogs(base: refusing)) { logger.error("unwanted") }
        #expect(calls.withLock { $0 } == 0)
        #expect(refusing.events.isEmpty)
        let recording = RecordingSink()
        LifetraceSystem.withSink(recording) { logger.error("wanted") }
        #expect(calls.withLock { $0 } == 1)
        #expect(recording.events.count == 1)
    }

    @Test("the level follows the sinks: records are taken whenever a sink starts, none is built while none runs")
    func levelFollowsSinks() {
        let logger = Self.logger()
        func log(_ text: String) { logger.info("\(text)") }
        // Made while no sink of this task runs; sinks start and stop around the calls.
        let first = RecordingSink()
        LifetraceSystem.withSink(first) {
            #expect(logger.logLevel == .info)
            log("one")
        }
        let second = RecordingSink()
        LifetraceSystem.withSink(second) { log("two") }
        LifetraceSystem.withSink(NoLogs(base: second)) { log("refused") }
        #expect(first.events.map(\.details.text) == ["one"])
        #expect(second.events.map(\.details.text) == ["two"])
        var fixed = LifetraceLogHandler(label: "fixed")
        fixed.levelFollowsSinks = false
        fixed.logLevel = .debug
        #expect(fixed.logLevel == .debug && fixed.level == .debug)
    }

    @Test("inside a MultiplexLogHandler, beside another handler (its level set after it is made)")
    func multiplex() throws {
        let logger = Logger(label: "multi") { label in
            // The multiplexer keeps the lowest level its handlers report when it is made (no sink
            // may run then): setting its level afterwards sets theirs and its own.
            var handler = MultiplexLogHandler([LifetraceLogHandler(label: label), SwiftLogNoOpLogHandler(label)])
            handler.logLevel = .info
            return handler
        }
        var tagged = logger
        tagged[metadataKey: "tag"] = "t"
        let events = Self.recorded { tagged.notice("through the multiplexer") }
        let event = try #require(events.only)
        #expect(event.subject.name == "multi")
        #expect(event.details.fields?["level"] == .string("notice"))
        #expect(event.details.fields?["metadata"] == .object([Field("tag", .string("t"))]))
    }

    @Test("inside a span: the span's trace_id and span_id, so records join their request")
    func insideSpan() throws {
        let logger = Self.logger()
        var ids: (String, String) = ("", "")
        let events = Self.recorded {
            logger.info("outside")
            LifetraceTracer().withSpan("request") { span in
                ids = (span.traceContext.traceID.description, span.traceContext.spanID.description)
                logger.info("inside")
            }
        }
        let logs = events.filter { $0.hook == .log }
        try #require(logs.map(\.details.text) == ["outside", "inside"])
        #expect(logs[0].details.fields?["span_id"] == nil)
        #expect(logs[1].details.fields?["trace_id"] == .string(ids.0))
        #expect(logs[1].details.fields?["span_id"] == .string(ids.1))
        let span = try #require(events.first { $0.hook == .span && $0.phase == .begin })
        #expect(span.details.fields?["span_id"] == .string(ids.1))
    }

    @Test("JSON lines: a record with level, message, metadata and source; text: a log line")
    func formats() throws {
        let logger = Self.logger("api")
        let events = Self.recorded { logger.warning("disk \"full\"", metadata: ["user": "ada", "n": .stringConvertible(3)]) }
        let event = try #require(events.only)
        let line = JSONLineFormat.line(event)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "log")
        #expect(object["controller"] as? String == "api")
        #expect(object["text"] as? String == "disk \"full\"")
        #expect(object["level"] as? String == "warning")
        #expect(object["source"] as? String == "LifetraceObservabilityTests")
        #expect((object["metadata"] as? [String: String]) == ["n": "3", "user": "ada"])
        #expect(
            line.contains(#""level":"warning","source":"LifetraceObservabilityTests","metadata":{"n":"3","user":"ada"}"#),
            "\(line)")
        #expect(TextSink.Format().line(event) == "api warning: disk \"full\" n=3 user=ada source=LifetraceObservabilityTests\n")
    }
}

/// A sink that wants everything but log records.
private struct NoLogs: Sink {
    let base: RecordingSink
    func emit(_ event: Event) { base.emit(event) }
    func wants(_ hook: Hook, _ phase: Phase) -> Bool { hook != .log }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
