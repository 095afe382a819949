import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// ICU's word, sentence or line boundaries of a flat UTF-16 text, as the public API must give
/// them, and the tokenizer's answers that follow from them: the reference model of the corpus
/// differential test.
///
/// Boundaries inside a grapheme cluster are dropped and the pieces on both sides joined, a
/// word when either part is (docs/API.md, "Text units and case"); `dropped` counts them, so
/// the documented tailoring stays visible.
struct ReferenceBoundaries {
    enum Kind: String, CaseIterable {
        case word, sentence, line
    }

    let kind: Kind
    /// The kept boundaries in UTF-16 offsets, 0 and the end included, ascending.
    let offsets: [Int]
    /// One per boundary: words — the piece ending here is a word (rule status ≥ 100 in either
    /// joined part); lines — the break is mandatory; sentences — always true; false at 0.
    let flags: [Bool]
    /// ICU boundaries left out because they fall inside a grapheme cluster.
    let dropped: Int
    /// Raw offsets that were not scalar boundaries at all (given as negative offsets).
    let misplaced: Int

    /// Joins raw `(offset, status)` boundaries at the cluster boundaries `graphemes` (sorted
    /// UTF-16 offsets); negative offsets (not on a scalar boundary) are counted as misplaced.
    init(_ kind: Kind, raw: [(offset: Int, status: Int)], graphemes: [Int]) {
        self.kind = kind
        var offsets = [0], flags = [false]
        var dropped = 0, misplaced = 0, word = false, g = 0
        for (offset, status) in raw where offset != 0 {
            guard offset > 0 else { misplaced += 1; continue }
            while g < graphemes.count && graphemes[g] < offset { g += 1 }
            word = word || status >= 100
            guard g < graphemes.count && graphemes[g] == offset else { dropped += 1; continue }
            offsets.append(offset)
            switch kind {
            case .word: flags.append(word)
            case .sentence: flags.append(true)
            case .line: flags.append(status >= 100)
            }
            word = false
        }
        self.offsets = offsets
        self.flags = flags
        self.dropped = dropped
        self.misplaced = misplaced
    }

    /// Boundaries as given (what Caret answered, say).
    init(_ kind: Kind, offsets: [Int], flags: [Bool]) {
        self.kind = kind
        let kept = zip(offsets, flags).filter { $0.0 >= 0 }
        self.offsets = kept.map(\.0)
        self.flags = kept.map(\.1)
        dropped = 0
        misplaced = offsets.count - kept.count
    }

    /// ICU on the flat text for `locale`.
    init(_ kind: Kind, utf16: [UInt16], graphemes: [Int], locale: String) {
        self.init(kind, raw: ICUReference.boundariesUTF16(kind.rawValue, locale: locale, utf16), graphemes: graphemes)
    }

    var end: Int { offsets.last ?? 0 }

    /// Piece `k` (`offsets[k]..<offsets[k + 1]`) is a unit of the tokenizer.
    func isUnit(_ k: Int) -> Bool { kind == .sentence || flags[k + 1] }

    /// The index of the last boundary `<= x`.
    private func index(atOrBefore x: Int) -> Int {
        var lo = 0, hi = offsets.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The piece holding the text after `x` (forward) or before it (backward), if any.
    func piece(beside x: Int, forward: Bool) -> Int? {
        if forward { return x < end ? index(atOrBefore: x) : nil }
        return x > 0 ? index(atOrBefore: x - 1) : nil
    }

    /// `position(from:toBoundary:in:)`: the end of the next unit (forward) or the start of the
    /// previous one (backward).
    func stop(from x: Int, forward: Bool) -> Int? {
        guard var k = piece(beside: x, forward: forward) else { return nil }
        while k >= 0 && k < offsets.count - 1 {
            if isUnit(k) { return forward ? offsets[k + 1] : offsets[k] }
            k += forward ? 1 : -1
        }
        return nil
    }

    /// `rangeEnclosing(_:with:in:)`: the unit beside `x`.
    func enclosing(_ x: Int, forward: Bool) -> Range<Int>? {
        guard let k = piece(beside: x, forward: forward), isUnit(k) else { return nil }
        return offsets[k]..<offsets[k + 1]
    }

    /// `isPosition(_:atBoundary:in:)`: a unit ends at `x` (forward) or starts there (backward).
    func isBoundary(_ x: Int, forward: Bool) -> Bool {
        guard let k = piece(beside: x, forward: !forward), isUnit(k) else { return false }
        return forward ? offsets[k + 1] == x : offsets[k] == x
    }

    /// The boundaries where `self` and `other` (the same kind, same text) differ: offsets in
    /// only one of them, plus offsets in both whose flag differs, plus -1 for each misplaced one.
    func differences(from other: ReferenceBoundaries) -> [Int] {
        var result = [Int](repeating: -1, count: misplaced + other.misplaced)
        var i = 0, j = 0
        while i < offsets.count || j < other.offsets.count {
            let a = i < offsets.count ? offsets[i] : Int.max
            let b = j < other.offsets.count ? other.offsets[j] : Int.max
            if a == b {
                if flags[i] != other.flags[j] { result.append(a) }
                i += 1
                j += 1
            } else if a < b {
                result.append(a)
                i += 1
            } else {
                result.append(b)
                j += 1
            }
        }
        return result
    }
}

/// A flat text with what the reference needs: its UTF-16 form and ICU's cluster boundaries.
struct FlatText {
    let text: String
    let utf16: [UInt16]
    /// ICU's grapheme cluster boundaries in UTF-16 offsets, 0 and the end included.
    let graphemes: [Int]

    init(_ text: String) {
        self.text = text
        utf16 = Array(text.utf16)
        graphemes = ICUReference.graphemeBoundariesUTF16(utf16)
    }

    func reference(_ kind: ReferenceBoundaries.Kind, locale: String) -> ReferenceBoundaries {
        ReferenceBoundaries(kind, utf16: utf16, graphemes: graphemes, locale: locale)
    }

    /// The UTF-16 offsets of the ascending UTF-8 offsets `offsets`, in one walk over the text;
    /// -1 for an offset inside a scalar or past the end.
    func utf16Offsets(ofAscendingUTF8 offsets: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(offsets.count)
        var byte = 0, unit = 0
        var k = 0
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes {
                while k < offsets.count && offsets[k] <= byte {
                    result.append(offsets[k] == byte && b & 0xC0 != 0x80 ? unit : -1)
                    k += 1
                }
                if b & 0xC0 != 0x80 { unit += b >= 0xF0 ? 2 : 1 }
                byte += 1
            }
        }
        for offset in offsets[k...] { result.append(offset == byte ? unit : -1) }
        return result
    }
}
