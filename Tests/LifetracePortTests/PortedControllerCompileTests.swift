import Foundation
import LifetracePort
import LifetraceTestSupport
import Testing

/// The point of `lifetrace port`: a controller written for iOS does not compile against the
/// `UIKit` module; ported, it does (Swift 6 language mode, no warnings).
@Suite struct PortedControllerCompileTests {
    @Test func portedControllerTypeChecksAgainstTheUIKitModule() throws {
        let result = try Port.rewrite(IOSControllerFixture.source, fileName: "ProfileEditorViewController.swift")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.changes.count == 26, "\(result.changes.map(\.description).joined(separator: "\n"))")
        #expect(result.source.contains("    private lazy var clearButton: UIButton = {\n"))
        for idiom in ["#selector", "@objc", "@IB", "target:", "dynamic"] {
            #expect(!result.source.contains(idiom), "\(idiom) is left in:\n\(result.source)")
        }

        let swiftc = try tool("swiftc")
        try withScratchDirectory { directory in
            let ported = directory.path("ProfileEditorViewController.swift")
            try result.source.write(toFile: ported, atomically: true, encoding: .utf8)
            let portedCheck = try runProcess(swiftc, try BuildProducts.typecheckArguments(ported), timeout: 300)
            #expect(portedCheck.status == 0, "the ported controller does not type-check: \(portedCheck)\n\(result.source)")
            #expect(!portedCheck.stderr.contains("warning:"), "\(portedCheck.stderr)")

            let original = directory.path("Original.swift")
            try IOSControllerFixture.source.write(toFile: original, atomically: true, encoding: .utf8)
            let originalCheck = try runProcess(swiftc, try BuildProducts.typecheckArguments(original), timeout: 300)
            #expect(originalCheck.status != 0, "the iOS original type-checks on Linux: the fixture proves nothing")
            #expect(originalCheck.stderr.contains("Objective-C interoperability is disabled"), "\(originalCheck.stderr)")
        }
    }
}
