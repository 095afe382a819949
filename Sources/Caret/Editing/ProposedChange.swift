/// A user edit on its way through `TextInput.submit(_:)`: the bytes it would replace and the
/// text it would put there, what kind of edit it is (for the traits, the rules and undo
/// coalescing) and where the selection goes after it.
///
/// The traits' transforms (filters, smart punctuation, length cuts, clearing; `TraitPipeline`)
/// rewrite `range` and `text` before the delegate sees them.
struct ProposedChange {
    enum Kind: Hashable {
        /// `insertText` at the caret or over the selection.
        case typing
        /// `insertText` of text holding a line break in a multi-line view: starts an undo step.
        case lineBreak
        /// `deleteBackward`.
        case deleteBackward
        /// `deleteForward`.
        case deleteForward
        case paste, cut, replace, clear
        /// Committing marked text: the range the composition started from, replaced by the
        /// committed text.
        case commit
    }

    /// Where the selection goes once the change is applied.
    enum SelectionAfter: Hashable {
        /// A caret after the inserted text (at the change's start when nothing is inserted).
        case caretAfterInsertion
        /// The old selection mapped through the change, each end after the inserted text when
        /// it touches it (`replace`).
        case mapped
    }

    /// The bytes of the current text to replace (scalar boundaries; inside a cluster only when
    /// one scalar is deleted). Transforms may move it (smart delete widens it).
    var range: Range<Int>
    /// The replacement text.
    var text: String
    let kind: Kind
    var selectionAfter: SelectionAfter

    init(range: Range<Int>, text: String, kind: Kind, selectionAfter: SelectionAfter = .caretAfterInsertion) {
        self.range = range
        self.text = text
        self.kind = kind
        self.selectionAfter = selectionAfter
    }

    /// `range` in UTF-16 code units of `document` (the text the change applies to). Computed
    /// when asked — only a delegate needs it — at O(log n).
    func utf16Range(in document: TextDocument) -> Range<Int> {
        let start = document.utf16Offset(ofScalarAlignedUTF8: range.lowerBound)
        return start..<(range.isEmpty ? start : document.utf16Offset(ofScalarAlignedUTF8: range.upperBound))
    }

    /// The change's range as positions (their ends may fall inside a cluster; the document
    /// snaps such positions when they are used).
    var textRange: TextRange {
        TextRange(start: TextPosition(utf8Offset: range.lowerBound), end: TextPosition(utf8Offset: range.upperBound))
    }

    /// True when applying it would change nothing.
    var isEmpty: Bool { range.isEmpty && text.isEmpty }

    /// How its undo step may grow.
    var coalescing: UndoHistory.Coalescing? {
        switch kind {
        case .typing, .lineBreak: .typing
        case .deleteBackward: .deletingBackward
        case .deleteForward: .deletingForward
        case .paste, .cut, .replace, .clear, .commit: nil
        }
    }
}
