// Several selections (CHANGES.md, "Several selections"): the main one lives in `anchor`/`focus`
// as it always did, the others in `otherSelections`, sorted. With one selection that array is
// empty and every single-selection path pays one emptiness check. Whatever changes them ends
// with `mergeSelections()`: overlapping selections merge, carets at one point merge, a caret
// touching a selection joins it; touching non-empty selections stay apart.

extension TextInput {
    /// Every selection in document order (overlapping ones merged); empty when there is no
    /// selection. Setting it is a change from code, as `selectedTextRange`: the last range
    /// given becomes the main one; nothing changes when a range lies outside the text; an
    /// empty array leaves no selection. The ranges keep no direction (each reads start to end).
    /// - Complexity: get O(k) for k selections; set O(k log k + k log n).
    public var selectedTextRanges: [TextRange] {
        get {
            guard let anchor, let focus else { return [] }
            var ranges = otherSelections.map { TextRange(start: $0.anchor!, end: $0.focus!) }
            ranges.insert(TextRange(start: anchor, end: focus), at: mainSelectionIndex)
            return ranges
        }
        set { setSelectionsFromCode(newValue) }
    }

    /// The index of the main selection (the one `selectedTextRange` reads, where marked text
    /// goes) in `selectedTextRanges`. O(log k).
    public var mainSelectionIndex: Int {
        guard !otherSelections.isEmpty else { return 0 }
        let main = selectionUTF8.lowerBound
        var lo = 0, hi = otherSelections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Self.bytes(otherSelections[mid]).lowerBound < main { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Adds `range` as a selection and makes it the main one; the old main selection stays as
    /// another one. A change from code: `.selectionChanged` is sent if the selections moved;
    /// a range outside the text is ignored; ends inside a cluster snap back to its start.
    /// Overlapping selections merge (see `selectedTextRanges`). Marked text is committed first.
    /// - Complexity: O(k) for k selections, plus O(log n) to check the range.
    public func addSelection(_ range: TextRange) {
        guard let valid = document.textRange(from: range.start, to: range.end) else { return }
        guard let anchor, let focus else {
            selectedTextRange = valid
            return
        }
        if let marked = markedText { commitComposition(as: marked) }
        let before = allSelections
        var marks = otherSelections
        marks.insert(SelectionMark(anchor: anchor, focus: focus), at: mainSelectionIndex)
        marks.append(SelectionMark(anchor: valid.start, focus: valid.end))
        setAllSelections(marks, main: marks.count - 1)
        goalColumn = nil
        otherGoalColumns = []
        history.breakCoalescing()
        sendSelectionsChanged(since: before)
    }

    /// Every selection as undo keeps them. O(k) (a copy of the array's reference, O(1)).
    var allSelections: UndoHistory.Selections {
        get { UndoHistory.Selections(main: selectionMark, others: otherSelections) }
        set {
            selectionMark = newValue.main
            otherSelections = newValue.others
        }
    }

    /// Sends `.selectionChanged` when any selection differs from `before`.
    func sendSelectionsChanged(since before: UndoHistory.Selections) {
        if selectionMark != before.main || otherSelections != before.others { send(.selectionChanged) }
    }

    /// The byte range a selection covers.
    static func bytes(_ mark: SelectionMark) -> Range<Int> {
        guard let a = mark.anchor?.utf8Offset, let f = mark.focus?.utf8Offset else { return 0..<0 }
        return min(a, f)..<max(a, f)
    }

    /// Every selection in document order with the main one's index (a copy). O(k).
    var sortedSelections: (marks: [SelectionMark], main: Int) {
        var marks = otherSelections
        let main = mainSelectionIndex
        marks.insert(selectionMark, at: main)
        return (marks, main)
    }

    /// Makes `marks` (in any order) the selections, `marks[main]` the main one, merged.
    /// O(k log k), O(k) when they are already sorted.
    func setAllSelections(_ marks: [SelectionMark], main: Int) {
        var order = Array(marks.indices)
        if !zip(marks, marks.dropFirst()).allSatisfy({ Self.bytes($0.0).lowerBound <= Self.bytes($0.1).lowerBound }) {
            order.sort { (Self.bytes(marks[$0]).lowerBound, Self.bytes(marks[$0]).upperBound)
                < (Self.bytes(marks[$1]).lowerBound, Self.bytes(marks[$1]).upperBound) }
        }
        var merged: [SelectionMark] = []
        merged.reserveCapacity(marks.count)
        var mainAt = 0
        var last: Range<Int>? = nil
        for i in order {
            let mark = marks[i], r = Self.bytes(mark)
            if let l = last, r.lowerBound < l.upperBound || (r.lowerBound == l.upperBound && (r.isEmpty || l.isEmpty)) {
                // Overlapping, or a caret touching: one selection spanning both, in the
                // direction of the main one when it is among them.
                let span = l.lowerBound..<max(l.upperBound, r.upperBound)
                let keep = i == main ? mark : merged[merged.count - 1]
                merged[merged.count - 1] = Self.mark(span, like: keep)
                if i == main { mainAt = merged.count - 1 }
                last = span
            } else {
                merged.append(mark)
                if i == main { mainAt = merged.count - 1 }
                last = r
            }
        }
        guard !merged.isEmpty else {
            selectionMark = .none
            otherSelections = []
            return
        }
        selectionMark = merged.remove(at: mainAt)
        otherSelections = merged
    }

    /// Merges selections that came to overlap or meet (after a change mapped them). O(k).
    func mergeSelections() {
        guard !otherSelections.isEmpty else { return }
        let (marks, main) = sortedSelections
        // Merging is not a move: typing attributes the app set still hold after it.
        let keepsTypingAttributes = typingAttributesSetAt == selectionMoves
        setAllSelections(marks, main: main)
        if keepsTypingAttributes { typingAttributesSetAt = selectionMoves }
    }

    /// A selection over `span` running the way `like` runs (anchor before focus, or after).
    static func mark(_ span: Range<Int>, like: SelectionMark) -> SelectionMark {
        let a = like.anchor?.utf8Offset ?? 0, f = like.focus?.utf8Offset ?? 0
        let lo = TextPosition(utf8Offset: span.lowerBound), hi = TextPosition(utf8Offset: span.upperBound)
        return a <= f ? SelectionMark(anchor: lo, focus: hi) : SelectionMark(anchor: hi, focus: lo)
    }

    func setSelectionsFromCode(_ ranges: [TextRange]) {
        guard let last = ranges.last else {
            otherSelections = []
            otherGoalColumns = []
            setSelectionFromCode(nil)
            return
        }
        var valid: [TextRange] = []
        for range in ranges {
            guard let v = document.textRange(from: range.start, to: range.end) else { return }
            valid.append(v)
        }
        let before = allSelections
        otherSelections = []
        otherGoalColumns = []
        setSelectionFromCode(last)   // ends a composition the main selection leaves
        guard valid.count > 1 else {
            if before.others != otherSelections { send(.selectionChanged) }
            return
        }
        setAllSelections(valid.map { SelectionMark(anchor: $0.start, focus: $0.end) }, main: valid.count - 1)
        // `setSelectionFromCode` told of the main selection alone; tell of the rest once.
        if selectionMark == before.main && otherSelections != before.others { send(.selectionChanged) }
    }
}
