import Foundation
import LifetracePort
import LifetraceTestSupport
import Testing

/// `lifetrace port` through the built binary.
@Suite struct PortCommandTests {
    static let source = """
        final class C: UIViewController {
            @IBOutlet weak var button: UIButton!
            override func viewDidLoad() {
                button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                let tap = UITapGestureRecognizer(target: self, action: #selector(tapped))
            }
            @objc func tapped() {}
        }

        """

    static let ported = """
        final class C: UIViewController {
            weak var button: UIButton!
            override func viewDidLoad() {
                button.addAction(UIAction { [unowned self] _ in self.tapped() }, for: .touchUpInside)
                let tap = UITapGestureRecognizer(target: self, action: #selector(tapped))
            }
            func tapped() {}
        }

        """

    @Test func oneFileIsPrintedWithTheChangesOnStandardError() throws {
        try withScratchDirectory { directory in
            let file = directory.path("C.swift")
            try Self.source.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try runProcess(try LifetraceBinary.path(), ["port", file])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == Self.ported)
            #expect(
                lines(result.stderr) == [
                    "\(file):2:5: removed @IBOutlet (the property stays, weak kept)",
                    "\(file):4:9: addTarget(self, action: #selector(tapped), for:) → addAction(UIAction { [unowned self] _ in self.tapped() }, for:)",
                    "\(file):5:64: warning: left as it is: UITapGestureRecognizer(target:action:): gesture recognizers' target–action; "
                        + "the UIKit module has no gesture recognizers yet",
                    "\(file):7:5: removed @objc",
                    "lifetrace port: 1 file, 3 changes, 1 warning",
                ])
            #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.source, "the input was left as it was")
        }
    }

    @Test func inPlaceAndOutputDirectory() throws {
        try withScratchDirectory { directory in
            let first = directory.path("First.swift")
            let second = directory.path("Second.swift")
            let unchanged = "let answer = 42\n"
            try Self.source.write(toFile: first, atomically: true, encoding: .utf8)
            try unchanged.write(toFile: second, atomically: true, encoding: .utf8)

            let output = directory.path("out/ported")
            let written = try runProcess(try LifetraceBinary.path(), ["port", first, second, "--output", output])
            #expect(written.status == 0, "\(written)")
            #expect(written.stdout.isEmpty)
            #expect(try String(contentsOfFile: "\(output)/First.swift", encoding: .utf8) == Self.ported)
            #expect(try String(contentsOfFile: "\(output)/Second.swift", encoding: .utf8) == unchanged)
            #expect(try String(contentsOfFile: first, encoding: .utf8) == Self.source)

            let inPlace = try runProcess(try LifetraceBinary.path(), ["port", "--in-place", first, second])
            #expect(inPlace.status == 0, "\(inPlace)")
            #expect(try String(contentsOfFile: first, encoding: .utf8) == Self.ported)
            #expect(try String(contentsOfFile: second, encoding: .utf8) == unchanged)
            #expect(lines(inPlace.stderr).last == "lifetrace port: 2 files, 3 changes, 1 warning")
        }
    }

    @Test func inPlaceThroughASymbolicLink() throws {
        try withScratchDirectory { directory in
            let file = directory.path("C.swift")
            let link = directory.path("Link.swift")
            try Self.source.write(toFile: file, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
            let result = try runProcess(try LifetraceBinary.path(), ["port", "--in-place", link])
            #expect(result.status == 0, "\(result)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.ported)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == file, "the link stays a link")
        }
    }

    @Test func severalFilesNeedADestination() throws {
        try withScratchDirectory { directory in
            let first = directory.path("First.swift")
            try Self.source.write(toFile: first, atomically: true, encoding: .utf8)
            let result = try runProcess(try LifetraceBinary.path(), ["port", first, first])
            #expect(result.status != 0)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("Several files need --in-place or --output DIR"), "\(result.stderr)")

            let both = try runProcess(
                try LifetraceBinary.path(), ["port", first, "--in-place", "--output", directory.path("out")])
            #expect(both.status != 0)
            #expect(both.stderr.contains("--in-place and --output exclude each other"), "\(both.stderr)")
        }
    }

    @Test func aSyntaxErrorOrAnUnreadableFileWritesNothing() throws {
        try withScratchDirectory { directory in
            let good = directory.path("Good.swift")
            let bad = directory.path("Bad.swift")
            try Self.source.write(toFile: good, atomically: true, encoding: .utf8)
            try "class A {\n    func f( {\n}\n".write(toFile: bad, atomically: true, encoding: .utf8)
            let missing = directory.path("Missing.swift")

            let result = try runProcess(try LifetraceBinary.path(), ["port", "--in-place", good, bad, missing])
            #expect(result.status == 1, "\(result)")
            #expect(
                lines(result.stderr) == [
                    "\(bad):2:12: error: expected ')' to end function parameter clause",
                    "\(missing): error: cannot read: No such file or directory",
                    "lifetrace port: nothing written",
                ])
            #expect(
                try String(contentsOfFile: good, encoding: .utf8) == Self.source, "a good file beside a bad one is not written")
            #expect(!FileManager.default.fileExists(atPath: good + ".partial"))
        }
    }
}
