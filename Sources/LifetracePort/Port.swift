import SwiftParser
import SwiftSyntax

/// `lifetrace port`: the mechanical rewrite of the iOS idioms Linux Swift cannot compile.
///
/// Swift on Linux has no Objective-C runtime, so `#selector`, `@objc`, `@IBOutlet` and
/// `@IBAction` do not compile there. ``rewrite(_:fileName:)`` turns a controller written for iOS
/// into one that compiles against the `UIKit` module (and still on iOS):
///
/// - `control.addTarget(self, action: #selector(m), for: events)` becomes
///   `control.addAction(UIAction { [unowned self] action in self.m(…) }, for: events)`;
/// - `UIBarButtonItem(barButtonSystemItem:target:action:)` and its `title:`/`image:` kin become
///   the `primaryAction:` initialisers;
/// - `NotificationCenter`'s `addObserver(_:selector:name:object:)` becomes the closure-based
///   `addObserver(forName:object:queue:using:)`;
/// - `@objc`, `@objc dynamic`, `@IBAction`, `@IBOutlet`, `@IBInspectable` and `@IBDesignable`
///   are removed, the declarations kept.
///
/// Everything else that needs the Objective-C runtime (gesture recognizers' target–action,
/// `perform(_:)`, `responds(to:)`, KVO) is left as it is, with a warning. Comments and layout are
/// kept; a file with nothing to rewrite comes back byte for byte. docs/porting.md has the table.
public enum Port {
    /// Rewrites `source`, the text of the Swift file `fileName` (used in errors only).
    ///
    /// Throws a ``PortError`` naming the line and column of the first syntax error when the
    /// source does not parse: nothing is rewritten then.
    public static func rewrite(_ source: String, fileName: String = "<input>") throws(PortError) -> PortResult {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: fileName, tree: tree)
        if let error = SyntaxErrorFinder.firstError(in: tree) {
            let location = converter.location(for: error.position)
            throw PortError(file: fileName, line: location.line, column: location.column, message: error.message)
        }
        let rewriter = PortRewriter(converter: converter, declarations: DeclarationIndex(tree))
        let rewritten = rewriter.rewrite(tree)
        let diagnostics = rewriter.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        guard rewriter.changed else { return PortResult(source: source, diagnostics: diagnostics, changed: false) }
        let text = rewritten.description
        // The rewrite only ever puts valid Swift in; a slip shows here rather than in a build.
        let check = Parser.parse(source: text)
        if let error = SyntaxErrorFinder.firstError(in: check) {
            let location = SourceLocationConverter(fileName: fileName, tree: check).location(for: error.position)
            throw PortError(
                file: fileName, line: location.line, column: location.column,
                message: "internal error: the rewritten file does not parse (\(error.message)); please report it")
        }
        return PortResult(source: text, diagnostics: diagnostics, changed: true)
    }
}
