@_spi(Testing) import Caret

/// The FuzzEdits harness: the input decodes into a sequence of operations on a `TextDocument`
/// and on `FuzzModel` (scalars plus ICU over the flat text); after each one the two must agree.
///
/// Input format: byte 0 is read and ignored (it chose the storage when that was a runtime
/// choice; now it is the build's, `fuzzStorage`, and kept inputs still decode to the same
/// operations). Then each operation is one
/// byte (taken modulo 13) and its arguments; numbers are one byte, or two (little-endian) for
/// ranges of more than 256 values, taken modulo the range. Reads past the end give 0.
///
/// | op | what |
/// | --- | --- |
/// | 0 | type 1–4 pieces of the trouble alphabet at a grapheme position (`insert(_:at:)`) |
/// | 1 | paste one piece repeated 1–128 times |
/// | 2 | insert 0–15 raw bytes (ill-formed ones repaired to U+FFFD by `String(decoding:)`) |
/// | 3 | delete a range of graphemes (`delete(_:)`) |
/// | 4 | replace a range of graphemes with 1–8 pieces (`replace(_:withText:)`) |
/// | 5 | replace a range of offsets in any unit (`replace(_:in:withText:)`), ends -1...count+1 |
/// | 6 | conversions: an offset in any unit to a position and back, `position(from:offset:)`, `offset(from:to:)` |
/// | 7 | keep a copy of the document (at most four are kept) |
/// | 8 | swap the document with a kept copy, so that later edits edit the copy |
/// | 9 | rebuild the document from its text (one byte read and ignored); `==` against it and the copies |
/// | 10 | read a range: `text(in:)`, `utf8(in:)` |
/// | 11 | lines: `lineAndColumn(of:unit:)`, `position(line:column:unit:)`, `lineRange(containing:)` |
/// | 12 | insert at a position taken from a kept copy (snapped here, or out of bounds) |
///
/// After every operation: the text byte for byte, every count, `checkInvariants`, a sample of
/// grapheme boundaries in every unit, snapping of sampled offsets, and every kept copy
/// unchanged. At the end: every grapheme boundary in every unit.
public enum EditsFuzz {
    /// Engine defects found by this fuzzer and not fixed yet. The fuzzer tolerates them (accepts
    /// the engine's current answer) so that it can look further; the regression tests do not,
    /// so their kept inputs fail until the engine is fixed. Remove a case with its fix.
    /// Engine defects the fuzzers may tolerate while they are open, so that fuzzing can go on
    /// past a known failure (the regression tests never tolerate them). None is open: the two
    /// found so far (a column inside a line terminator gave the line's end instead of nil; a
    /// deletion that joined two clusters returned the joined cluster instead of an empty range)
    /// are fixed, and their inputs are kept in Corpus/fuzz/regressions/FuzzEdits.
    public enum OpenDefect: CaseIterable, Hashable, Sendable {}

    /// Runs one input. Throws the first difference found; traps only inside the engine.
    public static func run(_ data: [UInt8], tolerating defects: Set<OpenDefect> = []) throws(FuzzFailure) {
        var session = EditsSession(data, tolerating: defects)
        try session.run()
    }

    /// Operations per input at most, and the text size above which inserts turn into deletes.
    static let maxSteps = 256
    static let maxBytes = 4096
}

struct EditsSession {
    var input: FuzzBytes
    var doc: TextDocument
    var model = FuzzModel([])
    var copies: [(doc: TextDocument, model: FuzzModel)] = []
    var step = 0
    var sampler: UInt64 = 0x9E37_79B9_7F4A_7C15
    let tolerated: Set<EditsFuzz.OpenDefect>

    init(_ data: [UInt8], tolerating defects: Set<EditsFuzz.OpenDefect>) {
        tolerated = defects
        input = FuzzBytes(data)
        _ = input.byte()
        doc = TextDocument("")
    }

    var label: String { "FuzzEdits step \(step) (\(fuzzStorage), \(model.utf8.last!) bytes)" }

    mutating func run() throws(FuzzFailure) {
        while !input.isAtEnd && step < EditsFuzz.maxSteps {
            step += 1
            let full = model.utf8.last! > EditsFuzz.maxBytes
            switch input.byte() % 13 {
            case 0:
                let k = graphemeIndex()
                try replace(graphemes: k, k, with: full ? "" : troubleText(maxPieces: 4))
            case 1:
                let k = graphemeIndex()
                let piece = troubleAlphabet[Int(input.byte()) % troubleAlphabet.count]
                let text = String(repeating: piece, count: input.int(in: 1...128))
                try replace(graphemes: k, k, with: full ? "" : text)
            case 2:
                let k = graphemeIndex()
                let bytes = (0..<input.int(in: 0...15)).map { _ in input.byte() }
                try replace(graphemes: k, k, with: full ? "" : String(decoding: bytes, as: UTF8.self))
            case 3:
                let (a, b) = graphemeRange()
                try replace(graphemes: a, b, with: "")
            case 4:
                let (a, b) = graphemeRange()
                try replace(graphemes: a, b, with: full ? "" : troubleText(maxPieces: 8))
            case 5:
                try replaceInUnit(full: full)
            case 6:
                try conversions()
            case 7:
                copies.append((doc, model))
                if copies.count > 4 { copies.removeFirst() }
            case 8:
                guard !copies.isEmpty else { break }
                let i = Int(input.byte()) % copies.count
                swap(&doc, &copies[i].doc)
                swap(&model, &copies[i].model)
            case 9:
                try rebuild()
            case 10:
                try read()
            case 11:
                try lines()
            default:
                try insertAtStalePosition(full: full)
            }
            try checkAfterStep()
        }
        for k in 0...model.graphemeCount { try checkBoundary(k) }
    }

    // MARK: Decoding arguments

    mutating func graphemeIndex() -> Int { input.int(in: 0...model.graphemeCount) }

    mutating func graphemeRange() -> (Int, Int) {
        let a = graphemeIndex(), b = graphemeIndex()
        return (min(a, b), max(a, b))
    }

    mutating func unit() -> TextUnit { TextUnit.allCases[Int(input.byte()) % 4] }

    mutating func troubleText(maxPieces: Int) -> String {
        var s = ""
        for _ in 0..<input.int(in: 1...maxPieces) { s += troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }
        return s
    }

    /// A deterministic sample (SplitMix64) that does not consume input, so the sample changes
    /// with the step but the input format does not.
    mutating func sample(_ range: ClosedRange<Int>) -> Int {
        sampler &+= 0x9E37_79B9_7F4A_7C15
        var z = sampler
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + Int(z % UInt64(range.upperBound - range.lowerBound + 1))
    }

    // MARK: Edits

    func position(_ k: Int) throws(FuzzFailure) -> TextPosition {
        guard let p = doc.position(at: k) else { throw FuzzFailure(message: "\(label): position(at: \(k)) is nil, count \(model.graphemeCount)") }
        return p
    }

    /// Replaces graphemes a..<b through `insert`, `delete` or `replace`, whichever fits.
    mutating func replace(graphemes a: Int, _ b: Int, with text: String) throws(FuzzFailure) {
        let pa = try position(a), pb = try position(b)
        guard let range = doc.textRange(from: pb, to: pa) else {
            throw FuzzFailure(message: "\(label): textRange(from: \(pb), to: \(pa)) is nil")
        }
        let what = "replace graphemes \(a)..<\(b) with \(text.debugDescription)"
        let result: TextRange
        do {
            if a == b { result = try doc.insert(text, at: pa) }
            else if text.isEmpty { result = try doc.delete(range) }
            else { result = try doc.replace(range, withText: text) }
        } catch {
            throw FuzzFailure(message: "\(label): \(what) threw \(error)")
        }
        try applyToModel(model.boundaries[a]..<model.boundaries[b], text, result: result, what)
        if a != b && text.isEmpty {
            try expect(result.isEmpty, "\(label): \(what) (delete) returned \(result), not an empty range")
        }
    }

    /// Applies an edit of scalars `range` to the model and checks the returned range: the new
    /// text widened to grapheme boundaries.
    mutating func applyToModel(_ range: Range<Int>, _ text: String, result: TextRange, _ what: String) throws(FuzzFailure) {
        var scalars = model.scalars
        let new = Array(text.unicodeScalars)
        scalars.replaceSubrange(range, with: new)
        model = FuzzModel(scalars)
        try expect(model.isConsistent, "\(label): ICU gave boundaries off scalar starts: \(model.boundaries)")
        let start = model.boundary(atOrBefore: range.lowerBound)
        // Removing text gives the empty range where it was (at the cluster start there).
        let end = new.isEmpty ? start : model.boundary(atOrAfter: range.lowerBound + new.count)
        try expect(doc.textRange(from: result.start, to: result.end) == result,
                   "\(label): \(what) returned \(result), whose ends are not grapheme boundaries")
        let got = (doc.offset(of: result.start, unit: .utf8), doc.offset(of: result.end, unit: .utf8))
        try expect(got.0 == model.utf8[start] && got.1 == model.utf8[end],
                   "\(label): \(what) returned UTF-8 \(String(describing: got)), expected \(model.utf8[start])..<\(model.utf8[end])")
    }

    /// `replace(_:in:withText:)` with ends anywhere in -1...count+1 of a random unit.
    mutating func replaceInUnit(full: Bool) throws(FuzzFailure) {
        let unit = unit()
        let count = model.count(in: unit)
        let a = input.int(in: -1...(count + 1)), b = input.int(in: -1...(count + 1))
        let (lo, hi) = (min(a, b), max(a, b))
        let text = full || input.byte() & 1 == 0 ? "" : troubleText(maxPieces: 4)
        let what = "replace(\(lo)..<\(hi), in: .\(unit), withText: \(text.debugDescription))"
        let s = model.scalarIndex(roundingDown: lo, in: unit), e = model.scalarIndex(roundingDown: hi, in: unit)
        let outcome: Result<TextRange, TextError>
        do { outcome = .success(try doc.replace(lo..<hi, in: unit, withText: text)) } catch { outcome = .failure(error) }
        switch outcome {
        case .success(let result):
            guard let s, let e else { throw FuzzFailure(message: "\(label): \(what) did not throw; the range is outside 0...\(count)") }
            try applyToModel(s..<e, text, result: result, what)
        case .failure(let error):
            let bad = s == nil ? lo : hi
            try expect(s == nil || e == nil, "\(label): \(what) threw \(error)")
            try expect(error.kind == .outOfBounds(unit: unit, bound: count) && error.offset == bad,
                       "\(label): \(what) threw \(error), expected offset \(bad) out of bounds 0...\(count)")
        }
    }

    /// An insert at a position from a kept copy: snapped back to a boundary here, or out of bounds.
    mutating func insertAtStalePosition(full: Bool) throws(FuzzFailure) {
        guard !copies.isEmpty else { return }
        let c = copies[Int(input.byte()) % copies.count]
        let k = input.int(in: 0...c.model.graphemeCount)
        guard let p = c.doc.position(at: k) else { throw FuzzFailure(message: "\(label): copy's position(at: \(k)) is nil") }
        let x = c.model.utf8[c.model.boundaries[k]]
        let text = full ? "" : troubleText(maxPieces: 2)
        let what = "insert(\(text.debugDescription), at: \(p)) from a copy"
        let bound = model.utf8.last!
        let outcome: Result<TextRange, TextError>
        do { outcome = .success(try doc.insert(text, at: p)) } catch { outcome = .failure(error) }
        switch outcome {
        case .success(let result):
            try expect(x <= bound, "\(label): \(what) did not throw; the text has \(bound) bytes")
            let s = model.boundary(atOrBefore: FuzzModel.lastIndex(in: model.utf8, atOrBelow: x))
            try applyToModel(s..<s, text, result: result, what)
        case .failure(let error):
            try expect(x > bound, "\(label): \(what) threw \(error)")
            try expect(error.kind == .outOfBounds(unit: .utf8, bound: bound) && error.offset == x,
                       "\(label): \(what) threw \(error), expected offset \(x) out of bounds 0...\(bound)")
            try expect(doc.offset(of: p, unit: .utf8) == nil, "\(label): offset(of: \(p)) is not nil beyond the end")
        }
    }

    /// A new document built from the text must be `==` to this one, and to
    /// each copy exactly when their scalars are equal. It then replaces the document.
    mutating func rebuild() throws(FuzzFailure) {
        _ = input.byte()
        let rebuilt = TextDocument(model.text)
        try expect(rebuilt == doc && doc == rebuilt, "\(label): a document rebuilt from the text is not ==")
        for c in copies {
            let same = c.model.scalars == model.scalars
            try expect((c.doc == doc) == same && (doc == c.doc) == same, "\(label): == with a copy says \(!same), the texts are \(same ? "equal" : "different")")
        }
        doc = rebuilt
    }

    // MARK: Queries

    mutating func conversions() throws(FuzzFailure) {
        let unit = unit()
        let count = model.count(in: unit)
        try checkSnap(input.int(in: -1...(count + 1)), in: unit)
        let k = graphemeIndex(), j = graphemeIndex()
        let pk = try position(k), pj = try position(j)
        let ok = model.offset(ofScalar: model.boundaries[k], in: unit)
        let oj = model.offset(ofScalar: model.boundaries[j], in: unit)
        try expect(doc.offset(from: pk, to: pj, unit: unit) == oj - ok,
                   "\(label): offset(from: \(k), to: \(j), unit: .\(unit)) = \(String(describing: doc.offset(from: pk, to: pj, unit: unit))), expected \(oj - ok)")
        let d = input.int(in: -(count + 1)...(count + 1))
        let moved = doc.position(from: pk, offset: d, unit: unit)
        let target = ok + d
        let want = model.snappedUTF8(target, in: unit)
        try expect(moved.flatMap { doc.offset(of: $0, unit: .utf8) } == want,
                   "\(label): position(from: grapheme \(k), offset: \(d), unit: .\(unit)) is at UTF-8 \(String(describing: moved.flatMap { doc.offset(of: $0, unit: .utf8) })), expected \(want.map { "UTF-8 \($0)" } ?? "nil outside the text")")
    }

    mutating func read() throws(FuzzFailure) {
        let (a, b) = graphemeRange()
        guard let range = doc.textRange(from: try position(b), to: try position(a)) else {
            throw FuzzFailure(message: "\(label): textRange(from: \(b), to: \(a)) is nil")
        }
        let want = model.text(scalars: model.boundaries[a]..<model.boundaries[b])
        try expect(doc.text(in: range).map { Array($0.utf8) } == Array(want.utf8),
                   "\(label): text(in: graphemes \(a)..<\(b)) = \(String(describing: doc.text(in: range)?.debugDescription)), expected \(want.debugDescription)")
        try expect(doc.utf8(in: range) == Array(want.utf8), "\(label): utf8(in: graphemes \(a)..<\(b)) differs")
    }

    mutating func lines() throws(FuzzFailure) {
        let k = graphemeIndex()
        let p = try position(k)
        let s = model.boundaries[k]
        let line = model.line(ofScalar: s)
        let start = model.lineStarts[line], end = model.lineEnds[line]
        for unit in TextUnit.allCases {
            let column = model.offset(ofScalar: s, in: unit) - model.offset(ofScalar: start, in: unit)
            let got = doc.lineAndColumn(of: p, unit: unit)
            try expect(got?.line == line && got?.column == column,
                       "\(label): lineAndColumn(of: grapheme \(k), unit: .\(unit)) = \(String(describing: got)), expected (\(line), \(column))")
            try expect(doc.position(line: line, column: column, unit: unit) == p,
                       "\(label): position(line: \(line), column: \(column), unit: .\(unit)) is not grapheme \(k)")
        }
        let range = doc.lineRange(containing: p)
        let got = range.map { (doc.offset(of: $0.start, unit: .utf8), doc.offset(of: $0.end, unit: .utf8)) }
        try expect(got?.0 == model.utf8[start] && got?.1 == model.utf8[end],
                   "\(label): lineRange(containing: grapheme \(k)) = \(String(describing: got)), expected \(model.utf8[start])..<\(model.utf8[end])")
        // Any (line, column): nil outside the line (its terminator excluded), else the
        // boundary at or before.
        let unit = unit()
        let anyLine = input.int(in: -1...model.lineStarts.count)
        let lineLength = anyLine >= 0 && anyLine < model.lineStarts.count
            ? model.offset(ofScalar: model.lineEnds[anyLine], in: unit) - model.offset(ofScalar: model.lineStarts[anyLine], in: unit) : 0
        let anyColumn = input.int(in: -1...(lineLength + 2))
        let answer = doc.position(line: anyLine, column: anyColumn, unit: unit)
        let query = "position(line: \(anyLine), column: \(anyColumn), unit: .\(unit))"
        if anyLine < 0 || anyLine >= model.lineStarts.count || anyColumn < 0 || anyColumn > lineLength {
            try expect(answer == nil,
                       "\(label): \(query) = \(String(describing: answer)), expected nil (line length \(lineLength))")
        } else {
            let target = model.offset(ofScalar: model.lineStarts[anyLine], in: unit) + anyColumn
            let want = model.snappedUTF8(target, in: unit)!
            try expect(answer.flatMap { doc.offset(of: $0, unit: .utf8) } == want,
                       "\(label): \(query) = \(String(describing: answer)), expected UTF-8 \(want)")
        }
    }

    // MARK: Checks

    /// Grapheme boundary `k` in every unit, both ways.
    func checkBoundary(_ k: Int) throws(FuzzFailure) {
        let p = try position(k)
        let s = model.boundaries[k]
        for unit in TextUnit.allCases {
            let want = model.offset(ofScalar: s, in: unit)
            try expect(doc.offset(of: p, unit: unit) == want,
                       "\(label): offset(of: grapheme \(k), unit: .\(unit)) = \(String(describing: doc.offset(of: p, unit: unit))), expected \(want)")
            try expect(doc.position(at: want, unit: unit) == p,
                       "\(label): position(at: \(want), unit: .\(unit)) = \(String(describing: doc.position(at: want, unit: unit))), expected grapheme \(k) \(p)")
        }
    }

    /// `position(at: o, unit:)`: nil outside the text, else the boundary at or before.
    func checkSnap(_ o: Int, in unit: TextUnit) throws(FuzzFailure) {
        let got = doc.position(at: o, unit: unit)
        let want = model.snappedUTF8(o, in: unit)
        try expect(got.flatMap { doc.offset(of: $0, unit: .utf8) } == want,
                   "\(label): position(at: \(o), unit: .\(unit)) = \(String(describing: got)), expected \(want.map { "UTF-8 \($0)" } ?? "nil")")
    }

    mutating func checkAfterStep() throws(FuzzFailure) {
        doc._checkInvariants()
        try expect(Array(doc.string.utf8) == Array(model.text.utf8),
                   "\(label): text \(doc.string.debugDescription), expected \(model.text.debugDescription)")
        for unit in TextUnit.allCases {
            try expect(doc.count(in: unit) == model.count(in: unit),
                       "\(label): count(in: .\(unit)) = \(doc.count(in: unit)), expected \(model.count(in: unit))")
        }
        try expect(doc.count == model.graphemeCount, "\(label): count = \(doc.count), expected \(model.graphemeCount)")
        try expect(doc.lineCount == model.lineStarts.count, "\(label): lineCount = \(doc.lineCount), expected \(model.lineStarts.count)")
        try expect(doc.isEmpty == model.scalars.isEmpty, "\(label): isEmpty = \(doc.isEmpty)")
        try checkBoundary(0)
        try checkBoundary(model.graphemeCount)
        for _ in 0..<6 { try checkBoundary(sample(0...model.graphemeCount)) }
        for unit in TextUnit.allCases { try checkSnap(sample(0...model.count(in: unit)), in: unit) }
        try checkSnap(-1, in: .grapheme)
        try checkSnap(model.graphemeCount + 1, in: .grapheme)
        for (i, c) in copies.enumerated() {
            try expect(Array(c.doc.string.utf8) == Array(c.model.text.utf8), "\(label): kept copy \(i) changed")
            for unit in TextUnit.allCases {
                try expect(c.doc.count(in: unit) == c.model.count(in: unit), "\(label): kept copy \(i) count(in: .\(unit)) changed")
            }
        }
    }
}
