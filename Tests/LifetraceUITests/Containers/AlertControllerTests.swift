import Lifetrace
import LifetraceUI
import Testing

/// Alerts: presented over their presenter (which stays silent), dismissed by selecting an action,
/// whose handler runs after the alert's viewDidDisappear; misuse reported, not trapped.
@Suite("Alert controllers")
@MainActor
struct AlertControllerTests {
    static let hooks: [Hook] = Hooks.appearance + [.alertActionHandler, .completion]

    /// Launches Home and presents an alert with OK and Cancel; lets it settle; forgets the events.
    private func presentAlert(_ trace: Trace, handled: @escaping @MainActor (String) -> Void = { _ in }) -> (
        ViewController, AlertController
    ) {
        let home = ViewController(name: "Home")
        let alert = AlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert, name: "Alert")
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in handled("Cancel") })
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in handled("Delete") })
        trace.launch(home)
        home.present(alert, animated: true)
        trace.settle()
        return (home, alert)
    }

    @Test("presenting: the alert appears, the presenter stays silent and in the window")
    func present() {
        withTrace { trace in
            let home = ViewController(name: "Home")
            let alert = AlertController(title: "Hi", message: nil, preferredStyle: .alert, name: "Alert")
            alert.addAction(AlertAction(title: "OK", style: .default))
            trace.launch(home)
            trace.reset()
            home.present(alert, animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearanceAndIsAppearing) == [
                    "Alert viewWillAppear", "Alert viewIsAppearing", "Alert viewDidAppear",
                ])
            #expect(home.viewIfLoaded?.window != nil)
            #expect(home.presentedViewController === alert)
            #expect(alert.modalPresentationStyle == .overFullScreen)
            #expect(trace.warnings.isEmpty && trace.errors.isEmpty)
        }
    }

    @Test("selecting an action: the alert dismisses itself, then the handler runs, after its viewDidDisappear")
    func selectRunsHandlerAfterDismissal() throws {
        try withTrace { trace in
            var calls: [String] = []
            let (home, alert) = presentAlert(trace) { calls.append("\($0) presented=\(frontAlert(of: trace) != nil)") }
            trace.reset()
            let delete = try #require(alert.action(titled: "Delete"))
            alert.select(delete)
            #expect(alert.isBeingDismissed, "the dismissal animates")
            #expect(calls.isEmpty, "the handler waits for the dismissal")
            trace.settle()
            #expect(
                trace.lines(Self.hooks) == [
                    "Alert viewWillDisappear", "Alert viewDidDisappear", "Alert alertActionHandler",
                ])
            #expect(calls == ["Delete presented=false"])
            #expect(home.presentedViewController == nil)
            #expect(trace.lines(Hooks.appearance, of: ["Home"]).isEmpty, "the presenter stays silent")
        }
    }

    /// The alert in front of the trace's window, if any.
    private func frontAlert(of trace: Trace) -> AlertController? {
        trace.window.rootViewController?.presentedViewController as? AlertController
    }

    @Test("selecting by title; a handler that presents another controller finds the presenter free")
    func selectByTitleAndPresentFromHandler() {
        withTrace { trace in
            let next = ViewController(name: "Next")
            var home: ViewController?
            let (presenter, alert) = presentAlert(trace) { title in
                if title == "Cancel" { home?.present(next, animated: false) }
            }
            home = presenter
            trace.reset()
            alert.select(title: "Cancel")
            trace.settle()
            #expect(trace.warnings.isEmpty, "\(trace.warnings)")
            #expect(presenter.presentedViewController === next)
            #expect(
                trace.lines(Hooks.appearance + [.alertActionHandler]) == [
                    "Alert viewWillDisappear", "Alert viewDidDisappear", "Alert alertActionHandler",
                    "Home viewWillDisappear", "Next viewWillAppear", "Next viewDidAppear", "Home viewDidDisappear",
                ])
        }
    }

    @Test(
        "an alert with no actions can be presented; it stays until dismissed in code, and its handlerless dismissal runs nothing")
    func noActions() {
        withTrace { trace in
            let home = ViewController(name: "Home")
            let alert = AlertController(title: "Wait", message: nil, preferredStyle: .alert, name: "Alert")
            trace.launch(home)
            home.present(alert, animated: false)
            trace.settle()
            #expect(trace.errors.isEmpty && trace.warnings.isEmpty)
            #expect(alert.appearanceState == .appeared && alert.actions.isEmpty)
            trace.reset()
            alert.dismiss(animated: false)
            trace.settle()
            #expect(trace.lines(Self.hooks) == ["Alert viewWillDisappear", "Alert viewDidDisappear"])
        }
    }

    @Test(
        "misuse is a diagnostic: a foreign action, an unknown title, an alert not presented, a second cancel, a text field on a sheet, a foreign preferred action"
    )
    func misuse() throws {
        try withTrace { trace in
            let (home, alert) = presentAlert(trace)
            trace.reset()
            let stranger = AlertAction(title: "Other", style: .default)
            alert.select(stranger)
            alert.select(title: "Nope")
            alert.addAction(AlertAction(title: "Dismiss", style: .cancel))
            alert.preferredAction = stranger
            #expect(alert.preferredAction == nil)
            trace.settle()
            try #require(trace.errors.count == 4, "\(trace.errors)")
            #expect(trace.errors[0].contains("\"Other\" is not an action of <Alert"))
            #expect(trace.errors[1].contains("has no action titled \"Nope\" (its actions: Cancel, Delete)"))
            #expect(
                trace.errors[2].hasPrefix("UIAlertController can only have one action with a style of UIAlertActionStyleCancel"))
            #expect(trace.errors[3].contains("must be one of its actions"))
            #expect(alert.actions.count == 2)
            #expect(home.presentedViewController === alert, "nothing moved")
            #expect(trace.lines(Hooks.appearance).isEmpty)
        }
    }

    @Test("an action sheet: presented like an alert; no text fields; not selectable once dismissed")
    func actionSheet() throws {
        try withTrace { trace in
            let home = ViewController(name: "Home")
            let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet, name: "Sheet")
            sheet.addAction(AlertAction(title: "Go", style: .default))
            trace.launch(home)
            trace.reset()
            home.present(sheet, animated: true)
            trace.settle()
            #expect(trace.lines(Hooks.appearance) == ["Sheet viewWillAppear", "Sheet viewDidAppear"])
            sheet.dismiss(animated: false)
            trace.settle()
            sheet.addTextField()
            sheet.select(title: "Go")
            try #require(trace.errors.count == 2, "\(trace.errors)")
            #expect(
                trace.errors[0].hasPrefix(
                    "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert"))
            #expect(trace.errors[1].contains("is not presented"))
            #expect(sheet.textFields == nil)
        }
    }

    @Test("a disabled action does nothing (a warning); selecting while the alert animates is refused")
    func disabledAndInFlight() throws {
        try withTrace { trace in
            let home = ViewController(name: "Home")
            let alert = AlertController(title: "Hi", message: nil, preferredStyle: .alert, name: "Alert")
            let ok = AlertAction(title: "OK", style: .default)
            ok.isEnabled = false
            alert.addAction(ok)
            trace.launch(home)
            home.present(alert, animated: true)
            alert.select(ok)
            #expect(trace.errors.last?.contains("is being presented") == true)
            trace.settle()
            alert.select(ok)
            #expect(trace.warnings.last?.contains("is disabled") == true)
            #expect(home.presentedViewController === alert)
            _ = try #require(alert.action(titled: "OK"))
        }
    }

    @Test("text fields: added to an alert, configured at once, inside its view")
    func textFields() {
        withTrace { trace in
            let alert = AlertController(title: "Name", message: nil, preferredStyle: .alert, name: "Alert")
            alert.addTextField { $0.placeholder = "First" }
            alert.addTextField()
            #expect(alert.textFields?.count == 2)
            #expect(alert.textFields?.first?.placeholder == "First")
            #expect(!alert.isViewLoaded)
            let view = alert.view
            #expect(alert.textFields?.allSatisfy { $0.superview === view } == true)
        }
    }
}
