import Caret

/// Turns a `TextScreen` and a status line into the escape sequences that draw them: each row
/// from column 0 with the selection in reverse video and the rest of the line cleared, the
/// status line in reverse video, the cursor last. Pure.
enum ScreenWriter {
    static func frame(_ screen: TextScreen, status: String, width: Int) -> String {
        var out = "\u{1B}[?25l"
        for (r, row) in screen.rows.enumerated() {
            out += "\u{1B}[\(r + 1);1H"
            for segment in row.segments {
                out += segment.isSelected ? "\u{1B}[7m" + segment.text + "\u{1B}[0m" : segment.text
            }
            out += "\u{1B}[K"
        }
        // The status line, clipped to the width (it is ASCII but for the file name).
        let clipped = String(status.prefix(width))
        let padding = max(0, width - DisplayWidthOptions().width(of: clipped))
        out += "\u{1B}[\(screen.rows.count + 1);1H\u{1B}[7m" + clipped + String(repeating: " ", count: padding) + "\u{1B}[0m"
        if let cursor = screen.cursor {
            out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        return out
    }
}
