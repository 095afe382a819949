// The model's input-method calls (EDITING.md, "Input", marked text): updates ask nobody and
// are not undo steps; the commit is offered once, as the range the composition started from
// replaced by the committed text, and is one undo step with the composition; a veto goes back
// to the state from before the composition.
import Caret

extension InputModel {
    /// `setMarkedText(_:selectedRange:unit:)`: replaces the marked text (or the selection, which
    /// starts a composition) and selects `selectedRange` inside it, clamped; nil or "" removes it.
    mutating func setMarkedText(_ text: String?, selectedRange: Range<Int>, unit: TextUnit) {
        guard mayEdit() else { return }
        let new = Array((text ?? "").unicodeScalars)
        if composition == nil {
            if new.isEmpty { return }
            setComposition(Composition(before: snapshot, start: editRange))
            setMarked(editRange)
        }
        guard let m = marked else { return }
        if new.isEmpty { return commitComposition(with: []) }
        let lower = Self.scalarIndex(selectedRange.lowerBound, in: new, unit: unit)
        let upper = max(lower, Self.scalarIndex(selectedRange.upperBound, in: new, unit: unit))
        apply(m, new, selection: Selection(anchor: m.lowerBound + lower, focus: m.lowerBound + upper))
        setMarked(m.lowerBound..<(m.lowerBound + new.count))
        goal = nil
    }

    /// The scalar index in `scalars` that `offset` units of `unit` reach, clamped to
    /// 0...length and rounded down to a scalar start (a grapheme start for `.grapheme`).
    static func scalarIndex(_ offset: Int, in scalars: [Unicode.Scalar], unit: TextUnit) -> Int {
        if offset <= 0 { return 0 }
        let flat = FuzzModel(scalars)
        let clamped = min(offset, flat.count(in: unit))
        return flat.scalarIndex(roundingDown: clamped, in: unit) ?? scalars.count
    }

    /// `unmarkText()`: commits the marked text as it is.
    mutating func unmarkText() {
        guard mayEdit() else { return }
        commitComposition()
    }

    /// Ends the composition, if any, committing `committed` (default: the marked text as it
    /// is). Offered as one change from the state before the composition; a veto restores that
    /// state; a commit that changes nothing there (nothing replaced, nothing committed) just
    /// removes the marked text, asking nobody.
    mutating func commitComposition(with committed: [Unicode.Scalar]? = nil) {
        guard let c = composition, let m = marked else { return }
        let text = committed ?? Array(scalars[m])
        setComposition(nil)
        setMarked(nil)
        goal = nil
        if c.start.isEmpty && text.isEmpty {
            restore(c.before)
            return
        }
        let before = FuzzModel(c.before.scalars)
        var s = ""
        s.unicodeScalars.append(contentsOf: text)
        offers.append(Offer(utf16Range: before.utf16[c.start.lowerBound]..<before.utf16[c.start.upperBound], replacement: s))
        guard answers.shouldChange else {
            restore(c.before)
            return
        }
        // Now the text is the old one with the start range replaced by the committed text.
        var result = c.before.scalars
        result.replaceSubrange(c.start, with: text)
        let selection: Selection? = committed == nil ? self.selection : .caret(c.start.lowerBound + text.count)
        restore(Snapshot(scalars: result, selection: selection))
        record(c.before, as: nil, coalescing: false)
        events.append(.editingChanged)
    }

    /// `deleteBackward()` / `deleteForward()` while composing: deletes inside the marked text
    /// only (an update: asks nobody); deleting all of it ends the composition as a commit of
    /// nothing.
    mutating func deleteInMarkedText(forward: Bool) {
        guard let m = marked, let sel = selection else { return }
        let r = sel.range.clamped(to: m)
        var cut: Range<Int>
        if !r.isEmpty {
            cut = r
        } else if forward {
            guard r.upperBound < m.upperBound else { return }
            cut = r.lowerBound..<min(flat.boundary(atOrAfter: r.lowerBound + 1), m.upperBound)
        } else {
            guard r.lowerBound > m.lowerBound else { return }
            let b = backwardDeletionRange(before: r.lowerBound)
            cut = max(b.lowerBound, m.lowerBound)..<b.upperBound
        }
        if cut.count == m.count { return commitComposition(with: []) }
        apply(cut, [], selection: .caret(cut.lowerBound))
        setMarked(m.lowerBound..<(m.upperBound - cut.count))
        goal = nil
    }
}
