import Foundation
import Lifetrace
import LifetraceCTF
import LifetraceLTTng
import LifetraceLogging
import LifetraceTestSupport
import LifetraceTracing
import Logging
import Testing
import Tracing

/// swift-log records through the LTTng sink, recorded by a real session of the test's own.
@Suite("swift-log records in LTTng", .serialized)
struct LTTngLogLevelTests {
    @Test("--loglevel=TRACE_WARNING keeps warning, error and critical records, in the tracer")
    func logLevelFiltersInTracer() throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        var spanID = ""
        let (lines, records) = try TracedSession.with(enable: [["lifetrace:log_*", "--loglevel=TRACE_WARNING"]]) { session in
            LifetraceSystem.withSink(LTTngSink()) {
                #expect(
                    waitUntil { LTTngStructuredRecords.wantsLog(level: "warning") },
                    "the session's enablement never reached this process")
                #expect(LTTngStructuredRecords.wantsLog(level: "critical"))
                var logger = Logger(label: "lttng-levels") {
                    LifetraceLogHandler(label: $0, metadataProvider: nil, includesSourceLocation: true)
                }
                logger.logLevel = .trace
                for level in Logger.Level.allCases {
                    logger.log(level: level, "\(marker) \(level.rawValue)", metadata: ["level": "\(level.rawValue)"])
                }
                LifetraceTracer().withSpan("request") { span in
                    spanID = span.traceContext.spanID.description
                    logger.error("\(marker) in a span")
                }
            }
            try session.stop()
            let reader = try CTFTraceReader(path: session.trace)
            var events: [Event] = []
            while let event = try reader.next() { events.append(event) }
            return (try session.babeltrace().filter { $0.contains(marker) }, events.filter { $0.details.text?.hasPrefix(marker) == true })
        }
        // Read back natively: instants of the log hook with their label, message, level and source.
        #expect(records.map(\.hook) == [.log, .log, .log, .log])
        #expect(records.compactMap { $0.details.fields?["level"]?.string } == ["warning", "error", "critical", "error"])
        #expect(records.last?.details.fields?["span_id"] == .string(spanID))
        #expect(records.first?.details.fields?["span_id"] == nil)
        #expect(records.allSatisfy { $0.subject.name == "lttng-levels" && $0.phase == .instant })
        #expect(records.first?.details.fields?["source"] == .string("LifetraceObservabilityTests"))
        let names = lines.compactMap { $0.firstMatch(of: #/ (lifetrace:log_\w+): /#).map { String($0.1) } }
        #expect(names == ["lifetrace:log_warning", "lifetrace:log_error", "lifetrace:log_critical", "lifetrace:log_error"], "\(lines)")
        #expect(lines.last?.contains("span_id = 0x\(spanID.drop { $0 == "0" }.uppercased())") == true, "\(lines)")
        let warning = try #require(lines.first)
        #expect(warning.contains(#"controller = "lttng-levels""#), "\(warning)")
        #expect(warning.contains("level = 4"), "\(warning)")
        #expect(warning.contains(#"text = "\#(marker) warning""#), "\(warning)")
        #expect(warning.contains(#"metadata = "{\"level\":\"warning\"}""#), "\(warning)")
        #expect(warning.contains(#"source = "LifetraceObservabilityTests""#), "\(warning)")
        #expect(warning.contains("LTTngLogLevelTests.swift"), "\(warning)")
    }

    @Test("every level's tracepoint when a session takes them all (loglevel TRACE_DEBUG and above)")
    func everyLevelWhenAllEnabled() throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        let lines = try TracedSession.with(enable: [["lifetrace:log_*", "--loglevel=TRACE_DEBUG"]]) { session in
            LifetraceSystem.withSink(LTTngSink()) {
                #expect(waitUntil { LTTngStructuredRecords.wantsLog(level: "trace") })
                var logger = Logger(label: "all") { LifetraceLogHandler(label: $0) }
                logger.logLevel = .trace
                for level in Logger.Level.allCases { logger.log(level: level, "\(marker)") }
            }
            try session.stop()
            return try session.babeltrace().filter { $0.contains(marker) }
        }
        let names = lines.compactMap { $0.firstMatch(of: #/ lifetrace:(log_\w+): /#).map { String($0.1) } }
        #expect(names == LTTngStructuredRecords.logLevels.map { "log_\($0)" }, "\(lines)")
    }
}
