@_spi(Testing) import Caret
import Foundation

/// The editing model's workloads (issue 10, "Performance"): typing into the generated document
/// one `insertText` at a time, undoing it step by step, and the memory the undo history holds.
extension Bench {
    /// Keystrokes per run.
    static let keystrokes = 10_000

    mutating func inputWorkloads(_ generated: [UInt8]) {
        guard !generated.isEmpty else { return }
        let text = String(decoding: generated, as: UTF8.self)
        // The editing model alone: issue 11's typing transforms (measured by `traits.`) off.
        let input = TextInput(text, traits: TextInputTraits(autocapitalization: .none, smartQuotes: false,
                                                             smartDashes: false, smartInsertDelete: false))
        let length = input.document.count(in: .utf8)
        for (label, fraction) in [("end", 1.0), ("middle", 0.5)] {
            typingAndUndo(input, at: fraction, label: label, originalLength: length)
        }
        if selected("input.history-memory") { historyMemory(input, generated) }
    }

    /// What one keystroke types: the edit workloads' graphemes (ASCII, é, 中, 👍🏽, ש, 🇫🇷, क्ष, space).
    static func keystroke(_ k: Int) -> String { insertedGraphemes[k % insertedGraphemes.count] }

    /// Puts the caret `fraction` of the way into the text (a change from code: no undo step).
    static func placeCaret(_ input: TextInput, at fraction: Double) {
        let doc = input.document
        let p = doc.position(at: Int(Double(doc.count) * fraction))!
        input.selectedTextRange = doc.textRange(from: p, to: p)
    }

    /// `count` keystrokes (`keystroke(_:)`) at the caret, each `insertText` timed alone, in µs,
    /// with a pause (`breakUndoCoalescing`, untimed) after each so that each is its own undo step.
    static func timedKeystrokes(_ input: TextInput, count: Int) -> [Double] {
        var times = [Double](repeating: 0, count: count)
        for k in 0..<count {
            let s = keystroke(k)
            let t0 = nowNanoseconds()
            caretBenchMeasured { input.insertText(s) }
            times[k] = Double(nowNanoseconds() - t0) / 1e3
            input.breakUndoCoalescing()
        }
        return times
    }

    /// 10,000 keystrokes at the end or in the middle, each `insertText` timed alone, a pause
    /// (`breakUndoCoalescing`, untimed) after each so that every keystroke is its own undo step;
    /// then 10,000 `undo()` calls, each timed alone. Samples are the per-repetition medians.
    mutating func typingAndUndo(_ input: TextInput, at fraction: Double, label: String, originalLength: Int) {
        let typeName = "input.type-\(label)", undoName = "input.undo-\(label)"
        guard selected(typeName) || selected(undoName) else { return }
        let n = Self.keystrokes
        var typeMedians: [Double] = [], undoMedians: [Double] = []
        var typeTail: [Double] = [], undoTail: [Double] = []
        var typed = 0
        for _ in 0..<reps {
            Self.placeCaret(input, at: fraction)
            var times = Self.timedKeystrokes(input, count: n)
            typed = (0..<n).reduce(0) { $0 + Self.keystroke($1).utf8.count }
            check(input.document.count(in: .utf8) == originalLength + typed, "\(typeName): text grew by \(input.document.count(in: .utf8) - originalLength) bytes, not \(typed)")
            typeMedians.append(median(times))
            typeTail.append(Self.percentile99(times))
            for k in 0..<n {
                let t0 = nowNanoseconds()
                caretBenchMeasured { input.undo() }
                times[k] = Double(nowNanoseconds() - t0) / 1e3
            }
            check(input.document.count(in: .utf8) == originalLength && !input.canUndo,
                  "\(undoName): after 10,000 undos the text has \(input.document.count(in: .utf8)) bytes, not \(originalLength) (canUndo \(input.canUndo))")
            undoMedians.append(median(times))
            undoTail.append(Self.percentile99(times))
        }
        let place = label == "end" ? "at the end" : "in the middle"
        if selected(typeName) {
            record(Workload(name: typeName, unit: "us/op", samples: typeMedians,
                            note: String(format: "median insertText of one grapheme %@ of the %d MB document, 10,000 keystrokes, each its own undo step; 99th percentile %.2f us", place, sizeMB, median(typeTail))))
        }
        if selected(undoName) {
            record(Workload(name: undoName, unit: "us/op", samples: undoMedians,
                            note: String(format: "median undo() of one of those 10,000 steps; 99th percentile %.2f us", median(undoTail))))
        }
    }

    /// The 99th percentile of `samples` (the single slowest call on a shared machine is the
    /// scheduler's, not the code's).
    static func percentile99(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    }

    /// Heap the undo history holds after 10,000 keystrokes: glibc's heap in use after typing
    /// them into the `TextInput`, minus the same for a plain `TextDocument` given the same
    /// 10,000 inserts (so the text's own growth cancels out). Both a pause after every keystroke
    /// (10,000 steps, the worst case) and continuous typing (one coalesced step).
    mutating func historyMemory(_ input: TextInput, _ generated: [UInt8]) {
        guard Memory.heapInUse() != nil else { log("memory: malloc_info unavailable; skipped"); return }
        let n = Self.keystrokes
        func heapGrowth(_ body: () -> Void) -> Int {
            Memory.trim()
            let before = Memory.heapInUse()!
            body()
            Memory.trim()
            return Memory.heapInUse()! - before
        }
        // A document of its own (sharing no nodes with the input's, so neither pays for copies).
        guard var plain = try? TextDocument(validatingUTF8: generated) else { return }
        let middle = plain.position(at: plain.count / 2)!
        let plainGrowth = heapGrowth {
            var p = middle
            for k in 0..<n {
                let r = try? plain.replace(plain.textRange(from: p, to: p)!, withText: Self.keystroke(k))
                p = r?.end ?? p
            }
        }
        blackHole(plain)
        var figures: [String: Double] = [:]
        var counted: [String: Int] = [:]
        for (label, pause) in [("steps", true), ("coalesced", false)] {
            // No steps left from earlier work: their release would count against this growth.
            input.text = input.text
            Self.placeCaret(input, at: 0.5)
            let growth = heapGrowth {
                for k in 0..<n {
                    input.insertText(Self.keystroke(k))
                    if pause { input.breakUndoCoalescing() }
                }
            }
            figures[label] = Double(growth - plainGrowth)
            counted[label] = input.undoHistoryByteCount
            check(input.canUndo, "input.history-memory: nothing to undo after typing")
        }
        record(Workload(name: "input.history-memory", unit: "kB", samples: [figures["steps"]! / 1024],
                        note: String(format: "heap held beyond the text after 10,000 keystrokes each its own undo step (TextInput minus a TextDocument given the same inserts, glibc malloc_info; the history's own count of its steps and strings: %.1f kB); continuous typing, one step: %.1f kB (own count %.1f kB); the text's growth alone %.1f kB", Double(counted["steps"]!) / 1024, figures["coalesced"]! / 1024, Double(counted["coalesced"]!) / 1024, Double(plainGrowth) / 1024)))
    }
}
