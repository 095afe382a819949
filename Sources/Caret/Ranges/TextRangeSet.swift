// Ranges that follow every change of a text: diagnostics, search matches, bookmarks, other
// users' carets (CHANGES.md, "TextRangeSet"). The storage (RangeSetStorage.swift) is a list of
// leaves of at most `leafCapacity` ranges, sorted by start, each leaf's offsets relative to its
// base, the bases kept as gaps in a summary tree over the leaves; a change touches the leaves
// around its replacements only (RangeSetStorage+Replace.swift). The storage is not generic over
// the values: they sit in an array by id slot beside it, so the code every change runs is
// compiled once, specialised, whatever the values' type. It is generic over its entries' layout
// only: 16-byte entries while the set's offsets fit 31 bits, 24-byte ones once they may not (a
// document over 2 GiB), the set converting once (`fitsCompact`, `widen`). See
// docs/ARCHITECTURE.md, "Range sets and attribute runs".

/// The stable id of a range in a `TextRangeSet` (`TextRangeSet.ID`): valid for the set that gave
/// it and that set's copies. Not generic over the set's values: a change returns the ids it
/// removed without the runtime looking up a generic type (see `TextRangeSet.apply(_:)`).
public struct TextRangeSetID: Hashable, Sendable, Codable, CustomStringConvertible {
    let slot: UInt32
    let generation: UInt32

    /// A debugging description: the slot and its generation. O(1).
    public var description: String { "TextRangeSet.ID(\(slot)/\(generation))" }
}

/// Ranges of a text, each with a value and a stable id, that follow the text's changes
/// (`apply(_:)`) the way Monaco's tracked ranges and CodeMirror's range sets do.
///
/// - Units: ranges are `TextRange`s of the document the set belongs to, kept as UTF-8 offsets
///   (the affinity is not kept: ranges come back with `.downstream`). A mapped end may lie
///   inside a grapheme cluster the change formed; the document snaps it when it is used.
/// - Value semantics: a copy shares the storage until one side changes, then copies the
///   leaves it changes and the id index.
/// - Ids: stable while the range is in the set, never reused for another range of the same set
///   or its copies (a removed range's id answers nil).
/// - Memory: about 31 bytes a range with one-byte values while every offset fits 31 bits
///   (16-byte entries); the change or insertion that may take a range past 2³¹ − 1 (a document
///   over 2 GiB) converts the set, once, in O(n), to 24-byte entries (about 40 bytes a range).
public struct TextRangeSet<Value: Sendable>: Sendable {
    /// A range's stable id within its set (and the set's copies): `TextRangeSetID`, one type
    /// for every `Value`, so that the code every change runs needs no generic metadata.
    public typealias ID = TextRangeSetID

    /// How a range's ends move when text is inserted or replaced right at them (Monaco's
    /// `TrackedRangeStickiness`): an end maps `.before` (stays before inserted text) or
    /// `.after` (goes after it).
    public enum Stickiness: Sendable, Hashable, Codable {
        /// Grows at both ends: start maps `.before`, end `.after`.
        case alwaysGrows
        /// Grows at neither end: start maps `.after`, end `.before`.
        case neverGrows
        /// Grows at its start only: both ends map `.before`.
        case growsBefore
        /// Grows at its end only: both ends map `.after`.
        case growsAfter

        /// The storage's code for it (`RangeSetEntryLayout.stickinessCode`).
        var code: UInt8 {
            switch self {
            case .alwaysGrows: 0
            case .neverGrows: 1
            case .growsBefore: 2
            case .growsAfter: 3
            }
        }

        init(code: UInt8) {
            switch code & 3 {
            case 0: self = .alwaysGrows
            case 1: self = .neverGrows
            case 2: self = .growsBefore
            default: self = .growsAfter
            }
        }
    }

    /// The ranges in 16-byte entries, while every offset of the set fits them (`headroom`);
    /// empty once `wide` holds them.
    var storage = RangeSetStorage<RangeSetEntry>()
    /// The ranges in 24-byte entries once the set reached (or may have reached) past the compact
    /// entry's offsets, `RangeSetEntry.maxOffset` (a document over 2 GiB): converted once, O(n),
    /// and kept (the same code, specialised for the other layout). nil while compact.
    var wide: RangeSetStorage<RangeSetWideEntry>?
    /// `wide != nil`, kept apart: testing the optional storage copies it (retains its arrays)
    /// on every change otherwise.
    @usableFromInline var isWide = false
    /// While compact, how many bytes changes may still insert before an offset of the set could
    /// pass `RangeSetEntry.maxOffset`: at most the limit less the set's furthest end (a change
    /// moves every position by at most its inserted length; deletions do not give room back
    /// until the bound is made exact, `fitsCompact(_:insertedCount:)`). −1 once wide, so that
    /// the one comparison a change makes sends it the other way.
    @usableFromInline var headroom = RangeSetEntry.maxOffset
    /// The ranges' values by id slot (nil for a free slot), out of the entries so that the
    /// storage is not generic over them.
    var values: [Value?] = []
    /// Keystrokes taken and not yet moved into the storage (RangeSetPendingRun.swift): the
    /// storage's offsets are those of the text before the run; readers map through it, and every
    /// change of another kind moves the ranges for it first (`settlePending()`).
    @usableFromInline var pending: RangeSetPendingRun?
    /// For a deleting run, the ranges it must not remove (`RangeSetPendingRun.absorb`).
    @usableFromInline var pendingRemovable = RangeSetRemovableRanges(below: 0, above: 0)

    /// An empty set. O(1).
    public init() {}

    /// The number of ranges. O(1).
    public var count: Int { isWide ? wide!.count : storage.count }

    /// True when the set holds no range. O(1).
    public var isEmpty: Bool { count == 0 }

    /// Adds `range` with `value` and returns its id. `stickiness` says how its ends move with
    /// insertions at them; `removeWhenEmptied` makes a change that removes all of its text (or,
    /// for an empty range, covers it strictly) remove it.
    /// - Complexity: O(log n + `leafCapacity`), plus O(leaves after it × `leafCapacity`) when a
    ///   leaf splits (none at the end: ranges inserted in document order cost O(log n) amortised).
    @discardableResult
    public mutating func insert(_ range: TextRange, value: Value, stickiness: Stickiness = .neverGrows,
                                removeWhenEmptied: Bool = false) -> ID {
        settlePending()
        let start = max(0, min(range.start.utf8Offset, range.end.utf8Offset))
        let end = max(start, range.end.utf8Offset, range.start.utf8Offset)
        if !isWide {
            let room = RangeSetEntry.maxOffset - end
            if room >= 0 {
                headroom = min(headroom, room)
            } else {
                widen()
            }
        }
        let flags = RangeSetEntry.flags(stickiness: stickiness.code, removeWhenEmptied: removeWhenEmptied)
        let slot = isWide ? wide!.allocateSlot() : storage.allocateSlot()
        if Int(slot) == values.count {
            if values.count == values.capacity { values.reserveCapacity(RangeSetSlot.grownCapacity(values.count)) }
            values.append(value)
        } else {
            values[Int(slot)] = value
        }
        if isWide {
            wide!.insert(RangeSetWideEntry(start: start, length: end - start, slot: slot, sequence: wide!.takeSequence(), flags: flags))
            return ID(slot: slot, generation: wide!.slots[Int(slot)].generation)
        }
        storage.insert(RangeSetEntry(start: start, length: end - start, slot: slot, sequence: storage.takeSequence(), flags: flags))
        return ID(slot: slot, generation: storage.slots[Int(slot)].generation)
    }

    /// Removes the range with `id`; nothing happens for an id not in the set.
    /// - Complexity: O(log n + `leafCapacity`), plus O(n / `leafCapacity`) when a leaf empties,
    ///   plus O(g) when it shares its place with g ranges alike (a group).
    public mutating func remove(_ id: ID) {
        settlePending()
        if isWide {
            guard let (leaf, index) = wide!.locate(id.slot, generation: id.generation) else { return }
            wide!.removeRange(id.slot, leaf: leaf, at: index)
        } else {
            guard let (leaf, index) = storage.locate(id.slot, generation: id.generation) else { return }
            storage.removeRange(id.slot, leaf: leaf, at: index)
        }
        values[Int(id.slot)] = nil
    }

    /// The range with `id`, or nil when it is not in the set.
    /// - Complexity: O(log n + `leafCapacity`).
    public func range(of id: ID) -> TextRange? {
        let found = isWide ? wide!.utf8Range(of: id.slot, generation: id.generation)
                           : storage.utf8Range(of: id.slot, generation: id.generation)
        guard let (stored, flags) = found else { return nil }
        let range = pending?.map(start: stored.lowerBound, length: stored.count, flags: flags) ?? stored
        return TextRange(utf8: range.lowerBound, range.upperBound)
    }

    /// The value of the range with `id`, or nil when it is not in the set.
    /// - Complexity: O(1).
    public func value(of id: ID) -> Value? {
        guard contains(id) else { return nil }
        return values[Int(id.slot)]
    }

    /// Replaces the value of the range with `id`.
    /// - Returns: false, changing nothing, when `id` is not in the set.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func setValue(_ value: Value, of id: ID) -> Bool {
        guard contains(id) else { return false }
        values[Int(id.slot)] = value
        return true
    }

    /// The stickiness and the `removeWhenEmptied` flag of the range with `id`, or nil when it is
    /// not in the set. O(1 + `leafCapacity`).
    public func options(of id: ID) -> (stickiness: Stickiness, removeWhenEmptied: Bool)? {
        let flags: UInt8
        if let wide {
            guard let (leaf, index) = wide.locate(id.slot, generation: id.generation) else { return nil }
            flags = wide.leaves[leaf].entries[index].flags
        } else {
            guard let (leaf, index) = storage.locate(id.slot, generation: id.generation) else { return nil }
            flags = storage.leaves[leaf].entries[index].flags
        }
        return (Stickiness(code: flags & 3), flags & 4 != 0)
    }

    /// True when the range of `id` is in the set. O(1).
    func contains(_ id: ID) -> Bool {
        if isWide { return wide!.contains(id.slot, generation: id.generation) }
        return storage.contains(id.slot, generation: id.generation)
    }

    /// The id index, by slot (the generations of the ids). O(1).
    var slots: [RangeSetSlot] { wide?.slots ?? storage.slots }

    /// Calls `body` with the absolute start, length, options (`RangeSetEntryLayout.flags`) and
    /// member of every range, in order: by start, then the order they were added in. O(n),
    /// plus sorting the ranges that share a start when a group is among them (and a copy of
    /// the storage's path to the pending run's place when one is pending: `settled`).
    func forEachRange(_ body: (_ start: Int, _ length: Int, _ flags: UInt8, _ member: RangeSetMember) -> Void) {
        guard pending == nil else { return settled.forEachRange(body) }
        if let wide {
            wide.forEachRange { body($0, $1.length, $1.flags, $2) }
        } else {
            storage.forEachRange { body($0, $1.length, $1.flags, $2) }
        }
    }

    /// Calls `body` (absolute start, length, member) for the ranges whose start is at most
    /// `maxStart` and whose end is at least `minEnd` (not sorted among those sharing a start).
    /// A pending run is read through: the bounds are taken back to the storage's offsets
    /// (widened where the run's place makes them ambiguous), and each range found is mapped
    /// and tested again. O(log leaves + leaves visited × `leafCapacity` + ranges found).
    func forEachRange(startingAtOrBefore maxStart: Int, endingAtOrAfter minEnd: Int,
                      _ body: (_ start: Int, _ length: Int, _ member: RangeSetMember) -> Void) {
        if let pending {
            let storedMaxStart = pending.storageBound(atOrBefore: maxStart), storedMinEnd = pending.storageBound(atOrAfter: minEnd)
            func mapped(_ start: Int, _ length: Int, _ flags: UInt8, _ member: RangeSetMember) {
                let range = pending.map(start: start, length: length, flags: flags)
                if range.lowerBound <= maxStart && range.upperBound >= minEnd { body(range.lowerBound, range.count, member) }
            }
            if let wide {
                wide.forEachRange(startingAtOrBefore: storedMaxStart, endingAtOrAfter: storedMinEnd, mapped)
            } else {
                storage.forEachRange(startingAtOrBefore: storedMaxStart, endingAtOrAfter: storedMinEnd, mapped)
            }
        } else if let wide {
            wide.forEachRange(startingAtOrBefore: maxStart, endingAtOrAfter: minEnd) { body($0, $1, $3) }
        } else {
            storage.forEachRange(startingAtOrBefore: maxStart, endingAtOrAfter: minEnd) { body($0, $1, $3) }
        }
    }

    /// This set with its pending run moved into the storage (itself when none is pending): for
    /// the readers that walk the storage in its order. O(1) with no run pending; otherwise
    /// O(leaves + log n + k) (the copy shares every leaf but those the run changes, and copies
    /// the list of leaves).
    var settled: TextRangeSet {
        guard pending != nil else { return self }
        var copy = self
        copy.settlePending()
        return copy
    }

    /// Moves the ranges for the pending run, if any (every change other than one the run takes
    /// does this first). A typing run's insertion was counted against `headroom` as it was
    /// typed, so it goes to the storage directly. O(log n + k) for the k ranges at the run's place.
    mutating func settlePending() {
        guard let run = pending else { return }
        pending = nil
        let removed = isWide ? wide!.replace(run.start..<run.end, insertedCount: run.inserted)
                             : storage.replace(run.start..<run.end, insertedCount: run.inserted)
        // A run is one only while its replacement removes no range.
        assert(removed.isEmpty, "a pending run removed ranges")
    }

    /// The ranges that share a character with `range`, and the empty ones lying within it
    /// (edges included); for an empty `range`, those containing it (edges included). Sorted by
    /// start, then end, then the order they were added in.
    /// - Complexity: O(log n + k log k) for k ranges found, plus a scan of each leaf holding one
    ///   (ranges are found by a summary of their ends, so a long range costs nothing when the
    ///   query does not reach it).
    public func ranges(overlapping range: TextRange) -> [(id: ID, range: TextRange, value: Value)] {
        let qs = min(range.start.utf8Offset, range.end.utf8Offset), qe = max(range.start.utf8Offset, range.end.utf8Offset)
        var found: [(order: UInt32, start: Int, end: Int, id: ID, value: Value)] = []
        // The closure holds the two arrays it reads, not the set: unspecialised (generic over
        // the values), it copied the whole storage for every range found otherwise.
        let slots = slots, values = values
        forEachRange(startingAtOrBefore: qe, endingAtOrAfter: qs) { start, length, member in
            let end = start + length
            let overlaps = length == 0 ? (qs <= start && start <= qe)
                                             : (qs == qe ? start <= qs && qs <= end : start < qe && qs < end)
            if overlaps {
                found.append((member.sequence, start, end, ID(slot: member.slot, generation: slots[Int(member.slot)].generation),
                              values[Int(member.slot)]!))
            }
        }
        found.sort { ($0.start, $0.end, $0.order) < ($1.start, $1.end, $1.order) }
        return found.map { ($0.id, TextRange(utf8: $0.start, $0.end), $0.value) }
    }

    /// Every range in order (start, then the order they were added in), with its id and value.
    /// - Complexity: O(n), plus sorting the ranges that start at one place when some of them
    ///   were made alike by a change (collapsed there, say).
    public var all: [(id: ID, range: TextRange, value: Value)] {
        var result: [(id: ID, range: TextRange, value: Value)] = []
        result.reserveCapacity(count)
        let slots = slots
        forEachRange { start, length, _, member in
            result.append((ID(slot: member.slot, generation: slots[Int(member.slot)].generation),
                           TextRange(utf8: start, start + length), values[Int(member.slot)]!))
        }
        return result
    }

    /// Moves every range through `changes` (made for the text the ranges belong to): each end
    /// maps as its stickiness says (an end strictly inside a replaced stretch goes to its start
    /// when it maps `.before`, after its inserted text when `.after`; at the start of replaced
    /// text to its start, at the end after its inserted text); an empty `.neverGrows` range at an
    /// insertion stays empty before the inserted text; a non-empty range whose text one
    /// replacement removes entirely becomes empty at the replacement's start, or goes away when
    /// it was added with `removeWhenEmptied`; an empty range strictly inside a replaced stretch
    /// goes to its start, or away with `removeWhenEmptied`.
    /// - Returns: the ids of the ranges removed.
    /// - Complexity: O(r log n + k) for r replacements and the k ranges that touch them (start or
    ///   end inside or at the edge of a replaced stretch), plus a scan of the leaves holding
    ///   those; ranges elsewhere are not visited.
    @discardableResult
    public mutating func apply(_ changes: ChangeSet) -> [ID] {
        if changes.replacements.count == 1 {
            let r = changes.replacements[0]
            return replace(r.utf8Range, insertedCount: r.inserted.utf8.count)
        }
        settlePending()
        var removed: [ID] = []
        for r in changes.replacements.reversed() {
            let range = r.utf8Range, insertedCount = r.inserted.utf8.count
            if fitsCompact(range, insertedCount: insertedCount) {
                storage.replace(range, insertedCount: insertedCount) { removed.append(ID(slot: $0, generation: $1)) }
            } else {
                wide!.replace(range, insertedCount: insertedCount) { removed.append(ID(slot: $0, generation: $1)) }
            }
        }
        if !removed.isEmpty { dropValues(of: removed) }
        return removed
    }

    /// Moves every range through one edit, as `apply(_:)` through a change set of that one
    /// replacement: for code that edits a `TextDocument` directly (`TextDocument.edit(_:…)`
    /// returns the `TextEdit`) and builds no change set.
    /// - Returns: the ids of the ranges removed.
    /// - Complexity: O(log n + k) for the k ranges that touch the edit; O(1) for a keystroke
    ///   that continues a run of typing (see `replace(_:insertedCount:oneLeafFirst:)`).
    @inlinable @discardableResult
    public mutating func apply(_ edit: TextEdit) -> [ID] {
        let range = edit.replacedUTF8Range, insertedCount = edit.insertedUTF8Range.count
        if continuesRun(range, insertedCount: insertedCount) { return [] }
        return replace(range, insertedCount: insertedCount)
    }

    /// True, with the run grown or shrunk, when the pending run takes the replacement of bytes
    /// `range` by `insertedCount` bytes (`RangeSetPendingRun.absorb`): all a keystroke in a run
    /// costs. The run's insertions count against the headroom as they are typed (its deletions
    /// need none); an insertion past the headroom goes the long way, which makes it exact.
    /// Inlinable, so that a keystroke is a few instructions in the caller's code, the set's type
    /// known there. O(1).
    @inlinable
    mutating func continuesRun(_ range: Range<Int>, insertedCount: Int) -> Bool {
        guard pending != nil, insertedCount <= headroom || isWide,
              pending!.absorb(range, insertedCount: insertedCount, removable: pendingRemovable) else { return false }
        if !isWide { headroom -= insertedCount }
        return true
    }

    /// `apply(_:)` for one replacement of bytes `range` by `insertedCount` bytes, for callers
    /// that have no change set at hand (the editing model's keystrokes).
    ///
    /// Keystrokes are taken as a run (`pending`, RangeSetPendingRun.swift): an insertion starts
    /// a typing run, a deletion that removes no range a deleting one,
    /// and while the next replacements continue it (typing at its end or taking back part of
    /// what it typed; deleting on either side of what it deleted) the ranges are not moved, only
    /// the run grows or shrinks; anything else moves them for the run first, then for the
    /// replacement.
    /// - Complexity: O(1) for a keystroke the run takes; otherwise O(log n + k) for the k ranges
    ///   that touch the replacement or the run's place.
    /// `oneLeafFirst: false` skips the run and the storage's one-leaf path (for the tests
    /// comparing them).
    @usableFromInline @discardableResult
    mutating func replace(_ range: Range<Int>, insertedCount: Int, oneLeafFirst: Bool = true) -> [ID] {
        guard oneLeafFirst else {
            settlePending()
            return replaceNow(range, insertedCount: insertedCount, oneLeafFirst: false)
        }
        if continuesRun(range, insertedCount: insertedCount) { return [] }
        settlePending()
        if count > 0 && range.isEmpty && insertedCount > 0 {
            // A typing run starts. Its insertion counts against the headroom now, as any
            // change's does (the set converts to the wide form here if it must);
            // `settlePending` then uses whichever storage holds the ranges.
            _ = fitsCompact(range, insertedCount: insertedCount)
            pending = RangeSetPendingRun(typingAt: range.lowerBound, inserted: insertedCount)
            return []
        }
        if count > 0 && !range.isEmpty && insertedCount == 0, let removable = removableRanges(around: range),
           let run = RangeSetPendingRun(deleting: range, removable: removable) {
            pending = run
            pendingRemovable = removable
            return []
        }
        return replaceNow(range, insertedCount: insertedCount, oneLeafFirst: true)
    }

    /// How many ranges on either side of a deletion a deleting run looks at for ranges added
    /// with `removeWhenEmptied` (`RangeSetStorage.removableRanges`): the run ends where it
    /// stopped looking.
    static var removalLookAround: Int { 48 }

    /// The ranges added with `removeWhenEmptied` around `range`, or nil when too many start in
    /// it. O(log n + `removalLookAround`).
    private func removableRanges(around range: Range<Int>) -> RangeSetRemovableRanges? {
        isWide ? wide!.removableRanges(around: range.lowerBound, range.upperBound, reach: Self.removalLookAround)
               : storage.removableRanges(around: range.lowerBound, range.upperBound, reach: Self.removalLookAround)
    }

    /// Moves the ranges for one replacement now, through the storage. O(log n + k).
    private mutating func replaceNow(_ range: Range<Int>, insertedCount: Int, oneLeafFirst: Bool) -> [ID] {
        let removed = fitsCompact(range, insertedCount: insertedCount)
            ? storage.replace(range, insertedCount: insertedCount, oneLeafFirst: oneLeafFirst)
            : wide!.replace(range, insertedCount: insertedCount, oneLeafFirst: oneLeafFirst)
        if !removed.isEmpty { dropValues(of: removed) }
        return removed
    }

    /// True when the set is compact and stays so through the replacement of bytes `range` by
    /// `insertedCount` bytes: every position moves by at most the inserted length (an end before
    /// the stretch stays, one in it goes to its start or the end of its insertion, one after it
    /// moves by the change in length), so every offset the storage stores (a position, or a
    /// difference of two) stays within `RangeSetEntry.maxOffset` while the insertion fits the
    /// headroom. One comparison and a subtraction a change; when the headroom runs out it is
    /// made exact (`fitsCompactExactly`).
    /// - Complexity: O(1); O(log leaves) when the headroom runs out; O(n) once, converting.
    @inline(__always)
    mutating func fitsCompact(_ range: Range<Int>, insertedCount: Int) -> Bool {
        if insertedCount <= headroom {
            headroom -= insertedCount
            return true
        }
        return fitsCompactExactly(range, insertedCount: insertedCount)
    }

    /// `fitsCompact(_:insertedCount:)` with the headroom made exact (the limit less the set's
    /// furthest end); a replacement that still does not fit it converts the set to the wide
    /// form (`widen()`) and returns false, unless no range reaches its stretch (none moves).
    /// False, at once, when the set is wide. O(log leaves), or O(n) once, converting.
    private mutating func fitsCompactExactly(_ range: Range<Int>, insertedCount: Int) -> Bool {
        guard !isWide else { return false }
        storage.settle()
        let extent = max(0, storage.tree[1].maxEnd)
        headroom = RangeSetEntry.maxOffset - extent
        if range.lowerBound > extent { return true }
        if insertedCount <= headroom {
            headroom -= insertedCount
            return true
        }
        widen()
        return false
    }

    /// Moves the ranges into the wide form (`wide`), for good. O(n).
    mutating func widen() {
        guard !isWide else { return }
        assert(pending == nil, "widen with a run pending: the storage's offsets are not the text's")
        wide = RangeSetStorage<RangeSetWideEntry>(converting: &storage)
        isWide = true
        storage = RangeSetStorage()
        headroom = -1
    }

    /// Lets go of the values of the ranges a change removed. O(removed).
    private mutating func dropValues(of removed: [ID]) {
        for id in removed { values[Int(id.slot)] = nil }
    }
}

extension TextRangeSet: Equatable where Value: Equatable {
    /// Equal when both hold the same ranges with the same ids, values and options, in the same
    /// order. O(n).
    public static func == (a: TextRangeSet, b: TextRangeSet) -> Bool {
        guard a.count == b.count else { return false }
        typealias Range = (start: Int, length: Int, flags: UInt8, slot: UInt32, generation: UInt32)
        var left: [Range] = [], right: [Range] = []
        let aSlots = a.slots, bSlots = b.slots
        a.forEachRange { left.append(($0, $1, $2, $3.slot, aSlots[Int($3.slot)].generation)) }
        b.forEachRange { right.append(($0, $1, $2, $3.slot, bSlots[Int($3.slot)].generation)) }
        return left.elementsEqual(right) {
            $0.start == $1.start && $0.length == $1.length && $0.slot == $1.slot && $0.flags == $1.flags
                && a.values[Int($0.slot)] == b.values[Int($1.slot)] && $0.generation == $1.generation
        }
    }
}

extension TextRangeSet: Hashable where Value: Hashable {
    /// Hashes what `==` compares. O(n).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        forEachRange { start, length, flags, member in
            hasher.combine(start)
            hasher.combine(length)
            hasher.combine(member.slot)
            hasher.combine(flags)
            hasher.combine(values[Int(member.slot)])
        }
    }
}

extension TextRange {
    /// A range of UTF-8 offsets (start ≤ end), both `.downstream`.
    init(utf8 start: Int, _ end: Int) {
        self.init(start: TextPosition(utf8Offset: start), end: TextPosition(utf8Offset: end))
    }
}
