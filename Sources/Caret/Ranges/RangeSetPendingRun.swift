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
//   text goes to where it was, one after it back by its length — as long as that one deletion
//   would remove no range. Only a range added with `removeWhenEmptied` can go: a keystroke that
//   removes the last of its text removes it then (a reader must not see it after), and an empty
//   one is removed by a deletion that covers it strictly, which one deletion of all the text
//   would be and the keystrokes each were not. So the run lists such ranges around it (found when
//   it begins, within a bounded look at the ranges on either side) and ends where one would go.

/// A run of keystrokes (`TextRangeSet.pending`): bytes `start..<end` of the text the storage's
/// ranges are in replaced by `inserted` bytes, where either nothing was deleted (typing:
/// `start == end`, `inserted` at least 1) or nothing inserted (deleting: `start < end`,
/// `inserted` 0).
@usableFromInline
struct RangeSetPendingRun: Sendable, Equatable {
    /// The run's stretch, in the offsets of the text before it (the storage's).
    @usableFromInline private(set) var start: Int
    @usableFromInline private(set) var end: Int
    /// Bytes typed since the run began, less those deleted again (typing); 0 (deleting).
    @usableFromInline private(set) var inserted: Int
    /// A typing run: `inserted` bytes (at least 1) inserted at `start`.
    init(typingAt start: Int, inserted: Int) {
        (self.start, self.end, self.inserted) = (start, start, inserted)
    }

    /// A deleting run of bytes `range` (not empty), or nil when deleting them would remove one
    /// of `removable`, the ranges added with `removeWhenEmptied` around them (which the run's
    /// holder keeps beside it for `absorb`, out of this small value).
    init?(deleting range: Range<Int>, removable: RangeSetRemovableRanges) {
        guard removable.survive(deletionOf: range.lowerBound, range.upperBound) else { return nil }
        (start, end, inserted) = (range.lowerBound, range.upperBound, 0)
    }

    /// The run as one replacement of the storage's text.
    var stretch: ReplacedStretch { ReplacedStretch(start: start, end: end, inserted: inserted) }

    /// Takes one more replacement of bytes `range` (offsets of the text after the run) by
    /// `insertedCount` bytes when it continues the run: typing, an insertion at the end of the
    /// run's text or a deletion that ends there and keeps at least one byte of it; deleting, a
    /// deletion that ends or begins where the run's does, when all it deleted then removes none
    /// of `removable` (the list the run began with). Otherwise changes nothing. O(1).
    /// - Returns: true when taken.
    @inlinable @inline(__always)
    mutating func absorb(_ range: Range<Int>, insertedCount: Int, removable: RangeSetRemovableRanges) -> Bool {
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
        if range.upperBound == start && removable.survive(deletionOf: range.lowerBound, end) {
            start = range.lowerBound  // Backspace
            return true
        }
        if range.lowerBound == start && removable.survive(deletionOf: start, end &+ range.count) {
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

/// The ranges added with `removeWhenEmptied` starting in `below...above` (storage offsets), all
/// of them, at most `capacity`: what a deleting run must not remove (`RangeSetPendingRun`).
@usableFromInline
struct RangeSetRemovableRanges: Sendable, Equatable {
    static var capacity: Int { 4 }
    @usableFromInline var starts = SIMD4<Int>(repeating: 0), ends = SIMD4<Int>(repeating: 0)
    @usableFromInline var count = 0
    /// Where the listing holds: a range starting outside `below...above` was not looked at.
    @usableFromInline var below: Int, above: Int

    init(below: Int, above: Int) {
        (self.below, self.above) = (below, above)
    }

    /// Lists the range at `start ..< end`; false, listing nothing, when the list is full.
    mutating func append(_ start: Int, _ end: Int) -> Bool {
        guard count < Self.capacity else { return false }
        starts[count] = start
        ends[count] = end
        count += 1
        return true
    }

    /// True when one deletion of bytes `x..<y` lies where the listing holds and would remove none
    /// of the listed ranges: each that starts in `x...y` (the deletion takes it) ends after `y`,
    /// or is empty at `x` or at `y` (an empty range is removed only strictly inside). O(count).
    @inlinable @inline(__always)
    func survive(deletionOf x: Int, _ y: Int) -> Bool {
        guard x >= below && y <= above else { return false }
        for k in 0..<count where starts[k] >= x && starts[k] <= y && ends[k] <= y {
            guard starts[k] == ends[k] && (starts[k] == x || starts[k] == y) else { return false }
        }
        return true
    }
}
