import LifetraceUI

/// The steps of trait changes and of sheets swiped down; every error points at the word at fault.
extension StepParser {
    /// The keywords parsed here (``ScenarioParser/stepKeywords`` lists them).
    static let adaptivityKeywords = ["appearance", "register-traits", "swipe-dismiss", "modal-in-presentation", "should-dismiss"]

    /// The action of a step parsed here, or `nil` when the keyword is not one of them.
    func adaptivityAction() throws(ScenarioError) -> Step.Action? {
        switch keyword.text {
        case "appearance":
            let choice = try oneOf(["dark", "light"])
            try noOptions()
            return .appearance(dark: choice == "dark")
        case "register-traits":
            let traits = TraitCollection.Trait.allCases.map(\.rawValue)
            let name = try firstName(usage: "register-traits NAME TRAIT... (\(traits.joined(separator: ", ")))")
            guard words.count >= 2 else {
                throw error("register-traits needs at least one trait: \(traits.joined(separator: ", "))", at: keyword)
            }
            var registered: [TraitCollection.Trait] = []
            for word in words.dropFirst() {
                guard let trait = TraitCollection.Trait(rawValue: word.text) else {
                    throw error("expected a trait (\(traits.joined(separator: ", "))), got \"\(word.text)\"", at: word)
                }
                guard !registered.contains(trait) else {
                    throw error("\(trait.rawValue) is already named in this registration", at: word)
                }
                registered.append(trait)
            }
            try noOptions()
            return .registerTraits(name, registered)
        case "swipe-dismiss":
            let choice = try oneOf(["finish", "cancel"])
            try noOptions()
            return .swipeDismiss(finishes: choice == "finish")
        case "modal-in-presentation":
            let name = try firstName(usage: "modal-in-presentation NAME on|off")
            return .modalInPresentation(name, try onOff())
        case "should-dismiss":
            let name = try firstName(usage: "should-dismiss NAME yes|no")
            let choice = try secondWord(of: ["yes", "no"])
            try noOptions()
            return .shouldDismiss(name, choice == "yes")
        default:
            return nil
        }
    }
}
