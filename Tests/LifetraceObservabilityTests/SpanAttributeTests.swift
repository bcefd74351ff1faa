import Lifetrace
import LifetraceTestSupport
import LifetraceTracing
import Testing
import Tracing

/// `LifetraceSpan.attributes`: changed in place (moved out, changed, moved back), every change kept.
@Suite("span attributes")
struct SpanAttributeTests {
    @Test("set, replaced, removed and read back through the subscript and the whole value")
    func changedInPlace() {
        let span = LifetraceTracer().startSpan("op")
        span.attributes["a"] = 1
        span.attributes["b"] = "two"
        span.attributes["a"] = 3
        span.attributes["b"] = nil
        #expect(span.attributes.get("a") == .int64(3))
        #expect(span.attributes.get("b") == nil)
        #expect(span.attributes.count == 1)
        span.attributes = ["c": true]
        span.attributes["d"] = 4
        #expect(span.attributes == ["c": true, "d": 4])
        span.end()
    }

    @Test("two threads setting attributes on one span at once: every attribute is kept")
    func concurrentChangesAreKept() {
        let span = LifetraceTracer().startSpan("op")
        let perThread = 2_000
        let threads = (0..<2).map { thread in
            PosixThread {
                for index in 0..<perThread { span.attributes["t\(thread).\(index)"] = index }
            }
        }
        threads.forEach { $0.join() }
        let attributes = span.attributes
        // With a read and a write of the whole value per change, one thread's write drops the
        // other's changes made in between.
        #expect(attributes.count == 2 * perThread, "\(attributes.count) of \(2 * perThread) kept")
        #expect(attributes.get("t0.\(perThread - 1)") == .int64(Int64(perThread - 1)))
        #expect(attributes.get("t1.0") == .int64(0))
        span.end()
    }
}
