#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Testing) import Caret

/// The FuzzChangeSet harness and the laws of `ChangeSet` (shared/docs/CHANGES.md), checked
/// against a flat reference: the text as UTF-8 bytes, each change set as its replacements read
/// back into byte ranges and texts, applied, mapped and rebased by the definitions on the flat
/// bytes. `ChangeSetPropertyTests` runs the same checks on seeded random cases.
///
/// Input format: byte 0 is the number of trouble-alphabet pieces of the text (taken modulo 48);
/// then the pieces (one byte each); then three change sets, `a` and `b` against the text and
/// `next` against `a`'s result, each a count byte (modulo 6 edits) and per edit: a flag byte
/// (when every edit of the set has bits 0 and 1, the set is built from flat scalar offsets
/// with `init(replacements:…)`, ends inside clusters kept; else from positions, which the
/// document snaps to grapheme boundaries),
/// start and length (two bytes each, modulo the text's length), and 0–3 pieces of inserted
/// text (a count byte, then one byte each). Reads past the end give 0.
///
/// Checks: the built change set's removed texts and ranges against the flat text; overlapping
/// edits throw `.overlappingEdits` and nothing is built; apply then inverse gives the text
/// back; inverse twice is the identity; `a.composed(with: next)` applied = `a` then `next`, and
/// mapping through it agrees with mapping through both outside its stretches; rebasing
/// converges and gives the reference's text (anchors: where what is left starts, ties by
/// `otherFirst`); `map` in every mode and bias at every byte against the definitions, and
/// monotone; `lspChanges` applied to a flat UTF-16 model with LSP's lines gives the new text;
/// a JSON round trip gives an equal change set; a change set for another text is refused with
/// `.changeSetMismatch` and changes nothing.
public enum ChangeSetFuzz {
    /// Runs one input. Throws the first difference found; traps only inside the engine.
    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(data)
        let pieces = Int(input.byte()) % 48
        let text = (0..<pieces).map { _ in troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }.joined()
        let specs = (0..<3).map { _ in decodeEdits(&input) }
        try check(ChangeSetCase(text: text, a: specs[0], b: specs[1], next: specs[2]))
    }

    static func decodeEdits(_ input: inout FuzzBytes) -> [EditSpec] {
        (0..<Int(input.byte()) % 6).map { _ in
            let flags = input.byte()
            let start = input.int(in: 0...65_535), length = input.int(in: 0...65_535)
            let text = (0..<Int(input.byte()) % 4).map { _ in troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }
            return EditSpec(start: start, length: length, inScalars: flags & 1 != 0, flat: flags & 2 != 0,
                            text: text.joined())
        }
    }

    /// Runs every check on one case.
    public static func check(_ c: ChangeSetCase) throws(FuzzFailure) {
        let doc = TextDocument(c.text)
        let model = FuzzModel(Array(c.text.unicodeScalars))
        guard let a = try build(c.a, in: doc, model: model, label: "a") else { return }
        try checkApplyAndInverse(a, doc, label: "a")
        try checkMap(a, label: "a")
        try checkLSP(a, doc, label: "a")
        try checkCodable(a, label: "a")
        var after = doc
        _ = try? after.apply(a)
        if let next = try build(c.next, in: after, model: FuzzModel(Array(after.string.unicodeScalars)), label: "next") {
            try checkComposition(a, next, doc, label: "a, next")
        }
        if let b = try build(c.b, in: doc, model: model, label: "b") {
            try checkRebase(a, b, doc, label: "a, b")
            try checkMismatch(b, applyingTo: after, label: "b on a's result")
        }
    }

    // MARK: Building

    /// Builds the change set of `specs` on `doc`, from positions (ends snapped to graphemes, or
    /// scalars rounded to their cluster by the document) or, when every edit asks for it and
    /// uses scalars, from flat offsets; checks it against the flat text. nil when the edits
    /// overlap (after checking that the engine said so and built nothing).
    static func build(_ specs: [EditSpec], in doc: TextDocument, model: FuzzModel, label: String) throws(FuzzFailure) -> ChangeSet? {
        let n = model.scalars.count
        let flat = !specs.isEmpty && specs.allSatisfy { $0.flat && $0.inScalars }
        let edits = specs.map { s -> (lo: Int, hi: Int, text: String) in
            let lo = n == 0 ? 0 : s.start % (n + 1)
            let hi = min(n, lo + (n == 0 ? 0 : s.length % 6))
            // From positions the ends are snapped back to cluster starts (as the document
            // snaps them); from flat offsets they are kept, inside clusters too.
            return flat ? (lo, hi, s.text) : (model.boundary(atOrBefore: lo), model.boundary(atOrBefore: hi), s.text)
        }
        let sorted = edits.indices.sorted { (edits[$0].lo, edits[$0].hi, $0) < (edits[$1].lo, edits[$1].hi, $1) }
        let overlapping = zip(sorted, sorted.dropFirst()).contains { edits[$1].lo < edits[$0].hi }
        let changes: ChangeSet
        do {
            if flat {
                // In order, from the flat text: the replacements as a server would send them.
                let replacements = sorted.map { i in
                    let e = edits[i]
                    return ChangeSet.Replacement(utf8Range: model.utf8[e.lo]..<model.utf8[e.hi],
                                                 utf16Range: model.utf16[e.lo]..<model.utf16[e.hi],
                                                 removed: model.text(scalars: e.lo..<e.hi), inserted: e.text)
                }
                changes = try ChangeSet(replacements: replacements, oldUTF8Count: model.count(in: .utf8),
                                        oldUTF16Count: model.count(in: .utf16))
            } else {
                let ranges = edits.map { e in
                    (range: doc.textRange(from: doc.position(at: e.lo, unit: .unicodeScalar)!,
                                          to: doc.position(at: e.hi, unit: .unicodeScalar)!)!, text: e.text)
                }
                changes = try ChangeSet(ranges, in: doc)
            }
        } catch {
            guard case .overlappingEdits = error.kind, overlapping else {
                throw FuzzFailure(message: "\(label): building threw \(error) (overlapping: \(overlapping))")
            }
            return nil
        }
        try expect(!overlapping, "\(label): overlapping edits \(edits) built \(changes)")
        // The expected replacements: the edits in order, touching ones merged, empty ones dropped.
        var expected: [(lo: Int, hi: Int, text: String)] = []
        for i in sorted {
            let e = edits[i]
            if let last = expected.last, last.hi == e.lo {
                expected[expected.count - 1] = (last.lo, e.hi, last.text + e.text)
            } else {
                expected.append(e)
            }
        }
        expected.removeAll { $0.lo == $0.hi && $0.text.isEmpty }
        let got = changes.replacements.map { r in
            "\(r.utf8Range) \(r.utf16Range) \(String(reflecting: r.removed)) -> \(String(reflecting: r.inserted))"
        }
        let want = expected.map { e in
            "\(model.utf8[e.lo]..<model.utf8[e.hi]) \(model.utf16[e.lo]..<model.utf16[e.hi]) "
                + "\(String(reflecting: model.text(scalars: e.lo..<e.hi))) -> \(String(reflecting: e.text))"
        }
        try expect(got == want, "\(label): built \(got), expected \(want)")
        try expect(changes.oldUTF8Count == model.count(in: .utf8) && changes.oldUTF16Count == model.count(in: .utf16),
                   "\(label): old lengths \(changes.oldUTF8Count), \(changes.oldUTF16Count)")
        return changes
    }

    // MARK: The laws

    /// Applying gives the flat result; the inverse gives the text back; inverting twice is the
    /// identity.
    static func checkApplyAndInverse(_ c: ChangeSet, _ doc: TextDocument, label: String) throws(FuzzFailure) {
        var d = doc
        do { try d.apply(c) } catch { throw FuzzFailure(message: "\(label): apply threw \(error)") }
        d._checkInvariants()
        let flat = FlatChangeSet(c).applied(to: Array(doc.string.utf8))
        try expect(Array(d.string.utf8) == flat, "\(label): applied \(String(reflecting: d.string)), flat \(String(decoding: flat, as: UTF8.self))")
        try expect(d.count(in: .utf8) == c.newUTF8Count && d.count(in: .utf16) == c.newUTF16Count, "\(label): new lengths")
        let inverse = c.inverted()
        do { try d.apply(inverse) } catch { throw FuzzFailure(message: "\(label): applying the inverse threw \(error)") }
        try expect(d == doc, "\(label): apply then inverse gave \(String(reflecting: d.string)), not \(String(reflecting: doc.string))")
        try expect(inverse.inverted() == c, "\(label): inverse of the inverse differs: \(inverse.inverted()) vs \(c)")
    }

    /// `map` at every byte of the old text, in every mode and bias, against the definitions;
    /// monotone; UTF-16 mapping agrees at scalar starts; out of bounds is nil.
    static func checkMap(_ c: ChangeSet, label: String) throws(FuzzFailure) {
        let flat = FlatChangeSet(c), edits = c.textEdits
        let modes: [MapMode] = [.simple, .trackDeletion, .trackBefore, .trackAfter]
        for bias in [TextEdit.Bias.before, .after] {
            var previous = -1
            for x in 0...c.oldUTF8Count {
                for mode in modes {
                    let got = c.mapUTF8(x, bias: bias, mode: mode), want = flat.map(x, bias: bias, mode: mode)
                    try expect(got == want, "\(label): mapUTF8(\(x), \(bias), \(mode)) = \(String(describing: got)), expected \(String(describing: want))")
                }
                let mapped = c.mapUTF8(x, bias: bias)!
                try expect(mapped >= previous, "\(label): map not monotone at \(x) (\(bias)): \(mapped) after \(previous)")
                previous = mapped
            }
            try expect(c.mapUTF8(-1, bias: bias) == nil && c.mapUTF8(c.oldUTF8Count + 1, bias: bias) == nil,
                       "\(label): out-of-bounds offsets mapped")
            // UTF-16: at the ends of replacements and next to them, against the UTF-8 mapping.
            for (i, r) in c.replacements.enumerated() {
                for (x8, x16) in [(r.utf8Range.lowerBound, r.utf16Range.lowerBound), (r.utf8Range.upperBound, r.utf16Range.upperBound)] {
                    let new8 = c.mapUTF8(x8, bias: bias)!
                    let new16 = c.mapUTF16(x16, bias: bias)!
                    let newStart8 = edits[i].insertedUTF8Range.lowerBound
                    let newStart16 = edits[i].insertedUTF16Range.lowerBound
                    let expected16 = newStart16 + (new8 == newStart8 ? 0 : r.inserted.utf16.count)
                    try expect(new16 == expected16, "\(label): mapUTF16(\(x16), \(bias)) = \(new16), expected \(expected16)")
                }
            }
        }
        // The TextEdits, front to back, map as the change set does.
        for x in 0...c.oldUTF8Count {
            var p = TextPositionProbe.position(x)
            for edit in edits { p = edit.map(p, bias: .after) }
            let viaEdits = TextPositionProbe.offset(p)
            try expect(viaEdits == c.mapUTF8(x, bias: .after), "\(label): TextEdits map \(x) to \(viaEdits)")
        }
    }

    /// The composition applied is the two applied in a row; mapping through it agrees with
    /// mapping through both outside its stretches, and at a stretch's start (`.before`) and
    /// end (`.after`); inside, the result lies within the stretch's new text.
    static func checkComposition(_ a: ChangeSet, _ next: ChangeSet, _ doc: TextDocument, label: String) throws(FuzzFailure) {
        let both: ChangeSet
        do { both = try a.composed(with: next) } catch { throw FuzzFailure(message: "\(label): compose threw \(error)") }
        var once = doc, twice = doc
        do {
            try once.apply(both)
            try twice.apply(a)
            try twice.apply(next)
        } catch {
            throw FuzzFailure(message: "\(label): applying threw \(error)")
        }
        try expect(once == twice, "\(label): composed gave \(String(reflecting: once.string)), in a row \(String(reflecting: twice.string)); composed \(both)")
        try expect(both.inverted() == (try? next.inverted().composed(with: a.inverted())), "\(label): inverse of the composition")
        let stretches = both.textEdits
        for x in 0...a.oldUTF8Count {
            for bias in [TextEdit.Bias.before, .after] {
                let direct = both.mapUTF8(x, bias: bias)!
                let stepwise = next.mapUTF8(a.mapUTF8(x, bias: bias)!, bias: bias)!
                if let i = both.replacements.firstIndex(where: { $0.utf8Range.lowerBound <= x && x <= $0.utf8Range.upperBound }) {
                    let r = both.replacements[i], stretch = stretches[i].insertedUTF8Range
                    let atAgreedEdge = (x == r.utf8Range.lowerBound && bias == .before) || (x == r.utf8Range.upperBound && bias == .after)
                    if atAgreedEdge {
                        try expect(direct == stepwise, "\(label): map(\(x), \(bias)) at a stretch's edge: composed \(direct), in a row \(stepwise)")
                    }
                    try expect(stretch.contains(direct) || stretch.upperBound == direct,
                               "\(label): map(\(x), \(bias)) = \(direct), outside the stretch's new text \(stretch)")
                } else {
                    try expect(direct == stepwise, "\(label): map(\(x), \(bias)): composed \(direct), in a row \(stepwise)")
                }
            }
        }
    }

    /// Both orders converge, on the reference's text, for both tie-breaks.
    static func checkRebase(_ a: ChangeSet, _ b: ChangeSet, _ doc: TextDocument, label: String) throws(FuzzFailure) {
        let old = Array(doc.string.utf8)
        for otherFirst in [true, false] {
            var viaB = doc, viaA = doc
            do {
                let aOverB = try a.rebased(over: b, otherFirst: otherFirst)
                let bOverA = try b.rebased(over: a, otherFirst: !otherFirst)
                try viaB.apply(b)
                try viaB.apply(aOverB)
                try viaA.apply(a)
                try viaA.apply(bOverA)
            } catch {
                throw FuzzFailure(message: "\(label): rebasing threw \(error)")
            }
            let expected = FlatChangeSet.merged(FlatChangeSet(a), FlatChangeSet(b), bFirst: otherFirst, old: old)
            try expect(viaB == viaA, "\(label) otherFirst \(otherFirst): b then a' = \(String(reflecting: viaB.string)), a then b' = \(String(reflecting: viaA.string))")
            try expect(Array(viaB.string.utf8) == expected,
                       "\(label) otherFirst \(otherFirst): converged on \(String(reflecting: viaB.string)), reference \(String(reflecting: String(decoding: expected, as: UTF8.self)))")
        }
    }

    /// The LSP changes, applied in order to the old text as UTF-16 with LSP's lines, give the
    /// new text.
    static func checkLSP(_ c: ChangeSet, _ doc: TextDocument, label: String) throws(FuzzFailure) {
        let changes: [LSPChange]
        do { changes = try c.lspChanges(in: doc) } catch { throw FuzzFailure(message: "\(label): lspChanges threw \(error)") }
        var units = Array(doc.string.utf16)
        for change in changes {
            guard let start = lspOffset(line: change.startLine, character: change.startCharacter, in: units),
                  let end = lspOffset(line: change.endLine, character: change.endCharacter, in: units), start <= end
            else { throw FuzzFailure(message: "\(label): LSP change \(change) outside the text") }
            units.replaceSubrange(start..<end, with: Array(change.text.utf16))
        }
        var d = doc
        _ = try? d.apply(c)
        try expect(units == Array(d.string.utf16), "\(label): LSP changes \(changes) gave \(String(decoding: units, as: UTF16.self))")
    }

    /// The UTF-16 offset of an LSP position: the line's start (lines end at LF, CR, CR LF)
    /// plus the characters; nil past the text.
    static func lspOffset(line: Int, character: Int, in units: [UInt16]) -> Int? {
        var start = 0, l = 0, i = 0
        while l < line && i < units.count {
            if units[i] == 0x0A || units[i] == 0x0D {
                i += units[i] == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A ? 2 : 1
                start = i
                l += 1
            } else {
                i += 1
            }
        }
        guard l == line, start + character <= units.count, character >= 0 else { return nil }
        return start + character
    }

    /// JSON round trip.
    static func checkCodable(_ c: ChangeSet, label: String) throws(FuzzFailure) {
        do {
            let data = try JSONEncoder().encode(c)
            let back = try JSONDecoder().decode(ChangeSet.self, from: data)
            try expect(back == c, "\(label): JSON round trip gave \(back)")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure(message: "\(label): JSON round trip threw \(error)")
        }
    }

    /// A change set made for another text is refused (unless it happens to fit) and changes
    /// nothing.
    static func checkMismatch(_ c: ChangeSet, applyingTo doc: TextDocument, label: String) throws(FuzzFailure) {
        var d = doc
        do {
            try d.apply(c)
        } catch {
            guard case .changeSetMismatch = error.kind else { throw FuzzFailure(message: "\(label): threw \(error)") }
            try expect(d == doc, "\(label): a refused change set changed the text")
            return
        }
        // It fitted: the text must hold the removed texts where the change set says.
        let flat = FlatChangeSet(c).applied(to: Array(doc.string.utf8))
        try expect(Array(d.string.utf8) == flat, "\(label): an accepted change set applied wrongly")
    }
}

/// One edit of a case: scalar offsets taken modulo the text, inserted text.
public struct EditSpec: Sendable {
    var start: Int, length: Int
    var inScalars: Bool, flat: Bool
    var text: String
}

/// A text, `a` and `b` against it, `next` against `a`'s result.
public struct ChangeSetCase: Sendable {
    var text: String
    var a: [EditSpec], b: [EditSpec], next: [EditSpec]
}

/// A change set on flat UTF-8 bytes: the replacements' byte ranges and texts, and the
/// contract's definitions over them.
struct FlatChangeSet {
    var pieces: [(range: Range<Int>, inserted: [UInt8])]

    init(_ c: ChangeSet) {
        pieces = c.replacements.map { ($0.utf8Range, Array($0.inserted.utf8)) }
    }

    func applied(to old: [UInt8]) -> [UInt8] {
        var text = old
        for p in pieces.reversed() where p.range.upperBound <= text.count { text.replaceSubrange(p.range, with: p.inserted) }
        return text
    }

    /// The contract's `map`, replacement by replacement with the running change in length.
    func map(_ x: Int, bias: TextEdit.Bias, mode: MapMode) -> Int? {
        var shift = 0
        for p in pieces {
            let lo = p.range.lowerBound, hi = p.range.upperBound
            if x < lo { return x + shift }
            if x <= hi {
                let deletedBefore = lo < x, deletedAfter = x < hi
                switch mode {
                case .simple: break
                case .trackDeletion: if deletedBefore && deletedAfter { return nil }
                case .trackBefore: if deletedBefore { return nil }
                case .trackAfter: if deletedAfter { return nil }
                }
                let start = lo + shift, end = start + p.inserted.count
                if lo == hi { return bias == .before ? start : end }
                return x == lo ? start : x == hi ? end : bias == .before ? start : end
            }
            shift += p.inserted.count - p.range.count
        }
        return x + shift
    }

    /// The text both change sets make together (what both orders of rebasing must give): the
    /// old bytes neither removes, and each replacement's inserted text at its anchor — the
    /// first byte of its range the other does not remove, or its start when the other removes
    /// it all; at one anchor `b`'s text first when `bFirst`.
    static func merged(_ a: FlatChangeSet, _ b: FlatChangeSet, bFirst: Bool, old: [UInt8]) -> [UInt8] {
        func removed(by c: FlatChangeSet, _ x: Int) -> Bool { c.pieces.contains { $0.range.contains(x) } }
        func anchors(_ c: FlatChangeSet, over other: FlatChangeSet) -> [Int: [UInt8]] {
            var result: [Int: [UInt8]] = [:]
            for p in c.pieces {
                let anchor = p.range.first { !removed(by: other, $0) } ?? p.range.lowerBound
                result[anchor] = p.inserted
            }
            return result
        }
        let atA = anchors(a, over: b), atB = anchors(b, over: a)
        var text: [UInt8] = []
        for x in 0...old.count {
            let here = bFirst ? [atB[x], atA[x]] : [atA[x], atB[x]]
            for case let inserted? in here { text += inserted }
            if x < old.count && !removed(by: a, x) && !removed(by: b, x) { text.append(old[x]) }
        }
        return text
    }
}

/// Positions at byte offsets, for mapping through `TextEdit`s without a document: the offset
/// of a position is what `TextDocument.offset(of:unit: .utf8)` gives on any text long enough.
enum TextPositionProbe {
    static let text = TextDocument(String(repeating: "a", count: 1 << 12))

    static func position(_ x: Int) -> TextPosition { text.position(at: x, unit: .utf8)! }

    static func offset(_ p: TextPosition) -> Int { text.offset(of: p, unit: .utf8)! }
}
