#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on `CLOCK_MONOTONIC`: the clock every Lifetrace timestamp uses, and the one LTTng
/// uses by default, so JSON lines and LTTng traces of the same run line up.
package enum MonotonicClock {
    /// The current time in nanoseconds since an arbitrary, fixed point (boot, on Linux).
    @inlinable
    package static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
