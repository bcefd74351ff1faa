import Foundation
import LifetraceTestSupport
import Testing

/// Every recipe of `docs/jq.md` (a ```sh block followed by a ```text block) runs on the doc's
/// example trace and prints exactly the text shown.
@Suite(.needs("jq")) struct JQRecipeTests {
    struct Recipe: CustomStringConvertible {
        var command: String
        var expected: String
        var description: String { command }
    }

    static func recipes() throws -> [Recipe] {
        let doc = try readText(Repository.path("docs/jq.md"))
        let pattern = try NSRegularExpression(
            pattern: "```sh\\n([^`]*?)\\n```\\s*\\n```text\\n(.*?)```", options: [.dotMatchesLineSeparators])
        let range = NSRange(doc.startIndex..., in: doc)
        return pattern.matches(in: doc, range: range).map { match in
            Recipe(
                command: String(doc[Range(match.range(at: 1), in: doc)!]),
                expected: String(doc[Range(match.range(at: 2), in: doc)!]))
        }
    }

    @Test func theDocHasRecipesForTheQuestionsItPromises() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count >= 10)
        let doc = try readText(Repository.path("docs/jq.md"))
        for heading in [
            "## Slowest hooks", "## Layout cost per pass", "## The order of one controller's callbacks", "## Counts by hook",
        ] {
            #expect(doc.contains(heading))
        }
        #expect(recipes.allSatisfy { $0.command.hasPrefix("jq ") })
    }

    @Test func everyRecipePrintsWhatTheDocShows() throws {
        _ = try tool("jq")
        let trace = try TestTraces.jqExample()
        try withScratchDirectory { directory in
            try trace.write(toFile: directory.path("trace.jsonl"), atomically: true, encoding: .utf8)
            for recipe in try Self.recipes() {
                let result = try runProcess("/bin/sh", ["-c", recipe.command], currentDirectory: directory.url)
                #expect(result.status == 0, "\(recipe.command): \(result)")
                #expect(result.stdout == recipe.expected, "\(recipe.command)")
            }
        }
    }
}
