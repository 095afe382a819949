// The model's input-method calls (EDITING.md, "Input", marked text): updates ask nobody and
// are not undo steps; the commit is offered once, as the range the composition started from
// replaced by the committed text, and is one undo step with the composition; a veto goes back
// to the state from before the composition.
import Caret

extension InputModel {
    /// `setMarkedText(_:selectedRange:unit:)`: replaces the marked text (or the selection, which
    /// starts a composition) and selects `selectedRange` inside it, counted in `unit`, clamped,
    /// its ends snapped back to a grapheme boundary. nil or ""
    /// removes the marked text, which ends the composition as a commit of nothing.
    /// (Snapped back means before the marked text when it starts inside a cluster.)
    mutating func setMarkedText(_ text: String?, selectedRange: Range<Int>, unit: TextUnit) {
        guard mayEdit() else { return }
        guard let text, !text.isEmpty else {
            if composition != nil { commitComposition(with: []) }
            return
        }
        let new = Array(text.unicodeScalars)
        let shown = mark
        let replaced: Range<Int>
        if let m = marked {
            replaced = m
        } else {
            replaced = editRange
            composition = Composition(before: snapshot, start: replaced)
        }
        breakCoalescing()
        replaceText(replaced, new)
        let m = replaced.lowerBound..<(replaced.lowerBound + new.count)
        marked = m
        let a = place(selectedRange.lowerBound, in: m, unit: unit)
        let b = selectedRange.isEmpty ? a : place(selectedRange.upperBound, in: m, unit: unit)
        selection = Selection(anchor: a, focus: b)
        goalColumn = nil
        if mark != shown { events.append(.selectionChanged) }
    }

    /// Where `offset` units of `unit` into the marked text `m` fall: graphemes are the
    /// document's, counted from the boundary at or before the marked text; other units round
    /// down to a scalar; clamped to the marked text, snapped back to a grapheme boundary (which
    /// lies before `m` when `m` starts inside a cluster).
    func place(_ offset: Int, in m: Range<Int>, unit: TextUnit) -> Int {
        var local: Int
        if unit == .grapheme {
            if offset <= 0 {
                local = 0
            } else {
                let g = flat.offset(ofScalar: flat.boundary(atOrBefore: m.lowerBound), in: .grapheme) + offset
                local = (g <= flat.graphemeCount ? flat.boundaries[g] : scalars.count) - m.lowerBound
            }
        } else {
            local = 0
            var units = 0
            for s in scalars[m] {
                let width: Int
                switch unit {
                case .utf8: width = UTF8.width(s)
                case .utf16: width = UTF16.width(s)
                case .unicodeScalar, .grapheme: width = 1
                }
                if units + width > offset { break }
                units += width
                local += 1
            }
        }
        let x = m.lowerBound + min(max(local, 0), m.count)
        return flat.boundary(atOrBefore: x)
    }

    /// `unmarkText()`: commits the marked text as it stands; nothing without marked text.
    mutating func unmarkText() {
        if composition != nil { commitComposition(with: nil) }
    }

    /// Ends the composition with `committed` (default: the marked text as it stands): the text
    /// and selection from before the composition come back, then the change from there is
    /// submitted (a caret after the committed text). Vetoed, or changing nothing, the state
    /// from before the composition stays. True when the change was applied.
    @discardableResult
    mutating func commitComposition(with committed: [Unicode.Scalar]?) -> Bool {
        guard let c = composition, let m = marked else { return false }
        let shown = mark
        let text = committed ?? Array(scalars[m])
        composition = nil
        marked = nil
        replaceText(m, Array(c.before.scalars[c.start]))
        selection = c.before.selection
        if submit(c.start, text, kind: nil, shown: .some(shown)) { return true }
        if mark != shown { events.append(.selectionChanged) }
        return false
    }

    /// Undo while composing: the text and selection from before the composition come back,
    /// asking nobody; it was never a step (choice).
    mutating func cancelComposition() {
        guard let c = composition, let m = marked else { return }
        let shown = mark
        composition = nil
        marked = nil
        replaceText(m, Array(c.before.scalars[c.start]))
        selection = c.before.selection
        if mark != shown { events.append(.selectionChanged) }
    }

    /// `deleteBackward()` while composing: the selection inside the marked text, else the
    /// backward-deletion cluster before the caret down to the marked text's start; deleting
    /// all of it ends the composition as a commit of nothing. An update: asks nobody.
    mutating func deleteBackwardInMarkedText() {
        guard let m = marked else { return }
        var r = editRange.clamped(to: m)
        if r.isEmpty {
            guard r.lowerBound > m.lowerBound else { return }
            let cluster = backwardDeletionRange(before: r.lowerBound)
            r = max(cluster.lowerBound, m.lowerBound)..<r.lowerBound
        }
        if r == m {
            commitComposition(with: [])
            return
        }
        let shown = mark
        replaceText(r, [])
        marked = m.lowerBound..<(m.upperBound - r.count)
        selection = .caret(flat.boundary(atOrBefore: r.lowerBound))
        if mark != shown { events.append(.selectionChanged) }
    }
}
