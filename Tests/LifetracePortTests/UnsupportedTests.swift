import LifetracePort
import Testing

/// What needs the Objective-C runtime and has no mechanical rewrite: left byte for byte, with
/// a warning at its place saying why.
@Suite struct UnsupportedTests {
    @Test func gestureRecognizersPerformAndRespondsTo() throws {
        let source = controller(
            """
            let tap = UITapGestureRecognizer(target: self, action: #selector(dismissKeyboard))
            pan.addTarget(self, action: #selector(panned(_:)))
            if delegate.responds(to: #selector(Delegate.didFinish)) {
                perform(#selector(dismissKeyboard), with: nil, afterDelay: 0.5)
            }
            """,
            members: "func dismissKeyboard() {}")
        let result = try port(source)
        #expect(result.source == source)
        #expect(!result.changed)
        #expect(
            reports(result) == [
                "3:64: warning: left as it is: UITapGestureRecognizer(target:action:): gesture recognizers' target–action; "
                    + "the UIKit module has no gesture recognizers yet",
                "4:37: warning: left as it is: addTarget(_:action:): gesture recognizers' target–action; "
                    + "the UIKit module has no gesture recognizers yet",
                "5:34: warning: left as it is: responds(to:) asks the Objective-C runtime; "
                    + "use a protocol requirement or an optional closure instead",
                "6:21: warning: left as it is: perform(_:with:afterDelay:) sends a message by name (#selector needs the "
                    + "Objective-C runtime, which Linux Swift has not); call the method, or for afterDelay: "
                    + "DispatchQueue.main.asyncAfter or a Task that sleeps",
            ])
    }

    @Test func targetActionThatCannotBeAClosure() throws {
        let source = controller(
            """
            button.addTarget(nil, action: #selector(copy(_:)), for: .touchUpInside)
            button.addTarget(self, action: #selector(touched(_:event:)), for: .touchUpInside)
            button.addTarget(self, action: #selector(over), for: .touchUpInside)
            """,
            members: """
                func touched(_ sender: UIButton, event: UIEvent) {}
                func over(_ sender: UIButton) {}
                func over() {}
                """)
        let result = try port(source)
        #expect(result.source == source)
        #expect(
            result.warnings.map(\.description) == [
                "3:39: warning: left as it is: a nil target sends the action up the responder chain, which the UIKit module "
                    + "does not model; name the object that handles it",
                "4:40: warning: left as it is: touched(_:event:) takes 2 arguments; a UIAction passes its sender only (no UIEvent)",
                "5:40: warning: left as it is: #selector(over) matches several methods of this file "
                    + "(over(_: UIButton), over()); name the one meant",
            ])
    }

    @Test func keyValueObservingAndSelectorValues() throws {
        let source = #"""
            final class Watcher: NSObject {
                var token: NSKeyValueObservation?
                var action: Selector = Selector(("refresh"))
                func start(_ model: Model) {
                    token = model.observe(\.name, options: [.new]) { _, _ in }
                    model.addObserver(self, forKeyPath: #keyPath(Model.name), options: [], context: nil)
                    item.action = #selector(refresh)
                }
            }

            """#
        let result = try port(source)
        #expect(result.source == source)
        #expect(
            reports(result) == [
                "3:17: warning: left as it is: the type Selector needs the Objective-C runtime; keep a closure (or a method reference) instead",
                "3:28: warning: left as it is: Selector(…) makes a selector from a name, which needs the Objective-C runtime; keep a closure instead",
                "5:17: warning: left as it is: observe(_:options:changeHandler:): KVO does not exist on Linux (no Objective-C runtime); "
                    + "publish changes yourself (Observation's @Observable and withObservationTracking, a didSet that calls a closure, an AsyncStream)",
                "6:9: warning: left as it is: addObserver(_:forKeyPath:options:context:): KVO does not exist on Linux (no Objective-C runtime); "
                    + "publish changes yourself (Observation's @Observable and withObservationTracking, a didSet that calls a closure, an AsyncStream)",
                #"6:45: warning: left as it is: #keyPath names an Objective-C key path (KVC/KVO), which Linux Swift has not; use a Swift key path (\Type.property)"#,
                "7:23: warning: left as it is: #selector needs the Objective-C runtime, which Linux Swift has not; "
                    + "keep a closure (a UIAction, a method reference) instead of a selector value",
            ])
    }

    @Test func optionalRequirementsAreReported() throws {
        let result = try port("@objc protocol PickerDelegate {\n    @objc optional func pickerDidCancel()\n}\n")
        #expect(result.source == "protocol PickerDelegate {\n    optional func pickerDidCancel()\n}\n")
        #expect(
            reports(result) == [
                "1:1: removed @objc",
                "2:5: removed @objc",
                "2:11: warning: left as it is: optional requirements need an @objc protocol; make the requirement required, "
                    + "with a default implementation in a protocol extension",
            ])
    }
}
