import LifetraceTestSupport

/// Making a disagreeing scenario smaller while it still disagrees the same way.
extension AppleLayoutScenario {
    /// The smallest scenario found within `rounds` rounds: each round drops one step (and what
    /// depends on it) from the last smallest. `firstFailing` answers, for a round's candidates,
    /// the index of the first that still fails (so the model's process takes them in one go).
    static func shrink(
        _ scenario: AppleLayoutScenario, rounds: Int = 60, firstFailing: ([AppleLayoutScenario]) throws -> Int?
    ) rethrows -> AppleLayoutScenario {
        try LifetraceTestSupport.shrink(
            scenario, rounds: rounds, candidates: { $0.smallerCandidates() }, firstFailing: firstFailing)
    }

    /// The name a step declares (`view NAME …`, `stack NAME …`, `constrain NAME …`), if any.
    static func declaredName(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard words.count > 1, ["view", "stack", "constrain"].contains(words[0]) else { return nil }
        return String(words[1])
    }

    /// Scenarios one step smaller (a step dropped with every step that names what it declared,
    /// and so on), the last steps first; never `launch`.
    func smallerCandidates() -> [AppleLayoutScenario] {
        lines.indices.reversed().compactMap { index in
            guard !lines[index].hasPrefix("launch ") else { return nil }
            return dropping(index)
        }
    }

    /// Without step `index` and the steps that depend on what it declared.
    func dropping(_ index: Int) -> AppleLayoutScenario {
        var dropped: Set<Int> = [index]
        var names: Set<String> = Self.declaredName(lines[index]).map { [$0] } ?? []
        var changed = true
        while changed {
            changed = false
            for (position, line) in lines.enumerated() where !dropped.contains(position) {
                let words = line.split(separator: " ").dropFirst().map { word in
                    String(word.split(separator: ".").first ?? word)
                }
                guard words.contains(where: names.contains) else { continue }
                dropped.insert(position)
                if let name = Self.declaredName(line) { names.insert(name) }
                changed = true
            }
        }
        return AppleLayoutScenario(lines: lines.indices.filter { !dropped.contains($0) }.map { lines[$0] })
    }
}
