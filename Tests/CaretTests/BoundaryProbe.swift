import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// What Caret answers for one document, compared with `ReferenceBoundaries`: all boundaries of
/// a kind at once, and the tokenizer's calls at chosen positions. Offsets are UTF-16 units.
struct BoundaryProbe {
    let document: TextDocument
    let flat: FlatText

    /// Every boundary of `kind` as Caret's ICU iterator over the rope finds it (through
    /// `segmentBoundaries`: the iterator every tokenizer call and `lineBreakOpportunities`
    /// open), joined at clusters as the reference is.
    func boundaries(_ kind: ReferenceBoundaries.Kind) -> ReferenceBoundaries {
        let raw = document.segmentBoundaries(kind.rawValue)
        let offsets = flat.utf16Offsets(ofAscendingUTF8: raw.map(\.utf8Offset))
        return ReferenceBoundaries(kind, raw: zip(offsets, raw).map { ($0, $1.status) }, graphemes: flat.graphemes)
    }

    /// The line breaks `lineBreakOpportunities(in:)` gives for the whole document (O(n) calls
    /// into the rope: for short texts).
    func publicLineBreaks() -> ReferenceBoundaries {
        let whole = document.textRange(from: document.beginningOfDocument, to: document.endOfDocument)!
        let breaks = document.lineBreakOpportunities(in: whole) ?? []
        return ReferenceBoundaries(.line, offsets: [0] + breaks.map { utf16($0.position) },
                                   flags: [false] + breaks.map(\.isMandatory))
    }

    func utf16(_ p: TextPosition) -> Int { document.offset(of: p, unit: .utf16) ?? -1 }

    func utf16(_ r: TextRange?) -> Range<Int>? { r.map { utf16($0.start)..<utf16($0.end) } }

    /// The tokenizer's six calls for words or sentences at the cluster boundary `x` (both
    /// storage directions of `position(from:toBoundary:in:)`, `isPosition(_:atBoundary:in:)`
    /// and `rangeEnclosing(_:with:in:)`) against the reference; one message per wrong answer.
    func checkCalls(at x: Int, _ reference: ReferenceBoundaries) -> [String] {
        let granularity: TextGranularity = reference.kind == .word ? .word : .sentence
        guard let p = document.position(at: x, unit: .utf16) else { return ["\(x): no position"] }
        var wrong: [String] = []
        for forward in [true, false] {
            let direction = TextDirection.storage(forward ? .forward : .backward)
            let side = forward ? "forward" : "backward"
            let stop = document.position(from: p, toBoundary: granularity, in: direction).map(utf16)
            if stop != reference.stop(from: x, forward: forward) {
                wrong.append("\(x): position(from:toBoundary:) \(side) \(stop.map(String.init) ?? "nil"), ICU \(reference.stop(from: x, forward: forward).map(String.init) ?? "nil")")
            }
            let at = document.isPosition(p, atBoundary: granularity, in: direction)
            if at != reference.isBoundary(x, forward: forward) {
                wrong.append("\(x): isPosition(atBoundary:) \(side) \(at)")
            }
            let range = utf16(document.rangeEnclosing(p, with: granularity, in: direction))
            if range != reference.enclosing(x, forward: forward) {
                wrong.append("\(x): rangeEnclosing \(side) \(range.map { "\($0)" } ?? "nil"), ICU \(reference.enclosing(x, forward: forward).map { "\($0)" } ?? "nil")")
            }
        }
        return wrong
    }

    /// `lineBreakOpportunities(in:)` over the cluster boundaries `a...b` against the
    /// reference's boundaries in `a + 1...b`.
    func checkLineBreaks(from a: Int, to b: Int, _ reference: ReferenceBoundaries) -> [String] {
        guard let start = document.position(at: a, unit: .utf16), let end = document.position(at: b, unit: .utf16),
              let range = document.textRange(from: start, to: end) else { return ["\(a)..<\(b): no range"] }
        let got = (document.lineBreakOpportunities(in: range) ?? []).map { "\(utf16($0.position))\($0.isMandatory ? "!" : "")" }
        let expected = zip(reference.offsets, reference.flags).filter { $0.0 > a && $0.0 <= b }.map { "\($0.0)\($0.1 ? "!" : "")" }
        return got == expected ? [] : ["\(a)...\(b): lineBreakOpportunities \(got), ICU \(expected)"]
    }
}
