import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// The contract's rules written the obvious way, for the property test: the text as UTF-16
/// units with ICU's grapheme boundaries over the flat text, offsets in UTF-16, and the undo
/// history as whole snapshots of text and selection.
struct TextInputReference {
    struct Snapshot: Equatable {
        var text: [UInt16]
        var anchor: Int?
        var focus: Int?
    }

    enum Coalescing { case typing, deletingBackward, deletingForward }

    struct Step {
        var before: Snapshot
        var after: Snapshot
        /// Where the step's replacement starts, and where its inserted text ends.
        var start: Int
        var insertedEnd: Int
    }

    var text: [UInt16]
    var anchor: Int?
    var focus: Int?
    var marked: Range<Int>?
    var origin: (start: Int, replaced: [UInt16], anchor: Int?, focus: Int?)?
    var undoSteps: [Step] = []
    var redoSteps: [Step] = []
    var open: Coalescing?
    var isEditing = false
    let multiLine: Bool
    /// The delegate's answer: refuse everything, or (always) any text holding "!".
    var vetoAll = false
    /// What was offered to `shouldChangeTextIn`, and how many `.editingChanged` were sent.
    var offers: [String] = []
    var editingChanged = 0

    init(_ text: String, multiLine: Bool) {
        self.text = Array(text.utf16)
        anchor = self.text.count
        focus = anchor
        self.multiLine = multiLine
    }

    var string: String { String(decoding: text, as: UTF16.self) }
    var snapshot: Snapshot { Snapshot(text: text, anchor: anchor, focus: focus) }
    var selection: Range<Int> {
        guard let anchor, let focus else { return text.count..<text.count }
        return min(anchor, focus)..<max(anchor, focus)
    }
    var canUndo: Bool { origin != nil || !undoSteps.isEmpty }
    var canRedo: Bool { origin == nil && !redoSteps.isEmpty }

    var boundaries: [Int] { ICUReference.graphemeBoundariesUTF16(text) }
    func snapBack(_ x: Int) -> Int { boundaries.last { $0 <= x } ?? 0 }
    func snapForward(_ x: Int) -> Int { boundaries.first { $0 >= x } ?? text.count }
    func string(_ r: Range<Int>) -> String { String(decoding: text[r], as: UTF16.self) }

    /// The backward-deletion cluster before caret `x`, in UTF-16.
    func backwardDeletion(before x: Int) -> Range<Int> {
        let start = boundaries.last { $0 < x } ?? 0
        let scalars = Array(string(start..<x).unicodeScalars)
        let first = scalars[0].value
        let hangul = (0x1100...0x115F).contains(first) || (0xA960...0xA97C).contains(first)
        let syllable = hangul && scalars.drop { (0x1100...0x115F).contains($0.value) || (0xA960...0xA97C).contains($0.value) }
            .first.map { (0x1160...0x11A7).contains($0.value) || (0xD7B0...0xD7C6).contains($0.value) } == true
        if scalars.count > 1 && (0x530...0x194F).contains(first) && !syllable {
            return x - UTF16.width(scalars.last!)..<x
        }
        return start..<x
    }

    static func spaces(_ s: String) -> String { String(s.map { $0.isNewline ? " " : $0 }) }

    mutating func prepare() {
        if isEditing { return }
        isEditing = true
        if anchor == nil { anchor = text.count; focus = text.count }
        open = nil
    }

    /// Offers a user edit; applies it when accepted (caret after the new text), with undo.
    @discardableResult
    mutating func offer(_ range: Range<Int>, _ new: String, _ kind: Coalescing?, startsStep: Bool = false,
                        shown: Snapshot? = nil) -> Bool {
        if range.isEmpty && new.isEmpty { return false }
        offers.append("\(range.lowerBound)..<\(range.upperBound) \(new.debugDescription)")
        if vetoAll || new.contains("!") { return false }
        let before = snapshot
        let inserted = Array(new.utf16)
        text.replaceSubrange(range, with: inserted)
        let caret = inserted.isEmpty ? snapBack(range.lowerBound) : snapForward(range.lowerBound + inserted.count)
        anchor = caret
        focus = caret
        record(Step(before: before, after: snapshot, start: range.lowerBound, insertedEnd: range.lowerBound + inserted.count),
               kind, startsStep: startsStep, range: range, inserted: inserted.count)
        editingChanged += 1
        return true
    }

    private mutating func record(_ step: Step, _ kind: Coalescing?, startsStep: Bool, range: Range<Int>, inserted: Int) {
        redoSteps.removeAll()
        if !startsStep, let kind, kind == open, var last = undoSteps.last, last.after == step.before {
            var merged = false
            switch kind {
            case .typing:
                if range.isEmpty && range.lowerBound == last.insertedEnd {
                    last.insertedEnd += inserted
                    merged = true
                }
            case .deletingBackward:
                if last.insertedEnd == last.start && inserted == 0 && range.upperBound == last.start {
                    last.start = range.lowerBound
                    last.insertedEnd = range.lowerBound
                    merged = true
                }
            case .deletingForward:
                merged = last.insertedEnd == last.start && inserted == 0 && range.lowerBound == last.start
            }
            if merged {
                last.after = step.after
                undoSteps[undoSteps.count - 1] = last
                return
            }
        }
        undoSteps.append(step)
        open = kind
    }

    mutating func insert(_ s: String) {
        prepare()
        if !multiLine && s.count == 1 && s.first!.isNewline {
            if origin != nil { commit(markedString) }
            isEditing = false   // Return accepted: editing ends
            open = nil
            return
        }
        let typed = multiLine ? s : Self.spaces(s)
        if origin != nil { commit(typed); return }
        let hasBreak = multiLine && typed.contains { $0.isNewline }
        offer(selection, typed, .typing, startsStep: hasBreak)
    }

    mutating func deleteBackward() {
        prepare()
        if origin != nil { deleteInMarked(); return }
        let sel = selection
        if !sel.isEmpty { offer(sel, "", .deletingBackward) }
        else if sel.lowerBound > 0 { offer(backwardDeletion(before: sel.lowerBound), "", .deletingBackward) }
    }

    mutating func deleteForward() {
        prepare()
        if origin != nil { commit(markedString) }
        let sel = selection
        if !sel.isEmpty { offer(sel, "", .deletingForward) }
        else if sel.lowerBound < text.count {
            offer(sel.lowerBound..<(boundaries.first { $0 > sel.lowerBound } ?? text.count), "", .deletingForward)
        }
    }

    mutating func paste(_ s: String) {
        prepare()
        if origin != nil { commit(markedString) }
        offer(selection, multiLine ? s : Self.spaces(s), nil)
    }

    mutating func cut() {
        guard anchor != nil, !selection.isEmpty else { return }
        prepare()
        if origin != nil { commit(markedString) }
        let sel = selection
        if !sel.isEmpty { offer(sel, "", nil) }
    }

    /// The clear button (the delegate allows clearing).
    mutating func clear() {
        prepare()
        if origin != nil { commit(markedString) }
        if !text.isEmpty { offer(0..<text.count, "", nil) }
    }

    mutating func select(_ a: Int, _ b: Int) {
        let lo = snapBack(min(a, b)), hi = snapBack(max(a, b))
        if let marked, lo < marked.lowerBound || hi > marked.upperBound { endCompositionKeepingText() }
        anchor = lo
        focus = hi
        open = nil
    }

    mutating func moveToDocumentEdge(forward: Bool) {
        if origin != nil { commit(markedString) }
        let x = forward ? text.count : 0
        anchor = x
        focus = x
        open = nil
    }

    mutating func undo() {
        if let o = origin, let m = marked {
            text.replaceSubrange(m, with: o.replaced)
            origin = nil
            marked = nil
            anchor = o.anchor
            focus = o.focus
            return
        }
        guard let step = undoSteps.popLast() else { return }
        redoSteps.append(step)
        restore(step.before)
        open = nil
        editingChanged += 1
    }

    mutating func redo() {
        guard origin == nil, let step = redoSteps.popLast() else { return }
        undoSteps.append(step)
        restore(step.after)
        open = nil
        editingChanged += 1
    }

    private mutating func restore(_ s: Snapshot) {
        text = s.text
        anchor = s.anchor
        focus = s.focus
    }
}
