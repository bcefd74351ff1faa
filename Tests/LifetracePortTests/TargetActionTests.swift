import LifetracePort
import Testing

/// Controls' `addTarget(_:action:for:)` to `addAction(UIAction { … }, for:)`.
@Suite struct TargetActionTests {
    @Test func senderOfTheDeclaredType() throws {
        let result = try port(
            controller(
                "button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)",
                members: "@objc func tapped(_ sender: UIButton) {}"))
        #expect(
            result.source
                == controller(
                    "button.addAction(UIAction { [unowned self] action in self.tapped(action.sender as! UIButton) }, for: .touchUpInside)",
                    members: "func tapped(_ sender: UIButton) {}"))
        #expect(
            reports(result) == [
                "3:9: addTarget(self, action: #selector(tapped(_:)), for:) → addAction(UIAction { [unowned self] action in "
                    + "self.tapped(action.sender as! UIButton) }, for:)",
                "5:5: removed @objc",
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func methodWithoutArguments() throws {
        let result = try port(
            controller(
                "refreshControl.addTarget(self, action: #selector(refresh), for: .valueChanged)",
                members: "func refresh() {}"))
        #expect(
            result.source
                == controller(
                    "refreshControl.addAction(UIAction { [unowned self] _ in self.refresh() }, for: .valueChanged)",
                    members: "func refresh() {}"))
    }

    @Test func qualifiedSelectorWithALabel() throws {
        let result = try port(
            controller(
                "field.addTarget(self, action: #selector(C.changed(field:)), for: [.editingChanged, .editingDidEnd])",
                members: "func changed(field: UITextField) {}"))
        #expect(
            result.source
                == controller(
                    "field.addAction(UIAction { [unowned self] action in self.changed(field: action.sender as! UITextField) }, "
                        + "for: [.editingChanged, .editingDidEnd])",
                    members: "func changed(field: UITextField) {}"))
    }

    @Test(
        "the sender passed for each parameter type",
        arguments: [
            ("UIButton", "action.sender as! UIButton"),
            ("UIButton?", "action.sender as? UIButton"),
            ("UIButton!", "action.sender as? UIButton"),
            ("Any", "action.sender as Any"),
            ("Any?", "action.sender"),
            ("AnyObject", "action.sender!"),
            ("AnyObject?", "action.sender"),
        ])
    func senderValue(type: String, value: String) throws {
        let result = try port(
            controller(
                "button.addTarget(self, action: #selector(self.tapped), for: .touchUpInside)",
                members: "func tapped(_ sender: \(type)) {}"))
        #expect(
            result.source
                == controller(
                    "button.addAction(UIAction { [unowned self] action in self.tapped(\(value)) }, for: .touchUpInside)",
                    members: "func tapped(_ sender: \(type)) {}"))
    }

    @Test func methodDeclaredElsewhereGetsTheSenderAsAny() throws {
        let result = try port(controller("button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)"))
        #expect(
            result.source
                == controller(
                    "button.addAction(UIAction { [unowned self] action in self.tapped(action.sender as Any) }, for: .touchUpInside)"
                ))
        #expect(
            result.warnings.map(\.description) == [
                "3:40: warning: tapped(_:) is not declared in this file: passing `action.sender as Any`; "
                    + "cast it if the method takes a more specific type"
            ])
    }

    @Test func anotherTargetIsCapturedWeakly() throws {
        let result = try port(
            controller(
                """
                slider.addTarget(viewModel, action: #selector(ViewModel.update(_:)), for: .valueChanged)
                button.addTarget(self.model, action: #selector(Model.reset), for: .touchUpInside)
                """,
                members: "")
                    + """
                    final class ViewModel { func update(_ slider: UISlider) {} }
                    final class Model { func reset() {} }

                    """)
        #expect(
            result.source
                == controller(
                    """
                    slider.addAction(UIAction { [weak viewModel] action in viewModel?.update(action.sender as! UISlider) }, for: .valueChanged)
                    button.addAction(UIAction { [weak model = self.model] _ in model?.reset() }, for: .touchUpInside)
                    """)
                    + """
                    final class ViewModel { func update(_ slider: UISlider) {} }
                    final class Model { func reset() {} }

                    """)
    }

    @Test func layoutAndCommentsAreKept() throws {
        let result = try port(
            controller(
                """
                // Save on tap.
                saveButton.addTarget(
                    self,
                    action: #selector(save),
                    for: .touchUpInside  // not touchDown
                )
                """,
                members: "func save() {}"))
        #expect(
            result.source
                == controller(
                    """
                    // Save on tap.
                    saveButton.addAction(
                        UIAction { [unowned self] _ in self.save() },
                        for: .touchUpInside  // not touchDown
                    )
                    """,
                    members: "func save() {}"))
    }

    @Test func aControlAddingItsOwnTarget() throws {
        let source = """
            final class Stepper: UIControl {
                func setUp() { addTarget(self, action: #selector(step), for: .touchUpInside) }
                func step() {}
            }

            """
        #expect(
            try port(source).source
                == """
                final class Stepper: UIControl {
                    func setUp() { addAction(UIAction { [unowned self] _ in self.step() }, for: .touchUpInside) }
                    func step() {}
                }

                """)
    }
}
