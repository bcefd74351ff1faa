/// A rewritten file: its new text and what was changed, noted or left alone.
public struct PortResult: Sendable, Hashable {
    /// The rewritten source; the input itself, byte for byte, when nothing changed.
    public let source: String
    /// The changes, notes and warnings, in the order of their place in the input.
    public let diagnostics: [PortDiagnostic]
    /// Whether anything was rewritten.
    public let changed: Bool

    /// A result of these parts.
    public init(source: String, diagnostics: [PortDiagnostic], changed: Bool) {
        self.source = source
        self.diagnostics = diagnostics
        self.changed = changed
    }

    /// The changes made (no notes, no warnings).
    public var changes: [PortDiagnostic] { diagnostics.filter { $0.severity == .change } }

    /// The warnings: code left as it was because it cannot be rewritten mechanically, or
    /// rewritten on an assumption to check.
    public var warnings: [PortDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}
