import Lifetrace

/// Compares a recorded trace with a ``GoldenTrace``, as the golden-file specification describes.
///
/// 1. Drop `end` records (intervals are compared by their `begin`).
/// 2. Start after the first `scenario.step` record whose `text` is the `from:` step.
/// 3. Keep the records whose event is in `compare:` and whose controller is in `controllers:`
///    (by default: a name in the controller column of the expected section).
/// 4. Print each kept record as `controller event` (plus ` target` where it has one) and compare
///    with the expected lines: equal (`exact`), beginning the trace (`prefix`), or the same lines
///    in any order, each as often as expected (`set`).
///
/// The comparison is a pure function of its inputs.
public enum GoldenComparison {
    /// Compares the events recorded while running `golden.scenario` with the expectation.
    ///
    /// - Parameters:
    ///   - golden: The golden trace.
    ///   - events: Every record of the run, in emission order, including `scenario.step` records.
    /// - Returns: The verdict, both sides as lines, and a readable report when they differ.
    public static func compare(_ golden: GoldenTrace, events: [Event]) -> GoldenResult {
        let expected = golden.expectedLines
        guard let actual = keptLines(golden, events: events) else {
            let steps =
                events
                .filter { $0.hook.name == Hook.scenarioStep.name && $0.phase != .end }
                .compactMap { $0.details.text.map { "\"\($0)\"" } }
            let report = """
                \(golden.source): the trace has no scenario.step record whose text is "\(golden.from)" \
                (the from: step); steps recorded: \(steps.isEmpty ? "none" : steps.joined(separator: ", "))
                """
            return GoldenResult(passed: false, expected: expected, actual: [], report: report, firstDifference: 0)
        }
        switch golden.match {
        case .exact:
            guard actual != expected else { return pass(expected, actual) }
            return ordered(golden, expected: expected, actual: actual, prefix: false)
        case .prefix:
            guard !actual.starts(with: expected) else { return pass(expected, actual) }
            return ordered(golden, expected: expected, actual: actual, prefix: true)
        case .set:
            return unordered(golden, expected: expected, actual: actual)
        }
    }

    /// The kept records printed as lines, or `nil` when the trace has no record of the `from:` step.
    public static func keptLines(_ golden: GoldenTrace, events: [Event]) -> [String]? {
        guard
            let start = events.firstIndex(where: {
                $0.phase != .end && $0.hook.name == Hook.scenarioStep.name && $0.details.text == golden.from
            })
        else { return nil }
        let controllers = golden.comparedControllers
        return events[(start + 1)...]
            .filter { $0.phase != .end && golden.compare.contains($0.hook.name) && controllers.contains($0.subject.name) }
            .map(line(for:))
    }

    /// A record as a line of the expected section: `controller event` or `controller event target`.
    public static func line(for event: Event) -> String {
        if let target = event.details.target {
            return "\(event.subject.name) \(event.hook.name) \(target.name)"
        }
        return "\(event.subject.name) \(event.hook.name)"
    }

    // MARK: - Reports

    /// A passing result.
    private static func pass(_ expected: [String], _ actual: [String]) -> GoldenResult {
        GoldenResult(passed: true, expected: expected, actual: actual, report: "")
    }

    /// The failure of an `exact` or `prefix` comparison: the first difference and a diff.
    private static func ordered(
        _ golden: GoldenTrace, expected: [String], actual: [String], prefix: Bool
    ) -> GoldenResult {
        let shared = min(expected.count, actual.count)
        let position = (0..<shared).first { expected[$0] != actual[$0] } ?? shared
        var report = [heading(golden)]
        let expectedText =
            position < expected.count
            ? "\"\(expected[position])\""
            : "nothing more (the expected section has \(expected.count) lines)"
        let actualText =
            position < actual.count
            ? "\"\(actual[position])\""
            : "nothing more (the trace has \(actual.count) kept records)"
        report.append("first difference at line \(position + 1) of the expected section\(fileLine(golden, position)):")
        report.append("  expected: \(expectedText)")
        report.append("  actual:   \(actualText)")

        var edits = GoldenDiff.edits(expected: expected, actual: actual)
        var omitted = 0
        if prefix {
            // Records after the last expected line are allowed in prefix mode: leave them out.
            while case .insert = edits.last {
                edits.removeLast()
                omitted += 1
            }
        }
        report.append("--- expected (\(golden.source))")
        report.append("+++ actual")
        report.append(contentsOf: GoldenDiff.render(edits, expected: expected, actual: actual))
        if omitted > 0 {
            report.append("(\(omitted) later records of the trace are not shown: prefix mode allows them)")
        }
        return GoldenResult(
            passed: false, expected: expected, actual: actual,
            report: report.joined(separator: "\n"), firstDifference: position)
    }

    /// The result of a `set` comparison: missing and unexpected lines, each with its number.
    private static func unordered(_ golden: GoldenTrace, expected: [String], actual: [String]) -> GoldenResult {
        var unused: [String: [Int]] = [:]
        for (index, line) in actual.enumerated() { unused[line, default: []].append(index) }
        var missing: [Int] = []
        for (index, line) in expected.enumerated() {
            if var positions = unused[line], !positions.isEmpty {
                positions.removeFirst()
                unused[line] = positions
            } else {
                missing.append(index)
            }
        }
        let unexpected = unused.values.flatMap { $0 }.sorted()
        guard !missing.isEmpty || !unexpected.isEmpty else { return pass(expected, actual) }

        let width = String(max(expected.count, actual.count, 1)).count
        func number(_ index: Int) -> String {
            let text = String(index + 1)
            return String(repeating: " ", count: width - text.count) + text
        }
        var report = [heading(golden)]
        let position: Int
        if let first = missing.first {
            position = first
            report.append(
                "first difference: line \(first + 1) of the expected section\(fileLine(golden, first)), "
                    + "\"\(expected[first])\", is not in the trace")
        } else {
            position = unexpected[0]
            report.append("first difference: line \(position + 1) of the trace, \"\(actual[position])\", is not expected")
        }
        if !missing.isEmpty {
            report.append("missing (-expected, not in the trace):")
            report.append(contentsOf: missing.map { "- \(number($0))  \(expected[$0])" })
        }
        if !unexpected.isEmpty {
            report.append("unexpected (+actual, not in the expected section):")
            report.append(contentsOf: unexpected.map { "+ \(number($0))  \(actual[$0])" })
        }
        return GoldenResult(
            passed: false, expected: expected, actual: actual,
            report: report.joined(separator: "\n"), firstDifference: position)
    }

    /// The report's first line: which file, which mode, from which step.
    private static func heading(_ golden: GoldenTrace) -> String {
        "\(golden.source): the trace differs from the expected events "
            + "(match: \(golden.match.rawValue), from: \"\(golden.from)\")"
    }

    /// ` (FILE:LINE)` for an expected position, or nothing past the end of the expected section.
    private static func fileLine(_ golden: GoldenTrace, _ position: Int) -> String {
        guard position < golden.expected.count else { return "" }
        return " (\(golden.source):\(golden.expected[position].line))"
    }
}
