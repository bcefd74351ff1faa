/// A line diff of expected and actual trace lines, rendered unified-style with line numbers.
///
/// Internal to ``GoldenComparison``. The edit script comes from the standard library's
/// `difference(from:)` (a shortest edit script, Myers' algorithm: O((n + m) · d) for d changes,
/// no table), so a single missing or extra record shows as one `-` or `+` line rather than a
/// shifted tail, whatever the traces' length.
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

    /// The edit script turning `expected` into `actual`: removals of expected lines before
    /// insertions of actual ones where both happen at one place.
    static func edits(expected: [String], actual: [String]) -> [Edit] {
        let difference = actual.difference(from: expected)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var result: [Edit] = []
        result.reserveCapacity(max(expected.count, actual.count) + removed.count)
        var i = 0
        var j = 0
        while i < expected.count || j < actual.count {
            if i < expected.count, removed.contains(i) {
                result.append(.delete(expected: i))
                i += 1
            } else if j < actual.count, inserted.contains(j) {
                result.append(.insert(actual: j))
                j += 1
            } else {
                result.append(.same(expected: i, actual: j))
                i += 1
                j += 1
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
            let low = max(0, index - context)
            let high = min(edits.count - 1, index + context)
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
            lines.append(
                "@@ -\(span(expectedIndices, side: \.expectedIndex, in: edits, at: range.lowerBound)) "
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
