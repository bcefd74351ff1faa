import LifetracePort
import Testing

/// `NotificationCenter`'s selector observers to closure observers.
@Suite struct ObserverTests {
    @Test func observerInAController() throws {
        let result = try port(
            controller(
                "NotificationCenter.default.addObserver(self, selector: #selector(profileChanged(_:)), name: .profileDidChange, object: nil)",
                members: "@objc func profileChanged(_ notification: Notification) {}"))
        #expect(
            result.source
                == controller(
                    "_ = NotificationCenter.default.addObserver(forName: .profileDidChange, object: nil, queue: nil) { [weak self] notification in "
                        + "MainActor.assumeIsolated { self?.profileChanged(notification) } }",
                    members: "func profileChanged(_ notification: Notification) {}"))
        #expect(
            reports(result) == [
                "3:9: NotificationCenter.default.addObserver(self, selector: #selector(profileChanged(_:)), name:object:) → "
                    + "_ = NotificationCenter.default.addObserver(forName:object:queue: nil) { [weak self] notification in "
                    + "MainActor.assumeIsolated { self?.profileChanged(notification) } }",
                "5:5: removed @objc",
            ])
    }

    @Test func methodWithoutArgumentsAndAnObject() throws {
        let result = try port(
            controller(
                "center.addObserver(self, selector: #selector(reload), name: .modelDidChange, object: model)  // keep in sync",
                members: "func reload() {}"))
        #expect(
            result.source
                == controller(
                    "_ = center.addObserver(forName: .modelDidChange, object: model, queue: nil) { [weak self] _ in "
                        + "MainActor.assumeIsolated { self?.reload() } }  // keep in sync",
                    members: "func reload() {}"))
    }

    @Test func observerOnLinesOfItsOwn() throws {
        let result = try port(
            controller(
                """
                NotificationCenter.default.addObserver(
                    self,
                    selector: #selector(keyboardWillShow(_:)),
                    name: UIResponder.keyboardWillShowNotification,
                    object: nil
                )
                """,
                members: "func keyboardWillShow(_ note: NSNotification) {}"))
        #expect(
            result.source
                == controller(
                    """
                    _ = NotificationCenter.default.addObserver(
                        forName: UIResponder.keyboardWillShowNotification,
                        object: nil,
                        queue: nil
                    ) { [weak self] notification in MainActor.assumeIsolated { self?.keyboardWillShow(notification as NSNotification) } }
                    """,
                    members: "func keyboardWillShow(_ note: NSNotification) {}"))
    }

    @Test func observerOutsideTheMainActorIsCalledDirectly() throws {
        let source = """
            final class Store {
                init() {
                    NotificationCenter.default.addObserver(self, selector: #selector(flush(_:)), name: .storeShouldFlush, object: nil)
                }
                func flush(_ notification: Notification) {}
            }

            """
        let result = try port(source)
        #expect(
            result.source
                == """
                final class Store {
                    init() {
                        _ = NotificationCenter.default.addObserver(forName: .storeShouldFlush, object: nil, queue: nil) { [weak self] notification in self?.flush(notification) }
                    }
                    func flush(_ notification: Notification) {}
                }

                """)
        #expect(
            result.diagnostics.filter { $0.severity == .note }.map(\.description) == [
                "3:64: note: the observer closure is @Sendable: in Swift 6 language mode self must be Sendable "
                    + "(or its type @MainActor) to be captured"
            ])
    }
}
