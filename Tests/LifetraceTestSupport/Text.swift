import Foundation

/// The contents of a file as UTF-8 text.
public func readText(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}

/// The lines of a text, without the final empty one after a trailing newline.
public func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}
