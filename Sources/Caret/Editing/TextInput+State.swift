// State restoration: save the selection, and put it back only where it still fits the text.

extension TextInput {
    /// The selection (UTF-16 and grapheme offsets, and its text), the text's UTF-16 length and
    /// `isEditable`, for `restore(_:)`.
    /// - Complexity: O(log n + length of the selection).
    public var state: TextInputState {
        let length = document.count(in: .utf16)
        guard let range = selectedTextRange,
              let u0 = document.offset(of: range.start, unit: .utf16), let u1 = document.offset(of: range.end, unit: .utf16),
              let g0 = document.offset(of: range.start), let g1 = document.offset(of: range.end) else {
            return TextInputState(selectedUTF16Range: nil, selectedRange: nil, selectedText: nil,
                                  textUTF16Length: length, isEditable: isEditable)
        }
        return TextInputState(selectedUTF16Range: u0..<u1, selectedRange: g0..<g1, selectedText: document.text(in: range),
                              textUTF16Length: length, isEditable: isEditable)
    }

    /// Applies `state.isEditable`, and its selection where it still fits: the text has the
    /// saved UTF-16 length, both ends are grapheme boundaries at the saved UTF-16 and grapheme
    /// offsets, and the text there is the saved selected text. Otherwise there is no
    /// selection afterwards. Like a selection set from code: asks nobody, sends
    /// `.selectionChanged` if the selection moved.
    /// - Complexity: O(log n + length of the selection).
    public func restore(_ state: TextInputState) {
        isEditable = state.isEditable
        selectedTextRange = fittingSelection(state)
    }

    private func fittingSelection(_ state: TextInputState) -> TextRange? {
        guard let utf16 = state.selectedUTF16Range, let graphemes = state.selectedRange,
              let selected = state.selectedText, state.textUTF16Length == document.count(in: .utf16),
              let start = document.position(at: utf16.lowerBound, unit: .utf16),
              let end = document.position(at: utf16.upperBound, unit: .utf16),
              document.offset(of: start, unit: .utf16) == utf16.lowerBound,
              document.offset(of: end, unit: .utf16) == utf16.upperBound,
              document.offset(of: start) == graphemes.lowerBound, document.offset(of: end) == graphemes.upperBound,
              let range = document.textRange(from: start, to: end), document.text(in: range) == selected else { return nil }
        return range
    }
}
