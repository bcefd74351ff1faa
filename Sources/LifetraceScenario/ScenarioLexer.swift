/// Splits scenario and golden text into lines and whitespace-separated words with their columns.
///
/// Internal to the module: the parser of scenarios and the loader of golden files share it, so
/// both count lines and columns the same way (1-based, in characters).
enum ScenarioLexer {
    /// One word of a line and the 1-based column of its first character.
    struct Token: Hashable, Sendable {
        /// The word.
        var text: String
        /// The 1-based column of the word's first character.
        var column: Int
        /// The column just after the word.
        var endColumn: Int { column + text.count }
    }

    /// One line of a text: its 1-based number and its content without the line break.
    struct Line: Sendable {
        /// The 1-based line number.
        var number: Int
        /// The line's characters, without the line break.
        var content: Substring
    }

    /// The lines of `text`; `\n`, `\r\n` and `\r` all end a line. A final line break does not
    /// start another (empty) line.
    static func lines(of text: String) -> [Line] {
        var pieces = text.split(
            omittingEmptySubsequences: false,
            whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        )
        if pieces.count > 1, pieces.last?.isEmpty == true {
            pieces.removeLast()
        }
        return pieces.enumerated().map { Line(number: $0.offset + 1, content: $0.element) }
    }

    /// The words of a line up to its comment (`#` starts a comment anywhere on a line).
    static func tokens(of content: Substring, startingAtColumn firstColumn: Int = 1) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var currentColumn = 0
        var column = firstColumn
        for character in content {
            if character == "#" { break }
            if character.isWhitespace {
                if !current.isEmpty {
                    tokens.append(Token(text: current, column: currentColumn))
                    current = ""
                }
            } else {
                if current.isEmpty { currentColumn = column }
                current.append(character)
            }
            column += 1
        }
        if !current.isEmpty {
            tokens.append(Token(text: current, column: currentColumn))
        }
        return tokens
    }

    /// The words joined by single spaces: a line as a `scenario.step` record carries it.
    static func normalized(_ tokens: [Token]) -> String {
        tokens.map(\.text).joined(separator: " ")
    }

    /// Whether `text` is an identifier: a letter or `_` first, then letters, digits (0-9) or `_`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first == "_" || first.isLetter else { return false }
        return text.allSatisfy { $0 == "_" || $0.isLetter || ("0"..."9").contains($0) }
    }

    /// Whether `text` names a controller or a view in a golden file: an identifier, or an
    /// identifier and `.view` (a controller's root view, as traces name it).
    static func isSubjectName(_ text: String) -> Bool {
        isIdentifier(text.hasSuffix(".view") ? String(text.dropLast(5)) : text)
    }

    /// Whether a line, up to its comment, holds nothing but blanks.
    static func isBlank(_ content: Substring) -> Bool {
        for character in content {
            if character == "#" { return true }
            if !character.isWhitespace { return false }
        }
        return true
    }

    /// The 1-based column of the first non-blank character of `content`, or the column after its
    /// end when it is blank.
    static func firstNonBlankColumn(of content: Substring, startingAtColumn firstColumn: Int = 1) -> Int {
        var column = firstColumn
        for character in content {
            if !character.isWhitespace { return column }
            column += 1
        }
        return column
    }
}

extension Substring {
    /// The substring without leading and trailing blanks.
    func trimmingBlanks() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
