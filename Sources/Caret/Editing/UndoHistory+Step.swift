// What an undo step is: one contiguous replacement with the selections around it, and what
// it keeps out of line (the attribute runs, or the rest of a step of several selections).
// The stacks and how a step grows: UndoHistory.swift.

extension UndoHistory {
    struct Step {
        /// Byte offset where the replacement starts.
        var utf8Start: Int {
            get { start }
            set {
                guard newValue != start else { return }
                let (b, a) = (before, after)
                start = newValue
                setSelections(b, a)    // packed relative to the start
            }
        }
        /// The text it removed (what undo puts back).
        var removed: String
        /// The text it inserted (what undo takes out).
        var inserted: String
        /// The selection before the step (what undo restores).
        var before: SelectionMark {
            get {
                if case .outOfLine(let far) = extra { return far.before }
                return marks.before(start: start)
            }
            set { setSelections(newValue, after) }
        }
        /// The selection after the step (what redo restores).
        var after: SelectionMark {
            get {
                if case .outOfLine(let far) = extra { return far.after }
                return marks.after(start: start)
            }
            set {
                if case .outOfLine = extra {
                    setSelections(before, newValue)
                } else if !marks.setAfter(newValue, start: start) {
                    setSelections(before, newValue)
                }
            }
        }

        private var start: Int
        /// `before` and `after`, near the start (meaningless when `extra` is `.outOfLine`).
        private var marks: StepMarks
        /// What the step keeps out of line, in one reference: a step has at most one of
        /// attribute runs and the rest of several selections (attribute runs are kept for
        /// one-selection steps only), so one word holds either (the enum packs its case into
        /// the pointers' spare bits); a step whose selections lie too far from its start to
        /// pack keeps them, with the rest, in a `FarStep`.
        private var extra = Extra.none

        private enum Extra {
            case none
            case attributes(AttributeSnapshots)
            case several(SeveralChanges)
            case outOfLine(FarStep)
        }

        /// Everything a step keeps out of line when its selections do not pack. Immutable: a
        /// change makes a new one, so copies of a step stay apart.
        private final class FarStep {
            let before: SelectionMark
            let after: SelectionMark
            let attributes: AttributeSnapshots?
            let several: SeveralChanges?

            init(before: SelectionMark, after: SelectionMark, attributes: AttributeSnapshots?, several: SeveralChanges?) {
                self.before = before
                self.after = after
                self.attributes = attributes
                self.several = several
            }
        }

        /// Stores the two selections packed when they are near the start, else out of line
        /// with the rest of `extra`. O(1).
        private mutating func setSelections(_ before: SelectionMark, _ after: SelectionMark) {
            if let packed = StepMarks(before: before, after: after, start: start) {
                marks = packed
                if case .outOfLine(let far) = extra {
                    extra = .none
                    setExtra(attributes: far.attributes, several: far.several)
                }
            } else {
                extra = .outOfLine(FarStep(before: before, after: after, attributes: attributes, several: several))
            }
        }

        /// Sets `extra` to hold `attributes` or `several` (at most one), keeping the selections
        /// where they are. O(1).
        private mutating func setExtra(attributes: AttributeSnapshots?, several: SeveralChanges?) {
            assert(attributes == nil || several == nil, "a step of several selections keeps no attribute runs")
            if case .outOfLine(let far) = extra {
                extra = .outOfLine(FarStep(before: far.before, after: far.after, attributes: attributes, several: several))
            } else if let attributes {
                extra = .attributes(attributes)
            } else if let several {
                extra = .several(several)
            } else {
                extra = .none
            }
        }

        /// The attribute runs before and after the step; nil when no character had
        /// attributes on either side. Set only on a one-selection step. O(1).
        var attributes: AttributeSnapshots? {
            get {
                switch extra {
                case .attributes(let snapshots): return snapshots
                case .outOfLine(let far): return far.attributes
                case .none, .several: return nil
                }
            }
            set {
                switch extra {
                case .outOfLine(let far):
                    assert(newValue == nil || far.several == nil, "a step of several selections keeps no attribute runs")
                    setExtra(attributes: newValue, several: far.several)
                case .several:
                    assert(newValue == nil, "a step of several selections keeps no attribute runs")
                case .none, .attributes:
                    extra = newValue.map { .attributes($0) } ?? .none
                }
            }
        }

        /// A step made while there were several selections: all its replacements and the
        /// other selections before and after it (`before`/`after` keep the main one); nil for
        /// the usual one-selection step. O(1).
        var several: SeveralChanges? {
            get {
                switch extra {
                case .several(let changes): return changes
                case .outOfLine(let far): return far.several
                case .none, .attributes: return nil
                }
            }
            set {
                switch extra {
                case .outOfLine(let far):
                    assert(newValue == nil || far.attributes == nil, "a step of several selections keeps no attribute runs")
                    setExtra(attributes: far.attributes, several: newValue)
                case .attributes:
                    assert(newValue == nil, "a step of several selections keeps no attribute runs")
                case .none, .several:
                    extra = newValue.map { .several($0) } ?? .none
                }
            }
        }

        private init(utf8Start: Int, removed: String, inserted: String, before: SelectionMark, after: SelectionMark) {
            start = utf8Start
            self.removed = removed
            self.inserted = inserted
            marks = .none
            setSelections(before, after)
        }

        /// THE builder of undo steps: `change` (kept in the compact form coalescing grows:
        /// where it starts, what it removed, what it inserted) with the selections from before
        /// and after it, and the attribute runs on both sides (`attributes`). Undo applies its
        /// inverse (`undo`). O(1).
        static func undoing(_ change: InputChange, before: SelectionMark, after: SelectionMark,
                            attributes: AttributeSnapshots? = nil) -> Step {
            var step = Step(utf8Start: change.replaced.lowerBound, removed: change.removed, inserted: change.inserted,
                            before: before, after: after)
            if let attributes { step.attributes = attributes }   // a new step keeps none otherwise
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
