import LifetracePort
import Testing

/// Removing `@objc`, `@IBOutlet`, `@IBAction` and their kin, keeping the declarations.
@Suite struct AttributeTests {
    @Test func attributesGoDeclarationsStay() throws {
        let source = """
            @IBDesignable
            final class BadgeView: UIView {
                @IBInspectable var cornerRadius: CGFloat = 4
            }

            /// The editor.
            @objc(EditorViewController)
            final class EditorViewController: UIViewController {
                @IBOutlet weak var nameLabel: UILabel!
                @IBOutlet private var saveButton: UIButton!
                @objc dynamic var saveCount = 0
                @objc public dynamic var title2 = ""

                /// Saves.
                @IBAction func save(_ sender: Any) {}

                // Called by the timer.
                @objc
                private func tick() {}

                @objc @MainActor override func viewDidLoad() { super.viewDidLoad() }
                @MainActor @objc func other() {}
            }

            """
        let result = try port(source)
        #expect(
            result.source
                == """
                final class BadgeView: UIView {
                    var cornerRadius: CGFloat = 4
                }

                /// The editor.
                final class EditorViewController: UIViewController {
                    weak var nameLabel: UILabel!
                    private var saveButton: UIButton!
                    var saveCount = 0
                    public var title2 = ""

                    /// Saves.
                    func save(_ sender: Any) {}

                    // Called by the timer.
                    private func tick() {}

                    @MainActor override func viewDidLoad() { super.viewDidLoad() }
                    @MainActor func other() {}
                }

                """)
        #expect(
            reports(result) == [
                "1:1: removed @IBDesignable",
                "3:5: removed @IBInspectable (the property stays)",
                "7:1: removed @objc(EditorViewController)",
                "9:5: removed @IBOutlet (the property stays, weak kept)",
                "10:5: removed @IBOutlet (the property stays)",
                "11:5: removed @objc dynamic (KVO does not exist on Linux: nothing observes this property now)",
                "12:5: removed @objc dynamic (KVO does not exist on Linux: nothing observes this property now)",
                "15:5: removed @IBAction (the method stays)",
                "18:5: removed @objc",
                "21:5: removed @objc",
                "22:16: removed @objc",
            ])
    }

    @Test func commentsOfRemovedAttributesStay() throws {
        let result = try port(
            """
            class A {
                @MainActor
                @objc
                func f() {}
                @objc /* for the timer */ @MainActor
                final func g() {}
                @objc // for the menu
                func h() {}
            }

            """)
        #expect(
            result.source
                == """
                class A {
                    @MainActor
                    func f() {}
                    /* for the timer */ @MainActor
                    final func g() {}
                    // for the menu
                    func h() {}
                }

                """)
    }

    @Test func dynamicWithoutObjcStays() throws {
        let source = "final class A {\n    dynamic var x = 0\n}\n"
        let result = try port(source)
        #expect(result.source == source)
        #expect(!result.changed)
    }
}
