import LifetracePort
import Testing

/// Files with nothing to rewrite come back byte for byte; files that do not parse are not rewritten.
@Suite struct UnchangedAndInvalidTests {
    @Test func nothingToRewriteIsByteIdentical() throws {
        let source =
            "import UIKit\r\n\r\n/// Doc.\r\nfinal class A: UIViewController {\r\n\toverride func viewDidLoad()  {   // odd spacing\r\n"
            + "\t\tsuper.viewDidLoad() ;\r\n\t\tbutton.addAction(UIAction { _ in }, for: .touchUpInside)\r\n\t}\r\n}"
        let result = try port(source)
        #expect(!result.changed)
        #expect(result.diagnostics.isEmpty)
        #expect(Array(result.source.utf8) == Array(source.utf8))
    }

    @Test func emptyFile() throws {
        let result = try port("")
        #expect(result.source == "")
        #expect(!result.changed)
    }

    @Test func aChangeLeavesTheRestByteIdentical() throws {
        let source = "\u{FEFF}// façade\r\nclass A {\r\n    @objc  func f() {}   \r\n\tlet s = \"é\" // ü\r\n}\r\n"
        let result = try port(source)
        #expect(result.source == "\u{FEFF}// façade\r\nclass A {\r\n    func f() {}   \r\n\tlet s = \"é\" // ü\r\n}\r\n")
        #expect(reports(result) == ["3:5: removed @objc"])
    }

    @Test(
        "the first syntax error, with its place",
        arguments: [
            ("class A {\n    func f( {\n}\n", "Test.swift:2:12: error: expected ')' to end function parameter clause"),
            ("let x = (1 +\n", "Test.swift:1:13: error: expected expression"),
            ("class A {\n    func f() {}\n", "Test.swift:2:16: error: expected '}' to end class"),
            ("let a = 1 @@ 2\n", "Test.swift:1:11: error: unexpected code '@@ 2'"),
        ])
    func syntaxErrors(source: String, error: String) {
        #expect(Self.errorDescription(source) == error)
    }

    private static func errorDescription(_ source: String) -> String? {
        do {
            _ = try Port.rewrite(source, fileName: "Test.swift")
            return nil
        } catch {
            return error.description
        }
    }
}
