/// The update-cycle steps (``UpdateStep``); every error points at the word at fault.
extension StepParser {
    /// The action of an update step, or `nil` when the keyword is not one of them.
    mutating func updateAction() throws(ScenarioError) -> Step.Action? {
        guard UpdateStep.keywords.contains(keyword.text) else { return nil }
        try noOptions()
        switch keyword.text {
        case "read":
            let usage = "read NAME MODEL.PROPERTY in METHOD"
            let name = try firstName(usage: usage)
            guard words.count >= 4, words[2].text == "in" else {
                throw error("expected \"\(usage)\"", at: words.count >= 3 ? words[2] : words.count >= 2 ? words[1] : keyword)
            }
            let property = try modelProperty(words[1])
            guard UpdateStep.methods.contains(words[3].text) else {
                throw error(
                    "expected a method (\(UpdateStep.methods.joined(separator: ", "))), got \"\(words[3].text)\"", at: words[3])
            }
            try noWords(after: 4)
            return .update(.read(name: name, property: property, method: words[3].text))
        case "set":
            guard words.count >= 2 else { throw error("expected \"set MODEL.PROPERTY VALUE\"", at: words.first ?? keyword) }
            let property = try modelProperty(words[0])
            try noWords(after: 2)
            return .update(.set(property: property, value: words[1].text))
        default:
            return .update(.updateProperties(name: try singleName(role: "a controller name")))
        }
    }

    /// `MODEL.PROPERTY`: two names joined by a dot.
    private func modelProperty(_ word: ScenarioLexer.Token) throws(ScenarioError) -> String {
        let parts = word.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ ScenarioLexer.isIdentifier(String($0)) }) else {
            throw error("expected MODEL.PROPERTY (two names joined by a dot), got \"\(word.text)\"", at: word)
        }
        return word.text
    }
}
