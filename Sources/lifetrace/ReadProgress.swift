import LifetraceAnalysis

#if canImport(Glibc)
import Glibc
#endif

/// A progress line on standard error while a long read goes on (`convert`, `stats`, `export`,
/// `report`): events read and their rate, and for a JSON-lines file the bytes, their rate and the
/// time left. Only when standard error is a terminal, and only once a read has taken
/// ``delay`` seconds; the line is rewritten in place (`\r`) and erased when the read ends, so
/// what the command prints after it is untouched. Nothing is written to a file or a pipe.
struct ReadProgress {
    /// How long a read goes before the line appears, and how often it is rewritten, in seconds.
    static let delay = 0.5
    static let interval = 0.25
    /// Events between two looks at the clock: the clock is not read per event.
    static let stride = 1024

    private let reader: any TraceEventReader
    /// The events and bytes read so far by other readers of the same trace (`stats --jobs`' other
    /// shares).
    private let readElsewhere: (() -> (events: Int, bytes: Int))?
    private let total: Int?
    private let enabled: Bool
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastShown: ContinuousClock.Instant?
    private var untilLook = ReadProgress.stride
    private var events = 0

    /// A progress line for `reader`, shown when standard error is a terminal (or `enabled` says so).
    /// `readElsewhere` counts the events and bytes other readers of the trace have read, which the
    /// line adds.
    init(
        _ reader: any TraceEventReader, readElsewhere: (() -> (events: Int, bytes: Int))? = nil,
        enabled: Bool = isatty(STDERR_FILENO) == 1
    ) {
        self.reader = reader
        self.readElsewhere = readElsewhere
        self.enabled = enabled
        started = clock.now
        var status = stat()
        if reader is JSONLinesReader, stat(reader.source, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            total = Int(status.st_size)
        } else {
            total = nil
        }
    }

    /// Counts one event; now and then looks at the clock and redraws the line.
    mutating func tick() {
        events += 1
        guard enabled else { return }
        untilLook -= 1
        guard untilLook <= 0 else { return }
        untilLook = Self.stride
        let now = clock.now
        let elapsed = seconds(started.duration(to: now))
        guard elapsed >= Self.delay else { return }
        if let lastShown, seconds(lastShown.duration(to: now)) < Self.interval { return }
        lastShown = now
        write("\r\u{1B}[K" + text(elapsed: elapsed))
    }

    /// Erases the line, if one was drawn.
    func finish() {
        if lastShown != nil { write("\r\u{1B}[K") }
    }

    /// `reading run.jsonl: 1.2 M events (2.4 M/s), 512 MB of 2.0 GB (410 MB/s), 4 s left`.
    func text(elapsed: Double) -> String {
        let elsewhere = readElsewhere?() ?? (events: 0, bytes: 0)
        let events = Double(events + elsewhere.events)
        var parts = ["\(Self.count(events)) events (\(Self.count(events / elapsed))/s)"]
        if let reader = reader as? JSONLinesReader {
            let bytes = Double(reader.bytesRead + elsewhere.bytes)
            var part = Self.bytes(bytes)
            if let total { part += " of " + Self.bytes(Double(total)) }
            part += " (\(Self.bytes(bytes / elapsed))/s)"
            parts.append(part)
            if let total, bytes > 0 {
                let left = (Double(total) - bytes) / (bytes / elapsed)
                parts.append("\(Int(left.rounded(.up))) s left")
            }
        }
        return "reading \(reader.source): " + parts.joined(separator: ", ")
    }

    static func count(_ value: Double) -> String {
        value >= 1e6 ? one(value / 1e6) + " M" : value >= 1e3 ? one(value / 1e3) + " k" : "\(Int(value))"
    }

    static func bytes(_ value: Double) -> String {
        value >= 1e9 ? one(value / 1e9) + " GB" : value >= 1e6 ? one(value / 1e6) + " MB" : one(value / 1e3) + " kB"
    }

    private static func one(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
