// The reference model of the editing model (`TextInput`) for FuzzInput: the contract of
// docs/contract/EDITING.md written the obvious way over a flat array of scalars, with ICU's grapheme
// boundaries over the flat text (`FuzzModel`). Shared by the fuzzer and `swift test`.
@_spi(Reference) import Caret

/// What `TextInput` must hold after each call: text, selection, marked text, editing state and
/// undo history, and what it must have asked and told its delegate.
///
/// Positions are scalar indices into `scalars`. The selection is an anchor (the end that stays
/// when a selection is extended) and a focus, each with the affinity that visual movement gave
/// it; both sit on grapheme boundaries, except at the start of marked text that begins inside a
/// cluster. Where the contract is silent the model follows `TextInput`'s documented choice (a
/// commit leaves a caret after the committed text, `deleteForward` commits marked text first,
/// undo while composing cancels the composition, `replace` moves each end of the selection
/// that touches the replaced text after the new text); those are marked "choice" below.
struct InputModel {
    enum Kind: Equatable { case singleLine, multiLine }

    /// One end of the selection.
    struct End: Equatable {
        var index: Int
        var affinity: TextAffinity = .downstream
    }

    /// The selection: `anchor` stays when extending, `focus` moves.
    struct Selection: Equatable {
        var anchor: End
        var focus: End
        init(anchor: Int, focus: Int) {
            self.anchor = End(index: anchor)
            self.focus = End(index: focus)
        }
        init(anchor: End, focus: End) {
            self.anchor = anchor
            self.focus = focus
        }
        static func caret(_ i: Int) -> Selection { Selection(anchor: i, focus: i) }
        var range: Range<Int> { min(anchor.index, focus.index)..<max(anchor.index, focus.index) }
        /// The range's ends in storage order (at one offset the anchor comes first).
        var ordered: (start: End, end: End) { focus.index < anchor.index ? (focus, anchor) : (anchor, focus) }
    }

    /// Text and selection at one moment: what undo and a vetoed commit go back to.
    struct Snapshot: Equatable {
        var scalars: [Unicode.Scalar]
        var selection: Selection?
    }

    /// One undo step: the state before it and after it, and where its text changed.
    struct Step: Equatable {
        var before: Snapshot
        var after: Snapshot
        var span = Span()
    }

    /// One contiguous replacement, in scalars: where it starts in the old text, how much it
    /// removed and inserted. Consecutive edits grow a step only where they continue it.
    struct Span: Equatable {
        var start = 0
        var removed = 0
        var inserted = 0
    }

    /// How the last undo step may still grow.
    enum Coalescing: Equatable { case typing, deletingBackward, deletingForward }

    /// A composition in progress: the state before it began and the range it replaced.
    struct Composition: Equatable {
        var before: Snapshot
        var start: Range<Int>
    }

    /// A change offered to `textInput(_:shouldChangeTextIn:utf16Range:replacementText:)`.
    struct Offer: Equatable, CustomStringConvertible {
        var utf16Range: Range<Int>
        var replacement: String
        var description: String {
            "\(utf16Range) -> [\(replacement.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))]"
        }
    }

    /// What the delegate is sent (`didApply` is checked apart, by replaying the edits).
    enum Event: Equatable { case editingDidBegin, editingChanged, selectionChanged, editingDidEnd, editingDidEndOnExit }

    /// The delegate's answers for the current call, set by the harness before each call.
    struct Answers: Equatable {
        var shouldBegin = true
        var shouldEnd = true
        var shouldChange = true
        var shouldClear = true
        var shouldReturn = true
    }

    let kind: Kind
    var isEditable: Bool
    private(set) var scalars: [Unicode.Scalar] { didSet { derived = Derived() } }
    /// What is derived from `scalars`, computed when first asked for after a change (a new
    /// object on every change, so copies of the model never share a stale one).
    private var derived = Derived()

    final class Derived {
        var flat: FuzzModel?
        var document: TextDocument?
    }

    /// ICU's view of `scalars` (grapheme boundaries, UTF-16 offsets).
    var flat: FuzzModel {
        if let f = derived.flat { return f }
        let f = FuzzModel(scalars)
        derived.flat = f
        return f
    }

    /// The text as a fresh document (for movement, which the model asks the document).
    func document() -> TextDocument {
        if let d = derived.document { return d }
        let d = TextDocument(text)
        derived.document = d
        return d
    }
    var selection: Selection?
    var marked: Range<Int>?
    var composition: Composition?
    var isEditing = false
    private(set) var undoStack: [Step] = []
    private(set) var redoStack: [Step] = []
    private(set) var open: Coalescing?
    /// The grapheme column up/down presses aim for; nil after any other change of the selection.
    var goalColumn: Int?

    var answers = Answers()
    /// What the current call asked and sent; the harness clears them before each call.
    var offers: [Offer] = []
    var events: [Event] = []

    init(_ text: String, kind: Kind, isEditable: Bool = true) {
        self.kind = kind
        self.isEditable = isEditable
        scalars = Array(text.unicodeScalars)
        selection = .caret(scalars.count)
    }

    var text: String { flat.text }
    var snapshot: Snapshot { Snapshot(scalars: scalars, selection: selection) }
    /// Undo also cancels a composition; redo waits until it ends.
    var canUndo: Bool { composition != nil || !undoStack.isEmpty }
    var canRedo: Bool { composition == nil && !redoStack.isEmpty }

    /// The range user edits replace: the selection, or the end of the text when there is none.
    var editRange: Range<Int> { selection?.range ?? scalars.count..<scalars.count }

    /// The UTF-16 offset of scalar index `i`, snapped back to a grapheme boundary, as the
    /// document reports a position.
    func snappedUTF16(_ i: Int) -> Int { flat.utf16[flat.boundary(atOrBefore: i)] }
    func snappedUTF16(_ r: Range<Int>) -> Range<Int> { snappedUTF16(r.lowerBound)..<snappedUTF16(r.upperBound) }

    /// The selection's UTF-16 range as `selectedTextRange` reports it.
    var selectedUTF16: Range<Int>? { selection.map { snappedUTF16($0.range) } }
    /// The marked text's UTF-16 range as `markedTextRange` reports it.
    var markedUTF16: Range<Int>? { marked.map { snappedUTF16($0) } }

    func string(_ r: Range<Int>) -> String { flat.text(scalars: r) }

    // MARK: Changing the text

    /// Replaces `range` with `replacement` (no event: `didApply` is checked by replay).
    mutating func replaceText(_ range: Range<Int>, _ replacement: [Unicode.Scalar]) {
        scalars.replaceSubrange(range, with: replacement)
    }

    /// The selection as the document identifies positions (UTF-8 offsets and affinities): what
    /// "the selection moved" compares, before and after a call that may change the text.
    struct Mark: Equatable {
        var anchor: Int, anchorAffinity: TextAffinity, focus: Int, focusAffinity: TextAffinity
    }

    var mark: Mark? {
        selection.map { Mark(anchor: flat.utf8[$0.anchor.index], anchorAffinity: $0.anchor.affinity,
                             focus: flat.utf8[$0.focus.index], focusAffinity: $0.focus.affinity) }
    }

    /// Sets the selection, sending `.selectionChanged` when it differs from `shown`.
    mutating func select(_ s: Selection?, shown: Mark?) {
        selection = s
        if mark != shown { events.append(.selectionChanged) }
    }

    /// Restores a snapshot's text and selection (undo, redo, a cancelled composition).
    mutating func restoreText(_ s: Snapshot) {
        scalars = s.scalars
        selection = s.selection
    }

    /// Records a user edit as an undo step: extends the open step when it is of the same kind
    /// and continues where the last one ended; a line break (`startsStep`) opens a new one.
    mutating func record(_ step: Step, as kind: Coalescing?, startsStep: Bool = false) {
        redoStack.removeAll()
        if !startsStep, let kind, kind == open, let last = undoStack.last, last.after == step.before,
           let span = Self.merge(last.span, step.span, kind) {
            undoStack[undoStack.count - 1].after = step.after
            undoStack[undoStack.count - 1].span = span
            return
        }
        undoStack.append(step)
        open = kind
    }

    /// `last` grown by `next`, when `next` continues it: typing where the typed text ended,
    /// backspace right before what it deleted, forward delete where it deleted.
    static func merge(_ last: Span, _ next: Span, _ kind: Coalescing) -> Span? {
        var span = last
        switch kind {
        case .typing:
            guard next.removed == 0, next.start == last.start + last.inserted else { return nil }
            span.inserted += next.inserted
        case .deletingBackward:
            guard last.inserted == 0, next.inserted == 0, next.start + next.removed == last.start else { return nil }
            span.start = next.start
            span.removed += next.removed
        case .deletingForward:
            guard last.inserted == 0, next.inserted == 0, next.start == last.start else { return nil }
            span.removed += next.removed
        }
        return span
    }

    mutating func breakCoalescing() { open = nil }

    /// Undo and redo end the open step when they have a step to move (a call with nothing to
    /// undo or redo changes nothing, coalescing included).
    mutating func popUndo() -> Step? {
        guard let step = undoStack.popLast() else { return nil }
        open = nil
        redoStack.append(step)
        return step
    }

    mutating func popRedo() -> Step? {
        guard let step = redoStack.popLast() else { return nil }
        open = nil
        undoStack.append(step)
        return step
    }

    mutating func clearHistory() {
        undoStack.removeAll()
        redoStack.removeAll()
        open = nil
    }
}
