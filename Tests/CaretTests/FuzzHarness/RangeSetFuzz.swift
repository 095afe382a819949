@_spi(Testing) import Caret

/// The reference for `TextRangeSet` (shared/docs/CHANGES.md, "TextRangeSet"): a flat array of
/// ranges in the order they were added, each mapped alone through a whole change set.
///
/// Rules, per range `a...b` (UTF-8 offsets of the old text) with the biases its stickiness
/// gives (`.alwaysGrows`: start before, end after; `.neverGrows`: start after, end before;
/// `.growsBefore`: both before; `.growsAfter`: both after):
/// 1. a non-empty range inside one non-empty replacement (`lo <= a`, `b <= hi`) becomes empty at
///    the replacement's new start, or is removed with `removeWhenEmptied`;
/// 2. an empty range strictly inside a replacement (`lo < a < hi`) goes to its new start, or is
///    removed with `removeWhenEmptied`;
/// 3. otherwise each end maps alone: in unchanged text shifted by the replacements before it; at
///    an insertion point before or after the inserted text as its bias says; at a replacement's
///    start to its new start, at its end to the end of its inserted text; strictly inside to
///    the edge its bias names. If the end then lies before the start (an empty `.neverGrows`
///    range at an insertion), the start goes to the end.
///
/// Queries: a range overlaps `q` when both are non-empty and share a byte; an empty range when
/// it lies in `q`, edges included; an empty `q` when it lies in the range, edges included;
/// sorted by start, then end, then the order added.
struct FlatRangeSet {
    struct Entry {
        var id: TextRangeSet<Int>.ID
        var start: Int
        var end: Int
        var stickiness: TextRangeSet<Int>.Stickiness
        var removeWhenEmptied: Bool
        var value: Int
    }

    var entries: [Entry] = []

    /// Where offset `x` of the old text goes through `changes`, by the definition.
    static func map(_ x: Int, _ bias: TextEdit.Bias, through changes: ChangeSet) -> Int {
        var shift = 0
        for r in changes.replacements {
            let lo = r.utf8Range.lowerBound, hi = r.utf8Range.upperBound
            let newStart = lo + shift, inserted = r.inserted.utf8.count
            if x < lo { return x + shift }
            if x <= hi {
                if lo < hi && x == lo { return newStart }
                if lo < hi && x == hi { return newStart + inserted }
                return bias == .before ? newStart : newStart + inserted
            }
            shift += inserted - (hi - lo)
        }
        return x + shift
    }

    static func biases(_ s: TextRangeSet<Int>.Stickiness) -> (TextEdit.Bias, TextEdit.Bias) {
        switch s {
        case .alwaysGrows: (.before, .after)
        case .neverGrows: (.after, .before)
        case .growsBefore: (.before, .before)
        case .growsAfter: (.after, .after)
        }
    }

    /// Maps every range through `changes`; returns the ids removed.
    mutating func apply(_ changes: ChangeSet) -> [TextRangeSet<Int>.ID] {
        var removed: [TextRangeSet<Int>.ID] = []
        var kept: [Entry] = []
        for var e in entries {
            var emptied = false
            var shift = 0
            for r in changes.replacements {
                let lo = r.utf8Range.lowerBound, hi = r.utf8Range.upperBound
                if (e.start < e.end && lo <= e.start && e.end <= hi && lo < hi) || (e.start == e.end && lo < e.start && e.start < hi) {
                    emptied = true
                    e.start = lo + shift
                    e.end = e.start
                    break
                }
                shift += r.inserted.utf8.count - (hi - lo)
            }
            if emptied {
                if e.removeWhenEmptied {
                    removed.append(e.id)
                    continue
                }
            } else {
                let (bs, be) = Self.biases(e.stickiness)
                let a = Self.map(e.start, bs, through: changes), b = Self.map(e.end, be, through: changes)
                (e.start, e.end) = b < a ? (b, b) : (a, b)
            }
            kept.append(e)
        }
        entries = kept
        return removed
    }

    /// Every range sorted by start, then the order added (the set's `all`).
    var inOrder: [Entry] {
        entries.indices.sorted { (entries[$0].start, $0) < (entries[$1].start, $1) }.map { entries[$0] }
    }

    func overlapping(_ qs: Int, _ qe: Int) -> [Entry] {
        let hits = entries.indices.filter { i in
            let e = entries[i]
            if e.start == e.end { return qs <= e.start && e.start <= qe }
            if qs == qe { return e.start <= qs && qs <= e.end }
            return e.start < qe && qs < e.end
        }
        return hits.sorted { (entries[$0].start, entries[$0].end, $0) < (entries[$1].start, entries[$1].end, $1) }.map { entries[$0] }
    }
}

/// The FuzzRangeSet harness: random range sets mapped through random multi-range change sets
/// on trouble-alphabet text, against `FlatRangeSet`; and, when byte 0 has bit 7, a range set
/// held by a `TextInput` through typing, deleting, undo, redo, `text` from code, `applyRemote`
/// and selection changes, against the reference mapped through every change set the delegate
/// hears of.
///
/// Input format: byte 0: bit 7 the mode, bits 0–5 the number of pieces of the text (modulo 40);
/// the pieces (one byte each); then operations until the input ends (at most 80), one byte
/// each (the operation, modulo 8) and its arguments (see `step`). Reads past the end give 0.
///
/// Operation 5 is a run of keystrokes at one caret (typing a piece, Backspace, Delete), each its
/// own change set, checked after each keystroke: what the set keeps pending as a run.
///
/// Checks after every operation: every range, id and value in order against the reference,
/// `range(of:)` and `value(of:)` of every id (and nil for removed ones), the ids `apply`
/// removed, `ranges(overlapping:)` of a query, the storage invariants; copies taken along the
/// way unchanged at the end; the reference's position mapping equal to
/// `ChangeSet.mapUTF8(_:bias:)` at every byte of the old text.
public enum RangeSetFuzz {
    typealias Set = TextRangeSet<Int>

    /// Runs one input. Throws the first difference found; traps only inside the engine.
    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(data)
        let head = input.byte()
        let text = (0..<Int(head & 63) % 40).map { _ in troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }.joined()
        if head & 128 != 0 {
            try runInput(text, &input)
        } else {
            try runSet(text, &input)
        }
    }

    // MARK: The set alone

    static func runSet(_ text: String, _ input: inout FuzzBytes) throws(FuzzFailure) {
        var doc = TextDocument(text)
        var set = Set()
        var model = FlatRangeSet()
        var gone: [Set.ID] = []
        var copies: [(Set, [FlatRangeSet.Entry])] = []
        var value = 0
        var step = 0
        while !input.isAtEnd && step < 80 {
            step += 1
            let label = "step \(step)"
            switch input.byte() % 8 {
            case 0, 1:
                let (a, b) = span(in: doc, &input)
                let flags = input.byte()
                let stickiness = stickinesses[Int(flags & 3)]
                value += 1
                let id = set.insert(range(doc, a, b), value: value, stickiness: stickiness, removeWhenEmptied: flags & 4 != 0)
                try expect(!model.entries.contains { $0.id == id } && !gone.contains(id), "\(label): id \(id) reused")
                model.entries.append(.init(id: id, start: a, end: b, stickiness: stickiness, removeWhenEmptied: flags & 4 != 0,
                                           value: value))
            case 2:
                let pick = Int(input.byte())
                if model.entries.isEmpty || pick >= 200 {
                    if let id = gone.last { set.remove(id) }  // a stale id: nothing happens
                } else {
                    let e = model.entries.remove(at: pick % model.entries.count)
                    set.remove(e.id)
                    gone.append(e.id)
                }
            case 5:
                // A run of keystrokes at one caret, each its own change set, compared after each:
                // the set keeps such runs pending while it can (RangeSetPendingRun.swift).
                var caret = doc.position(at: span(in: doc, &input).0, unit: .utf8) ?? doc.endOfDocument
                for key in 0..<(1 + Int(input.byte()) % 12) where !input.isAtEnd {
                    let byte = input.byte()
                    let edit: (range: TextRange, text: String)
                    switch byte % 4 {
                    case 0, 1: edit = (doc.textRange(from: caret, to: caret)!, troubleAlphabet[Int(byte / 4) % troubleAlphabet.count])
                    case 2: edit = (doc.textRange(from: doc.position(from: caret, offset: -1) ?? caret, to: caret)!, "")
                    default: edit = (doc.textRange(from: caret, to: doc.position(from: caret, offset: 1) ?? caret)!, "")
                    }
                    guard let changes = try? ChangeSet([edit], in: doc) else { break }
                    try apply(changes, to: &set, &model, &doc, gone: &gone, label: "\(label) key \(key)")
                    let end = changes.replacements.last.map { $0.utf8Range.lowerBound + $0.inserted.utf8.count } ?? 0
                    caret = doc.position(at: min(end, doc.count(in: .utf8)), unit: .utf8) ?? doc.endOfDocument
                    try compare(set, model, gone: gone, doc: doc, label: "\(label) key \(key)")
                    if byte & 64 != 0 {
                        let (a, b) = span(in: doc, &input)
                        let got = set.ranges(overlapping: range(doc, a, b)), want = model.overlapping(a, b)
                        try expect(got.map(\.id) == want.map(\.id), "\(label) key \(key): overlapping \(a)..<\(b)")
                    }
                }
            case 3, 4:
                guard let changes = changeSet(in: doc, &input) else { break }
                try checkReferenceMapping(changes, label: label)
                try apply(changes, to: &set, &model, &doc, gone: &gone, label: label)
            case 6:
                if copies.count < 3 { copies.append((set, model.inOrder)) }
                let i = Int(input.byte()) % max(1, model.entries.count)
                if i < model.entries.count, set.setValue(-i, of: model.entries[i].id) { model.entries[i].value = -i }
            default:
                let (a, b) = span(in: doc, &input)
                let got = set.ranges(overlapping: range(doc, a, b))
                let want = model.overlapping(a, b)
                try expect(got.map(\.id) == want.map(\.id), "\(label): overlapping \(a)..<\(b): \(got.map(\.id)), expected \(want.map(\.id))")
            }
            try compare(set, model, gone: gone, doc: doc, label: label)
        }
        for (copy, entries) in copies {
            try expect(copy.all.map { $0.id } == entries.map(\.id) && copy.all.map { $0.value } == entries.map(\.value),
                       "a copy changed when the set it was taken from did")
            try expect(copy._invariantViolation() == nil, "copy: \(copy._invariantViolation() ?? "")")
        }
    }

    // MARK: Held by a TextInput

    final class Recorder: TextInputDelegate {
        var changes: [ChangeSet] = []
        func textInput(_ input: TextInput, didApply changes: ChangeSet) { self.changes.append(changes) }
    }

    static func runInput(_ text: String, _ input: inout FuzzBytes) throws(FuzzFailure) {
        let field = TextInput(text)
        let recorder = Recorder()
        field.delegate = recorder
        let key = field.addRangeSet(Set())
        var model = FlatRangeSet()
        var value = 0
        var step = 0
        while !input.isAtEnd && step < 80 {
            step += 1
            let label = "input step \(step)"
            let doc = field.document
            switch input.byte() % 10 {
            case 0, 1:
                let (a, b) = span(in: doc, &input)
                let flags = input.byte()
                value += 1
                let stickiness = stickinesses[Int(flags & 3)]
                let id = field.updateRangeSet(key) {
                    $0.insert(range(doc, a, b), value: value, stickiness: stickiness, removeWhenEmptied: flags & 4 != 0)
                }
                guard let id else { throw FuzzFailure(message: "\(label): the input lost its range set") }
                model.entries.append(.init(id: id, start: a, end: b, stickiness: stickiness, removeWhenEmptied: flags & 4 != 0,
                                           value: value))
            case 2, 3:
                field.insertText(troubleAlphabet[Int(input.byte()) % troubleAlphabet.count])
            case 4:
                field.deleteBackward()
            case 5:
                field.undo()
            case 6:
                field.redo()
            case 7:
                let (a, b) = span(in: doc, &input)
                field.selectedTextRange = TextRange(_utf8: a, b)  // the input snaps it
            case 8:
                guard let changes = changeSet(in: doc, &input) else { break }
                do { try field.applyRemote(changes) } catch { throw FuzzFailure(message: "\(label): applyRemote refused \(changes)") }
            default:
                if input.byte() % 4 == 0 { field.text = troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }
            }
            for changes in recorder.changes { _ = model.apply(changes) }
            recorder.changes.removeAll()
            guard let set = field.rangeSet(key) else { throw FuzzFailure(message: "\(label): the input lost its range set") }
            try compare(set, model, gone: [], doc: field.document, label: label)
        }
    }

    // MARK: Checks

    /// Applies `changes` to the set, the reference and the document; the ids the set removed
    /// must be the reference's, and they join `gone`.
    static func apply(_ changes: ChangeSet, to set: inout Set, _ model: inout FlatRangeSet, _ doc: inout TextDocument,
                      gone: inout [Set.ID], label: String) throws(FuzzFailure) {
        let removed = set.apply(changes)
        let expected = model.apply(changes)
        try expect(Swift.Set(removed) == Swift.Set(expected) && removed.count == expected.count,
                   "\(label): apply(\(changes)) removed \(removed), expected \(expected)")
        gone += removed
        do { try doc.apply(changes) } catch { throw FuzzFailure(message: "\(label): document refused \(changes)") }
    }

    static func compare(_ set: Set, _ model: FlatRangeSet, gone: [Set.ID], doc: TextDocument, label: String) throws(FuzzFailure) {
        if let problem = set._invariantViolation() { throw FuzzFailure(message: "\(label): invariant: \(problem)") }
        let got = set.all, want = model.inOrder
        try expect(got.count == want.count && set.count == want.count, "\(label): \(got.count) ranges, expected \(want.count)")
        for (g, w) in zip(got, want) {
            let r = (g.range._utf8Offsets.lowerBound, g.range._utf8Offsets.upperBound)
            try expect(g.id == w.id && r.0 == w.start && r.1 == w.end && g.value == w.value,
                       "\(label): \(g.id) at \(r) value \(g.value), expected \(w.id) at \(w.start)..<\(w.end) value \(w.value)")
            try expect(set.range(of: w.id) == g.range && set.value(of: w.id) == w.value, "\(label): lookup of \(w.id)")
        }
        for id in gone { try expect(set.range(of: id) == nil && set.value(of: id) == nil, "\(label): removed \(id) still found") }
    }

    /// The reference's mapping is `ChangeSet.mapUTF8(_:bias:)` inside the old text.
    static func checkReferenceMapping(_ changes: ChangeSet, label: String) throws(FuzzFailure) {
        for x in 0...changes.oldUTF8Count {
            for bias in [TextEdit.Bias.before, .after] {
                try expect(FlatRangeSet.map(x, bias, through: changes) == changes.mapUTF8(x, bias: bias),
                           "\(label): reference maps \(x) \(bias) differently from the change set")
            }
        }
    }

    // MARK: Decoding

    static let stickinesses: [Set.Stickiness] = [.alwaysGrows, .neverGrows, .growsBefore, .growsAfter]

    /// Two UTF-8 offsets of scalar starts in `doc` (inside clusters too), in order.
    static func span(in doc: TextDocument, _ input: inout FuzzBytes) -> (Int, Int) {
        let scalars = Array(doc.string.unicodeScalars)
        let n = scalars.count
        let lo = Int(input.byte()) % (n + 1)
        let hi = min(n, lo + Int(input.byte()) % 6)
        let utf8 = scalars.prefix(hi).reduce(into: [0]) { $0.append($0.last! + String($1).utf8.count) }
        return (utf8[lo], utf8[hi])
    }

    static func range(_ doc: TextDocument, _ a: Int, _ b: Int) -> TextRange {
        TextRange(_utf8: a, b)
    }

    /// 1–4 edits at grapheme positions with 0–2 pieces each, as one change set; nil when they
    /// overlap.
    static func changeSet(in doc: TextDocument, _ input: inout FuzzBytes) -> ChangeSet? {
        let edits = (0...Int(input.byte()) % 4).map { _ -> (range: TextRange, text: String) in
            let g = doc.count(in: .grapheme)
            let lo = Int(input.byte()) % (g + 1), hi = min(g, lo + Int(input.byte()) % 5)
            let text = (0..<Int(input.byte()) % 3).map { _ in troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }.joined()
            return (doc.textRange(from: doc.position(at: lo)!, to: doc.position(at: hi)!)!, text)
        }
        return try? ChangeSet(edits, in: doc)
    }
}
