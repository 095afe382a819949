// Attribute runs and typing attributes (CHANGES.md, "Attribute runs and typing attributes"),
// with UIKit's rules: inserted text takes `typingAttributes`; the app's typing attributes hold
// until the selection is next set, and then they are read from the text — the character before
// a caret (after it at the start), the first selected character of a selection. Undo puts the
// runs of the text it restores back with it: each step keeps the runs from before and after it
// (shared snapshots of the rope, nil when no character had attributes).

/// The attribute runs on both sides of an undo step, or `unknown` once a change made elsewhere
/// (`applyRemote`) left them behind the text.
final class AttributeSnapshots: Sendable {
    let before: AttributeRuns
    let after: AttributeRuns
    let isUnknown: Bool

    init(before: AttributeRuns, after: AttributeRuns, isUnknown: Bool = false) {
        self.before = before
        self.after = after
        self.isUnknown = isUnknown
    }

    static let unknown = AttributeSnapshots(before: AttributeRuns(), after: AttributeRuns(), isUnknown: true)

    /// The snapshots of a step from `before` to `after`; nil when both are plain.
    static func between(_ before: AttributeRuns, _ after: AttributeRuns) -> AttributeSnapshots? {
        before.isPlain && after.isPlain ? nil : AttributeSnapshots(before: before, after: after)
    }

    /// A step `first` grown by `next` (undo coalescing): `first`'s before, `next`'s after.
    static func joined(_ first: AttributeSnapshots?, _ next: AttributeSnapshots?) -> AttributeSnapshots? {
        if first?.isUnknown == true || next?.isUnknown == true { return .unknown }
        if first == nil && next == nil { return nil }
        return AttributeSnapshots(before: first?.before ?? AttributeRuns(), after: next?.after ?? AttributeRuns())
    }
}

extension AttributeRuns {
    /// True when these runs can stand for a text of `length` bytes. O(1).
    func fits(_ length: Int) -> Bool { isPlain || runsLength == length }
}

extension TextInput {
    /// The attributes text typed or pasted next takes. Set by the app, they hold until the
    /// selection is next set (by the user, an edit or code); from then on they are the
    /// attributes of the character before the caret (after it at the start of the text), or of
    /// the first selected character, as UIKit's `typingAttributes`.
    /// - Complexity: get O(log r) for r runs; set O(1).
    public var typingAttributes: TextAttributes {
        get {
            if let set = typingAttributesSet, typingAttributesSetAt == selectionMoves { return set }
            guard !attributeRuns.isPlain, !document.isEmpty else { return TextAttributes() }
            let selection = selectionUTF8
            let byte = selection.isEmpty && selection.lowerBound > 0 ? selection.lowerBound - 1 : selection.lowerBound
            return attributeRuns.attributes(atByte: min(byte, document.utf8Count - 1))
        }
        set { setTypingAttributes(newValue) }
    }

    func setTypingAttributes(_ attributes: TextAttributes) {
        typingAttributesSet = attributes
        typingAttributesSetAt = selectionMoves
    }

    /// The attributes the text an edit inserts takes; nil when there is nothing to do (no
    /// character has attributes and none are to be typed). O(1) then, else O(log r).
    func attributesForInsertion() -> TextAttributes? {
        if attributeRuns.isPlain {
            guard let set = typingAttributesSet, typingAttributesSetAt == selectionMoves, !set.isEmpty else { return nil }
            return set
        }
        return typingAttributes
    }

    /// Puts back the runs `runs` (a snapshot kept for undo) when they fit the text; nil or a
    /// snapshot that no longer fits leaves the runs as they followed the change.
    func restoreAttributeRuns(_ runs: AttributeRuns?) {
        guard let runs, runs.fits(document.utf8Count) else { return }
        attributeRuns = runs
    }

    /// The attributes of the character after `position` (before it at the end of the text).
    /// - Returns: nil in an empty text, or when `position` is not in this text.
    /// - Complexity: O(log n + log r) for r runs.
    public func attributes(at position: TextPosition) -> TextAttributes? {
        guard !document.isEmpty, let range = document.textRange(from: position, to: position) else { return nil }
        let x = range.start.utf8Offset
        return attributeRuns.attributes(atByte: x < document.utf8Count ? x : x - 1)
    }

    /// The attribute runs meeting `range`, clipped to it, in order (equal neighbours are always
    /// merged, so two runs in a row differ). An empty range gives none.
    /// - Returns: nil when `range` is not in this text.
    /// - Complexity: O(log n + log r + k) for k runs returned.
    public func attributeRuns(in range: TextRange) -> [(range: TextRange, attributes: TextAttributes)]? {
        guard let valid = document.textRange(from: range.start, to: range.end) else { return nil }
        return attributeRuns.runs(in: valid.utf8Range, textLength: document.utf8Count).map {
            (TextRange(utf8: $0.range.lowerBound, $0.range.upperBound), $0.attributes)
        }
    }

    /// Gives the text in `range` the attributes `attributes` (replacing what it had), as one undo
    /// step (undo puts the old attributes back; the text does not change). Asks nobody: it is
    /// not a change of the text; sends no event. Ends a composition in progress, keeping its text.
    /// - Returns: false, changing nothing, when `range` is not in this text.
    /// - Complexity: O(log n + log r + k) for the k runs it replaces.
    @discardableResult
    public func setAttributes(_ attributes: TextAttributes, range: TextRange) -> Bool {
        guard let valid = document.textRange(from: range.start, to: range.end) else { return false }
        if composition != nil { endCompositionKeepingText() }
        guard !valid.isEmpty else { return true }
        let before = attributeRuns
        let bytes = valid.utf8Range
        attributeRuns.replace(bytes, insertedCount: bytes.count, with: attributes, textLength: document.utf8Count)
        guard let snapshots = AttributeSnapshots.between(before, attributeRuns), before != attributeRuns else { return true }
        history.record(.undoing(InputChange(at: bytes.lowerBound, removing: "", inserting: ""), before: selectionMark,
                                after: selectionMark, attributes: snapshots),
                       coalescing: nil)
        return true
    }
}
