/// The storyboard steps (``StoryboardStep``); every error points at the word at fault.
extension StepParser {
    /// The action of a storyboard step, or `nil` when the keyword is not one of them.
    mutating func storyboardAction() throws(ScenarioError) -> Step.Action? {
        switch keyword.text {
        case "scene":
            let usage = "scene NAME in STORYBOARD [nav ROOT | tabs TAB...] [initial=true|false]"
            guard words.count >= 3, words[1].text == "in" else {
                if words.count >= 2, words[1].text != "in" {
                    throw error("scene: expected \"\(usage)\", got \"\(words[1].text)\"", at: words[1])
                }
                throw error("scene: expected \"\(usage)\"", at: keyword)
            }
            let name = try self.name(words[0])
            let storyboard = try self.name(words[2])
            let kind = try sceneKind(usage: usage)
            let initial = try initialOption()
            return .storyboard(.declareScene(name: name, storyboard: storyboard, kind: kind, initial: initial))
        case "instantiate":
            guard let first = words.first else {
                throw error("instantiate needs a storyboard name: expected \"instantiate STORYBOARD [NAME]\"", at: keyword)
            }
            let storyboard = try name(first)
            let scene = words.count > 1 ? try name(words[1]) : nil
            try noWords(after: 2)
            if let extra = optionTokens.first {
                throw error("unexpected \"\(extra.text)\": instantiate takes no options", at: extra)
            }
            return .storyboard(.instantiate(storyboard: storyboard, scene: scene))
        default:
            return nil
        }
    }

    /// The words after `NAME in STORYBOARD`: nothing, `nav ROOT` or `tabs TAB...`.
    private func sceneKind(usage: String) throws(ScenarioError) -> StoryboardStep.SceneKind {
        guard words.count > 3 else { return .plain }
        let kindWord = words[3]
        switch kindWord.text {
        case "nav":
            guard words.count >= 5 else {
                throw error("scene … nav needs the root scene: expected \"\(usage)\"", at: kindWord)
            }
            try noWords(after: 5)
            return .navigation(root: try name(words[4]))
        case "tabs":
            guard words.count >= 5 else {
                throw error("scene … tabs needs at least one tab scene: expected \"\(usage)\"", at: kindWord)
            }
            var tabs: [String] = []
            for word in words.dropFirst(4) { tabs.append(try name(word)) }
            return .tabs(tabs)
        default:
            throw error("expected \"nav\" or \"tabs\" after the storyboard, got \"\(kindWord.text)\"", at: kindWord)
        }
    }

    /// `initial=true|false` (default `false`), the only option of `scene`.
    private mutating func initialOption() throws(ScenarioError) -> Bool {
        var initial = false
        if let option = try takeOption("initial") {
            switch option.text {
            case "initial=true": initial = true
            case "initial=false": initial = false
            default:
                throw error("expected \"initial=true\" or \"initial=false\", got \"\(option.text)\"", at: option)
            }
        }
        if let extra = optionTokens.first {
            throw error("unknown option \"\(extra.text)\" for scene; expected initial=…", at: extra)
        }
        return initial
    }
}
