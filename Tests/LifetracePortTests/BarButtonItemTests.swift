import LifetracePort
import Testing

/// `UIBarButtonItem`'s `target:action:` initialisers to its `primaryAction:` ones.
@Suite struct BarButtonItemTests {
    @Test func systemItem() throws {
        let result = try port(
            controller(
                "navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done(_:)))",
                members: "func done(_ sender: UIBarButtonItem) {}"))
        #expect(
            result.source
                == controller(
                    "navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] action in "
                        + "self.done(action.sender as! UIBarButtonItem) })",
                    members: "func done(_ sender: UIBarButtonItem) {}"))
        #expect(
            reports(result) == [
                "3:45: UIBarButtonItem(barButtonSystemItem:target:action:) → UIBarButtonItem(systemItem: .done, primaryAction: "
                    + "UIAction { [unowned self] action in self.done(action.sender as! UIBarButtonItem) })"
            ])
    }

    @Test func titleDropsTheStyleWithANote() throws {
        let result = try port(
            controller(
                #"navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: self, action: #selector(edit))"#,
                members: "func edit() {}"))
        #expect(
            result.source
                == controller(
                    #"navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", primaryAction: UIAction { [unowned self] _ in self.edit() })"#,
                    members: "func edit() {}"))
        #expect(
            reports(result) == [
                #"3:44: UIBarButtonItem(title:style:target:action:) → UIBarButtonItem(title: "Edit", primaryAction: "#
                    + "UIAction { [unowned self] _ in self.edit() })",
                "3:75: note: style .plain dropped: UIBarButtonItem(title:primaryAction:) takes no style "
                    + "(set the item's style property if it matters)",
            ])
    }

    @Test func imageOnLinesOfItsOwn() throws {
        let result = try port(
            controller(
                """
                let help = UIBarButtonItem(
                    image: UIImage(systemName: "questionmark.circle"),
                    style: .plain,
                    target: self,
                    action: #selector(showHelp)
                )
                """,
                members: "func showHelp() {}"))
        #expect(
            result.source
                == controller(
                    """
                    let help = UIBarButtonItem(
                        image: UIImage(systemName: "questionmark.circle"),
                        primaryAction: UIAction { [unowned self] _ in self.showHelp() }
                    )
                    """,
                    members: "func showHelp() {}"))
    }

    @Test func nilActionAndInferredType() throws {
        let result = try port(
            controller(
                """
                let items: [UIBarButtonItem] = [
                    .init(barButtonSystemItem: .flexibleSpace, target: nil, action: nil),
                    UIBarButtonItem.init(title: "Done", style: .done, target: nil, action: nil),
                ]
                """))
        #expect(
            result.source
                == controller(
                    """
                    let items: [UIBarButtonItem] = [
                        .init(systemItem: .flexibleSpace, primaryAction: nil),
                        UIBarButtonItem.init(title: "Done", primaryAction: nil),
                    ]
                    """))
        #expect(result.changes.count == 2)
        #expect(result.warnings.isEmpty)
    }

    @Test func itemParameterIsPassed() throws {
        let result = try port(
            controller(
                #"navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Log out", style: .plain, target: self, action: #selector(logoutTapped))"#,
                members: "func logoutTapped(sender: UIBarButtonItem?) {}"))
        #expect(
            result.source
                == controller(
                    #"navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Log out", primaryAction: UIAction { [unowned self] action in "#
                        + "self.logoutTapped(sender: action.sender as? UIBarButtonItem) })",
                    members: "func logoutTapped(sender: UIBarButtonItem?) {}"))
        #expect(result.warnings.isEmpty)
    }

    /// The item sends the action: a control's type as the parameter would trap in a force cast.
    @Test func controlParameterIsWarnedAndLeft() throws {
        let source = controller(
            #"navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Log out", style: .plain, target: self, action: #selector(logoutTapped))"#,
            members: "func logoutTapped(sender: UIButton) {}")
        let result = try port(source)
        #expect(result.source == source)
        #expect(
            reports(result) == [
                "3:115: warning: left as it is: logoutTapped(sender:) takes UIButton, but a bar button item's action is sent "
                    + "by the UIBarButtonItem itself (a cast would fail); make the parameter UIBarButtonItem (or Any), or drop it"
            ])
    }

    @Test func optionalControlParameterGetsNilWithANote() throws {
        let result = try port(
            controller(
                "navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done(_:)))",
                members: "func done(_ sender: UIButton?) {}"))
        #expect(
            result.source
                == controller(
                    "navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] action in "
                        + "self.done(action.sender as? UIButton) })",
                    members: "func done(_ sender: UIButton?) {}"))
        #expect(
            reports(result) == [
                "3:45: UIBarButtonItem(barButtonSystemItem:target:action:) → UIBarButtonItem(systemItem: .done, primaryAction: "
                    + "UIAction { [unowned self] action in self.done(action.sender as? UIButton) })",
                "3:111: note: done(_:) takes UIButton?, but a bar button item's action is sent by the UIBarButtonItem: "
                    + "`action.sender as? UIButton` passes nil",
            ])
    }

    @Test func selectorValuesAreWarned() throws {
        let source = controller(
            """
            let back = UIBarButtonItem(image: backImage, style: .plain, target: self, action: action)
            button.addTarget(self, action: action, for: .touchUpInside)
            """)
        let result = try port(source)
        #expect(result.source == source)
        #expect(
            reports(result) == [
                "3:20: warning: left as it is: UIBarButtonItem(image:style:target:action:): the action is not a #selector literal: "
                    + "rewrite it by hand (UIBarButtonItem(image:primaryAction:) with a UIAction)",
                "4:9: warning: left as it is: addTarget(_:action:for:): the action is not a #selector literal: "
                    + "rewrite it by hand (addAction(_:for:) with a UIAction)",
            ])
    }

    @Test func otherInitialisersAreLeftAlone() throws {
        let source = controller(
            """
            let plain = UIBarButtonItem(systemItem: .add, primaryAction: nil)
            let custom = UIBarButtonItem(customView: UIView())
            """)
        let result = try port(source)
        #expect(result.source == source)
        #expect(!result.changed)
        #expect(result.diagnostics.isEmpty)
    }
}
