import Foundation
import PackagePlugin

/// Embeds the HTML report's style sheet and scripts in `LifetraceAnalysis` at build time: the
/// target's `.css` and `.js` files become `ReportAssets` members of a generated Swift source
/// (ReportAssetsGenerator), each a `StaticString` of the file's bytes.
///
/// The files stay real files that editors, linters and `node --check` read, while the `lifetrace`
/// binary carries them in its text: no resource bundle to keep next to a copied binary, and no
/// Foundation to read one at run time. The command runs again when a file changes.
@main
struct ReportAssetsPlugin: BuildToolPlugin {
    /// The extensions of the files embedded.
    static let extensions: Set<String> = ["css", "js"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let assets = module.sourceFiles
            .map(\.url)
            .filter { Self.extensions.contains($0.pathExtension) }
            .sorted { $0.path() < $1.path() }
        guard !assets.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "ReportAssets+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(assets.map(\.lastPathComponent).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "ReportAssetsGenerator").url,
                arguments: [output.path()] + assets.map { $0.path() },
                inputFiles: assets,
                outputFiles: [output]
            )
        ]
    }
}
