#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `ReportAssetsGenerator OUTPUT FILE…`: writes OUTPUT, a Swift source that declares each FILE's
/// bytes as a `StaticString` member of `ReportAssets`, for ReportAssetsPlugin.
///
/// A member is named after its file: the words of the name (split at `-` and `_`) in camel case, then
/// the extension in capitals: `report.css` → `reportCSS`, `error-handler.js` → `errorHandlerJS`. A
/// file that is not UTF-8, or whose name makes no identifier, is an error naming the file.
@main
struct ReportAssetsGenerator {
    struct Failure: Error {
        var message: String
    }

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first, arguments.count > 1 else {
            fail("usage: ReportAssetsGenerator OUTPUT FILE…")
        }
        do {
            var members: [(name: String, file: String, text: String)] = []
            for path in arguments.dropFirst() {
                let file = URL(filePath: path)
                let name = try memberName(for: file.lastPathComponent)
                if let clash = members.first(where: { $0.name == name }) {
                    throw Failure(message: "\(path): error: its member name \(name) is also \(clash.file)'s")
                }
                let bytes = try Data(contentsOf: file)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw Failure(message: "\(path): error: not UTF-8 text")
                }
                members.append((name, file.lastPathComponent, text))
            }
            try Data(source(members).utf8).write(to: URL(filePath: output))
        } catch let failure as Failure {
            fail(failure.message)
        } catch {
            fail("error: \(error)")
        }
    }

    /// `report.css` → `reportCSS`.
    static func memberName(for fileName: String) throws(Failure) -> String {
        let parts = fileName.split(separator: ".", omittingEmptySubsequences: false)
        let words = parts.dropLast().joined(separator: ".").split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard parts.count == 2, !words.isEmpty, let suffix = parts.last, !suffix.isEmpty,
            words.allSatisfy({ $0.first!.isASCII && $0.first!.isLetter && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
            suffix.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            throw Failure(message: "\(fileName): error: expected a name of words (letters and digits, separated by - or _) and one extension, such as report-timeline.js")
        }
        let first = words[0].lowercased()
        let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        return first + rest.joined() + suffix.uppercased()
    }

    /// The generated source.
    static func source(_ members: [(name: String, file: String, text: String)]) -> String {
        var out = "// Generated at build time by ReportAssetsPlugin from "
        out += members.map(\.file).joined(separator: ", ")
        out += " (Sources/LifetraceAnalysis/Report/): edit those files.\n\nextension ReportAssets {\n"
        for (index, member) in members.enumerated() {
            if index > 0 { out += "\n" }
            out += "    /// The bytes of `\(member.file)`.\n"
            out += "    static let \(member.name): StaticString = \"\"\"\n"
            out += literalBody(member.text)
            out += "\n\"\"\"\n"
        }
        out += "}\n"
        return out
    }

    /// `text` as the body of a multi-line string literal whose delimiters start their lines: quotes
    /// and backslashes escaped, control characters but the line feed as escapes.
    static func literalBody(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + text.utf8.count / 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Prints `message` on standard error and exits with status 1: the build names the command.
    static func fail(_ message: String) -> Never {
        var line = message + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        exit(1)
    }
}
