@_spi(Testing) import Caret
import CaretCorpus
import Foundation

/// Range sets (issue 23): 100,000 ranges held by a `TextInput` on the generated document while
/// typing, looking one up by id, the ranges of a 4 KB screenful, the heap a range takes, and
/// automerge-paper replayed with 10,000 ranges following every patch.
extension Bench {
    /// Ranges held in the generated-document workloads.
    static let heldRanges = 100_000

    mutating func rangeSetWorkloads(_ generated: [UInt8]) {
        guard !generated.isEmpty else { return }
        let doc = (try? TextDocument(validatingUTF8: generated)) ?? TextDocument()
        let set = Self.spreadRanges(over: doc, count: Self.heldRanges)
        check(set.count == Self.heldRanges && set._invariantViolation() == nil, "ranges.: building \(Self.heldRanges) ranges")
        if selected("ranges.keystroke-100k") { rangeKeystrokes(generated, set) }
        if selected("ranges.apply-keystroke-100k") { rangeApplyKeystroke(doc, set) }
        if selected("ranges.lookup-by-id") { rangeLookups(set) }
        if selected("ranges.overlapping-4kb") { rangeScreenfuls(doc, set) }
        if selected("ranges.memory-100k") { rangeMemory(doc) }
        if selected("ranges.attribute-runs-memory") { attributeRunsMemory(generated) }
        if selected("ranges.insert-100k") { rangeInserts(doc) }
    }

    /// The 100,000 ranges of `spreadRanges` put into an empty set one by one, in document order
    /// (diagnostics as a language server sends them): ns an insertion, the ranges' positions
    /// made before the clock starts.
    mutating func rangeInserts(_ doc: TextDocument) {
        let specs = Self.spreadRangeSpecs(over: doc, count: Self.heldRanges)
        var built = TextRangeSet<UInt8>()
        let times = timed(reps) {
            var set = TextRangeSet<UInt8>()
            for s in specs { set.insert(s.range, value: s.value, stickiness: s.stickiness, removeWhenEmptied: s.removeWhenEmptied) }
            built = set
        }
        check(built.count == specs.count && built._invariantViolation() == nil, "ranges.insert-100k: the set built")
        record(Workload(name: "ranges.insert-100k", unit: "ns/op", samples: times.map { $0 * 1e9 / Double(max(specs.count, 1)) },
                        note: "\(specs.count) ranges inserted one by one in document order into an empty set (1–16 bytes, every stickiness) over the \(sizeMB) MB document"))
    }

    /// Heap of the attribute runs of a `TextInput` holding the generated document with a run
    /// every 10 grapheme clusters (two attribute sets in turn, so none merge), put in through
    /// `restore(_:)` (no undo steps), per byte of text.
    mutating func attributeRunsMemory(_ generated: [UInt8]) {
        guard Memory.heapInUse() != nil else { log("memory: malloc_info unavailable; skipped"); return }
        let input = TextInput(String(decoding: generated, as: UTF8.self))
        let doc = input.document
        let bold: TextAttributes = ["weight": "bold"], plain = TextAttributes()
        var runs: [TextAttributeRun] = []
        var at16 = 0, k = 0
        for g in stride(from: 10, through: doc.count + 9, by: 10) {
            let end16 = doc.offset(of: doc.position(at: min(g, doc.count))!, unit: .utf16)!
            runs.append(TextAttributeRun(utf16Length: end16 - at16, attributes: k % 2 == 0 ? bold : plain))
            at16 = end16
            k += 1
        }
        var state = input.state
        state.attributeRuns = runs
        runs = []
        Memory.trim()
        let before = Memory.heapInUse()!
        input.restore(state)
        Memory.trim()
        let after = Memory.heapInUse()!  // the saved runs still held on both sides
        state.attributeRuns = nil
        let kept = input.attributeRuns(in: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!)?.count ?? 0
        check(kept == k, "ranges.attribute-runs-memory: \(kept) runs kept, \(k) given")
        record(Workload(name: "ranges.attribute-runs-memory", unit: "B/B", samples: [Double(after - before) / Double(generated.count)],
                        note: "heap of the attribute runs (a run every 10 grapheme clusters, \(k) runs) per byte of the \(sizeMB) MB document's text (glibc malloc_info)"))
    }

    /// `count` ranges spread evenly over `doc`: each 1–16 bytes long at a grapheme boundary,
    /// every stickiness in turn, one in eight removed when emptied; values are severities.
    static func spreadRanges(over doc: TextDocument, count: Int) -> TextRangeSet<UInt8> {
        var set = TextRangeSet<UInt8>()
        for s in spreadRangeSpecs(over: doc, count: count) {
            set.insert(s.range, value: s.value, stickiness: s.stickiness, removeWhenEmptied: s.removeWhenEmptied)
        }
        return set
    }

    /// What `spreadRanges` inserts, in document order.
    static func spreadRangeSpecs(over doc: TextDocument, count: Int)
        -> [(range: TextRange, value: UInt8, stickiness: TextRangeSet<UInt8>.Stickiness, removeWhenEmptied: Bool)] {
        let length = doc.count(in: .utf8)
        guard length > 0 else { return [] }
        let kinds: [TextRangeSet<UInt8>.Stickiness] = [.neverGrows, .alwaysGrows, .growsBefore, .growsAfter]
        return (0..<count).compactMap { k in
            let at = Int(Double(k) * Double(length) / Double(count))
            guard let p = doc.position(at: at, unit: .utf8), let q = doc.position(at: min(length, at + 1 + k % 16), unit: .utf8),
                  let r = doc.textRange(from: p, to: q) else { return nil }
            return (r, UInt8(k % 4), kinds[k % 4], k % 8 == 0)
        }
    }

    /// 10,000 keystrokes in the middle of the document in a `TextInput` holding the 100,000
    /// ranges, each `insertText` timed alone (a pause after each, as `input.type-middle`), against
    /// the same keystrokes in an input holding none, alternating per repetition.
    mutating func rangeKeystrokes(_ generated: [UInt8], _ set: TextRangeSet<UInt8>) {
        let text = String(decoding: generated, as: UTF8.self)
        let traits = TextInputTraits(autocapitalization: .none, smartQuotes: false, smartDashes: false, smartInsertDelete: false)
        let plain = TextInput(text, traits: traits)
        let held = TextInput(text, traits: traits)
        let key = held.addRangeSet(set)
        let n = Self.keystrokes
        func type(_ input: TextInput) -> Double {
            Self.placeCaret(input, at: 0.5)
            let times = Self.timedKeystrokes(input, count: n)
            while input.canUndo { input.undo() }
            return median(times)
        }
        var with: [Double] = [], without: [Double] = []
        for _ in 0..<reps {
            without.append(type(plain))
            with.append(type(held))
        }
        let after = held.rangeSet(key)
        check(after?.count == set.count && after?._invariantViolation() == nil, "ranges.keystroke: the ranges after typing and undoing")
        // Typed and undone: every range is back where it was.
        let same = after.map { a in zip(a.all, set.all).allSatisfy { $0.range == $1.range && $0.id == $1.id } } ?? false
        check(same, "ranges.keystroke: typing then undoing everything moved ranges")
        record(Workload(name: "ranges.keystroke-100k", unit: "us/op", samples: with, baseline: median(without),
                        note: String(format: "median insertText of one grapheme in the middle of the %d MB document with 100,000 ranges held by the TextInput (traits off), 10,000 keystrokes each its own undo step; baseline: the same input holding none, same run; difference %.3f us", sizeMB, median(with) - median(without))))
    }

    /// The maintenance alone: `TextRangeSet.apply(_: TextEdit)` for a one-byte insertion in the
    /// middle of the 100,000 ranges, 100,000 times (the set shared with nobody).
    mutating func rangeApplyKeystroke(_ doc: TextDocument, _ set: TextRangeSet<UInt8>) {
        let middle = doc.count(in: .utf8) / 2
        let ops = 100_000
        var samples: [Double] = []
        for _ in 0..<reps {
            var s = set
            s.insert(TextRange(_utf8: 0, 0), value: 0)  // unshared before timing
            var at = middle
            let t = seconds {
                for _ in 0..<ops {
                    let edit = TextEdit(replacedUTF8Range: at..<at, insertedUTF8Range: at..<(at + 1),
                                        replacedUTF16Range: at..<at, insertedUTF16Range: at..<(at + 1))
                    s.apply(edit)
                    at += 1
                }
            }
            check(s._invariantViolation() == nil, "ranges.apply-keystroke: invariants")
            blackHole(s)
            samples.append(t * 1e9 / Double(ops))
        }
        record(Workload(name: "ranges.apply-keystroke-100k", unit: "ns/op", samples: samples,
                        note: "TextRangeSet.apply(TextEdit) of a one-byte insertion in the middle of 100,000 ranges, typing forward, 100,000 times"))
    }

    /// `range(of:)` of 100,000 random ids of the 100,000.
    mutating func rangeLookups(_ set: TextRangeSet<UInt8>) {
        let ids = set.all.map(\.id)
        var rng = SplitMix64(seed: 29)
        let picks = (0..<100_000).map { _ in ids[Int.random(in: 0..<ids.count, using: &rng)] }
        var samples: [Double] = []
        var found = 0
        for _ in 0..<reps {
            found = 0
            let t = seconds {
                for id in picks where set.range(of: id) != nil { found += 1 }
            }
            samples.append(t * 1e9 / Double(picks.count))
        }
        check(found == picks.count, "ranges.lookup-by-id: \(picks.count - found) ids not found")
        record(Workload(name: "ranges.lookup-by-id", unit: "ns/op", samples: samples,
                        note: "TextRangeSet.range(of:) of random ids among 100,000 ranges on the \(sizeMB) MB document"))
    }

    /// `ranges(overlapping:)` of 10,000 random 4 KB windows.
    mutating func rangeScreenfuls(_ doc: TextDocument, _ set: TextRangeSet<UInt8>) {
        let length = doc.count(in: .utf8)
        var rng = SplitMix64(seed: 29)
        let windows = (0..<10_000).map { _ -> TextRange in
            let a = Int.random(in: 0...max(0, length - 4096), using: &rng)
            return TextRange(_utf8: a, min(length, a + 4096))
        }
        var samples: [Double] = []
        var hits = 0
        for _ in 0..<reps {
            hits = 0
            let t = seconds {
                for w in windows { hits += set.ranges(overlapping: w).count }
            }
            samples.append(t * 1e6 / Double(windows.count))
        }
        record(Workload(name: "ranges.overlapping-4kb", unit: "us/op", samples: samples,
                        note: String(format: "TextRangeSet.ranges(overlapping:) of a random 4 KB window among 100,000 ranges on the %d MB document (%.1f ranges a window)", sizeMB, Double(hits) / Double(windows.count))))
    }

    /// Heap per range: glibc's heap in use before and after building 100,000 ranges (values of
    /// one byte), by inserting them in order and in random order.
    mutating func rangeMemory(_ doc: TextDocument) {
        guard Memory.heapInUse() != nil else { log("memory: malloc_info unavailable; skipped"); return }
        func perRange(shuffled: Bool) -> Double {
            let length = doc.count(in: .utf8)
            // The order of insertion (8 bytes a range) is the benchmark's, not the set's: made
            // before the heap is measured.
            var order = Array(0..<Self.heldRanges)
            if shuffled {
                var rng = SplitMix64(seed: 23)
                order.shuffle(using: &rng)
            }
            Memory.trim()
            let before = Memory.heapInUse()!
            var set = TextRangeSet<UInt8>()
            for k in order {
                let at = Int(Double(k) * Double(length) / Double(Self.heldRanges))
                set.insert(TextRange(_utf8: at, min(length, at + 1 + k % 16)), value: UInt8(k % 4))
            }
            Memory.trim()
            let after = Memory.heapInUse()!
            blackHole(set)
            return Double(after - before) / Double(Self.heldRanges)
        }
        let inOrder = perRange(shuffled: false), random = perRange(shuffled: true)
        record(Workload(name: "ranges.memory-100k", unit: "B/range", samples: [random],
                        note: String(format: "heap per range of a TextRangeSet<UInt8> of 100,000 ranges added in random order (glibc malloc_info, leaves, summary tree and id index); added in document order: %.1f B/range", inOrder)))
    }

    /// automerge-paper replayed through `TextDocument.edit(_:in:replacingWith:)` from its
    /// middle patch on, with 10,000 ranges spread over the text at that point following every
    /// patch (`TextRangeSet.apply(_: TextEdit)`), against the same replay without them.
    mutating func rangeTraceReplay() {
        guard let path = CorpusLocator.defaultTraceFiles(corpus: corpus).first(where: { EditingTrace.name(forPath: $0) == "automerge-paper" }),
              let trace = try? EditingTrace.load(path: path) else {
            check(false, "ranges.automerge-paper-10k: trace not found")
            return
        }
        let half = trace.patches.count / 2
        var start = TextDocument(trace.startContent)
        for p in trace.patches[..<half] {
            _ = try? start.edit(p.position..<(p.position + p.deleted), in: .unicodeScalar, replacingWith: p.inserted)
        }
        let ranges = Self.spreadRanges(over: start, count: 10_000)
        let rest = trace.patches[half...]
        var with: [Double] = [], without: [Double] = []
        var final = TextDocument(), finalSet = ranges
        for _ in 0..<traceReps {
            var d = start
            without.append(seconds {
                for p in rest { _ = try? d.edit(p.position..<(p.position + p.deleted), in: .unicodeScalar, replacingWith: p.inserted) }
            } * 1e3)
            blackHole(d)
            var e = start, set = ranges
            with.append(seconds {
                for p in rest {
                    if let edit = try? e.edit(p.position..<(p.position + p.deleted), in: .unicodeScalar, replacingWith: p.inserted) {
                        set.apply(edit)
                    }
                }
            } * 1e3)
            final = e
            finalSet = set
        }
        check(final.string == trace.endContent, "ranges.automerge-paper-10k: final text differs")
        check(finalSet._invariantViolation() == nil, "ranges.automerge-paper-10k: invariants")
        record(Workload(name: "ranges.automerge-paper-10k", unit: "ms", samples: with, baseline: median(without),
                        note: String(format: "the second half of automerge-paper (%d patches) with 10,000 ranges (spread over the %d-byte text at its middle) following every patch; baseline: the same replay without them, same run; %d ranges left", rest.count, start.count(in: .utf8), finalSet.count)))
    }
}
