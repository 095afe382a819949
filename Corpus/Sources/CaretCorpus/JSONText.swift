/// Text as JSON writes it, for the tools' machine-readable output (`caret info --json`,
/// `caret find --json`, caret-bench's reports).
public enum JSONText {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped (a
    /// file name may hold any of them), everything else as it is. O(n) in scalars.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
