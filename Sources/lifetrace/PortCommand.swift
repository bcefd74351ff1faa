import ArgumentParser
import Lifetrace
import LifetracePort

/// `lifetrace port FILE… [--in-place | --output DIR]`: rewrites the iOS idioms Linux Swift cannot
/// compile (target–action with `#selector`, selector observers, `@objc`, outlets) so controllers
/// written for iOS build against the `UIKit` module (docs/porting.md).
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Rewrite #selector target–action, selector observers, @objc and outlets so iOS controllers compile on Linux.",
        discussion: """
            Rewrites, in each FILE: addTarget(_:action:for:) with a #selector to addAction(UIAction { … }, \
            for:); UIBarButtonItem's target:action: initialisers to their primaryAction: ones; \
            NotificationCenter's addObserver(_:selector:name:object:) to addObserver(forName:object:queue:) \
            with a closure; and removes @objc, @objc dynamic, @IBAction, @IBOutlet, @IBInspectable and \
            @IBDesignable. Comments and layout are kept; a file with nothing to rewrite is left byte for byte.

            One FILE is printed rewritten on standard output unless --in-place or --output is given; \
            several need one of them. Each change is listed on standard error as FILE:LINE:COLUMN: …, \
            and code that needs the Objective-C runtime but has no mechanical rewrite (gesture \
            recognizers, perform(_:), responds(to:), KVO) as FILE:LINE:COLUMN: warning: …, left as it is.

            Exit status: 0 when every file was rewritten (warnings or not); 1 when a file cannot be \
            read or written, or does not parse (its first syntax error is reported, and no file is \
            written).

            Example: lifetrace port Sources/App/ProfileViewController.swift --output Ported/
            """)

    @Argument(help: "The Swift files to rewrite.")
    var files: [String] = []

    @Flag(help: "Rewrite each file in place.")
    var inPlace = false

    @Option(name: [.short, .long], help: "Write each rewritten file into this directory, under its own name.")
    var output: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one Swift file.") }
        if inPlace && output != nil { throw ValidationError("--in-place and --output exclude each other.") }
        if files.count > 1 && !inPlace && output == nil {
            throw ValidationError("Several files need --in-place or --output DIR (one file alone is printed on standard output).")
        }
        if output != nil {
            var seen: [String: String] = [:]
            for file in files {
                let name = Self.fileName(file)
                if let other = seen[name] {
                    throw ValidationError("\(other) and \(file) would both be written to \(name) in the output directory.")
                }
                seen[name] = file
            }
        }
    }

    func run() throws {
        // Every file is read and rewritten before any is written: one that fails writes none.
        var results: [(file: String, result: PortResult)] = []
        var failed = false
        for file in files {
            do {
                let source = try SourceFile.read(file)
                results.append((file, try Port.rewrite(source, fileName: file)))
            } catch {
                StandardError.writeLine("\(error)")
                failed = true
            }
        }
        if failed {
            StandardError.writeLine("lifetrace port: nothing written")
            throw ExitCode.failure
        }

        var changes = 0
        var warnings = 0
        for (file, result) in results {
            for diagnostic in result.diagnostics { StandardError.writeLine(diagnostic.formatted(file: file)) }
            changes += result.changes.count
            warnings += result.warnings.count
        }
        do {
            if let output {
                try SourceFile.makeDirectory(output)
                for (file, result) in results { try SourceFile.write(result.source, to: "\(output)/\(Self.fileName(file))") }
            } else if inPlace {
                for (file, result) in results where result.changed { try SourceFile.write(result.source, to: file) }
            } else {
                print(results[0].result.source, terminator: "")
            }
        } catch {
            StandardError.writeLine("\(error)")
            throw ExitCode.failure
        }
        let count = "\(files.count) file\(files.count == 1 ? "" : "s")"
        StandardError.writeLine(
            "lifetrace port: \(count), \(changes) change\(changes == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        )
    }

    /// The last component of `path`.
    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
