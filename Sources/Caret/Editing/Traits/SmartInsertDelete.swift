/// Smart insert and delete: a pasted word gets one space between it and a word character it
/// would touch; deleting or cutting a selection that leaves two spaces, or a space before
/// `.,;:!?`, removes one of them (the change widens over it, and the delegate is told so).
enum SmartInsertDelete {
    /// The change with spaces added (a paste) or its range widened (a selection deleted or
    /// cut: `deletesSelection` tells a selection's deletion from a caret's); other changes
    /// untouched. Looks at one cluster on each side.
    /// - Complexity: O(log n + one cluster on each side).
    static func apply(_ change: ProposedChange, in document: TextDocument, deletesSelection: Bool) -> ProposedChange {
        switch change.kind {
        case .paste:
            guard let first = change.text.unicodeScalars.first, let last = change.text.unicodeScalars.last
            else { return change }
            var result = change
            if let before = document.text(before: change.range.lowerBound, clusters: 1).text.unicodeScalars.last,
               isWordScalar(before), isWordScalar(first) {
                result.text = " " + result.text
            }
            if let after = document.text(after: change.range.upperBound, clusters: 1).text.unicodeScalars.first,
               isWordScalar(last), isWordScalar(after) {
                result.text += " "
            }
            return result
        case .deleteBackward, .deleteForward, .cut:
            guard deletesSelection, !change.range.isEmpty, change.text.isEmpty,
                  document.text(before: change.range.lowerBound, clusters: 1).text.unicodeScalars.last == " ",
                  let after = document.text(after: change.range.upperBound, clusters: 1).text.unicodeScalars.first
            else { return change }
            var result = change
            if after == " " {
                result.range = change.range.lowerBound..<(change.range.upperBound + 1)
            } else if ".,;:!?".unicodeScalars.contains(after) {
                result.range = (change.range.lowerBound - 1)..<change.range.upperBound
            }
            return result
        default:
            return change
        }
    }

    /// A letter, mark or digit of a script that separates words with spaces. Han, kana,
    /// Bopomofo, Yi, Thai, Lao, Tibetan, Myanmar and Khmer do not, so no space is added there.
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        guard p.isAlphabetic || p.generalCategory == .decimalNumber
                || p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark else { return false }
        if p.isIdeographic { return false }
        switch s.value {
        case 0x0E00...0x0FFF,            // Thai, Lao, Tibetan
             0x1000...0x109F,            // Myanmar
             0x1780...0x17FF,            // Khmer
             0x3040...0x31FF,            // Hiragana, Katakana, Bopomofo, Kanbun…
             0xA000...0xA4CF,            // Yi
             0xFF65...0xFF9F:            // half-width Katakana
            return false
        default:
            return true
        }
    }
}
