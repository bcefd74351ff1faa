/// A sink that writes one JSON object per event and line, for `jq` and other tools.
///
/// The format is documented in `docs/json-lines.md`; lines are built by hand into a reused buffer and
/// written in large writes, so steady-state emission allocates nothing.
public struct JSONLinesSink: Sink {
    /// Where the lines go.
    public let output: ByteOutput

    /// Creates a JSON-lines sink on an output.
    public init(output: ByteOutput) {
        self.output = output
    }

    /// Creates a JSON-lines sink on a destination (default: standard output).
    ///
    /// - Throws: An error when the destination cannot be opened.
    public init(to destination: ByteOutput.Destination = .standardOutput) throws {
        self.init(output: try ByteOutput.open(destination, label: "jsonl sink"))
    }

    /// Writes the event as one line.
    public func emit(_ event: Event) {
        output.write { JSONLineFormat.append(event, to: &$0) }
    }

    /// Writes out buffered lines.
    public func flush() { output.flush() }
}
