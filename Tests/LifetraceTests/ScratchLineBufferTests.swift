import Lifetrace
import LifetraceTestSupport
import Testing

/// The thread's scratch buffer of the direct log and span records (package API).
@Suite("scratch line buffer")
struct ScratchLineBufferTests {
    @Test("lent empty each time; a nested use gets a buffer of its own and leaves the outer's text alone")
    func nestedUse() {
        ScratchLineBuffer.withBuffer { outer in
            let outerWasEmpty = outer.isEmpty
            #expect(outerWasEmpty)
            outer.append("outer")
            let inner = ScratchLineBuffer.withBuffer { inner in
                let innerWasEmpty = inner.isEmpty
                inner.append("inner")
                return (innerWasEmpty, inner.string)
            }
            #expect(inner.0, "a nested use must not get the lent buffer")
            #expect(inner.1 == "inner")
            let outerText = outer.string
            #expect(outerText == "outer")
        }
        #expect(ScratchLineBuffer.withBuffer { $0.isEmpty })
    }

    @Test("a use past the retained limit works and the next use is empty")
    func largeUse() {
        let size = ScratchLineBuffer.retainedLimit * 2
        let written = ScratchLineBuffer.withBuffer { buffer in
            for _ in 0..<size { buffer.append(UInt8(ascii: "x")) }
            return buffer.count
        }
        #expect(written == size)
        #expect(ScratchLineBuffer.withBuffer { $0.isEmpty })
    }

    @Test("each thread has its own: two threads writing at once never see each other's bytes")
    func perThread() {
        let rounds = 5_000
        let failures = (0..<2).map { index in
            PosixThread {
                let text = String(repeating: index == 0 ? "a" : "b", count: 40)
                var failures = 0
                for _ in 0..<rounds {
                    let written = ScratchLineBuffer.withBuffer { buffer in
                        buffer.appendUTF8(text)
                        return buffer.string
                    }
                    if written != text { failures += 1 }
                }
                return failures
            }
        }.map { $0.join() }
        #expect(failures == [0, 0])
    }

    @Test("appendCopy puts bytes already written after them; withCString(from:) starts there")
    func copyAndCString() {
        var buffer = LineBuffer(capacity: 16)
        buffer.append("b=2,a=1")
        buffer.appendCopy(of: 4..<7)  // grows the buffer: the copy is read after the move
        buffer.append(UInt8(ascii: ","))
        buffer.appendCopy(of: 0..<3)
        let text = buffer.string
        #expect(text == "b=2,a=1a=1,b=2")
        let tail = buffer.withCString(from: 7) { String(cString: $0) }
        #expect(tail == "a=1,b=2")
    }
}
