/// A sink that prints lines a person reads, like an NSLog trace:
/// `<B: 0x6c16980> viewWillAppear animated`.
public struct TextSink: Sink {
    /// How each event is printed.
    public let format: TextSink.Format
    /// Where the lines go.
    public let output: ByteOutput

    /// Creates a text sink on an output.
    public init(output: ByteOutput, format: TextSink.Format = TextSink.Format()) {
        self.output = output
        self.format = format
    }

    /// Creates a text sink on a destination (default: standard output).
    ///
    /// - Throws: An error when the destination cannot be opened.
    public init(to destination: ByteOutput.Destination = .standardOutput, format: TextSink.Format = TextSink.Format()) throws {
        self.init(output: try ByteOutput.open(destination, label: "text sink"), format: format)
    }

    /// Wants `end` records and frame instants (`frameChange`) only when the format shows them, so
    /// hidden ones cost nothing (no frame is computed for them).
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        switch phase {
        case .begin: true
        case .end: format.showsEnds
        case .instant: format.showsEnds || HookNames.lineShape(of: hook.code) != .frame
        }
    }

    /// Prints the event.
    public func emit(_ event: Event) {
        output.write { format.append(event, to: &$0) }
    }

    /// Writes out buffered lines.
    public func flush() { output.flush() }
}
