// Ranges that follow every change of a text: diagnostics, search matches, bookmarks, other
// users' carets (CHANGES.md, "TextRangeSet"). The storage (RangeSetStorage.swift) is a list of
// leaves of at most `leafCapacity` ranges, sorted by start, each leaf's offsets relative to its
// base, the bases kept as gaps in a summary tree over the leaves; a change touches the leaves
// around its replacements only (RangeSetStorage+Replace.swift). The storage is not generic: the
// values sit in an array by id slot beside it, so the code every change runs is compiled once,
// specialised, whatever the values' type. See docs/ARCHITECTURE.md, "Range sets and attribute
// runs".

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

        /// The storage's code for it (`RangeSetEntry.stickinessCode`).
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

    var storage = RangeSetStorage()
    /// The ranges' values by id slot (nil for a free slot), out of the entries so that the
    /// storage is not generic.
    var values: [Value?] = []

    /// An empty set. O(1).
    public init() {}

    /// The number of ranges. O(1).
    public var count: Int { storage.count }

    /// True when the set holds no range. O(1).
    public var isEmpty: Bool { storage.count == 0 }

    /// Adds `range` with `value` and returns its id. `stickiness` says how its ends move with
    /// insertions at them; `removeWhenEmptied` makes a change that removes all of its text (or,
    /// for an empty range, covers it strictly) remove it.
    /// - Complexity: O(log n + `leafCapacity`), plus O(n / `leafCapacity`) when a leaf splits.
    @discardableResult
    public mutating func insert(_ range: TextRange, value: Value, stickiness: Stickiness = .neverGrows,
                                removeWhenEmptied: Bool = false) -> ID {
        let start = max(0, min(range.start.utf8Offset, range.end.utf8Offset))
        let end = max(start, range.end.utf8Offset, range.start.utf8Offset)
        let slot = storage.allocateSlot()
        if Int(slot) == values.count {
            if values.count == values.capacity { values.reserveCapacity(RangeSetStorage.grownCapacity(values.count)) }
            values.append(value)
        } else {
            values[Int(slot)] = value
        }
        storage.insert(RangeSetEntry(start: start, length: end - start, slot: slot, sequence: storage.takeSequence(),
                                     flags: RangeSetEntry.flags(stickiness: stickiness.code, removeWhenEmptied: removeWhenEmptied)))
        return ID(slot: slot, generation: storage.slots[Int(slot)].generation)
    }

    /// Removes the range with `id`; nothing happens for an id not in the set.
    /// - Complexity: O(log n + `leafCapacity`), plus O(n / `leafCapacity`) when a leaf empties,
    ///   plus O(g) when it shares its place with g ranges alike (a group).
    public mutating func remove(_ id: ID) {
        guard let (leaf, index) = storage.locate(id.slot, generation: id.generation) else { return }
        storage.removeRange(id.slot, leaf: leaf, at: index)
        values[Int(id.slot)] = nil
    }

    /// The range with `id`, or nil when it is not in the set.
    /// - Complexity: O(log n + `leafCapacity`).
    public func range(of id: ID) -> TextRange? {
        storage.utf8Range(of: id.slot, generation: id.generation).map { TextRange(utf8: $0.lowerBound, $0.upperBound) }
    }

    /// The value of the range with `id`, or nil when it is not in the set.
    /// - Complexity: O(1).
    public func value(of id: ID) -> Value? {
        guard storage.contains(id.slot, generation: id.generation) else { return nil }
        return values[Int(id.slot)]
    }

    /// Replaces the value of the range with `id`.
    /// - Returns: false, changing nothing, when `id` is not in the set.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func setValue(_ value: Value, of id: ID) -> Bool {
        guard storage.contains(id.slot, generation: id.generation) else { return false }
        values[Int(id.slot)] = value
        return true
    }

    /// The stickiness and the `removeWhenEmptied` flag of the range with `id`, or nil when it is
    /// not in the set. O(1 + `leafCapacity`).
    public func options(of id: ID) -> (stickiness: Stickiness, removeWhenEmptied: Bool)? {
        guard let (leaf, index) = storage.locate(id.slot, generation: id.generation) else { return nil }
        let entry = storage.leaves[leaf].entries[index]
        return (Stickiness(code: entry.stickinessCode), entry.removeWhenEmptied)
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
        let slots = storage.slots, values = values
        storage.forEachRange(startingAtOrBefore: qe, endingAtOrAfter: qs) { start, entry, member in
            let end = start + entry.length
            let overlaps = entry.length == 0 ? (qs <= start && start <= qe)
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
        storage.forEachRange { start, entry, member in
            result.append((ID(slot: member.slot, generation: storage.slots[Int(member.slot)].generation),
                           TextRange(utf8: start, start + entry.length), values[Int(member.slot)]!))
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
        var removed: [ID] = []
        for r in changes.replacements.reversed() {
            storage.replace(r.utf8Range, insertedCount: r.inserted.utf8.count) { removed.append(ID(slot: $0, generation: $1)) }
        }
        if !removed.isEmpty { dropValues(of: removed) }
        return removed
    }

    /// Moves every range through one edit, as `apply(_:)` through a change set of that one
    /// replacement: for code that edits a `TextDocument` directly (`TextDocument.edit(_:…)`
    /// returns the `TextEdit`) and builds no change set.
    /// - Returns: the ids of the ranges removed.
    /// - Complexity: O(log n + k) for the k ranges that touch the edit.
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> [ID] {
        // The storage's work is not generic; only dropping values is, and it seldom runs.
        let removed = storage.replace(edit.replacedUTF8Range, insertedCount: edit.insertedUTF8Range.count)
        if !removed.isEmpty { dropValues(of: removed) }
        return removed
    }

    /// `apply(_:)` for one replacement of bytes `range` by `insertedCount` bytes, for callers
    /// that have no change set at hand (the editing model's keystrokes).
    /// - Complexity: O(log n + k).
    /// `oneLeafFirst: false` skips the storage's one-leaf path (for the tests comparing it).
    @discardableResult
    mutating func replace(_ range: Range<Int>, insertedCount: Int, oneLeafFirst: Bool = true) -> [ID] {
        let removed = storage.replace(range, insertedCount: insertedCount, oneLeafFirst: oneLeafFirst)
        if !removed.isEmpty { dropValues(of: removed) }
        return removed
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
        a.storage.forEachRange { left.append(($0, $1.length, $1.flags, $2.slot, a.storage.slots[Int($2.slot)].generation)) }
        b.storage.forEachRange { right.append(($0, $1.length, $1.flags, $2.slot, b.storage.slots[Int($2.slot)].generation)) }
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
        storage.forEachRange { start, entry, member in
            hasher.combine(start)
            hasher.combine(entry.length)
            hasher.combine(member.slot)
            hasher.combine(entry.flags)
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
