import CLifetraceCTF
import Lifetrace
import LifetraceAnalysis

/// What the C reader's callbacks write into: the events of the last steps, the open intervals they
/// pair with, and the summary.
///
/// The C reader holds `self` unretained as its callbacks' context. That is safe because the only
/// owner, ``CTFTraceReader``, closes the C reader in its `deinit`, before its stored properties (and
/// so this object) are released, and callbacks run only inside its `step()`.
final class ReaderState {
    var pending = EventQueue()
    var summary = TraceReadSummary()
    private var pairing = IntervalPairing()
    private var warnedAboutThreads = false

    var callbacks: lifetrace_ctf_callbacks {
        lifetrace_ctf_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            record: { context, record in
                guard let context, let record else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().receive(record.pointee)
            },
            discarded: { context, events, packets in
                guard let context else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().lose(events: events, packets: packets)
            })
    }

    private func receive(_ record: lifetrace_ctf_record) {
        let hook: Hook
        if record.hook >= 0, Int(record.hook) < Hook.wellKnown.count {
            hook = Hook.wellKnown[Int(record.hook)]
        } else if let name = record.hook_name {
            hook = Hook(String(cString: name))
        } else {
            return
        }
        let phase: Phase =
            switch record.phase {
            case Int32(LIFETRACE_CTF_PHASE_BEGIN.rawValue): .begin
            case Int32(LIFETRACE_CTF_PHASE_END.rawValue): .end
            default: .instant
            }
        var details = Details()
        if let target = record.target, record.target_id != 0 {
            details.target = Subject(name: String(cString: target), id: UInt(record.target_id))
        }
        if record.animated >= 0 { details.animated = record.animated != 0 }
        if record.index >= 0 { details.index = Int(record.index) }
        if let text = record.text { details.text = String(cString: text) }
        if record.count >= 0 { details.count = Int(record.count) }
        if record.vtid < 0, !warnedAboutThreads {
            warnedAboutThreads = true
            summary.warnings.append(
                "the trace has no vtid context (lttng add-context -u -t vtid): ends are paired with begins by "
                    + "controller id and hook only, so durations of intervals overlapping on several threads may be wrong")
        }
        var event = Event(
            seq: record.seq, timestamp: UInt64(max(record.timestamp, 0)), hook: hook, phase: phase,
            subject: Subject(name: record.controller.map { String(cString: $0) } ?? "", id: UInt(record.id)),
            details: details, thread: record.vtid >= 0 ? UInt32(truncatingIfNeeded: record.vtid) : 0,
            process: record.vpid >= 0 ? UInt32(truncatingIfNeeded: record.vpid) : nil)
        pairing.pair(&event)
        summary.events += 1
        pending.append(event)
    }

    private func lose(events: UInt64, packets: UInt64) {
        summary.discardedEvents &+= events
        summary.lostPackets &+= packets
        // A lost begin or end would pair the records around it wrongly: start pairing afresh.
        pairing.removeAll()
    }
}
