import Foundation
import Lifetrace
import LifetraceTracing
import Testing
import Tracing
import W3CTraceContext

/// The tracer's ids: made without a system call per span, written as W3C Trace Context writes them.
@Suite("span ids")
struct SpanIdentifierTests {
    @Test("hex text equals W3C Trace Context's own; the subject's number is the span id big-endian")
    func hexText() {
        let span = SpanID(bytes: (0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD))
        #expect(SpanIdentifiers.hex(span) == "000123456789abcd")
        #expect(SpanIdentifiers.hex(span) == span.description)
        #expect(SpanIdentifiers.number(of: span) == 0x0001_2345_6789_ABCD)
        for _ in 0..<100 {
            let trace = SpanIdentifiers.traceID()
            let spanID = SpanIdentifiers.spanID()
            #expect(SpanIdentifiers.hex(trace) == trace.description)
            #expect(SpanIdentifiers.hex(spanID) == spanID.description)
            #expect(String(SpanIdentifiers.number(of: spanID), radix: 16) == String(spanID.description.drop { $0 == "0" }))
        }
    }

    @Test("ids differ within a thread and across threads (each thread its own seed)")
    func idsDiffer() async {
        let perTask = 2_000
        let ids = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<perTask).map { _ in SpanIdentifiers.number(of: SpanIdentifiers.spanID()) } }
            }
            var all: [UInt64] = []
            for await batch in group { all += batch }
            return all
        }
        #expect(ids.count == 4 * perTask)
        #expect(Set(ids).count == ids.count)
        #expect(!ids.contains(0))
        let detached = Thread.detachNewThreadAndWait { SpanIdentifiers.number(of: SpanIdentifiers.spanID()) }
        #expect(!ids.contains(detached))
    }
}

extension Thread {
    /// Runs `body` on a new thread and returns its result.
    static func detachNewThreadAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        Thread.detachNewThread {
            result = body()
            done.signal()
        }
        done.wait()
        return result!
    }
}
