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
    /// What the record callbacks change.
    var decoding = RecordDecoding()

    var callbacks: lifetrace_ctf_callbacks {
        lifetrace_ctf_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            record: { context, record in
                guard let context, let record else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().decoding.receive(record)
            },
            discarded: { context, events, packets in
                guard let context else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().decoding.lose(events: events, packets: packets)
            },
            warning: { context, message in
                guard let context, let message else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().decoding.warn(String(cString: message))
            })
    }

    /// The checker's callbacks (`lifetrace_ctf_check_trace`): its findings go to ``note(_:)``.
    var checkCallbacks: lifetrace_ctf_check_callbacks {
        lifetrace_ctf_check_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            finding: { context, finding in
                guard let context, let finding else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().note(finding.pointee)
            })
    }

    /// The most damaged packets and files kept as issues; the rest are counted.
    static let keptIssues = 100

    /// Why the trace cannot be read at all (a cut or corrupt metadata file), when the checker said so.
    private(set) var fatal: TraceIssue?

    /// A finding of the packet checker: a packet dropped or a stream file unread is an issue and its
    /// packets are lost; a remark is a warning; a metadata file that cannot be read ends the reading.
    private func note(_ finding: lifetrace_ctf_finding) {
        let file = finding.file.map { String(cString: $0) } ?? ""
        let text = finding.message.map { String(cString: $0) } ?? ""
        let message = finding.has_offset != 0 ? "byte \(finding.offset): \(text)" : text
        switch finding.kind {
        case LIFETRACE_CTF_FINDING_LOST:
            decoding.summary.issueCount += 1
            if decoding.summary.issues.count < Self.keptIssues {
                decoding.summary.issues.append(TraceIssue(source: file, line: 0, column: 0, message: message))
            }
            decoding.summary.lostPackets = decoding.summary.lostPackets.addingSaturating(finding.lost_packets)
        case LIFETRACE_CTF_FINDING_WARNING:
            decoding.summary.warnings.append("\(file): warning: \(message)")
        default:
            if fatal == nil { fatal = TraceIssue(source: file, line: 0, column: 0, message: message) }
        }
    }
}
