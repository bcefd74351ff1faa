import LifetraceUI

/// Parses the words of one scenario line into an ``Step/Action``.
///
/// Internal to ``ScenarioParser``. The first word is the step keyword; the words after it are
/// positional (names, `to`, `in`, sizes…) followed by options (`key=value`, any order, each at
/// most once). Every error points at the offending word.
struct StepParser {
    /// The file or label, for errors.
    let source: String
    /// The 1-based line, for errors.
    let line: Int
    /// The step keyword.
    let keyword: ScenarioLexer.Token
    /// Every word of the line, keyword first.
    let tokens: [ScenarioLexer.Token]
    /// The positional words after the keyword.
    var words: [ScenarioLexer.Token] = []
    /// The options after the positional words.
    var optionTokens: [ScenarioLexer.Token] = []

    /// Prepares to parse a non-empty line.
    init(source: String, line: Int, tokens: [ScenarioLexer.Token]) {
        precondition(!tokens.isEmpty, "a step line has at least one word")
        self.source = source
        self.line = line
        self.tokens = tokens
        self.keyword = tokens[0]
    }

    /// Parses the line.
    mutating func parse() throws(ScenarioError) -> Step.Action {
        try splitWordsAndOptions()
        if keyword.text == "start" { return try startAction() }
        let recordsCompletion = try completionOption()
        let action = try stepAction()
        return recordsCompletion ? .withCompletion(action) : action
    }

    /// Parses the line's step (its words and options split, `completion=` taken).
    private mutating func stepAction() throws(ScenarioError) -> Step.Action {
        switch keyword.text {
        case "nav":
            let (name, children) = try nameAndList(
                nameRole: "a name", listRole: "at least one child controller",
                usage: "nav NAME CHILD...")
            try options(allowing: [])
            return .declareNavigation(name: name, stack: children)
        case "tabs":
            let (name, children) = try nameAndList(
                nameRole: "a name", listRole: "at least one tab controller",
                usage: "tabs NAME CHILD...")
            try options(allowing: [])
            return .declareTabs(name: name, tabs: children)
        case "child":
            let (child, parent) = try pair(joinedBy: "in", usage: "child CHILD in PARENT")
            try options(allowing: [])
            return .declareChild(child: child, parent: parent)
        case "launch":
            let root = try singleName(role: "a root controller name")
            try options(allowing: [])
            return .launch(root)
        case "push":
            let name = try singleName(role: "a controller name")
            return .push(name, animated: try options(allowing: ["animated"]).animated)
        case "pop":
            try noWords()
            return .pop(animated: try options(allowing: ["animated"]).animated)
        case "pop-to-root":
            try noWords()
            return .popToRoot(animated: try options(allowing: ["animated"]).animated)
        case "set-stack":
            let (navigation, stack) = try nameAndList(
                nameRole: "a navigation controller name", listRole: "at least one controller",
                usage: "set-stack NAV NAME... [animated=true|false]")
            return .setStack(
                navigation: navigation, stack: stack,
                animated: try options(allowing: ["animated"]).animated)
        case "interactive-pop":
            let choice = try oneOf(["finish", "cancel"])
            try options(allowing: [])
            return .interactivePop(finishes: choice == "finish")
        case "present":
            let presenter = try presentingName()
            let name = try self.name(words[0])
            let given = try options(allowing: ["style", "animated"])
            return presenter.map { .presentFrom(name, from: $0, style: given.style, animated: given.animated) }
                ?? .present(name, style: given.style, animated: given.animated)
        case "dismiss":
            let from = try dismissingName()
            let animated = try options(allowing: ["animated"]).animated
            return from.map { .dismissFrom($0, animated: animated) } ?? .dismiss(animated: animated)
        case "segue":
            let name = try singleName(role: "a destination controller name")
            return .segue(name, animated: try options(allowing: ["animated"]).animated)
        case "select-tab":
            let word = try singleWord(missing: "select-tab expects a 0-based index")
            guard !word.text.isEmpty, word.text.allSatisfy({ ("0"..."9").contains($0) }),
                let index = Int(word.text)
            else { throw error("select-tab expects a 0-based index, got \"\(word.text)\"", at: word) }
            try options(allowing: [])
            return .selectTab(index)
        case "add-child":
            let (child, parent) = try pair(joinedBy: "to", usage: "add-child CHILD to PARENT")
            try options(allowing: [])
            return .addChild(child: child, parent: parent)
        case "remove-child":
            let name = try singleName(role: "a controller name")
            try options(allowing: [])
            return .removeChild(name)
        case "edit":
            let name = try singleName(role: "a controller name")
            try options(allowing: [])
            return .edit(name)
        case "end-editing":
            try noWords()
            try options(allowing: [])
            return .endEditing
        case "rotate":
            let choice = try oneOf(["landscape", "portrait"])
            try options(allowing: [])
            return .rotate(landscape: choice == "landscape")
        case "resize":
            let word = try singleWord(missing: "expected WxH such as 390x844")
            guard let size = Self.size(word.text) else {
                throw error("expected WxH such as 390x844, got \"\(word.text)\"", at: word)
            }
            try options(allowing: [])
            return .resize(width: size.width, height: size.height)
        case "memory-warning":
            try noWords()
            try options(allowing: [])
            return .memoryWarning
        case "wait":
            let word = try singleWord(missing: "expected a duration such as 500ms, 2s, 250us")
            guard let nanoseconds = Self.duration(word.text) else {
                throw error("expected a duration such as 500ms, 2s, 250us, got \"\(word.text)\"", at: word)
            }
            try options(allowing: [])
            return .wait(nanoseconds: nanoseconds)
        default:
            if let action = try transitionAction() { return action }
            if let action = try storyboardAction() { return action }
            if let action = try adaptivityAction() { return action }
            if let action = try containerAction() { return action }
            if let action = try listAction() { return action }
            if let action = try updateAction() { return action }
            if let action = try sceneAction() { return action }
            if let action = try layoutAction() { return action }
            // A long word is shown by its start: the message stays one readable line.
            let shown = keyword.text.count > 40 ? keyword.text.prefix(40) + "…" : Substring(keyword.text)
            var message =
                "unknown step \"\(shown)\"; expected one of: "
                + ScenarioParser.stepKeywords.joined(separator: ", ")
            if let close = ScenarioParser.suggestion(for: keyword.text) {
                message += "; did you mean \"\(close)\"?"
            }
            throw error(message, at: keyword)
        }
    }

    // MARK: - Words

    /// Separates positional words from trailing options; a word after an option is an error.
    mutating func splitWordsAndOptions() throws(ScenarioError) {
        for token in tokens.dropFirst() {
            // `key=value`, with a key: not a relation (`==`, `<=`, `>=`) nor a stray `=`.
            if let equals = token.text.firstIndex(of: "="), equals != token.text.startIndex,
                !Self.relations.contains(token.text)
            {
                optionTokens.append(token)
            } else if let option = optionTokens.last {
                throw error(
                    "unexpected \"\(token.text)\" after \"\(option.text)\"; options come after the step's words",
                    at: token)
            } else {
                words.append(token)
            }
        }
    }

    /// Exactly one positional word.
    func singleWord(missing message: String) throws(ScenarioError) -> ScenarioLexer.Token {
        guard let word = words.first else { throw error(message, at: keyword) }
        try noWords(after: 1)
        return word
    }

    /// Exactly one positional word that is a name.
    func singleName(role: String) throws(ScenarioError) -> String {
        let word = try singleWord(missing: "\(keyword.text) needs \(role)")
        return try name(word)
    }

    /// A name followed by one or more names.
    private func nameAndList(
        nameRole: String, listRole: String, usage: String
    ) throws(ScenarioError) -> (String, [String]) {
        guard let first = words.first else {
            throw error("\(keyword.text) needs \(nameRole): expected \"\(usage)\"", at: keyword)
        }
        let name = try self.name(first)
        guard words.count > 1 else {
            throw error("\(keyword.text) needs \(listRole): expected \"\(usage)\"", at: keyword)
        }
        var list: [String] = []
        for word in words.dropFirst() {
            list.append(try self.name(word))
        }
        return (name, list)
    }

    /// `A <joiner> B`, as in `child A in B` and `add-child A to B`.
    func pair(joinedBy joiner: String, usage: String) throws(ScenarioError) -> (String, String) {
        let expectation = "\(keyword.text): expected \"\(usage)\""
        guard words.count >= 3 else {
            if words.count == 2, words[1].text != joiner {
                throw error("\(expectation), got \"\(words[1].text)\"", at: words[1])
            }
            throw error(expectation, at: keyword)
        }
        guard words[1].text == joiner else {
            throw error("\(expectation), got \"\(words[1].text)\"", at: words[1])
        }
        try noWords(after: 3)
        return (try name(words[0]), try name(words[2]))
    }

    /// One word out of a fixed set.
    func oneOf(_ choices: [String]) throws(ScenarioError) -> String {
        let alternatives = choices.map { "\"\($0)\"" }.joined(separator: " or ")
        let word = try singleWord(missing: "\(keyword.text) needs \(alternatives)")
        guard choices.contains(word.text) else {
            throw error("expected \(alternatives), got \"\(word.text)\"", at: word)
        }
        return word.text
    }

    /// No positional words beyond the first `count`.
    func noWords(after count: Int = 0) throws(ScenarioError) {
        guard words.count > count else { return }
        let extra = words[count]
        let before = ScenarioLexer.normalized(Array(tokens.prefix { $0.column < extra.column }))
        throw error("unexpected \"\(extra.text)\" after \"\(before)\"", at: extra)
    }

    /// A word that must be a name.
    func name(_ word: ScenarioLexer.Token) throws(ScenarioError) -> String {
        guard ScenarioLexer.isIdentifier(word.text) else {
            throw error("expected a name (an identifier), got \"\(word.text)\"", at: word)
        }
        return word.text
    }

    // MARK: - Options

    /// The options a step was given, with their defaults.
    private struct Options {
        var animated = true
        var style = ModalPresentationStyle.fullScreen
    }

    /// Parses the options, allowing only the given keys, each at most once.
    @discardableResult
    private func options(allowing keys: [String]) throws(ScenarioError) -> Options {
        var result = Options()
        var seen: Set<String> = []
        for option in optionTokens {
            let parts = option.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            guard keys.contains(key) else {
                if keys.isEmpty {
                    let before = ScenarioLexer.normalized(Array(tokens.prefix { $0.column < option.column }))
                    throw error("unexpected \"\(option.text)\" after \"\(before)\"", at: option)
                }
                let expected = keys.map { "\($0)=…" }.joined(separator: " or ")
                throw error(
                    "unknown option \"\(option.text)\" for \(keyword.text); expected \(expected)",
                    at: option)
            }
            guard seen.insert(key).inserted else {
                throw error("duplicate option \"\(option.text)\": \(key) is already given", at: option)
            }
            switch key {
            case "animated":
                switch value {
                case "true": result.animated = true
                case "false": result.animated = false
                default:
                    throw error(
                        "expected \"animated=true\" or \"animated=false\", got \"\(option.text)\"",
                        at: option)
                }
            default:
                guard let style = ModalPresentationStyle(rawValue: value) else {
                    let names = ModalPresentationStyle.allCases.map(\.rawValue)
                    let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
                    throw error("expected style=\(list), got \"\(option.text)\"", at: option)
                }
                result.style = style
            }
        }
        return result
    }

    // MARK: - Values

    /// `WxH` in points (positive, decimals allowed), such as `390x844`.
    static func size(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = dimension(parts[0]), let height = dimension(parts[1])
        else { return nil }
        return (width, height)
    }

    /// A positive decimal number without sign or exponent.
    static func dimension(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }),
            text.filter({ $0 == "." }).count <= 1,
            let value = Double(text), value.isFinite, value > 0
        else { return nil }
        return value
    }

    /// A duration such as `500ms`, `2s`, `1.5s`, `250us`, `10ns`, in nanoseconds.
    static func duration(_ text: String) -> UInt64? {
        let units: [(suffix: String, nanoseconds: UInt64)] = [
            ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
        ]
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let number = text.dropLast(unit.suffix.count)
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { $0.allSatisfy { ("0"..."9").contains($0) } }
        guard let whole = parts.first, !whole.isEmpty, digits(whole), let wholeValue = UInt64(whole)
        else { return nil }
        let (scaled, overflow) = wholeValue.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !overflow else { return nil }
        guard parts.count == 2 else { return scaled }
        let fraction = parts[1]
        guard !fraction.isEmpty, digits(fraction) else { return nil }
        // Add the fraction digit by digit, truncating below a nanosecond.
        var extra: UInt64 = 0
        var place = unit.nanoseconds
        for digit in fraction {
            place /= 10
            if place == 0 { break }
            extra += UInt64(digit.wholeNumberValue ?? 0) * place
        }
        let (total, overflowTotal) = scaled.addingReportingOverflow(extra)
        return overflowTotal ? nil : total
    }

    /// An error at a word of this line.
    func error(_ message: String, at token: ScenarioLexer.Token) -> ScenarioError {
        ScenarioError(source: source, line: line, column: token.column, message: message)
    }
}
