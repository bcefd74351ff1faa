/// The app and scene lifecycle steps (``SceneStep``); every error points at the word at fault.
extension StepParser {
    /// The action of a scene step, or `nil` when the keyword is not one of them.
    mutating func sceneAction() throws(ScenarioError) -> Step.Action? {
        guard SceneStep.keywords.contains(keyword.text) else { return nil }
        try noOptions()
        switch keyword.text {
        case "app-launch":
            return .scene(.launch(root: try singleName(role: "the root controller's name")))
        case "background":
            try noWords()
            return .scene(.background)
        case "foreground":
            try noWords()
            return .scene(.foreground)
        case "resign-active":
            try noWords()
            return .scene(.resignActive)
        default:
            try noWords()
            return .scene(.becomeActive)
        }
    }
}
