// Keystrokes taken by a `TextRangeSet` without moving its ranges yet (TextRangeSet.swift,
// `pending`).
//
// A run of keystrokes at one caret moves every range exactly as one replacement does, in two
// cases, and the set then keeps the run as a few numbers and moves its ranges once, when
// something else happens to it (another kind of change, a range added or removed, a reader that
// needs them in storage order); a reader in between maps what it reads through the run. An
// editor typing at one place with thousands of ranges pinned to the text pays O(1) a keystroke,
// and O(log n + k) once a run.
//
// - Typing: characters inserted one after the other, and Backspaces that take back some of
//   them, move every range as one insertion of the run's text where it began. An end before
//   that place stays, one after it moves by the run's length, one at it stays before the text or
//   follows it to its end as its bias says (each keystroke inserts at the end of the text typed
//   so far, where an end that followed the text stands and an end that stayed does not); no
//   range goes away (an insertion removes nothing, and a Backspace inside the run's text removes
//   only text typed in the run, where no range starts: the ranges the run moved stand at its two
//   ends).
// - Deleting: Backspaces and forward deletions next to each other move every range as one
//   deletion of all the text they removed, each offset by itself — an end inside the deleted
//   text goes to where it was, one after it back by its length — provided no range added with
//   `removeWhenEmptied` starts in that text or at its edges. Such a range is the only one the
//   rules treat by more than its two ends: the keystroke that removes the last of its text
//   removes it then (a reader must not see it after), and an empty one is removed by a deletion
//   that covers it strictly, which one deletion of all the text would be and the keystrokes each
//   were not. So the run knows how far on either side no such range starts (found when it
//   begins, within a bounded look at the ranges around) and ends where one does.

/// A run of keystrokes (`TextRangeSet.pending`): bytes `start..<end` of the text the storage's
/// ranges are in replaced by `inserted` bytes, where either nothing was deleted (typing:
/// `start == end`, `inserted` at least 1) or nothing inserted (deleting: `start < end`,
/// `inserted` 0).
struct RangeSetPendingRun: Sendable, Equatable {
    /// The run's stretch, in the offsets of the text before it (the storage's).
    private(set) var start: Int
    private(set) var end: Int
    /// Bytes typed since the run began, less those deleted again (typing); 0 (deleting).
    private(set) var inserted: Int
    /// Deleting: no range added with `removeWhenEmptied` starts in
    /// `removalFreeBelow..<start` or in `end + 1 ... removalFreeAbove` (storage offsets), nor in
    /// the stretch itself.
    private var removalFreeBelow = 0, removalFreeAbove = 0

    /// A typing run: `inserted` bytes (at least 1) inserted at `start`.
    init(typingAt start: Int, inserted: Int) {
        (self.start, self.end, self.inserted) = (start, start, inserted)
    }

    /// A deleting run: bytes `range` (not empty) deleted, where no range added with
    /// `removeWhenEmptied` starts in `removalFree` (which holds `range`, edges included).
    init(deleting range: Range<Int>, removalFree: ClosedRange<Int>) {
        (start, end, inserted) = (range.lowerBound, range.upperBound, 0)
        (removalFreeBelow, removalFreeAbove) = (removalFree.lowerBound, removalFree.upperBound)
    }

    /// The run as one replacement of the storage's text.
    var stretch: ReplacedStretch { ReplacedStretch(start: start, end: end, inserted: inserted) }

    /// Takes one more replacement of bytes `range` (offsets of the text after the run) by
    /// `insertedCount` bytes when it continues the run: typing, an insertion at the end of the
    /// run's text or a deletion that ends there and keeps at least one byte of it; deleting, a
    /// deletion that ends or begins where the run's does and reaches no range added with
    /// `removeWhenEmptied`. Otherwise changes nothing. O(1).
    /// - Returns: true when taken.
    @inline(__always)
    mutating func absorb(_ range: Range<Int>, insertedCount: Int) -> Bool {
        if start == end {
            let caret = start &+ inserted
            guard range.upperBound == caret else { return false }
            if range.lowerBound == caret {
                inserted &+= insertedCount
                return true
            }
            guard insertedCount == 0, range.lowerBound > start else { return false }
            inserted &-= caret &- range.lowerBound
            return true
        }
        // Deleting: the caret is at `start` in the text after the run.
        guard insertedCount == 0, !range.isEmpty else { return false }
        if range.upperBound == start && range.lowerBound >= removalFreeBelow {
            start = range.lowerBound  // Backspace
            return true
        }
        if range.lowerBound == start && end &+ range.count <= removalFreeAbove {
            end &+= range.count  // Delete
            return true
        }
        return false
    }

    /// Where the range at `a ..< a + length` of the storage (its options `flags`) is in the text
    /// after the run: each end mapped as `TextRangeSet.apply(_:)` maps it through the run's one
    /// replacement, an empty `.neverGrows` range at a typing run's start staying there. O(1).
    @inline(__always)
    func map(start a: Int, length: Int, flags: UInt8) -> Range<Int> {
        // Stickiness codes (`RangeSetEntryLayout`): 0 always grows, 1 never, 2 before, 3 after;
        // the start follows inserted text for 1 and 3, the end for 0 and 3.
        let code = flags & 3
        let newStart = mapped(a, following: code == 1 || code == 3)
        let newEnd = mapped(a &+ length, following: code == 0 || code == 3)
        return newEnd < newStart ? newEnd..<newEnd : newStart..<newEnd
    }

    /// Offset `x` of the storage in the text after the run; at the run's place, after its
    /// inserted text when `following`. O(1).
    @inline(__always)
    private func mapped(_ x: Int, following: Bool) -> Int {
        x < start ? x : x > end ? x &+ inserted &- (end &- start) : following ? start &+ inserted : start
    }

    /// The greatest storage offset whose start may lie at or before `x` once mapped (for the
    /// query bounds of `forEachRange(startingAtOrBefore:endingAtOrAfter:)`). O(1).
    func storageBound(atOrBefore x: Int) -> Int {
        x < start ? x : x < start &+ inserted ? end : x &- inserted &+ (end &- start)
    }

    /// The least storage offset whose end may lie at or after `x` once mapped. O(1).
    func storageBound(atOrAfter x: Int) -> Int {
        x <= start ? x : x <= start &+ inserted ? start : x &- inserted &+ (end &- start)
    }
}
