// swift-testing declares a cross-import overlay for UIKit (`Testing.swiftcrossimport/
// UIKit.swiftoverlay` in the toolchain, even on Linux): a file that imports both Testing and
// UIKit makes the compiler load a module named `_Testing_UIKit`, which Apple's SDK has and Linux
// has not ("no such module '_Testing_UIKit'"). This empty module is that overlay, built with the
// `UIKit` module, so tests that import both compile. (Apple's adds image attachments; the runtime
// draws no images.)
