import LifetracePort
import Testing

/// Target–action in a stored property's initializer, where there is no `self` until the
/// property is `lazy`.
@Suite struct StoredPropertyTests {
    @Test func letBecomesLazyVar() throws {
        let result = try port(
            """
            final class C: UIViewController {
                // The alert's button.
                private let alertButton: UIButton = {
                    let button = UIButton(type: .system)
                    button.addTarget(self, action: #selector(alertShow), for: .touchUpInside)
                    button.addTarget(self, action: #selector(alertShow), for: .touchDragExit)
                    return button
                }()
                var field = {
                    let field = UITextField()
                    field.addTarget(self, action: #selector(changed(_:)), for: .editingChanged)
                    return field
                }()

                func alertShow() {}
                func changed(_ field: UITextField) {}
            }
            """)
        #expect(
            result.source == """
                final class C: UIViewController {
                    // The alert's button.
                    private lazy var alertButton: UIButton = {
                        let button = UIButton(type: .system)
                        button.addAction(UIAction { [unowned self] _ in self.alertShow() }, for: .touchUpInside)
                        button.addAction(UIAction { [unowned self] _ in self.alertShow() }, for: .touchDragExit)
                        return button
                    }()
                    lazy var field = {
                        let field = UITextField()
                        field.addAction(UIAction { [unowned self] action in self.changed(action.sender as! UITextField) }, for: .editingChanged)
                        return field
                    }()

                    func alertShow() {}
                    func changed(_ field: UITextField) {}
                }
                """)
        #expect(
            reports(result) == [
                "3:13: made alertButton lazy: its initializer now refers to self",
                "5:9: addTarget(self, action: #selector(alertShow), for:) → addAction(UIAction { [unowned self] _ in self.alertShow() }, for:)",
                "6:9: addTarget(self, action: #selector(alertShow), for:) → addAction(UIAction { [unowned self] _ in self.alertShow() }, for:)",
                "9:5: made field lazy: its initializer now refers to self",
                "11:9: addTarget(self, action: #selector(changed(_:)), for:) → addAction(UIAction { [unowned self] action in "
                    + "self.changed(action.sender as! UITextField) }, for:)",
            ])
    }

    @Test func lazyPropertiesLocalsAndOtherTargetsStayAsTheyAre() throws {
        let result = try port(
            """
            final class C: UIViewController {
                lazy var other: UIButton = {
                    let button = UIButton()
                    button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                    return button
                }()
                let shared: UIButton = {
                    let button = UIButton()
                    button.addTarget(Model.shared, action: #selector(Model.tap), for: .touchUpInside)
                    return button
                }()
                override func viewDidLoad() {
                    let local: UIButton = {
                        let button = UIButton()
                        button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                        return button
                    }()
                    view.addSubview(local)
                }
                func tapped() {}
            }
            """)
        #expect(
            result.source == """
                final class C: UIViewController {
                    lazy var other: UIButton = {
                        let button = UIButton()
                        button.addAction(UIAction { [unowned self] _ in self.tapped() }, for: .touchUpInside)
                        return button
                    }()
                    let shared: UIButton = {
                        let button = UIButton()
                        button.addAction(UIAction { [weak shared = Model.shared] _ in shared?.tap() }, for: .touchUpInside)
                        return button
                    }()
                    override func viewDidLoad() {
                        let local: UIButton = {
                            let button = UIButton()
                            button.addAction(UIAction { [unowned self] _ in self.tapped() }, for: .touchUpInside)
                            return button
                        }()
                        view.addSubview(local)
                    }
                    func tapped() {}
                }
                """)
        #expect(!reports(result).contains { $0.contains("lazy") })
    }

    @Test func staticPropertiesGlobalsAndSeveralBindingsAreWarned() throws {
        let source = """
            final class C: UIViewController {
                static let shared: UIButton = {
                    let button = UIButton()
                    button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                    return button
                }()
                let plain = UIButton(), built: UIButton = {
                    let button = UIButton()
                    button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                    return button
                }()
                func tapped() {}
            }
            let global: UIButton = {
                let button = UIButton()
                button.addTarget(self, action: #selector(C.tapped), for: .touchUpInside)
                return button
            }()
            """
        let result = try port(source)
        #expect(result.source == source)
        #expect(!result.changed)
        #expect(
            reports(result) == [
                "4:40: warning: left as it is: the closure would refer to self, but the initializer of static property shared "
                    + "has no instance to refer to; add the action where the instance is known (viewDidLoad, an initializer)",
                "9:40: warning: left as it is: the closure would refer to self, which the initializer of built has only if the "
                    + "property is lazy, and a lazy declaration declares one property; declare built on its own, lazy",
                "16:36: warning: left as it is: the closure would refer to self, but the initializer of global variable global "
                    + "has no self; add the action where the instance is known (viewDidLoad, an initializer)",
            ])
    }
}
