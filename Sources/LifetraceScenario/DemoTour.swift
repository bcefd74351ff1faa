/// The built-in tour that `lifetrace demo` runs: launch, push, text-field editing, back with the
/// keyboard up, present, dismiss, a sheet that leaves its presenter silent, a rotation and a
/// memory warning.
public enum DemoTour {
    /// The tour in the scenario language.
    public static let text = """
        # The Lifetrace tour: UIKit's callback order, step by step.
        nav Nav Inbox
        launch Nav
        push Message
        edit Message
        pop
        present Compose style=fullScreen
        dismiss
        present Settings style=pageSheet
        dismiss
        rotate landscape
        memory-warning
        """

    /// The tour, parsed.
    public static var scenario: Scenario {
        // The text is fixed and covered by tests, so parsing cannot fail.
        try! ScenarioParser.parse(text, source: "demo")
    }
}
