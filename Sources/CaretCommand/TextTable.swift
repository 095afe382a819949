/// Rows of cells printed in columns as wide as their widest cell, so that big numbers never
/// push a row out of line: the first column left-aligned (names), the others right-aligned.
struct TextTable {
    /// The column titles.
    let header: [String]
    /// The rows so far.
    private(set) var rows: [[String]] = []

    /// A table with these column titles.
    init(header: [String]) { self.header = header }

    /// Adds a row (missing cells are blank).
    mutating func append(_ row: [String]) { rows.append(row) }

    /// The table, one line per row after the header, columns separated by two spaces.
    var lines: [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { Self.line($0, widths: widths) }
    }

    /// One row in columns of at least `widths` (a wider cell pushes the rest of its row only):
    /// for tables printed row by row as slow work finishes, before the widest cell is known.
    static func line(_ row: [String], widths: [Int]) -> String {
        let line = widths.indices.map { column -> String in
            let cell = column < row.count ? row[column] : ""
            return column == 0 ? CommandSupport.padRight(cell, widths[column]) : CommandSupport.pad(cell, widths[column])
        }.joined(separator: "  ")
        // Blank cells at the end of a row leave no trailing spaces.
        return String(line.reversed().drop { $0 == " " }.reversed())
    }
}
