import LifetracePort

/// Ports `source` as the file `Test.swift`.
func port(_ source: String) throws -> PortResult {
    try Port.rewrite(source, fileName: "Test.swift")
}

/// The reports of `result` as `LINE:COLUMN: …` lines.
func reports(_ result: PortResult) -> [String] {
    result.diagnostics.map(\.description)
}

/// `body` inside a controller, indented as a method's statements, with `members` after it.
func controller(_ body: String, members: String = "") -> String {
    """
    final class C: UIViewController {
        override func viewDidLoad() {
    \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "        \($0)" }.joined(separator: "\n"))
        }
    \(members.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n"))
    }

    """
}
