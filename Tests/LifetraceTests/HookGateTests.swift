// The gate and the flat records are package API of the core (for LTTng's sink), so these tests are
// left out of the ThreadSanitizer package (Sanitize/), which builds the core as another package.
import Lifetrace
import LifetraceTestSupport
import Synchronization
import Testing

/// A gate over a table of states, as an LTTng provider has; the sink consults it too, so the
/// outcome is the same whether or not the inline check ran (other suites' scoped sinks bypass it).
private class GatedRecorder: GatedSink, @unchecked Sendable {
    let states: UnsafeMutablePointer<Int32>
    let table: UnsafeMutablePointer<UnsafePointer<Int32>>
    let gate: HookGate
    let recorder = RecordingSink()
    /// Three slots per well-known hook, then the three of the others (hooks.def's layout).
    static let customBase = Hook.wellKnown.count * 3
    static let slots = customBase + 3

    init() {
        states = .allocate(capacity: Self.slots)
        states.initialize(repeating: 0, count: Self.slots)
        table = .allocate(capacity: Self.slots)
        for slot in 0..<Self.slots { (table + slot).initialize(to: UnsafePointer(states + slot)) }
        gate = HookGate(states: UnsafePointer(table), slotCount: Self.slots, customBase: Self.customBase)
    }

    func open(_ hook: Hook, _ phase: Phase) {
        let slot = hook.isWellKnown ? Int(hook.code) * 3 + Int(phase.rawValue) : Self.customBase + Int(phase.rawValue)
        states[slot] = 1
    }

    var hookGate: HookGate { gate }
    /// None here (a member, not the protocol's default, so a subclass can offer one).
    var flatRecord: FlatRecord? { nil }
    func wants(_ hook: Hook, _ phase: Phase) -> Bool { gate.allows(hook, phase) }
    func emit(_ event: Event) { recorder.emit(event) }
}

/// In the global-bootstrap suite, which is serialized: no other test's global sink interferes.
extension LifetraceSystemGlobalTests {
    @Test("a gated global sink: closed hooks emit nothing, open ones emit, exit-only intervals keep their duration")
    func gate() {
        let sink = GatedRecorder()
        LifetraceSystem.bootstrap(sink)
        defer { LifetraceSystem.bootstrap(NoOpSink()) }
        let controller = TestController(uniqueName("Gated"))
        let mine = { sink.recorder.events.filter { $0.controller == controller.instrumentationName } }

        controller.withInterval(.viewWillAppear) {}
        controller.emitEvent(.willMove)
        #expect(mine().isEmpty)
        #expect(!sink.gate.allows(.viewWillAppear, .begin))

        sink.open(.viewWillAppear, .end)
        #expect(sink.gate.allows(.viewWillAppear, .end))
        controller.withInterval(.viewWillAppear) { spin(nanoseconds: 1_000_000) }
        // Only the end was wanted; its duration still spans the body.
        #expect(mine().map(\.phase) == [.end])
        #expect((mine().first?.duration ?? 0) >= 1_000_000)

        sink.open(.willMove, .instant)
        controller.emitEvent(.willMove)
        #expect(mine().map(\.hook) == [.viewWillAppear, .willMove])

        let custom = Hook(uniqueName("custom"))
        controller.withInterval(untyped: custom) {}
        #expect(mine().count == 2)
        sink.open(custom, .begin)
        controller.withInterval(untyped: custom) {}
        #expect(mine().map(\.phase) == [.end, .instant, .begin])
    }
}

/// What the flat-record function received, one line per call (a C function captures nothing).
private let flatCalls = Mutex<[String]>([])

/// A gated tracer with a flat-record function, as LTTng's sink: the system calls the function for
/// flat details of well-known hooks, and `record` for the rest.
private final class FlatTracer: GatedRecorder, TracerSink, @unchecked Sendable {
    override var flatRecord: FlatRecord? {
        { slot, hookName, _, name, _, target, _, animated, index, text, count in
            let line =
                "slot \(slot) \(name.map { String(cString: $0) } ?? "-") animated \(animated) index \(index) count \(count)"
                + (hookName == nil && target == nil && text == nil ? "" : " unexpected strings")
            flatCalls.withLock { $0.append(line) }
        }
    }

    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, seq: UInt64) {
        let line = "record \(hook.name) \(phase) \(subject.name) text \(details.text ?? "-")"
        flatCalls.withLock { $0.append(line) }
    }
}

extension LifetraceSystemGlobalTests {
    @Test("a gated tracer's flat records: flat details of well-known hooks go to its C function, the rest to record")
    func flatRecords() {
        let sink = FlatTracer()
        LifetraceSystem.bootstrap(sink)
        defer { LifetraceSystem.bootstrap(NoOpSink()) }
        flatCalls.withLock { $0.removeAll() }
        let controller = TestController(uniqueName("Flat"))
        let name = controller.instrumentationName
        let code = Int(Hook.viewWillAppear.code)
        sink.open(.viewWillAppear, .begin)
        sink.open(.viewWillAppear, .end)
        sink.open(.layoutPass, .end)
        controller.withInterval(.viewWillAppear, animated: true) {}
        controller.endInterval(controller.beginInterval(.layoutPass), count: 3)
        controller.withInterval(untyped: .viewWillAppear, text: "with text") {}
        let custom = Hook(uniqueName("custom"))
        sink.open(custom, .instant)
        controller.emitEvent(untyped: custom)
        let layout = Int(Hook.layoutPass.code)
        #expect(
            flatCalls.withLock { $0 } == [
                "slot \(code * 3) \(name) animated 1 index -1 count -1",
                "slot \(code * 3 + 1) \(name) animated 1 index -1 count -1",
                "slot \(layout * 3 + 1) \(name) animated -1 index -1 count 3",
                "record viewWillAppear begin \(name) text with text",
                "record viewWillAppear end \(name) text with text",
                "record \(custom.name) instant \(name) text -",
            ])
    }
}
