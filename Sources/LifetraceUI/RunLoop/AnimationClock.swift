import Lifetrace

#if canImport(Glibc)
import Glibc
#endif

/// The time animations and timers run on.
///
/// The default is virtual: time moves only when the run loop has nothing else to do, and then
/// jumps straight to the next timer, so a 0.35 s push finishes at once, in the right order.
/// A real-time clock makes animations take their real duration (for watching a run under a tracer).
public enum AnimationClock: Sendable, Hashable {
    /// Time jumps to the next timer when the run loop is idle.
    case virtual
    /// Time is the monotonic clock; the run loop sleeps until the next timer.
    case realTime
}

/// The time of one run loop, in seconds since the loop was made.
@MainActor
final class ClockTime {
    let clock: AnimationClock
    private let origin = MonotonicClock.now()
    private var virtualNow: Double = 0

    init(_ clock: AnimationClock) { self.clock = clock }

    var now: Double {
        switch clock {
        case .virtual: virtualNow
        case .realTime: Double(MonotonicClock.now() &- origin) / 1e9
        }
    }

    /// Moves time forward to `deadline` (virtual) or sleeps until then (real time).
    func advance(to deadline: Double) {
        switch clock {
        case .virtual:
            virtualNow = max(virtualNow, deadline)
        case .realTime:
            let remaining = deadline - now
            guard remaining > 0 else { return }
            var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            var left = timespec()
            while nanosleep(&request, &left) == -1 && errno == EINTR { request = left }
        }
    }
}
