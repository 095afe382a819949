import Caret
import CaretCorpus
import Foundation

// Workloads of the finger (the document's memory of its last lookup or edit): lookups that each
// land near the previous one, and typing at one place. See Benchmarks/README.md.

extension Bench {
    /// `position(at:)` where each offset is the previous one ± up to 100 clusters (a caret moved
    /// by a few words, a viewport scrolled by a line), 100,000 lookups from a random start.
    mutating func sequentialLookups(_ doc: TextDocument) {
        let n = 100_000
        var rng = SplitMix64(seed: 77)
        var offsets = [Int](repeating: 0, count: n)
        var at = rng.below(doc.count + 1)
        for k in 0..<n {
            at = min(max(at + rng.below(201) - 100, 0), doc.count)
            offsets[k] = at
        }
        var positions = [TextPosition](repeating: doc.beginningOfDocument, count: n)
        var missing = 0
        let t = timed(reps) {
            for k in 0..<n {
                if let p = doc.position(at: offsets[k]) { positions[k] = p } else { missing += 1 }
            }
        }
        check(missing == 0, "position.sequential-nearby: \(missing) lookups returned nil")
        var wrong = 0
        for k in stride(from: 0, to: n, by: 97) where doc.offset(of: positions[k]) != offsets[k] { wrong += 1 }
        check(wrong == 0, "position.sequential-nearby: \(wrong) positions do not round-trip to their grapheme offset")
        record(Workload(name: "position.sequential-nearby", unit: "ns/op", samples: t.map { $0 * 1e9 / Double(n) },
                        note: "position(at:) 100k offsets, each within ±100 clusters of the previous"))
    }

    /// Typing at one place: `insert(_:at:)` of one character at a time at the end of what was
    /// just typed (the caret follows the returned range), 20,000 keystrokes (quick 5,000) of
    /// English prose with spaces and a line break per sentence, from the middle of the document.
    mutating func typing(_ doc: TextDocument) {
        let n = quick ? 5_000 : 20_000
        let sentence = Array("The quick brown fox jumps over the lazy dog, then types on.\n").map(String.init)
        var typed = doc
        var failed = 0
        let start = doc.count / 2
        let t = timed(reps) {
            var d = doc
            guard var caret = d.position(at: start) else { failed += 1; return }
            for k in 0..<n {
                do { caret = try d.insert(sentence[k % sentence.count], at: caret).end } catch { failed += 1 }
            }
            typed = d
        }
        check(failed == 0, "edit.typing-one-place: \(failed) keystrokes failed")
        let expected = Array((0..<n).map { sentence[$0 % sentence.count] }.joined().utf8)
        let from = doc.offset(of: doc.position(at: start)!, unit: .utf8)!
        let all = Array(typed.string.utf8)
        check(all.count == doc.count(in: .utf8) + expected.count && Array(all[from..<(from + expected.count)]) == expected,
              "edit.typing-one-place: the typed text is not where it was typed")
        checkAgainstICU(typed, "edit.typing-one-place")
        record(Workload(name: "edit.typing-one-place", unit: "ns/op", samples: t.map { $0 * 1e9 / Double(n) },
                        note: "insert(_:at:) of one character at the caret, \(n) keystrokes in the middle of the document"))
    }
}
