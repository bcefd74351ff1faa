import Foundation
import LifetraceTestSupport
import Testing

/// ReportAssetsGenerator, the tool of ReportAssetsPlugin: member names, escapes, errors. (That the
/// real files come out byte for byte is ReportAssetsTests' check.)
@Suite struct ReportAssetsGeneratorTests {
    /// The tool as the plugin builds it, next to the `lifetrace` executable.
    static func generator() throws -> String {
        let directory = URL(fileURLWithPath: try LifetraceBinary.path()).deletingLastPathComponent()
        for name in ["ReportAssetsGenerator-tool", "ReportAssetsGenerator"] {
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw TestSupportError("ReportAssetsGenerator was not built in \(directory.path); run `swift build`")
    }

    @Test("each file becomes a StaticString member named after it, with quotes, backslashes and control characters escaped")
    func generatesEscapedLiterals() throws {
        try withScratchDirectory { scratch in
            let script = scratch.path("lane-index.js")
            try Data("a \"\"\" b \\(x) \\n\tc\r\u{1}é\n\n".utf8).write(to: URL(fileURLWithPath: script))
            let style = scratch.path("print-v2.css")
            try Data("p {}".utf8).write(to: URL(fileURLWithPath: style))
            let output = scratch.path("out.swift")
            let result = try runProcess(try Self.generator(), [output, script, style])
            #expect(result.status == 0, "\(result)")
            let source = try readText(output)
            #expect(source.contains("""
                    static let laneIndexJS: StaticString = \"""
                a \\"\\"\\" b \\\\(x) \\\\n\\tc\\r\\u{1}é


                \"""
                """))
            #expect(source.contains("""
                    static let printV2CSS: StaticString = \"""
                p {}
                \"""
                """))
            #expect(source.hasPrefix("// Generated") && source.contains("extension ReportAssets {\n"))
        }
    }

    @Test("a file that is not UTF-8 or whose name makes no member is an error naming it", arguments: [
        ("bad.js", [0x66, 0xFF, 0x0A], "bad.js: error: not UTF-8 text"),
        ("two.min.js", [0x0A], "two.min.js: error: expected a name of words"),
        ("9lives.css", [0x0A], "9lives.css: error: expected a name of words"),
    ] as [(String, [UInt8], String)])
    func refusesBadFiles(name: String, bytes: [UInt8], message: String) throws {
        try withScratchDirectory { scratch in
            let file = scratch.path(name)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let output = scratch.path("out.swift")
            let result = try runProcess(try Self.generator(), [output, file])
            #expect(result.status == 1)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test("two files with one member name are an error")
    func refusesClashingNames() throws {
        try withScratchDirectory { scratch in
            let first = scratch.path("a-b.js"), second = scratch.path("a_b.js")
            try Data("1\n".utf8).write(to: URL(fileURLWithPath: first))
            try Data("2\n".utf8).write(to: URL(fileURLWithPath: second))
            let result = try runProcess(try Self.generator(), [scratch.path("out.swift"), first, second])
            #expect(result.status == 1)
            #expect(result.stderr.contains("a_b.js: error: its member name aBJS is also a-b.js's"), "\(result.stderr)")
        }
    }
}
