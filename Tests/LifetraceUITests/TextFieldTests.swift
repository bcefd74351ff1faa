import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 9 and golden/seed003-segue-textfield-back.golden: "A first responder inside a
/// view that leaves the window resigns (…ShouldEndEditing, …DidEndEditing) during the transition,
/// after willShow, before the viewDidDisappear."
@Suite("Text field editing")
@MainActor
struct TextFieldTests {
    // UITextFieldDelegate.textFieldShouldBeginEditing(_:) docs: "Asks the delegate whether to begin
    // editing in the specified text field"; seed 003 lines 15-16.
    @Test("becomeFirstResponder asks the delegate, then tells it editing began")
    func beginEditing() {
        withTrace { trace in
            let a = TestViewController("A", textField: true)
            trace.launch(a)
            trace.reset()
            #expect(a.textField.becomeFirstResponder())
            #expect(trace.lines(Hooks.editing) == ["A textFieldShouldBeginEditing", "A textFieldDidBeginEditing"])
            #expect(a.textField.isFirstResponder)
            #expect(trace.window.firstResponder === a.textField)
            // Already first responder: nothing more.
            #expect(a.textField.becomeFirstResponder())
            #expect(trace.lines(Hooks.editing).count == 2)
        }
    }

    // Same documentation: returning false from textFieldShouldBeginEditing keeps the field from editing.
    @Test("the delegate can refuse to begin editing")
    func refuseEditing() {
        withTrace { trace in
            let a = TestViewController("A", textField: true)
            a.allowsEditing = false
            trace.launch(a)
            trace.reset()
            #expect(!a.textField.becomeFirstResponder())
            #expect(trace.lines(Hooks.editing) == ["A textFieldShouldBeginEditing"])
            #expect(trace.window.firstResponder == nil)
        }
    }

    // ordering rule 9: a first responder inside a view that leaves the window resigns.
    @Test("a text field leaving the window resigns: should/did end editing")
    func leavingWindowResigns() {
        withTrace { trace in
            let a = TestViewController("A", textField: true)
            trace.launch(a)
            a.textField.becomeFirstResponder()
            trace.reset()
            a.textField.removeFromSuperview()
            #expect(trace.lines(Hooks.editing) == ["A textFieldShouldEndEditing", "A textFieldDidEndEditing"])
            #expect(trace.window.firstResponder == nil)
            #expect(!a.textField.isFirstResponder)
        }
    }

    // golden/seed003-segue-textfield-back.golden, seed 003 lines 15-24: the back button tapped while
    // the keyboard is up: "Notice all of the things that happen before the textFieldDidEndEditing
    // method is called".
    @Test("seed003: editing, then back while the keyboard is up")
    func seed003Back() {
        withTrace { trace in
            let a = TestViewController("A", textField: true)
            let b = TestViewController("B", textField: true)
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            StoryboardSegue(identifier: "B", source: a, destination: b).perform(sender: a, animated: true)
            trace.settle()
            trace.reset()
            b.textField.becomeFirstResponder()
            trace.settle()
            navigation.popViewController(animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance + Hooks.navigationDelegate + Hooks.editing) == [
                    "B textFieldShouldBeginEditing", "B textFieldDidBeginEditing",
                    "B viewWillDisappear", "A viewWillAppear", "Nav willShowViewController A",
                    "B textFieldShouldEndEditing", "B textFieldDidEndEditing",
                    "B viewDidDisappear", "A viewDidAppear", "Nav didShowViewController A",
                ])
            #expect(trace.window.firstResponder == nil)
        }
    }

    // UIView.endEditing(_:) docs: "Causes the view (or one of its embedded text fields) to resign
    // the first responder status"; with force the delegate cannot refuse, but is still asked.
    @Test("endEditing(true) on the window resigns the first responder")
    func endEditing() {
        withTrace { trace in
            let a = TestViewController("A", textField: true)
            trace.launch(a)
            a.textField.becomeFirstResponder()
            trace.reset()
            #expect(trace.window.endEditing(true))
            #expect(trace.lines(Hooks.editing) == ["A textFieldShouldEndEditing", "A textFieldDidEndEditing"])
            #expect(trace.window.firstResponder == nil)
        }
    }
}
