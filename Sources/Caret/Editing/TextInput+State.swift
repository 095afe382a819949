// State restoration: save the selection and the attribute runs, and put them back only where
// they still fit the text.

extension TextInput {
    /// The selection (UTF-16 and grapheme offsets, and its text), the text's UTF-16 length,
    /// `isEditable` and the attribute runs (UTF-16 lengths), for `restore(_:)`.
    /// - Complexity: O(log n + length of the selection + r log n) for r attribute runs.
    public var state: TextInputState {
        let length = document.count(in: .utf16)
        let runs = savedAttributeRuns()
        guard let range = selectedTextRange,
              let u0 = document.offset(of: range.start, unit: .utf16), let u1 = document.offset(of: range.end, unit: .utf16),
              let g0 = document.offset(of: range.start), let g1 = document.offset(of: range.end) else {
            return TextInputState(selectedUTF16Range: nil, selectedRange: nil, selectedText: nil,
                                  textUTF16Length: length, isEditable: isEditable, attributeRuns: runs)
        }
        return TextInputState(selectedUTF16Range: u0..<u1, selectedRange: g0..<g1, selectedText: document.text(in: range),
                              textUTF16Length: length, isEditable: isEditable, attributeRuns: runs)
    }

    /// The runs with UTF-16 lengths; nil when no character has attributes.
    private func savedAttributeRuns() -> [TextAttributeRun]? {
        guard !attributeRuns.isPlain else { return nil }
        var at = 0, at16 = 0
        return attributeRuns.all(textLength: document.utf8Count).map { run in
            at += run.length
            let end16 = document.count(.utf16, beforeUTF8: at)
            defer { at16 = end16 }
            return TextAttributeRun(utf16Length: end16 - at16, attributes: run.attributes)
        }
    }

    /// The saved runs as byte lengths, when they cover this text exactly and each run ends on a
    /// scalar boundary; nil otherwise.
    private func fittingAttributeRuns(_ state: TextInputState) -> AttributeRuns? {
        guard let runs = state.attributeRuns, state.textUTF16Length == document.count(in: .utf16),
              runs.allSatisfy({ $0.utf16Length >= 0 }), runs.reduce(0, { $0 + $1.utf16Length }) == state.textUTF16Length
        else { return nil }
        var pairs: [(length: Int, attributes: TextAttributes)] = []
        var at16 = 0, at8 = 0
        for run in runs {
            at16 += run.utf16Length
            guard let end8 = document.scalarAlignedUTF8Offset(of: at16, in: .utf16),
                  document.count(.utf16, beforeUTF8: end8) == at16 else { return nil }
            pairs.append((end8 - at8, run.attributes))
            at8 = end8
        }
        return AttributeRuns(pairs)
    }

    /// Applies `state.isEditable`; its attribute runs when they cover the text exactly (its
    /// UTF-16 length, each run ending on a scalar boundary; no runs saved and the same length:
    /// no attributes), otherwise the runs stay as they are; and its selection where it still
    /// fits: the text has the saved UTF-16 length, both ends are grapheme boundaries at the
    /// saved UTF-16 and grapheme offsets, and the text there is the saved selected text.
    /// Otherwise there is no selection afterwards. Like a selection set from code: asks nobody,
    /// sends `.selectionChanged` if the selection moved. Not an undo step.
    /// - Complexity: O(log n + length of the selection + r log n) for r attribute runs.
    public func restore(_ state: TextInputState) {
        isEditable = state.isEditable
        if state.attributeRuns == nil && state.textUTF16Length == document.count(in: .utf16) {
            attributeRuns = AttributeRuns()
        } else if let runs = fittingAttributeRuns(state) {
            attributeRuns = runs
        }
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
