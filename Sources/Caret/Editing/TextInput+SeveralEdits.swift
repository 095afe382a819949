// A user edit at several selections (CHANGES.md, "Several selections"): the same stages as
// `submit` (TextInput+Pipeline.swift), with one replacement per selection:
//
// 1. the traits shape each selection's change as they would at one (the length limit aside);
// 2. the delegate is asked once per selection, in document order, with ranges of the text
//    before the change; a refused one is left out, the others go on;
// 3. the field rules judge the text the whole change produces (a change whose result is too
//    long is refused whole rather than cut across selections);
// 4. `applyChanges` applies them as one change (one `didApply`, one change set), from the last
//    to the first so that each one's offsets in the old text still hold when its turn comes;
// 5. each selection becomes a caret after its new text (one without a change is mapped), the
//    selections that meet merge, and the whole is one undo step that coalesces as typing at
//    one caret does.

extension TextInput {
    /// Runs a user edit of `kind` at every selection: `make` gives, for a selection's bytes,
    /// the bytes to replace and the text to put there (nil: nothing to do at that selection).
    /// - Returns: the texts the applied replacements removed, in document order; nil when
    ///   nothing was applied.
    /// - Complexity: O(k log n + m) for k selections and m bytes of text, plus the rules' and
    ///   the delegate's work per selection.
    @discardableResult
    func submitSeveral(_ kind: ProposedChange.Kind, _ make: (Range<Int>) -> (Range<Int>, String)?) -> [String]? {
        mergeSelections()
        let (marks, _) = sortedSelections
        var pipeline = TraitPipeline(traits: traits, rules: rules,
                                     replacesAll: false)
        pipeline.rules.maximumLength = nil  // judged on the whole change below
        let plain = pipeline.passesEverythingUnchanged
        var accepted: [(selection: Int, change: ProposedChange)] = []
        accepted.reserveCapacity(marks.count)
        var end = 0, endsWithInsertion = false
        for (i, mark) in marks.enumerated() {
            let range = Self.bytes(mark)
            guard let (bytes, text) = make(range) else { continue }
            var change = ProposedChange(range: bytes, text: text, kind: kind)
            if !plain {
                guard let shaped = pipeline.shape(change, in: document, deletesSelection: !kind.inserts && !range.isEmpty,
                                                  language: traitState.language(for: locale)) else { continue }
                change = shaped
            }
            // A change the traits widened into the previous one's is left out, and so is a
            // second insertion at one point (its order against the first would be a guess).
            guard !change.isEmpty, change.range.lowerBound > end
                || (change.range.lowerBound == end && !(change.range.isEmpty && endsWithInsertion) ) || accepted.isEmpty
            else { continue }
            end = change.range.upperBound
            endsWithInsertion = change.range.isEmpty
            accepted.append((i, change))
        }
        if let delegate {
            let asked = revision
            accepted = accepted.filter {
                delegate.textInput(self, shouldChangeTextIn: $0.change.textRange,
                                   utf16Range: $0.change.utf16Range(in: document), replacementText: $0.change.text)
            }
            // A delegate that changed the text while asked made its own change (as in `submit`).
            guard revision == asked else { return nil }
        }
        guard !accepted.isEmpty, rulesAcceptSeveral(accepted.map(\.change)) else { return nil }
        return whileChanging { applySeveral(accepted, marks: marks) }
    }

    /// Stage 3 for several replacements: the length limit and the pattern on the text they
    /// produce together. O(1) without rules; else O(k log n + m), and the pattern O(n).
    private func rulesAcceptSeveral(_ changes: [ProposedChange]) -> Bool {
        guard rules.maximumLength != nil || rules.pattern != nil else { return true }
        var result = document
        for change in changes.reversed() {
            guard (try? result.replace(change.range, in: .utf8, withText: change.text)) != nil else { return false }
        }
        if let maximum = rules.maximumLength, result.count > max(maximum, 0), result.count > document.count { return false }
        if let pattern = rules.pattern, !pattern.accepts(utf16: result.utf16(replacing: 0..<0, with: "")) { return false }
        return true
    }

    /// Stages 4 and 5: applies the accepted changes, places every selection, records one undo
    /// step and queues the notifications.
    private func applySeveral(_ accepted: [(selection: Int, change: ProposedChange)],
                              marks: [SelectionMark]) -> [String]? {
        let before = allSelections
        let main = mainSelectionIndex
        guard let (changes, enclosing) = applyChanges(accepted.map { ($0.change.range, $0.change.text) }) else { return nil }
        traitsDidApply(accepted[0].change)
        var after: [SelectionMark] = []
        after.reserveCapacity(marks.count)
        var c = 0
        for (i, mark) in marks.enumerated() {
            if c < accepted.count && accepted[c].selection == i {
                let x = changes[c].inserted.isEmpty ? enclosing[c].lowerBound : enclosing[c].upperBound
                after.append(SelectionMark(anchor: position(utf8: x), focus: position(utf8: x)))
                c += 1
            } else {
                after.append(mapped(mark, through: changes))
            }
        }
        setAllSelections(after, main: main)
        let kind = accepted[0].change.kind
        history.record(.undoing(changes, before: before, after: allSelections), coalescing: accepted[0].change.coalescing,
                       startsStep: kind == .lineBreak)
        send(.editingChanged)
        sendSelectionsChanged(since: before)
        return changes.map(\.removed)
    }

    /// `mark` of the old text in the text after `changes` (sorted, apart), each end after
    /// inserted text it touches, snapped back to a grapheme boundary. O(log k).
    func mapped(_ mark: SelectionMark, through changes: [InputChange]) -> SelectionMark {
        guard let a = mark.anchor, let f = mark.focus else { return mark }
        return SelectionMark(anchor: mapped(a, through: changes), focus: mapped(f, through: changes))
    }

    private func mapped(_ p: TextPosition, through changes: [InputChange]) -> TextPosition {
        // The first change that ends after `p`; every one before it lies wholly before `p`
        // (an insertion at `p` too: the position goes after it).
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].replaced.upperBound <= p.utf8Offset { lo = mid + 1 } else { hi = mid }
        }
        var shift = 0
        for change in changes[..<lo] { shift += change.inserted.utf8.count - change.replaced.count }
        var x = p.utf8Offset + shift
        if lo < changes.count, changes[lo].replaced.lowerBound < p.utf8Offset {
            x = changes[lo].replaced.lowerBound + shift + changes[lo].inserted.utf8.count
        }
        return TextPosition(utf8Offset: document.graphemeBoundary(atOrBeforeUTF8: min(x, document.utf8Count)),
                            affinity: p.affinity)
    }

    /// Applies `list` (bytes of the current text, sorted and apart; the text for each) as ONE
    /// change: the replacements from the last to the first through the document's edit path,
    /// the marked and pending ranges following each, one `revision`, and one `didApply` with
    /// the whole as a change set (and a `TextEdit` spanning it). Call it inside
    /// `whileChanging`, as `applyChange`.
    /// - Returns: the changes (made for the text before, removed texts kept) and each one's new
    ///   text widened to grapheme boundaries, in the text after; nil, changing nothing, when a
    ///   range is out of order or outside the text.
    /// - Complexity: O(k log n + m) for k replacements and m bytes; the UTF-16 offsets only
    ///   with a delegate.
    func applyChanges(_ list: [(range: Range<Int>, text: String)]) -> (changes: [InputChange], enclosing: [Range<Int>])? {
        var end = 0  // checked here so that nothing is read from a range outside the text
        for (range, _) in list {
            guard range.lowerBound >= end else { return nil }
            end = range.upperBound
        }
        guard end <= document.utf8Count, !list.isEmpty else { return nil }
        var changes: [InputChange] = []
        changes.reserveCapacity(list.count)
        for (range, text) in list {
            changes.append(InputChange(replaced: range, removed: range.isEmpty ? "" : document.text(utf8Range: range),
                                       inserted: text))
        }
        return applyChanges(known: changes)
    }

    /// `applyChanges(_:)` for changes whose removed texts are known to be what the document
    /// holds there (a step's own changes, replayed by undo and redo): nothing is read back.
    func applyChanges(known changes: [InputChange]) -> (changes: [InputChange], enclosing: [Range<Int>])? {
        var end = 0
        for c in changes {
            guard c.replaced.lowerBound >= end else { return nil }
            end = c.replaced.upperBound
        }
        guard end <= document.utf8Count, !changes.isEmpty else { return nil }
        let tells = currentDelegate != nil
        let oldUTF8 = document.utf8Count, oldUTF16 = tells ? document.count(in: .utf16) : 0
        let utf16Starts = tells ? changes.map { document.count(.utf16, beforeUTF8: $0.replaced.lowerBound) } : []
        var enclosing = [Range<Int>](repeating: 0..<0, count: changes.count)
        // Read before the changes, as `applyChange` does; `length` is the text's before each one.
        let prepared = followers.prepare(typed: attributesForInsertion())
        var length = oldUTF8
        for i in changes.indices.reversed() {
            // Straight to the document's edit path, as `TextDocument.apply(_:)` does: the ranges
            // were checked above (in order, inside the text) and lie on the scalar boundaries
            // the callers give (selection ends, Backspace's scalars, a step's own changes), so
            // the public call's checks and its position lookups would only repeat the work.
            var inserted = changes[i].inserted
            enclosing[i] = inserted.withUTF8 { document.replaceUTF8(changes[i].replaced, with: $0) }
            follow(changes[i], prepared, oldLength: length)
            length += inserted.utf8.count - changes[i].replaced.count
        }
        // Each new range was read with the earlier changes not yet applied: shift it by them.
        var shift = 0
        for i in changes.indices {
            enclosing[i] = (enclosing[i].lowerBound + shift)..<(enclosing[i].upperBound + shift)
            shift += changes[i].inserted.utf8.count - changes[i].replaced.count
        }
        revision &+= 1
        if tells {
            var replacements: [ChangeSet.Replacement] = []
            replacements.reserveCapacity(changes.count)
            for (c, start) in zip(changes, utf16Starts) {
                replacements.append(.init(utf8Range: c.replaced, utf16Range: start..<(start + c.removed.utf16.count),
                                          removed: c.removed, inserted: c.inserted))
            }
            if let set = try? ChangeSet(replacements: replacements, oldUTF8Count: oldUTF8, oldUTF16Count: oldUTF16),
               let first = replacements.first, let last = replacements.last {
                let edit = TextEdit(replacedUTF8Range: first.utf8Range.lowerBound..<last.utf8Range.upperBound,
                                    insertedUTF8Range: first.utf8Range.lowerBound..<(last.utf8Range.upperBound + set.newUTF8Count
                                        - set.oldUTF8Count),
                                    replacedUTF16Range: first.utf16Range.lowerBound..<last.utf16Range.upperBound,
                                    insertedUTF16Range: first.utf16Range.lowerBound..<(last.utf16Range.upperBound
                                        + set.newUTF16Count - set.oldUTF16Count))
                post(.applied(edit, set))
            }
        }
        return (changes, enclosing)
    }

    /// Undo or redo of a step of several selections: applies `changes` and restores
    /// `selections`, asking nobody (TextInput+Undo.swift).
    func replaySeveral(_ changes: [InputChange], selecting selections: UndoHistory.Selections) {
        whileChanging {
            let before = allSelections
            guard applyChanges(known: changes) != nil else { return }
            allSelections = selections
            send(.editingChanged)
            sendSelectionsChanged(since: before)
        }
    }

    /// The selected texts of the non-empty selections joined with "\n" in document order; nil
    /// when none is. O(k log n + their length).
    func copySeveral() -> String? {
        let texts = sortedSelections.marks.map(Self.bytes).filter { !$0.isEmpty }.map { document.text(utf8Range: $0) }
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }
}

extension InputChange {
    /// The changes that undo `changes` (made for the text before them, sorted, apart), made
    /// for the text after them, in order. O(k).
    static func inverted(_ changes: [InputChange]) -> [InputChange] {
        var shift = 0
        return changes.map { c in
            let inverse = InputChange(at: c.replaced.lowerBound + shift, removing: c.inserted, inserting: c.removed)
            shift += c.inserted.utf8.count - c.removed.utf8.count
            return inverse
        }
    }

    /// `changes` (sorted, apart) as one change set made for `old`. O(k log n + m).
    static func changeSet(_ changes: [InputChange], in old: TextDocument) -> ChangeSet {
        let replacements = changes.map { c in
            let start = old.count(.utf16, beforeUTF8: c.replaced.lowerBound)
            return ChangeSet.Replacement(utf8Range: c.replaced, utf16Range: start..<(start + c.removed.utf16.count),
                                         removed: c.removed, inserted: c.inserted)
        }
        return (try? ChangeSet(replacements: replacements, oldUTF8Count: old.utf8Count,
                               oldUTF16Count: old.count(in: .utf16)))
            ?? ChangeSet(canonical: [], oldUTF8Count: old.utf8Count, oldUTF16Count: old.count(in: .utf16))
    }
}
