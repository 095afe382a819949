@testable import Caret

/// Several selections the obvious way (CHANGES.md, "Several selections"): the text as a flat
/// array of UTF-8 bytes and the selections as an array; an edit at several selections applies
/// each selection's replacement to the flat text one by one from the last, mapping the others
/// by hand. What ONE selection does (the bytes Backspace removes, where a press of an arrow
/// lands) comes from the single-selection rules (a `TextDocument`, a one-selection
/// `TextInput`), which have their own tests; what is modelled here is the several.
struct SeveralSelectionsReference: Equatable {
    struct Selection: Equatable {
        var anchor: Int
        var focus: Int
        /// The ends' affinities (visual movement at a direction boundary reads them).
        var anchorAffinity = TextAffinity.downstream
        var focusAffinity = TextAffinity.downstream
        var lo: Int { min(anchor, focus) }
        var hi: Int { max(anchor, focus) }
    }

    var bytes: [UInt8]
    /// In document order, merged.
    var selections: [Selection]
    var main: Int
    /// Goal columns of consecutive up/down presses (nil: none), one a selection.
    var goals: [Int?]

    var text: String { String(decoding: bytes, as: UTF8.self) }

    init(_ text: String, selections: [Selection], main: Int) {
        bytes = Array(text.utf8)
        self.selections = selections
        self.main = main
        goals = Array(repeating: nil, count: selections.count)
        merge()
    }

    /// The contract's merge: sort; overlapping ones merge, a caret touching one joins it,
    /// touching non-empty ones stay apart. The merged one runs the main one's way if it is
    /// among them, else the way of the first.
    mutating func merge() {
        let order = selections.indices.sorted { (selections[$0].lo, selections[$0].hi) < (selections[$1].lo, selections[$1].hi) }
        var out: [Selection] = []
        var mainAt = 0
        for i in order {
            let s = selections[i]
            if let last = out.last, s.lo < last.hi || (s.lo == last.hi && (s.lo == s.hi || last.lo == last.hi)) {
                let keep = i == main ? s : last
                let lo = last.lo, hi = max(last.hi, s.hi)
                out[out.count - 1] = keep.anchor <= keep.focus ? Selection(anchor: lo, focus: hi) : Selection(anchor: hi, focus: lo)
                if i == main { mainAt = out.count - 1 }
                goals = []
            } else {
                out.append(s)
                if i == main { mainAt = out.count - 1 }
            }
        }
        if out.count != selections.count { goals = [] }
        selections = out
        main = mainAt
        if goals.count != selections.count { goals = Array(repeating: nil, count: selections.count) }
    }

    /// An edit: `make` gives each selection's replacement (bytes of the current text, text)
    /// or nil. Applied from the last selection to the first; each edited selection becomes a
    /// caret after its new text (at its start for a removal), snapped out to a grapheme
    /// boundary; the others are mapped. Returns whether anything was replaced.
    mutating func edit(_ make: (Selection, TextDocument) -> (Range<Int>, String)?) -> Bool {
        let document = TextDocument(text)
        let planned = selections.map { make($0, document) }
        var changed = false
        var carets: [Int?] = Array(repeating: nil, count: selections.count)
        for i in selections.indices.reversed() {
            guard let (range, text) = planned[i] else { continue }
            changed = true
            let inserted = Array(text.utf8)
            bytes.replaceSubrange(range, with: inserted)
            let delta = inserted.count - range.count
            // The selections after this one (already edited or not) move by the change.
            for j in (i + 1)..<selections.count {
                if let c = carets[j] { carets[j] = c + delta } else {
                    selections[j].anchor += delta
                    selections[j].focus += delta
                }
            }
            carets[i] = range.lowerBound + inserted.count
        }
        guard changed else { return false }
        let after = TextDocument(self.text)
        for i in selections.indices {
            if let c = carets[i] {
                let removal = planned[i]!.1.isEmpty
                let x = removal ? after.graphemeBoundary(atOrBeforeUTF8: c) : Self.boundary(atOrAfter: c, in: after)
                selections[i] = Selection(anchor: x, focus: x)
            }
        }
        goals = []
        merge()
        return true
    }

    static func boundary(atOrAfter x: Int, in document: TextDocument) -> Int {
        let b = document.graphemeBoundary(atOrBeforeUTF8: x)
        return b == x ? x : document.graphemeEnd(afterUTF8: b)
    }

    /// Typing or pasting `text` at every selection.
    mutating func insert(_ text: String) -> Bool {
        edit { s, _ in (s.lo..<s.hi, text) }
    }

    mutating func deleteBackward() -> Bool {
        edit { s, d in
            s.lo != s.hi ? (s.lo..<s.hi, "") : s.lo > 0 ? (d.backwardDeletionUTF8Range(before: s.lo), "") : nil
        }
    }

    mutating func deleteForward() -> Bool {
        edit { s, d in
            s.lo != s.hi ? (s.lo..<s.hi, "") : s.lo < d.utf8Count ? (s.lo..<d.graphemeEnd(afterUTF8: s.lo), "") : nil
        }
    }

    /// Each selection moved as a one-selection input moves it (its goal column kept), then
    /// merged.
    mutating func move(_ direction: TextLayoutDirection, _ granularity: TextGranularity, extending: Bool) {
        let single = TextInput(text, traits: .plain)
        let vertical = direction == .up || direction == .down
        for i in selections.indices {
            let s = selections[i]
            single.select(anchor: TextPosition(utf8Offset: s.anchor, affinity: s.anchorAffinity),
                          focus: TextPosition(utf8Offset: s.focus, affinity: s.focusAffinity))
            single.goalColumn = goals[i]
            single.move(direction, by: granularity, extendingSelection: extending)
            let a = single.selectionMark.anchor!, f = single.selectionMark.focus!
            selections[i] = Selection(anchor: a.utf8Offset, focus: f.utf8Offset, anchorAffinity: a.affinity,
                                      focusAffinity: f.affinity)
            goals[i] = vertical ? single.goalColumn : nil
        }
        merge()
    }

    /// The selections as `TextInput.selectedTextRanges` gives them (byte ranges).
    var ranges: [Range<Int>] { selections.map { $0.lo..<$0.hi } }
}
