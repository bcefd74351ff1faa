// swift-tools-version:6.1
// An app's own UIKit code, unchanged from iOS, built and tested on Linux against Lifetrace's
// `UIKit` module: a package of its own, as a user's would be. tools/e2e/uikit-app.sh runs its
// tests with a JSON-lines sink and reads the trace back with `lifetrace stats`.
import PackageDescription

/// SwiftPM names a path dependency after its directory: the root package is `lifetrace` in a
/// checkout called lifetrace, `main` in one called main.
let root: String = {
    let parent = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "lifetrace"
    return parent.lowercased()
}()

let package = Package(
    name: "UIKitApp",
    dependencies: [.package(path: "../..")],
    targets: [
        // The app's screens: `import UIKit` and nothing else.
        .target(name: "SignIn", dependencies: [.product(name: "UIKit", package: root)]),
        // Its tests drive the screens and choose where the trace goes (LIFETRACE_SINKS).
        .testTarget(
            name: "SignInTests",
            dependencies: [
                "SignIn", .product(name: "UIKit", package: root), .product(name: "Lifetrace", package: root),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
