import Lifetrace

#if canImport(Glibc)
import Glibc
#endif

/// The host names of a CTF reader's records (`lifetrace_ctf_record.hostname`), made into strings
/// once per run of records of one host rather than once per record, and put on events without an
/// allocation per event (``Details/setHost(_:sharing:)``).
///
/// The C text is compared, not its address: a trace's text may be freed and another's put where it
/// was.
struct HostNames {
    private var last: [CChar] = []
    private var name: String?
    private var shared = Details.SharedHost()

    /// Labels `event` with the host `text` names (none when `nil`).
    mutating func label(_ event: inout Event, _ text: UnsafePointer<CChar>?) {
        event.details.setHost(name(text), sharing: &shared)
    }

    /// The host `text` names, or `nil` when the record has none.
    mutating func name(_ text: UnsafePointer<CChar>?) -> String? {
        guard let text else { return nil }
        if !last.isEmpty, strcmp(last, text) == 0 { return name }
        let made = String(cString: text)
        last = Array(made.utf8CString)
        name = made
        return made
    }
}
