import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport

/// Hand-made events and traces whose answers are known.
enum TestTraces {
    /// One event.
    static func event(
        _ seq: UInt64, _ ts: UInt64, _ hook: Hook, _ phase: Phase, _ name: String, id: UInt = 1,
        thread: UInt32 = 1, duration: UInt64? = nil, details: Details = .none
    ) -> Event {
        Event(
            seq: seq, timestamp: ts, hook: hook, phase: phase, subject: Subject(name: name, id: id),
            details: details, duration: phase == .end ? (duration ?? 0) : nil, thread: thread)
    }

    /// A trace of `begin`/`end` pairs of `hook` on `controller`, one after the other, with these
    /// durations (in the given order).
    static func intervals(_ hook: Hook, _ controller: String, durations: [UInt64], startSeq: UInt64 = 1, id: UInt = 1) -> [Event]
    {
        var events: [Event] = []
        var seq = startSeq
        var time: UInt64 = 1_000 * startSeq
        for duration in durations {
            events.append(event(seq, time, hook, .begin, controller, id: id))
            events.append(event(seq + 1, time + duration, hook, .end, controller, id: id, duration: duration))
            seq += 2
            time += duration + 10
        }
        return events
    }

    /// The example trace of `docs/jq.md` (its `jsonl` block).
    static func jqExample() throws -> String {
        let doc = try readText(Repository.path("docs/jq.md"))
        guard let start = doc.range(of: "```jsonl\n"), let end = doc.range(of: "```", range: start.upperBound..<doc.endIndex)
        else {
            throw TestSupportError("docs/jq.md has no ```jsonl block")
        }
        return String(doc[start.upperBound..<end.lowerBound])
    }

    /// A synthetic trace of `controllers` controllers cycling through appearances, layout passes and
    /// transitions, `count` records or a few more, as JSON lines.
    static func large(count: Int, controllers: Int = 12) -> String {
        var out = ""
        out.reserveCapacity(count * 150)
        var seq = 0
        var time: UInt64 = 5_000_000
        func line(_ hook: String, _ phase: String, _ name: String, _ id: Int, _ extra: String = "") {
            seq += 1
            out +=
                "{\"seq\":\(seq),\"ts\":\(time),\"event\":\"\(hook)\",\"phase\":\"\(phase)\",\"controller\":\"\(name)\",\"id\":\"0x\(String(id, radix: 16))\"\(extra),\"thread\":7}\n"
        }
        func interval(
            _ hook: String, _ name: String, _ id: Int, _ duration: UInt64, _ extra: String = "", _ body: () -> Void = {}
        ) {
            let start = time
            line(hook, "begin", name, id, extra)
            time += 50
            body()
            time = max(time, start + duration)
            line(hook, "end", name, id, extra + ",\"dur_ns\":\(time - start)")
            time += 30
        }
        var step = 0
        while seq < count {
            step += 1
            let outgoing = "C\(step % controllers)"
            let incoming = "C\((step + 1) % controllers)"
            let outID = 0x1000 + step % controllers
            let inID = 0x1000 + (step + 1) % controllers
            interval("scenario.step", "scenario", 0, 1_000, ",\"index\":\(step),\"text\":\"push \(incoming)\"") {
                interval(
                    "transition", "Nav", 0x10, 20_000,
                    ",\"target\":\"\(incoming)\",\"target_id\":\"0x\(String(inID, radix: 16))\",\"animated\":true,\"text\":\"push\""
                ) {
                    interval("viewWillDisappear", outgoing, outID, UInt64(200 + step % 7 * 100), ",\"animated\":true")
                    interval("viewWillAppear", incoming, inID, UInt64(300 + step % 5 * 100), ",\"animated\":true")
                    interval("layoutPass", "Window", 0x30, 3_000, ",\"index\":\(step)") {
                        interval("viewWillLayoutSubviews", incoming, inID, 150)
                        interval("viewDidLayoutSubviews", incoming, inID, 120)
                    }
                    interval("viewDidDisappear", outgoing, outID, 100, ",\"animated\":true")
                    interval("viewDidAppear", incoming, inID, 140, ",\"animated\":true")
                }
            }
        }
        return out
    }
}
