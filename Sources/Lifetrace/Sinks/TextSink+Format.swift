extension TextSink {
    /// The human-readable encoding of an event, in the style of an NSLog trace:
    ///
    /// ```
    /// <B: 0x6c16980> viewWillAppear animated
    /// <Nav: 0x6c118f0> willShowViewController <B: 0x6c16980>
    /// <Title: 0x6c1a2b0> layoutSubviews frame {(16, 59), 358x20} in 0x6c16a50 end 3 µs
    /// ── step 3: pop
    /// ```
    ///
    /// One event is one line: control characters in names and texts are written as escapes (`\n`).
    public struct Format: Sendable, Hashable {
        /// Whether `end` records are printed, with their duration and, for a view's `layoutSubviews`,
        /// its frame, and the `frameChange` instants with theirs (otherwise only begins and the other
        /// instants).
        public var showsEnds: Bool
        /// Whether each line starts with the event's monotonic time in seconds.
        public var showsTimestamps: Bool

        /// Creates a format.
        public init(showsEnds: Bool = false, showsTimestamps: Bool = false) {
            self.showsEnds = showsEnds
            self.showsTimestamps = showsTimestamps
        }

        /// Appends the line for `event`, or nothing when the format leaves such events out.
        public func append(_ event: Event, to buffer: inout LineBuffer) {
            if event.phase == .end && !showsEnds { return }
            let shape = HookNames.lineShape(of: event.hook.code)
            // A frame's instant (`frameChange`) is geometry, shown with the ends' frames.
            if shape == .frame && event.phase == .instant && !showsEnds { return }
            if showsTimestamps {
                buffer.append(UInt8(ascii: "["))
                buffer.appendDecimal(event.timestamp / 1_000_000_000)
                buffer.append(UInt8(ascii: "."))
                let fraction = event.timestamp % 1_000_000_000 / 1_000
                var divisor: UInt64 = 100_000
                while divisor > 0 {
                    buffer.append(UInt8(ascii: "0") &+ UInt8(fraction / divisor % 10))
                    divisor /= 10
                }
                buffer.append("] ")
            }
            switch shape {
            case .plain: appendPlain(event, to: &buffer)
            case .frame: appendPlain(event, to: &buffer, leaving: event.phase == .instant && event.frame == nil)
            case .marker: appendMarker(event, to: &buffer)
            case .record: Self.appendRecord(event, to: &buffer)
            }
        }

        /// A section marker, named by the last component of its hook's name: `── step 3: pop`.
        private func appendMarker(_ event: Event, to buffer: inout LineBuffer) {
            let name = event.hook.name
            buffer.append("── ")
            buffer.appendPrintable(String(name[(name.lastIndex(of: ".").map(name.index(after:)) ?? name.startIndex)...]))
            buffer.append(UInt8(ascii: " "))
            buffer.appendDecimal(event.details.index ?? 0)
            buffer.append(": ")
            buffer.appendPrintable(event.details.text ?? "")
            if event.phase == .end { appendDuration(event.duration, to: &buffer) }
            buffer.append(UInt8(ascii: "\n"))
        }

        /// A controller's event: `<B: 0x6c16980> viewWillAppear animated`.
        private func appendPlain(_ event: Event, to buffer: inout LineBuffer, leaving: Bool = false) {
            let details = event.details
            Self.appendObject(event.subject, to: &buffer)
            buffer.append(UInt8(ascii: " "))
            if let name = HookNames.staticName(of: event.hook.code) {
                buffer.append(name)
            } else {
                buffer.appendPrintable(event.hook.name)
            }
            if let target = details.target {
                buffer.append(UInt8(ascii: " "))
                Self.appendObject(target, to: &buffer)
            }
            if let animated = details.animated {
                buffer.append(animated ? " animated" : " not animated")
            }
            if let text = details.text {
                buffer.append(UInt8(ascii: " "))
                buffer.appendPrintable(text)
            }
            if let count = details.count, event.phase == .end {
                buffer.append(UInt8(ascii: " "))
                buffer.appendDecimal(count)
                buffer.append(count == 1 ? " view" : " views")
            }
            if let frame = event.frame { buffer.appendFrameText(frame) }
            // A frame's instant without a frame: the view left its superview (or was released).
            if leaving { buffer.append(" left") }
            if let fields = details.fields { Self.appendFields(fields, to: &buffer) }
            if event.phase == .end { appendDuration(event.duration, to: &buffer) }
            buffer.append(UInt8(ascii: "\n"))
        }

        /// A log record as a log line: `label warning: message key=value …` (its metadata as
        /// `key=value`, then its other fields).
        private static func appendRecord(_ event: Event, to buffer: inout LineBuffer) {
            let fields = event.details.fields ?? []
            buffer.appendPrintable(event.subject.name)
            buffer.append(UInt8(ascii: " "))
            buffer.appendPrintable(fields["level"]?.string ?? "log")
            buffer.append(": ")
            buffer.appendPrintable(event.details.text ?? "")
            if case .object(let metadata) = fields["metadata"] { appendFields(metadata, to: &buffer) }
            appendFields(fields.filter { $0.key != "level" && $0.key != "metadata" }, to: &buffer)
            buffer.append(UInt8(ascii: "\n"))
        }

        private static func appendFields(_ fields: [Field], to buffer: inout LineBuffer) {
            for field in fields {
                buffer.append(UInt8(ascii: " "))
                buffer.appendPrintable(field.key)
                buffer.append(UInt8(ascii: "="))
                field.value.appendText(to: &buffer)
            }
        }

        /// One event as a line of text (with its newline), or an empty string when left out.
        public func line(_ event: Event) -> String {
            var buffer = LineBuffer()
            append(event, to: &buffer)
            return buffer.string
        }

        private func appendDuration(_ duration: UInt64?, to buffer: inout LineBuffer) {
            let nanoseconds = duration ?? 0
            buffer.append(" end ")
            if nanoseconds < 10_000 {
                buffer.appendDecimal(nanoseconds)
                buffer.append(" ns")
            } else if nanoseconds < 10_000_000 {
                buffer.appendDecimal(nanoseconds / 1_000)
                buffer.append(" µs")
            } else {
                buffer.appendDecimal(nanoseconds / 1_000_000)
                buffer.append(" ms")
            }
        }

        private static func appendObject(_ subject: Subject, to buffer: inout LineBuffer) {
            buffer.append(UInt8(ascii: "<"))
            buffer.appendPrintable(subject.name)
            buffer.append(": ")
            buffer.appendHex(subject.id)
            buffer.append(UInt8(ascii: ">"))
        }
    }
}
