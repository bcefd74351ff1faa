import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// The report's style sheet and scripts: real files in Sources/LifetraceAnalysis/Report/, compiled
/// in by tools/report-assets, which writes them into ReportAssets+Files.swift as string literals.
@Suite struct ReportAssetsTests {
    static let directory = "Sources/LifetraceAnalysis/Report"

    /// Each file, with what precedes and follows it in a rendered report.
    static let placements: [(file: String, before: String, after: String)] = [
        ("report.css", "<style>\n", "</style>\n"),
        ("error-handler.js", "<script>\n", "</script>\n</head>\n"),
        ("wireframe.js", "</script>\n<script>\n", "</script>\n"),
        ("report.js", "<script>\n", "</script>\n</body>\n</html>\n"),
    ]

    static func text(of file: String) throws -> String { try readText(Repository.path("\(directory)/\(file)")) }

    @Test("the directory holds the embedded files and nothing else")
    func theFilesAreKnown() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.path(Self.directory)).sorted()
        #expect(names == Self.placements.map(\.file).sorted())
    }

    @Test("node --check accepts each script", arguments: ["error-handler.js", "wireframe.js", "report.js"])
    func scriptsAreValid(file: String) throws {
        let path = Repository.path("\(Self.directory)/\(file)")
        let result = try runProcess(try tool("node"), ["--check", path])
        #expect(result.status == 0, "\(file): \(result)")
    }

    @Test("node --check rejects a broken script, so the check above can fail")
    func nodeCheckFails() throws {
        try withScratchDirectory { scratch in
            let broken = scratch.path("broken.js")
            try (try Self.text(of: "report.js") + "\n(function () {\n").write(toFile: broken, atomically: true, encoding: .utf8)
            let result = try runProcess(try tool("node"), ["--check", broken])
            #expect(result.status != 0)
            #expect(result.stderr.contains("SyntaxError"), "\(result)")
        }
    }

    @Test("a rendered report carries each file byte for byte, in its place")
    func theReportEmbedsTheFiles() throws {
        let html = HTMLReport(title: "assets").render(TraceReader.parse(try TestTraces.jqExample(), source: "example"))
        var position = html.startIndex
        for placement in Self.placements {
            let text = try Self.text(of: placement.file)
            #expect(text.hasSuffix("\n") && !text.isEmpty, "\(placement.file) ends with a line feed")
            let range = try #require(
                html.range(of: placement.before + text + placement.after, range: position..<html.endIndex),
                "the report lacks \(placement.file) in its place")
            position = range.upperBound
        }
        #expect(position == html.endIndex, "the page ends with the timeline's script")
        #expect(html.contains("<script type=\"application/json\" id=\"trace-data\">{\"t0\":"))
    }
}
