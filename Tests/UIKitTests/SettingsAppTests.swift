import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// The controls of SettingsApp.swift (written as for iOS, `import UIKit` only): their events run
/// the UIActions added for them, they size from their content, and the stack arranges them.
@Suite("UIKit code: a settings screen")
@MainActor
struct SettingsAppTests {
    func launched(_ body: (SettingsViewController, UIWindow, MainRunLoop) throws -> Void) rethrows {
        let runLoop = MainRunLoop(clock: .virtual)
        runLoop.diagnosticHandler = { _ in }
        let window = UIWindow(frame: UIScreen.main.bounds, runLoop: runLoop)
        let settings = SettingsViewController()
        window.rootViewController = UINavigationController(rootViewController: settings)
        window.makeKeyAndVisible()
        runLoop.runUntilIdle()
        try LifetraceSystem.withSink(RecordingSink()) { try body(settings, window, runLoop) }
    }

    @Test("control events run their actions, with the sender, in UIKit's terms")
    func events() {
        launched { settings, _, runLoop in
            settings.notificationsSwitch.toggle()
            settings.volumeSlider.slide(to: 42)
            settings.themeControl.select(segment: 2)
            settings.themeControl.select(segment: 2)
            settings.nameField.insertText("Ada")
            settings.notificationsSwitch.setOn(true, animated: true)
            settings.volumeSlider.isEnabled = false
            settings.volumeSlider.slide(to: 1)
            #expect(settings.log == ["notifications false", "volume 10", "theme Dark", "name Ada"])
            #expect(settings.volumeSlider.value == 10, "a disabled slider does not move; values clamp to the range")
            #expect(runLoop.diagnostics.isEmpty)
        }
    }

    @Test("controls size from their content; the self-sizing text view wraps at the stack's width")
    func sizes() throws {
        try launched { settings, window, runLoop in
            #expect(
                settings.notificationsSwitch.frame.size == CGSize(width: 51, height: 31)
                    || settings.notificationsSwitch.frame.width > 51,
                "a filling stack stretches the switch across; its height stays 31: \(settings.notificationsSwitch.frame)")
            #expect(abs(settings.notificationsSwitch.frame.height - 31) < 1e-6)
            #expect(abs(settings.themeControl.frame.height - 32) < 1e-6)
            #expect(settings.spinner.isHidden, "stopped, it hides")
            let notes = settings.notesView
            let oneLine = try #require(notes.font).lineHeight
            #expect(notes.frame.height > 2 * oneLine + 16, "wrapped over several lines: \(notes.frame)")
            let fitting = notes.sizeThatFits(CGSize(width: notes.frame.width, height: .greatestFiniteMagnitude))
            #expect(abs(notes.frame.height - fitting.height) < 1e-6)
            let stack = try #require(settings.notificationsSwitch.superview as? UIStackView)
            #expect(abs(settings.notificationsSwitch.frame.minY - 8) < 1e-6, "inside the stack's top margin")
            #expect(
                abs(settings.volumeSlider.frame.minY - (8 + 31 + 8)) < 1e-6,
                "system spacing between views: \(settings.volumeSlider.frame)")
            #expect(stack.spacing == UIStackView.spacingUseSystem)
            settings.save()
            #expect(!settings.spinner.isHidden)
            _ = window
            _ = runLoop
        }
    }

    @Test("registerForTraitChanges with trait types and a Self-typed handler runs on an appearance change")
    func traitRegistration() {
        launched { settings, window, runLoop in
            window.userInterfaceStyle = .dark
            window.setNeedsLayout()
            runLoop.runUntilIdle()
            #expect(settings.appearanceChanges == [.dark])
        }
    }

    @Test("a dynamic colour resolves against the trait collection")
    func dynamicColours() throws {
        try launched { settings, _, _ in
            let background = try #require(settings.view.backgroundColor)
            #expect(background.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .black)
            #expect(
                background.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))
                    == UIColor.systemGroupedBackground.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)))
            #expect(UIColor.systemBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).components.blue == 1)
        }
    }
}
