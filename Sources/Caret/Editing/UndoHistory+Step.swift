// What an undo step is: one contiguous replacement with the selections around it, and what
// it keeps out of line (the attribute runs, or the rest of a step of several selections).
// The stacks and how a step grows: UndoHistory.swift.

extension UndoHistory {
    struct Step {
        /// Byte offset where the replacement starts.
        var utf8Start: Int
        /// The text it removed (what undo puts back).
        var removed: String
        /// The text it inserted (what undo takes out).
        var inserted: String
        /// The selection before the step (what undo restores).
        var before: SelectionMark
        /// The selection after the step (what redo restores).
        var after: SelectionMark
        /// What the step keeps out of line, in one reference: a step has at most one of the
        /// two (attribute runs are kept for one-selection steps only), so one word holds
        /// either (the enum packs its case into the pointers' spare bits).
        private var extra = Extra.none

        private enum Extra {
            case none
            case attributes(AttributeSnapshots)
            case several(SeveralChanges)
        }

        /// The attribute runs before and after the step; nil when no character had
        /// attributes on either side. Set only on a one-selection step. O(1).
        var attributes: AttributeSnapshots? {
            get {
                if case .attributes(let snapshots) = extra { return snapshots }
                return nil
            }
            set {
                if let newValue {
                    assert(several == nil, "a step of several selections keeps no attribute runs")
                    extra = .attributes(newValue)
                } else if case .attributes = extra {
                    extra = .none
                }
            }
        }

        /// A step made while there were several selections: all its replacements and the
        /// other selections before and after it (`before`/`after` keep the main one); nil for
        /// the usual one-selection step. O(1).
        var several: SeveralChanges? {
            get {
                if case .several(let changes) = extra { return changes }
                return nil
            }
            set {
                if let newValue {
                    assert(attributes == nil, "a step of several selections keeps no attribute runs")
                    extra = .several(newValue)
                } else if case .several = extra {
                    extra = .none
                }
            }
        }

        private init(utf8Start: Int, removed: String, inserted: String, before: SelectionMark, after: SelectionMark) {
            self.utf8Start = utf8Start
            self.removed = removed
            self.inserted = inserted
            self.before = before
            self.after = after
        }

        /// THE builder of undo steps: `change` (kept in the compact form coalescing grows:
        /// where it starts, what it removed, what it inserted) with the selections from before
        /// and after it, and the attribute runs on both sides (`attributes`). Undo applies its
        /// inverse (`undo`). O(1).
        static func undoing(_ change: InputChange, before: SelectionMark, after: SelectionMark,
                            attributes: AttributeSnapshots? = nil) -> Step {
            var step = Step(utf8Start: change.replaced.lowerBound, removed: change.removed, inserted: change.inserted,
                            before: before, after: after)
            step.attributes = attributes
            return step
        }

        /// THE builder's form for several selections: `changes` (made for the text before the
        /// step, sorted, apart) with every selection before and after it. O(1).
        static func undoing(_ changes: [InputChange], before: Selections, after: Selections) -> Step {
            // The inline change stays empty: `several` holds them all (`changes`, `undoChanges`).
            var step = Step(utf8Start: changes.first?.replaced.lowerBound ?? 0, removed: "", inserted: "",
                            before: before.main, after: after.main)
            step.several = SeveralChanges(changes: changes, before: before.others, after: after.others)
            return step
        }

        /// The step's replacements, made for the text before it, in order. O(k).
        var changes: [InputChange] { several?.changes ?? [change] }

        /// What undo applies: the inverse of every replacement, made for the text after the
        /// step. O(k).
        var undoChanges: [InputChange] { several.map { InputChange.inverted($0.changes) } ?? [undo] }

        /// The step's change (a step of several selections: see `changes`). O(1).
        var change: InputChange { InputChange(at: utf8Start, removing: removed, inserting: inserted) }

        /// What undo applies: the step's change inverted (its inserted text, in the text after
        /// it, replaced by what it removed). Redo applies `change`. O(1).
        var undo: InputChange { change.inverted }
    }

    /// Every selection at one moment: the main one and the others in document order (with
    /// the main one's place among them given by position).
    struct Selections: Equatable {
        var main: SelectionMark
        var others: [SelectionMark]
    }

    /// The part of a step that several selections need, kept out of line so that a
    /// one-selection step stays small.
    final class SeveralChanges {
        /// The replacements, made for the text before the step, sorted and apart (grown in
        /// place while the step is open).
        var changes: [InputChange]
        /// The selections besides the main one before and after the step.
        let before: [SelectionMark]
        var after: [SelectionMark]

        init(changes: [InputChange], before: [SelectionMark], after: [SelectionMark]) {
            self.changes = changes
            self.before = before
            self.after = after
        }

        /// Heap bytes it holds (arrays at their count, texts over 15 bytes). O(k).
        var footprint: Int {
            func heap(_ s: String) -> Int { s.utf8.count > 15 ? s.utf8.count + 32 : 0 }
            var total = 48 + changes.count * MemoryLayout<InputChange>.stride
                + (before.count + after.count) * MemoryLayout<SelectionMark>.stride
            for c in changes { total += heap(c.removed) + heap(c.inserted) }
            return total
        }
    }
}
