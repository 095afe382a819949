// A change as a value: what `TextEdit` is for one replacement, with the texts, for many. The
// replacements are kept in one canonical form (sorted, apart, none empty), so that two change
// sets that do the same thing to a text are `==`: `inverted().inverted() == self` compares
// values, and so does a round trip through `Codable`. See docs/ARCHITECTURE.md, "Change sets".

/// Replacements of a text made at once, with the text each removes and inserts: an edit as a
/// value that can be applied, inverted, composed with the next, mapped positions through, and
/// rebased over a concurrent one (`shared/docs/CHANGES.md`).
///
/// - Units: every range and count is in UTF-8 bytes or UTF-16 code units of the old text (the
///   text the change set was made for), as the property's name says; the texts are `String`s.
///   Ends need not be grapheme boundaries (deleting one scalar of a cluster is a change too),
///   but are always scalar boundaries.
/// - Invariant: `replacements` are sorted, apart (at least one byte of unchanged text between
///   two) and none is empty (each removes or inserts something). Edits that touch are merged.
public struct ChangeSet: Sendable, Hashable, CustomStringConvertible {
    /// One replaced stretch of the old text: where it is and what it removes and inserts.
    public struct Replacement: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The replaced bytes of the old text.
        public let utf8Range: Range<Int>
        /// The replaced UTF-16 code units of the old text (what `NSRange` and LSP count).
        public let utf16Range: Range<Int>
        /// The text that was there.
        public let removed: String
        /// The text that replaces it.
        public let inserted: String

        /// A replacement from its parts, unchecked: `ChangeSet(replacements:oldUTF8Count:
        /// oldUTF16Count:)` checks it (the ranges' lengths must be those of `removed`).
        /// - Complexity: O(1).
        public init(utf8Range: Range<Int>, utf16Range: Range<Int>, removed: String, inserted: String) {
            self.utf8Range = utf8Range
            self.utf16Range = utf16Range
            self.removed = removed
            self.inserted = inserted
        }

        /// A debugging description: the ranges and both texts. O(length of the texts).
        public var description: String {
            "Replacement(utf8: \(utf8Range), utf16: \(utf16Range), \(String(reflecting: removed)) -> \(String(reflecting: inserted)))"
        }
    }

    /// The replacements, sorted by position in the old text, apart and none empty.
    public let replacements: [Replacement]
    /// The length in bytes of the text the change set applies to.
    public let oldUTF8Count: Int
    /// The length in UTF-16 code units of the text the change set applies to.
    public let oldUTF16Count: Int
    /// The length in bytes of the text the change set makes.
    public let newUTF8Count: Int
    /// The length in UTF-16 code units of the text the change set makes.
    public let newUTF16Count: Int
    // Where each replacement starts in the new text: the sum of the changes in length before it
    // (bytes, UTF-16 units). Derived from the replacements, so left out of `==` and hashing.
    let utf8Shift: [Int]
    let utf16Shift: [Int]

    /// True when the change set changes nothing (no replacement). An edit that replaces text by
    /// the same text is a replacement, so it is not empty. O(1).
    public var isEmpty: Bool { replacements.isEmpty }

    /// A change set from replacements already in canonical form, which the callers guarantee
    /// (building from a document, inverting, composing, rebasing). O(k) for k replacements.
    init(canonical replacements: [Replacement], oldUTF8Count: Int, oldUTF16Count: Int) {
        var utf8Shift: [Int] = [], utf16Shift: [Int] = []
        utf8Shift.reserveCapacity(replacements.count)
        utf16Shift.reserveCapacity(replacements.count)
        var d8 = 0, d16 = 0
        for r in replacements {
            utf8Shift.append(d8)
            utf16Shift.append(d16)
            d8 += r.inserted.utf8.count - r.utf8Range.count
            d16 += r.inserted.utf16.count - r.utf16Range.count
        }
        self.replacements = replacements
        self.oldUTF8Count = oldUTF8Count
        self.oldUTF16Count = oldUTF16Count
        self.newUTF8Count = oldUTF8Count + d8
        self.newUTF16Count = oldUTF16Count + d16
        self.utf8Shift = utf8Shift
        self.utf16Shift = utf16Shift
    }

    /// A change set from replacements given as values (from a server message, say), checked and
    /// brought to canonical form: empty replacements are dropped and touching ones merged.
    /// Whether it fits a text is checked when it is applied (`TextDocument.apply(_:)`).
    ///
    /// - Throws: `TextError.Kind.overlappingEdits` when two replacements overlap or are out of
    ///   order; `.outOfBounds` when one reaches past `oldUTF8Count` or `oldUTF16Count`;
    ///   `.changeSetMismatch(reason: .malformedReplacement)` when a replacement's ranges do not
    ///   have its removed text's lengths or the gaps between them cannot be text (a UTF-16
    ///   length that no UTF-8 length of the same text could have); `.impossibleLengths` when
    ///   the old lengths cannot be one text's.
    /// - Complexity: O(k + length of the texts) for k replacements.
    public init(replacements: [Replacement], oldUTF8Count: Int, oldUTF16Count: Int) throws(TextError) {
        // Some text is that long in both units: every UTF-16 unit is 1 to 3 bytes.
        func couldBeText(utf8: Int, utf16: Int) -> Bool { utf16 >= 0 && utf16 <= utf8 && utf8 <= 3 * utf16 }
        guard couldBeText(utf8: oldUTF8Count, utf16: oldUTF16Count) else {
            throw TextError(.changeSetMismatch(reason: .impossibleLengths), byteOffset: 0)
        }
        var kept: [Replacement] = []
        var end8 = 0, end16 = 0
        for (i, r) in replacements.enumerated() {
            let malformed = TextError(.changeSetMismatch(reason: .malformedReplacement(index: i)),
                                      byteOffset: r.utf8Range.lowerBound)
            guard r.utf8Range.lowerBound >= 0, r.utf16Range.lowerBound >= 0, r.utf8Range.count == r.removed.utf8.count,
                  r.utf16Range.count == r.removed.utf16.count
            else {
                throw malformed
            }
            guard r.utf8Range.lowerBound >= end8 else {
                throw TextError(.overlappingEdits(first: i - 1, second: i), byteOffset: r.utf8Range.lowerBound)
            }
            guard r.utf8Range.upperBound <= oldUTF8Count, r.utf16Range.upperBound <= oldUTF16Count else {
                throw TextError(.outOfBounds(unit: .utf8, bound: oldUTF8Count), byteOffset: r.utf8Range.upperBound)
            }
            guard couldBeText(utf8: r.utf8Range.lowerBound - end8, utf16: r.utf16Range.lowerBound - end16) else {
                throw malformed
            }
            end8 = r.utf8Range.upperBound
            end16 = r.utf16Range.upperBound
            if r.removed.isEmpty && r.inserted.isEmpty { continue }
            if let last = kept.last, last.utf8Range.upperBound == r.utf8Range.lowerBound {
                kept[kept.count - 1] = Replacement(utf8Range: last.utf8Range.lowerBound..<r.utf8Range.upperBound,
                                                   utf16Range: last.utf16Range.lowerBound..<r.utf16Range.upperBound,
                                                   removed: last.removed + r.removed, inserted: last.inserted + r.inserted)
            } else {
                kept.append(r)
            }
        }
        guard couldBeText(utf8: oldUTF8Count - end8, utf16: oldUTF16Count - end16) else {
            throw TextError(.changeSetMismatch(reason: .malformedReplacement(index: replacements.count - 1)),
                            byteOffset: end8)
        }
        self.init(canonical: kept, oldUTF8Count: oldUTF8Count, oldUTF16Count: oldUTF16Count)
    }

    /// Equal when the replacements and the old lengths are. O(k + length of the texts).
    public static func == (a: ChangeSet, b: ChangeSet) -> Bool {
        a.oldUTF8Count == b.oldUTF8Count && a.oldUTF16Count == b.oldUTF16Count && a.replacements == b.replacements
    }

    /// Hashes the replacements and the old lengths, as `==` compares them.
    /// - Complexity: O(k + length of the texts).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(oldUTF8Count)
        hasher.combine(oldUTF16Count)
        hasher.combine(replacements)
    }

    /// A debugging description: the lengths and every replacement. O(length of the texts).
    public var description: String {
        "ChangeSet(utf8: \(oldUTF8Count) -> \(newUTF8Count), utf16: \(oldUTF16Count) -> \(newUTF16Count), \(replacements))"
    }

    /// Where replacement `i` starts in the new text, in bytes. O(1).
    func newUTF8Start(_ i: Int) -> Int { replacements[i].utf8Range.lowerBound + utf8Shift[i] }

    /// Where replacement `i` starts in the new text, in UTF-16 code units. O(1).
    func newUTF16Start(_ i: Int) -> Int { replacements[i].utf16Range.lowerBound + utf16Shift[i] }
}

/// What `ChangeSet.map(_:bias:mode:)` does with a position that a replacement deleted text
/// around (CodeMirror's `MapMode`). A replacement deletes all of its removed text.
public enum MapMode: Sendable, Hashable, Codable {
    /// Always map: a position inside replaced text goes to the edge the bias names.
    case simple
    /// nil when a deletion covers the position strictly (text on both sides of it removed).
    case trackDeletion
    /// nil when the character before the position was deleted.
    case trackBefore
    /// nil when the character after the position was deleted.
    case trackAfter
}
