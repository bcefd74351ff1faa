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
