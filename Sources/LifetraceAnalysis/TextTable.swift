/// Plain-text tables with aligned columns, for terminal output.
enum TextTable {
    /// Renders `rows` (the first is the header) with two spaces between columns: the first
    /// `leftAligned` columns aligned left, the others right; `skipFirst` left-aligns from the second
    /// column instead (for a leading number column). Each line is indented by two spaces.
    static func render(_ rows: [[String]], leftAligned: Int, skipFirst: Bool = false) -> String {
        guard let columns = rows.map(\.count).max(), columns > 0 else { return "" }
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var out = ""
        for row in rows {
            var line = " "
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let left = skipFirst ? (column >= 1 && column < leftAligned) : column < leftAligned
                line += " " + (left ? cell + padding : padding + cell)
            }
            while line.last == " " { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
