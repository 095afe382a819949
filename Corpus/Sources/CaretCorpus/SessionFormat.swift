import Caret

/// How `caret session` writes text, ranges and actions: stable, one line each, with every
/// invisible character spelled out, so transcripts can be kept and compared byte for byte.
enum SessionFormat {
    /// `s` in double quotes; quotes, backslashes, controls, format characters (joiners, bidi
    /// controls, tags, BOM), line and paragraph separators and unassigned or private-use
    /// scalars as `\u{…}` (`\n`, `\r`, `\t` for the usual three), everything else as it is.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `a..<b`, or `a` for an empty range (a caret).
    static func range(_ r: Range<Int>) -> String { r.isEmpty ? "\(r.lowerBound)" : "\(r.lowerBound)..<\(r.upperBound)" }

    /// An action as the transcript names it.
    static func describe(_ action: SessionAction) -> String {
        func times(_ n: Int) -> String { n == 1 ? "" : " ×\(n)" }
        switch action {
        case .settings: return "settings"
        case .insert(let s): return "insert \(quoted(s))"
        case .returnKey(let n): return "return" + times(n)
        case .deleteBackward(let n): return "delete" + times(n)
        case .deleteForward(let n): return "deleteForward" + times(n)
        case .mark(let s, let selected, let unit):
            return "mark \(s.map(quoted) ?? "null")" + (selected.map { " selecting \(range($0)) \(unitName(unit))" } ?? "")
        case .unmark: return "unmark"
        case .move(let d, let g, let extend, let n):
            return "move \(d) by \(g)\(extend ? " extending" : "")" + times(n)
        case .select(let r, let unit): return "select \(range(r))" + (unit == .grapheme ? "" : " \(unitName(unit))")
        case .addSelection(let r, let unit): return "add selection \(range(r))" + (unit == .grapheme ? "" : " \(unitName(unit))")
        case .selectAll: return "select all"
        case .selectNone: return "select none"
        case .paste(let s): return "paste \(quoted(s))"
        case .cut: return "cut"
        case .copy: return "copy"
        case .replace(let r, let unit, let s):
            return "replace \(range(r))\(unit == .grapheme ? "" : " " + unitName(unit)) with \(quoted(s))"
        case .clear: return "clear"
        case .undo(let n): return "undo" + times(n)
        case .redo(let n): return "redo" + times(n)
        case .breakUndoCoalescing: return "break"
        case .begin: return "begin"
        case .end(let force): return force ? "end (forced)" : "end"
        case .setText(let s): return "text = \(quoted(s))"
        case .delegate(let a):
            let refused = [("change", a.change), ("begin", a.begin), ("end", a.end), ("clear", a.clear),
                           ("return", a.returnKey)].filter { !$0.1 }.map(\.0)
            return "delegate " + (refused.isEmpty ? "allows everything" : "refuses " + refused.joined(separator: ", "))
        case .note(let s): return "# " + s
        case .traits(let t): return "traits " + describe(t)
        case .rules(let r): return "rules " + describe(r)
        case .locale(let l): return "locale " + l
        }
    }

    static func unitName(_ unit: TextUnit) -> String {
        switch unit {
        case .grapheme: return "graphemes"
        case .utf16: return "utf16"
        case .utf8: return "utf8"
        case .unicodeScalar: return "scalars"
        }
    }
}
