// The entries of a range set's leaves: the layout the storage is generic over, the compact
// 16-byte entry and the wide 24-byte one (see RangeSetStorage.swift and docs/ARCHITECTURE.md,
// "Range sets and attribute runs").

/// What the storage needs of an entry — one range, or a group of ranges alike: its start
/// relative to its leaf's base, its length, its id's slot (or its group), its options and its
/// place in the order of addition. Values are kept by slot outside the storage
/// (`TextRangeSet.values`), so that the storage, which every change walks, is not generic over
/// them; it is generic over the entry's layout only, compiled (specialised) twice: with the
/// 16-byte `RangeSetEntry` while every offset of the set fits 31 bits, with the 24-byte
/// `RangeSetWideEntry` once one may not (`TextRangeSet` converts its storage then, once).
protocol RangeSetEntryLayout: Sendable {
    /// A single range's entry (`slot` below 2³¹, `sequence` at most `maxSequence`).
    init(start: Int, length: Int, slot: UInt32, sequence: UInt32, flags: UInt8)
    /// Relative to the leaf's base (see `maxOffset`).
    var start: Int { get set }
    /// In bytes (see `maxOffset`).
    var length: Int { get set }
    /// The stickiness in the low two bits (`TextRangeSet.Stickiness.code`), `removeWhenEmptied`
    /// in the third.
    var flags: UInt8 { get }
    /// The range's slot; for a group, its index with `groupBit` (not a slot: members are found
    /// through the group).
    var slot: UInt32 { get }
    /// `single`, or the index of the group (`RangeSetStorage.groups`) whose members this entry
    /// stands for; set once, when the entry becomes a group's.
    var group: UInt32 { get set }
    /// The order ranges were added in (ties in `ranges(overlapping:)` keep it); for a group, at
    /// most its members' smallest (its place among the entries starting where it does).
    var sequence: UInt32 { get set }
    /// The largest offset (absolute position, relative start, length, or a difference of two
    /// positions) the entry holds: a storage of these entries holds only ranges ending at or
    /// before it, before and after every change (`TextRangeSet` checks, and converts).
    static var maxOffset: Int { get }
    /// The largest `sequence` the entry holds: `takeSequence()` renumbers past it.
    static var maxSequence: UInt32 { get }
}

extension RangeSetEntryLayout {
    static var single: UInt32 { UInt32.max }
    static var groupBit: UInt32 { 1 << 31 }

    static func flags(stickiness code: UInt8, removeWhenEmptied: Bool) -> UInt8 { code | (removeWhenEmptied ? 4 : 0) }

    /// The stickiness's code: 0 always grows, 1 never grows, 2 grows before, 3 grows after.
    var stickinessCode: UInt8 { flags & 3 }

    /// How the start maps: `.before` when the range grows at its start.
    var startBias: TextEdit.Bias { stickinessCode == 0 || stickinessCode == 2 ? .before : .after }

    /// How the end maps: `.before` when the range does not grow at its end.
    var endBias: TextEdit.Bias { stickinessCode == 1 || stickinessCode == 2 ? .before : .after }

    var removeWhenEmptied: Bool { flags & 4 != 0 }

    /// This entry in another layout (the values must fit it), its group kept. O(1).
    func converted<Other: RangeSetEntryLayout>(to _: Other.Type) -> Other {
        var x = Other(start: start, length: length, slot: group == Self.single ? slot : 0, sequence: sequence, flags: flags)
        if group != Self.single { x.group = group }
        return x
    }
}

/// The compact entry: 16 bytes, four 32-bit fields, so that a leaf's 64 entries fill 1 KB (the
/// loops over a leaf's entries, every start shifted and earlier end tested, read two thirds of the
/// memory the 24-byte entry needs, and the set costs about 32 bytes a range). The start and
/// length are signed 32-bit (a change's intermediate values may be negative), read with one
/// sign-extending load each: offsets up to 2³¹ − 1 (`maxOffset`; 2¹² under `--traits
/// TinyShapes`, so that the tests' sets take the wide form too). The options share the sequence's
/// word (its low three bits), leaving 29 bits of sequence.
struct RangeSetEntry: RangeSetEntryLayout {
    private var start32: Int32
    private var length32: Int32
    /// The range's slot, or `groupBit` with the index of the group it stands for.
    private var slotOrGroup: UInt32
    /// The sequence shifted left by 3 bits, the options (`flags`) in the low bits.
    private var sequenceAndFlags: UInt32

    init(start: Int, length: Int, slot: UInt32, sequence: UInt32, flags: UInt8) {
        Self.check(start)
        Self.check(length)
        assert(sequence <= Self.maxSequence, "sequence past the compact entry's")
        start32 = Int32(truncatingIfNeeded: start)
        length32 = Int32(truncatingIfNeeded: length)
        slotOrGroup = slot
        sequenceAndFlags = sequence << 3 | UInt32(flags & 7)
    }

    /// Asserts (in debug builds) that `x` is within what the set's check lets this layout hold:
    /// a store past it would mean the check missed a case (with `--traits TinyShapes` the bound
    /// is small, so the tests reach it).
    @inline(__always)
    private static func check(_ x: Int) {
        assert(x >= -maxOffset && x <= maxOffset, "offset \(x) past the compact entry's")
    }

    var start: Int {
        @inline(__always) get { Int(start32) }
        @inline(__always) set {
            Self.check(newValue)
            start32 = Int32(truncatingIfNeeded: newValue)
        }
    }

    var length: Int {
        @inline(__always) get { Int(length32) }
        @inline(__always) set {
            Self.check(newValue)
            length32 = Int32(truncatingIfNeeded: newValue)
        }
    }

    var flags: UInt8 { UInt8(truncatingIfNeeded: sequenceAndFlags & 7) }

    var slot: UInt32 { slotOrGroup }

    var group: UInt32 {
        get { slotOrGroup & Self.groupBit == 0 ? Self.single : slotOrGroup & ~Self.groupBit }
        set { slotOrGroup = Self.groupBit | newValue }
    }

    var sequence: UInt32 {
        get { sequenceAndFlags >> 3 }
        set {
            assert(newValue <= Self.maxSequence, "sequence past the compact entry's")
            sequenceAndFlags = newValue << 3 | (sequenceAndFlags & 7)
        }
    }

    #if TinyShapes
    static var maxOffset: Int { 1 << 12 }
    #else
    static var maxOffset: Int { Int(Int32.max) }
    #endif
    static var maxSequence: UInt32 { UInt32.max >> 3 }
}

/// The wide entry, for sets reaching past the compact entry's offsets (documents over 2 GiB):
/// 24 bytes, the start a full word, the options sharing a word with the length, the group's
/// index the slot's field.
struct RangeSetWideEntry: RangeSetEntryLayout {
    var start: Int
    /// The length shifted left by 8 bits, the options (`flags`) in the low byte.
    private var lengthAndFlags: Int
    /// The range's slot, or `groupBit` with the index of the group it stands for.
    private var slotOrGroup: UInt32
    var sequence: UInt32

    init(start: Int, length: Int, slot: UInt32, sequence: UInt32, flags: UInt8) {
        self.start = start
        lengthAndFlags = length << 8 | Int(flags)
        slotOrGroup = slot
        self.sequence = sequence
    }

    var length: Int {
        get { lengthAndFlags >> 8 }
        set { lengthAndFlags = newValue << 8 | (lengthAndFlags & 0xFF) }
    }

    var flags: UInt8 { UInt8(truncatingIfNeeded: lengthAndFlags) }

    var slot: UInt32 { slotOrGroup }

    var group: UInt32 {
        get { slotOrGroup & Self.groupBit == 0 ? Self.single : slotOrGroup & ~Self.groupBit }
        set { slotOrGroup = Self.groupBit | newValue }
    }

    static var maxOffset: Int { Int.max >> 9 }
    static var maxSequence: UInt32 { UInt32.max }
}
