import XCTest
@testable import Caret

// The reference's marked text and `replace`: the contract's composition rules the obvious way.
extension TextInputReference {
    var markedString: String { marked.map { string($0) } ?? "" }

    mutating func setMarked(_ s: String, _ r: Range<Int>) {
        prepare()
        if s.isEmpty {
            if origin != nil { commit("") }
            return
        }
        let replaced = marked ?? selection
        if origin == nil { origin = (replaced.lowerBound, Array(text[replaced]), anchor, focus) }
        open = nil
        let units = Array(s.utf16)
        text.replaceSubrange(replaced, with: units)
        let start = replaced.lowerBound
        marked = start..<start + units.count
        func place(_ o: Int) -> Int {
            var local = min(max(o, 0), units.count)
            if local > 0 && local < units.count && UTF16.isTrailSurrogate(units[local]) { local -= 1 }
            return snapBack(start + local)
        }
        let a = place(r.lowerBound)
        anchor = a
        focus = r.isEmpty ? a : place(r.upperBound)
    }

    mutating func unmark() {
        if origin != nil { commit(markedString) }
    }

    @discardableResult
    mutating func commit(_ committed: String) -> Bool {
        guard let o = origin, let m = marked else { return false }
        text.replaceSubrange(m, with: o.replaced)
        origin = nil
        marked = nil
        anchor = o.anchor
        focus = o.focus
        return offer(o.start..<o.start + o.replaced.count, committed, nil)
    }

    mutating func endCompositionKeepingText() {
        guard let o = origin, let m = marked else { return }
        let before = Snapshot(text: Array(text[..<m.lowerBound]) + o.replaced + Array(text[m.upperBound...]),
                              anchor: o.anchor, focus: o.focus)
        origin = nil
        marked = nil
        redoSteps.removeAll()
        undoSteps.append(Step(before: before, after: snapshot, start: m.lowerBound, insertedEnd: m.upperBound))
        open = nil
    }

    mutating func deleteInMarked() {
        guard let m = marked else { return }
        let sel = selection
        var range = sel.clamped(to: m)
        if range.isEmpty {
            guard range.lowerBound > m.lowerBound else { return }
            range = max(backwardDeletion(before: range.lowerBound).lowerBound, m.lowerBound)..<range.lowerBound
        }
        if range == m { commit(""); return }
        text.removeSubrange(range)
        marked = m.lowerBound..<m.upperBound - range.count
        let caret = snapBack(range.lowerBound)
        anchor = caret
        focus = caret
    }

    /// `replace(_:withText:)`: the range snapped back to clusters, offered after committing
    /// marked text (the range mapped through the commit's edits); each selection end mapped
    /// after the new text.
    mutating func replace(_ a: Int, _ b: Int, _ new: String) {
        prepare()
        var lo = snapBack(min(a, b)), hi = snapBack(max(a, b))
        if let o = origin, let m = marked {
            // The commit's two edits, as `TextEdit.map(_ range:)` maps a range through them.
            let committed = markedString
            func mapRange(_ r: Range<Int>, _ replaced: Range<Int>, _ inserted: Int) -> Range<Int> {
                func map(_ x: Int, after: Bool) -> Int {
                    if x < replaced.lowerBound { return x }
                    if x > replaced.upperBound { return x + inserted - replaced.count }
                    if replaced.isEmpty { return after ? replaced.lowerBound + inserted : replaced.lowerBound }
                    if x == replaced.lowerBound { return x }
                    if x == replaced.upperBound { return replaced.lowerBound + inserted }
                    return after ? replaced.lowerBound + inserted : replaced.lowerBound
                }
                if r.isEmpty { let p = map(r.lowerBound, after: false); return p..<p }
                let s = map(r.lowerBound, after: true), e = map(r.upperBound, after: false)
                return e <= s ? replaced.lowerBound..<replaced.lowerBound : s..<e
            }
            let accepted = commit(committed)
            var r = mapRange(lo..<hi, m, o.replaced.count)
            if accepted {
                r = mapRange(r, o.start..<o.start + o.replaced.count, committed.utf16.count)
            }
            lo = snapBack(min(r.lowerBound, text.count))
            hi = snapBack(min(r.upperBound, text.count))
        }
        let range = lo..<hi
        let inserted = new.utf16.count
        func map(_ x: Int) -> Int {
            if x < range.lowerBound { return x }
            if x > range.upperBound { return x + inserted - range.count }
            if range.isEmpty { return range.lowerBound + inserted }
            if x == range.lowerBound { return x }
            return range.lowerBound + inserted
        }
        let oldAnchor = anchor, oldFocus = focus
        guard offer(range, new, nil) else { return }
        if let oldAnchor, let oldFocus {
            anchor = snapBack(map(oldAnchor))
            focus = snapBack(map(oldFocus))
        } else {
            anchor = nil
            focus = nil
        }
        undoSteps[undoSteps.count - 1].after = snapshot
    }
}
