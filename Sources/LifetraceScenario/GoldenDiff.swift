/// A line diff of expected and actual trace lines, rendered unified-style with line numbers.
///
/// Internal to ``GoldenComparison``. The edit script comes from a longest common subsequence, so
/// a single missing or extra record shows as one `-` or `+` line rather than a shifted tail.
enum GoldenDiff {
    /// One line of the edit script.
    enum Edit: Equatable {
        /// The line is in both, at these 0-based positions.
        case same(expected: Int, actual: Int)
        /// The expected line at this position is missing from the actual lines.
        case delete(expected: Int)
        /// The actual line at this position is not expected there.
        case insert(actual: Int)
    }

    /// Above this many table cells the diff falls back to comparing position by position.
    static let tableLimit = 4_000_000

    /// The edit script turning `expected` into `actual`.
    static func edits(expected: [String], actual: [String]) -> [Edit] {
        let n = expected.count, m = actual.count
        guard n * m <= tableLimit else { return positionalEdits(n: n, m: m, expected: expected, actual: actual) }
        // suffix[i][j]: length of the longest common subsequence of expected[i...] and actual[j...].
        var suffix = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                suffix[i][j] = expected[i] == actual[j]
                    ? suffix[i + 1][j + 1] + 1
                    : max(suffix[i + 1][j], suffix[i][j + 1])
            }
        }
        var result: [Edit] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                result.append(.same(expected: i, actual: j))
                i += 1
                j += 1
            } else if j < m, i == n || suffix[i][j + 1] > suffix[i + 1][j] {
                result.append(.insert(actual: j))
                j += 1
            } else {
                result.append(.delete(expected: i))
                i += 1
            }
        }
        return result
    }

    /// A position-by-position script, for inputs too large for the table.
    private static func positionalEdits(n: Int, m: Int, expected: [String], actual: [String]) -> [Edit] {
        var result: [Edit] = []
        for k in 0..<max(n, m) {
            if k < n, k < m, expected[k] == actual[k] {
                result.append(.same(expected: k, actual: k))
            } else {
                if k < n { result.append(.delete(expected: k)) }
                if k < m { result.append(.insert(actual: k)) }
            }
        }
        return result
    }

    /// Renders the script in hunks with `context` unchanged lines around each change.
    ///
    /// Each line is a sign (` `, `-`, `+`), the 1-based expected and actual line numbers (blank
    /// where the line is absent on that side), and the text.
    static func render(_ edits: [Edit], expected: [String], actual: [String], context: Int = 3) -> [String] {
        let changed = edits.indices.filter {
            if case .same = edits[$0] { return false }
            return true
        }
        guard !changed.isEmpty else { return [] }
        // Group changes whose context windows touch into hunks.
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - context), high = min(edits.count - 1, index + context)
            if let last = ranges.last, low <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                ranges.append(low...high)
            }
        }
        let width = String(max(expected.count, actual.count, 1)).count
        func number(_ value: Int?) -> String {
            guard let value else { return String(repeating: " ", count: width) }
            let text = String(value + 1)
            return String(repeating: " ", count: width - text.count) + text
        }
        var lines: [String] = []
        for range in ranges {
            let slice = edits[range]
            let expectedIndices = slice.compactMap(\.expectedIndex)
            let actualIndices = slice.compactMap(\.actualIndex)
            lines.append("@@ -\(span(expectedIndices, side: \.expectedIndex, in: edits, at: range.lowerBound)) "
                + "+\(span(actualIndices, side: \.actualIndex, in: edits, at: range.lowerBound)) @@")
            for edit in slice {
                switch edit {
                case let .same(e, a):
                    lines.append("  \(number(e)) \(number(a))  \(expected[e])")
                case let .delete(e):
                    lines.append("- \(number(e)) \(number(nil))  \(expected[e])")
                case let .insert(a):
                    lines.append("+ \(number(nil)) \(number(a))  \(actual[a])")
                }
            }
        }
        return lines
    }

    /// `START,COUNT` of one side of a hunk (1-based; for an empty side, the line before it).
    private static func span(
        _ indices: [Int], side: KeyPath<Edit, Int?>, in edits: [Edit], at start: Int
    ) -> String {
        if let low = indices.first {
            return "\(low + 1),\(indices.count)"
        }
        let previous = edits[..<start].reversed().compactMap { $0[keyPath: side] }.first
        return "\((previous ?? -1) + 1),0"
    }
}

extension GoldenDiff.Edit {
    /// The expected-side position, if the edit has one.
    var expectedIndex: Int? {
        switch self {
        case let .same(e, _), let .delete(e): e
        case .insert: nil
        }
    }

    /// The actual-side position, if the edit has one.
    var actualIndex: Int? {
        switch self {
        case let .same(_, a), let .insert(a): a
        case .delete: nil
        }
    }
}
