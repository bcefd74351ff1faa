import LifetraceUI

/// The list steps (``ListStep``); every error points at the word at fault.
extension StepParser {
    /// The action of a list step, or `nil` when the keyword is not one of them.
    mutating func listAction() throws(ScenarioError) -> Step.Action? {
        guard ListStep.keywords.contains(keyword.text) else { return nil }
        return .list(try listStep())
    }

    private mutating func listStep() throws(ScenarioError) -> ListStep {
        switch keyword.text {
        case "table":
            let usage = "table NAME rows=N [height=H] [estimate=E] [source=diffable]"
            let name = try firstName(usage: usage)
            try noWords(after: 1)
            guard let rows = try numberOption("rows", range: 0...1_000_000) else {
                throw error("table needs rows=N: expected \"\(usage)\"", at: keyword)
            }
            let height = try numberOption("height", range: 1...10_000)
            let estimate = try numberOption("estimate", range: 1...10_000)
            let diffable = try choiceOption("source", [("diffable", true), ("data-source", false)]) ?? false
            try noOtherOptions(expected: "rows=…, height=…, estimate=… or source=…")
            return .declareTable(name: name, rows: Int(rows), rowHeight: height, estimate: estimate, diffable: diffable)
        case "insert-rows", "delete-rows":
            let usage = "\(keyword.text) NAME AT [count=N]"
            let name = try firstName(usage: usage)
            guard words.count >= 2, let row = Int(words[1].text), row >= 0 else {
                throw error(
                    "\(keyword.text) needs a row number: expected \"\(usage)\"", at: words.count >= 2 ? words[1] : keyword)
            }
            try noWords(after: 2)
            let count = try numberOption("count", range: 1...1_000_000).map(Int.init) ?? 1
            try noOtherOptions(expected: "count=…")
            return .changeRows(name: name, at: row, count: count, inserting: keyword.text == "insert-rows")
        case "scroll":
            let usage = "scroll NAME to Y|row N|end [over DURATION] [fps=N] [curve=decelerating|linear]"
            let name = try firstName(usage: usage)
            guard words.count >= 3, words[1].text == "to" else {
                throw error("expected \"\(usage)\"", at: words.count >= 2 ? words[1] : keyword)
            }
            var index = 2
            let target: ListStep.Target
            if words[index].text == "end" {
                target = .end
            } else if words[index].text == "row" {
                guard words.count > index + 1, let row = Int(words[index + 1].text), row >= 0 else {
                    throw error(
                        "expected a row number after \"row\"", at: words.count > index + 1 ? words[index + 1] : words[index])
                }
                target = .row(row)
                index += 1
            } else {
                guard let offset = Self.number(words[index].text) else {
                    throw error("expected an offset, \"row N\" or \"end\", got \"\(words[index].text)\"", at: words[index])
                }
                target = .offset(offset)
            }
            index += 1
            var nanoseconds: UInt64 = 300_000_000
            if words.count > index {
                guard words[index].text == "over", words.count > index + 1 else {
                    throw error("expected \"over DURATION\", got \"\(words[index].text)\"", at: words[index])
                }
                guard let duration = Self.duration(words[index + 1].text), duration > 0, duration <= 600_000_000_000 else {
                    throw error(
                        "expected a duration of at most 10 minutes such as 1s or 500ms, got \"\(words[index + 1].text)\"",
                        at: words[index + 1])
                }
                nanoseconds = duration
                try noWords(after: index + 2)
            }
            let fps = try numberOption("fps", range: 1...240).map(Int.init) ?? ScrollView.defaultFramesPerSecond
            let curve =
                try choiceOption("curve", [("decelerating", ScrollView.Curve.decelerating), ("linear", .linear)]) ?? .decelerating
            try noOtherOptions(expected: "fps=… or curve=…")
            return .scroll(name: name, target: target, nanoseconds: nanoseconds, framesPerSecond: fps, curve: curve)
        case "tap-row":
            let name = try firstName(usage: "tap-row NAME N")
            guard words.count >= 2, let row = Int(words[1].text), row >= 0 else {
                throw error("tap-row needs a row number: expected \"tap-row NAME N\"", at: words.count >= 2 ? words[1] : keyword)
            }
            try noWords(after: 2)
            try noOptions()
            return .tapRow(name: name, row: row)
        default:
            let name = try singleName(role: "a table name")
            try noOptions()
            return .reload(name: name)
        }
    }

    /// The option `key=NUMBER` within `range`, if given.
    private mutating func numberOption(_ key: String, range: ClosedRange<Double>) throws(ScenarioError) -> Double? {
        guard let option = try takeOption(key) else { return nil }
        let text = String(option.text.dropFirst(key.count + 1))
        guard let value = Self.number(text), range.contains(value) else {
            throw error(
                "expected \(key)=NUMBER from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got \"\(option.text)\"",
                at: option)
        }
        return value
    }
}
