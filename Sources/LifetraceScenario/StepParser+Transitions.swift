import LifetraceUI

/// The steps that reach the runtime's transitions beyond push, pop, present and dismiss:
/// transitions left in flight (`start`, `advance`), completion blocks, `pop-to`, dismissing from a
/// lower presenter, releasing controllers, presentation contexts, manual appearance forwarding and
/// child transitions. Every error points at the word at fault.
extension StepParser {
    /// The keywords parsed here (``ScenarioParser/stepKeywords`` lists them).
    static let transitionKeywords = [
        "start", "advance", "pop-to", "release", "defines-context", "provides-context-style",
        "transition-style", "forward-appearance", "begin-appearance", "end-appearance", "transition",
    ]

    /// The steps that take `completion=true|false`.
    static let completionKeywords: Set<String> = ["push", "present", "dismiss", "transition"]

    /// `start STEP`: the step after the keyword, parsed on its own (one level: `start` does not nest).
    func startAction() throws(ScenarioError) -> Step.Action {
        guard tokens.count > 1 else {
            throw error("start needs a step to leave in flight, such as \"start push Second\"", at: keyword)
        }
        let inner = Array(tokens.dropFirst())
        if inner[0].text == "start" {
            throw error("start cannot start a start step; write \"start STEP\" once", at: inner[0])
        }
        var parser = StepParser(source: source, line: line, tokens: inner)
        return .start(try parser.parse())
    }

    /// Removes the option `key=…` from the options, returning it (`nil` when not given): for
    /// options a step's usual option parsing does not know.
    mutating func takeOption(_ key: String) throws(ScenarioError) -> ScenarioLexer.Token? {
        let matching = optionTokens.filter { $0.text.hasPrefix(key + "=") }
        guard let option = matching.first else { return nil }
        if matching.count > 1 {
            throw error("duplicate option \"\(matching[1].text)\": \(key) is already given", at: matching[1])
        }
        optionTokens.removeAll { $0 == option }
        return option
    }

    /// `completion=true|false` on a step that takes it: whether its completion block is recorded.
    mutating func completionOption() throws(ScenarioError) -> Bool {
        guard Self.completionKeywords.contains(keyword.text), let option = try takeOption("completion") else {
            return false
        }
        switch option.text {
        case "completion=true": return true
        case "completion=false": return false
        default:
            throw error("expected \"completion=true\" or \"completion=false\", got \"\(option.text)\"", at: option)
        }
    }

    /// `present NAME [from PRESENTER]`: the controller that calls `present`, when named (NAME is
    /// there: the first word).
    func presentingName() throws(ScenarioError) -> String? {
        guard words.count > 1, words[1].text == "from" else {
            _ = try singleName(role: "a controller name")
            return nil
        }
        guard words.count >= 3 else {
            throw error("present NAME from needs the name of the controller that presents", at: words[1])
        }
        try noWords(after: 3)
        return try name(words[2])
    }

    /// `dismiss [from NAME]`: the controller that calls `dismiss`, when named.
    func dismissingName() throws(ScenarioError) -> String? {
        guard let first = words.first else { return nil }
        guard first.text == "from" else {
            throw error("dismiss: expected \"dismiss [from NAME] [animated=true|false]\", got \"\(first.text)\"", at: first)
        }
        guard words.count >= 2 else {
            throw error("dismiss from needs the name of the controller that dismisses", at: first)
        }
        try noWords(after: 2)
        return try name(words[1])
    }

    /// The action of a step parsed here, or `nil` when the keyword is not one of them.
    mutating func transitionAction() throws(ScenarioError) -> Step.Action? {
        switch keyword.text {
        case "advance":
            let word = try singleWord(missing: "expected a duration such as 100ms, 2s, 250us")
            guard let nanoseconds = Self.duration(word.text) else {
                throw error("expected a duration such as 100ms, 2s, 250us, got \"\(word.text)\"", at: word)
            }
            try noOptions()
            return .advance(nanoseconds: nanoseconds)
        case "pop-to":
            let name = try singleName(role: "the controller to pop to")
            return .popTo(name, animated: try animatedOption())
        case "release":
            let name = try singleName(role: "a controller name")
            try noOptions()
            return .release(name)
        case "defines-context", "provides-context-style":
            let name = try firstName(usage: "\(keyword.text) NAME on|off")
            let on = try onOff()
            return keyword.text == "defines-context" ? .definesContext(name, on) : .providesContextStyle(name, on)
        case "transition-style":
            let styles = ModalTransitionStyle.allCases.map(\.rawValue)
            let name = try firstName(usage: "transition-style NAME \(styles.joined(separator: "|"))")
            guard words.count >= 2 else {
                throw error("transition-style needs a style: \(styles.joined(separator: ", "))", at: keyword)
            }
            guard let style = ModalTransitionStyle(rawValue: words[1].text) else {
                throw error("expected one of \(styles.joined(separator: ", ")), got \"\(words[1].text)\"", at: words[1])
            }
            try noWords(after: 2)
            try noOptions()
            return .transitionStyle(name, style)
        case "forward-appearance":
            let name = try firstName(usage: "forward-appearance NAME manual|automatic")
            let choice = try secondWord(of: ["manual", "automatic"])
            try noOptions()
            return .forwardAppearance(name, automatic: choice == "automatic")
        case "begin-appearance":
            let name = try firstName(usage: "begin-appearance NAME appear|disappear [animated=true|false]")
            let choice = try secondWord(of: ["appear", "disappear"])
            return .beginAppearance(name, appearing: choice == "appear", animated: try animatedOption())
        case "end-appearance":
            let name = try singleName(role: "a controller name")
            try noOptions()
            return .endAppearance(name)
        case "transition":
            let (from, to) = try pair(joinedBy: "to", usage: "transition FROM to TO [duration=300ms]")
            var nanoseconds: UInt64 = 300_000_000
            if let option = try takeOption("duration") {
                let text = String(option.text.dropFirst("duration=".count))
                guard let value = Self.duration(text) else {
                    throw error("expected duration=DURATION such as duration=300ms, got \"\(option.text)\"", at: option)
                }
                nanoseconds = value
            }
            if let extra = optionTokens.first {
                throw error(
                    "unknown option \"\(extra.text)\" for transition; expected duration=… or completion=…", at: extra)
            }
            return .transitionChild(from: from, to: to, nanoseconds: nanoseconds)
        default:
            return nil
        }
    }

    // MARK: - Words and options of these steps

    /// The first word, a name.
    func firstName(usage: String) throws(ScenarioError) -> String {
        guard let first = words.first else {
            throw error("\(keyword.text) needs a controller name: expected \"\(usage)\"", at: keyword)
        }
        return try name(first)
    }

    /// The second word, one of `choices`, and nothing after it.
    func secondWord(of choices: [String]) throws(ScenarioError) -> String {
        let alternatives = choices.map { "\"\($0)\"" }.joined(separator: " or ")
        guard words.count >= 2 else { throw error("\(keyword.text) needs \(alternatives)", at: keyword) }
        guard choices.contains(words[1].text) else {
            throw error("expected \(alternatives), got \"\(words[1].text)\"", at: words[1])
        }
        try noWords(after: 2)
        return words[1].text
    }

    /// `on` or `off` after the name, and no options.
    func onOff() throws(ScenarioError) -> Bool {
        let choice = try secondWord(of: ["on", "off"])
        try noOptions()
        return choice == "on"
    }

    /// `animated=true|false` (default `true`), the only option allowed.
    private mutating func animatedOption() throws(ScenarioError) -> Bool {
        var animated = true
        if let option = try takeOption("animated") {
            switch option.text {
            case "animated=true": animated = true
            case "animated=false": animated = false
            default:
                throw error("expected \"animated=true\" or \"animated=false\", got \"\(option.text)\"", at: option)
            }
        }
        if let extra = optionTokens.first {
            throw error("unknown option \"\(extra.text)\" for \(keyword.text); expected animated=…", at: extra)
        }
        return animated
    }

    /// No options left.
    func noOptions() throws(ScenarioError) {
        guard let extra = optionTokens.first else { return }
        throw error("unexpected \"\(extra.text)\": \(keyword.text) takes no options", at: extra)
    }
}
