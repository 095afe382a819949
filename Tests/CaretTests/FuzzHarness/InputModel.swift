// The reference model of the editing model (`TextInput`) for FuzzInput: the contract of
// shared/docs/EDITING.md written the obvious way over a flat array of scalars, with ICU's grapheme
// boundaries over the flat text (`FuzzModel`). Shared by the fuzzer and `swift test`.
@_spi(Reference) import Caret

/// What `TextInput` must hold after each call: text, selection, marked text, editing state and
/// undo history, and what it must have asked and told its delegate.
///
/// Positions are scalar indices into `scalars`. The selection is kept as an anchor and a focus
/// (the end that moves when a selection is extended); both sit on grapheme boundaries except
/// inside marked text, whose selection the input method sets in UTF-16 units.
struct InputModel {
    enum Kind: Equatable { case singleLine, multiLine }

    /// The selection: `anchor` stays when extending, `focus` moves. nil = no selection.
    struct Selection: Equatable {
        var anchor: Int
        var focus: Int
        var range: Range<Int> { min(anchor, focus)..<max(anchor, focus) }
        static func caret(_ i: Int) -> Selection { Selection(anchor: i, focus: i) }
    }

    /// Text and selection at one moment: what undo and a vetoed commit go back to.
    struct Snapshot: Equatable {
        var scalars: [Unicode.Scalar]
        var selection: Selection?
    }

    /// One undo step: the state before it and after it.
    struct Step: Equatable {
        var before: Snapshot
        var after: Snapshot
    }

    /// What the last user edit was, for coalescing: typing and deleting extend the open step.
    enum Coalescing: Equatable { case typing, deletingBackward, deletingForward }

    /// A composition in progress: the state before it began and the range it started from.
    struct Composition: Equatable {
        var before: Snapshot
        var start: Range<Int>
    }

    /// A change offered to `textInput(_:shouldChangeTextIn:utf16Range:replacementText:)`.
    struct Offer: Equatable, CustomStringConvertible {
        var utf16Range: Range<Int>
        var replacement: String
        var description: String { "\(utf16Range) -> \(replacement.unicodeScalars.map { String($0.value, radix: 16) })" }
    }

    /// What the delegate is sent (`didApply` is checked on its own, by replaying the edits).
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
    private(set) var scalars: [Unicode.Scalar]
    /// ICU's view of `scalars` (grapheme boundaries, UTF-16 offsets), rebuilt on every change.
    private(set) var flat: FuzzModel
    var selection: Selection?
    private(set) var marked: Range<Int>?
    private(set) var composition: Composition?
    private(set) var isEditing = false
    private(set) var undoStack: [Step] = []
    private(set) var redoStack: [Step] = []
    private(set) var open: Coalescing?
    /// The caret of the last up/down press, with its goal column; nil after anything else.
    var goal: TextCaret?
    /// The affinity of the selection's focus: what the last left/right press gave, downstream
    /// after anything else (visual movement depends on it where runs of two directions meet).
    var focusAffinity: TextAffinity = .downstream

    var answers = Answers()
    /// What the current call asked and sent; the harness clears them before each call.
    var offers: [Offer] = []
    var events: [Event] = []

    init(_ text: String, kind: Kind, isEditable: Bool = true) {
        self.kind = kind
        self.isEditable = isEditable
        scalars = Array(text.unicodeScalars)
        flat = FuzzModel(scalars)
        selection = .caret(scalars.count)
    }

    var text: String { flat.text }
    var snapshot: Snapshot { Snapshot(scalars: scalars, selection: selection) }
    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }
    /// The step that `undo()` would revert, or nil.
    var lastStep: Step? { undoStack.last }

    /// The UTF-16 offsets of a range of scalar indices.
    func utf16(_ r: Range<Int>) -> Range<Int> { flat.utf16[r.lowerBound]..<flat.utf16[r.upperBound] }

    /// The selection's UTF-16 range, snapped to grapheme boundaries as `TextPosition`s are.
    var selectedUTF16: Range<Int>? { selection.map { snappedUTF16($0.range) } }
    /// The marked text's UTF-16 range, snapped the same way.
    var markedUTF16: Range<Int>? { marked.map { snappedUTF16($0) } }

    func snappedUTF16(_ r: Range<Int>) -> Range<Int> {
        flat.utf16[flat.boundary(atOrBefore: r.lowerBound)]..<flat.utf16[flat.boundary(atOrBefore: r.upperBound)]
    }

    func string(_ r: Range<Int>) -> String { flat.text(scalars: r) }

    // MARK: Changing the text

    /// Replaces `range` with `replacement`, moves the selection to `selection` and keeps the
    /// marked range in step. Sends `.selectionChanged` when the selection moved.
    mutating func apply(_ range: Range<Int>, _ replacement: [Unicode.Scalar], selection newSelection: Selection?) {
        let old = selection
        scalars.replaceSubrange(range, with: replacement)
        flat = FuzzModel(scalars)
        selection = newSelection
        focusAffinity = .downstream
        if old != newSelection { events.append(.selectionChanged) }
    }

    /// Restores a snapshot (undo, redo, a vetoed commit), sending `.selectionChanged` if it moved.
    mutating func restore(_ s: Snapshot) {
        let old = selection
        scalars = s.scalars
        flat = FuzzModel(scalars)
        selection = s.selection
        focusAffinity = .downstream
        if old != s.selection { events.append(.selectionChanged) }
    }

    /// Sets the marked range (used by the composition rules).
    mutating func setMarked(_ r: Range<Int>?) { marked = r }
    mutating func setComposition(_ c: Composition?) { composition = c }

    /// Offers a user edit to the delegate; true when accepted.
    mutating func offer(_ range: Range<Int>, _ replacement: String) -> Bool {
        offers.append(Offer(utf16Range: utf16(range), replacement: replacement))
        return answers.shouldChange
    }

    /// Records a user edit as an undo step, extending the open step when it coalesces.
    mutating func record(_ before: Snapshot, as kind: Coalescing?, coalescing: Bool) {
        redoStack.removeAll()
        if coalescing, let o = open, o == kind, !undoStack.isEmpty {
            undoStack[undoStack.count - 1].after = snapshot
        } else {
            undoStack.append(Step(before: before, after: snapshot))
        }
        open = kind
    }

    mutating func breakCoalescing() { open = nil }

    mutating func popUndo() -> Step? {
        guard let step = undoStack.popLast() else { return nil }
        redoStack.append(step)
        return step
    }

    mutating func popRedo() -> Step? {
        guard let step = redoStack.popLast() else { return nil }
        undoStack.append(step)
        return step
    }

    // MARK: Editing state

    /// `beginEditing()`: asks the delegate unless already editing.
    @discardableResult
    mutating func beginEditing() -> Bool {
        if isEditing { return true }
        guard answers.shouldBegin else { return false }
        isEditing = true
        events.append(.editingDidBegin)
        return true
    }

    /// `endEditing(force:)`: asks the delegate (unless forced), commits marked text, ends.
    @discardableResult
    mutating func endEditing(force: Bool) -> Bool {
        guard isEditing else { return true }
        if !force && !answers.shouldEnd { return false }
        commitComposition()
        isEditing = false
        breakCoalescing()
        goal = nil
        events.append(.editingDidEnd)
        return true
    }

    /// The gate of every input call: editable, and editing (beginning it as a tap would).
    mutating func mayEdit() -> Bool {
        guard isEditable else { return false }
        return isEditing || beginEditing()
    }

    // MARK: Programmatic changes

    /// `text = s`: asks nobody; caret at the end, no marked text, no undo history.
    mutating func setText(_ s: String) {
        let new = Array(s.unicodeScalars)
        marked = nil
        composition = nil
        apply(0..<scalars.count, new, selection: .caret(new.count))
        undoStack.removeAll()
        redoStack.removeAll()
        open = nil
        goal = nil
    }

    /// `selectedTextRange = r` (grapheme-boundary scalar indices): asks nobody; ends coalescing.
    mutating func setSelection(_ s: Selection?) {
        if selection != s { events.append(.selectionChanged) }
        selection = s
        open = nil
        goal = nil
    }
}
