@_spi(Testing) import Caret
import Foundation

/// The editing model's keystroke at the caret, timed in batches (issue 22's targets): typing
/// English prose into the middle of the generated document through `TextInput.insertText`
/// with the traits off (`.plain`) and with a view's default traits, then undoing one step at
/// a time. The per-call workloads (`input.type-end`, `input.undo-end`) time each call alone and
/// carry the clock's own cost; these divide one timed loop by its keystrokes.
extension Bench {
    mutating func keystrokeWorkloads(_ generated: [UInt8]) {
        guard !generated.isEmpty else { return }
        let text = String(decoding: generated, as: UTF8.self)
        let sentence = Array("The quick brown fox jumps over the lazy dog, then types on.\n").map(String.init)
        let n = quick ? 5_000 : 20_000
        for (name, traits) in [("input.keystroke-plain", TextInputTraits.plain), ("input.keystroke-view", TextInputTraits())] {
            guard selected(name) || (name.hasSuffix("plain") && selected("input.undo-step")) else { continue }
            var typeSamples: [Double] = [], undoSamples: [Double] = []
            var ok = true
            for _ in 0..<reps {
                let input = TextInput(text, kind: .multiLine, traits: traits)
                input.locale = "en"
                input.beginEditing()
                Self.placeCaret(input, at: 0.5)
                input.insertText("\n")          // a new paragraph: the typed text starts a sentence
                input.breakUndoCoalescing()
                let before = input.document.count(in: .utf8)
                typeSamples.append(seconds { for k in 0..<n { input.insertText(sentence[k % sentence.count]) } } * 1e9 / Double(n))
                ok = ok && input.document.count(in: .utf8) == before + n
                guard name.hasSuffix("plain") else { continue }
                // One step per keystroke: undo every one of them, one call each.
                Self.placeCaret(input, at: 0.5)
                for k in 0..<n {
                    input.insertText(sentence[k % sentence.count])
                    input.breakUndoCoalescing()
                }
                let typed = input.document.count(in: .utf8)
                undoSamples.append(seconds { for _ in 0..<n { input.undo() } } * 1e9 / Double(n))
                ok = ok && input.document.count(in: .utf8) == typed - n
            }
            check(ok, "\(name): the typed or undone text has the wrong length")
            if selected(name) {
                record(Workload(name: name, unit: "ns/op", samples: typeSamples,
                                note: "insertText of one character at the caret, \(n) keystrokes of English prose in the middle of the document, \(name.hasSuffix("plain") ? "traits .plain" : "a view's default traits"), one timed loop"))
            }
            if selected("input.undo-step") && !undoSamples.isEmpty {
                record(Workload(name: "input.undo-step", unit: "ns/op", samples: undoSamples,
                                note: "undo() of one of \(n) one-keystroke steps typed in the middle of the document (traits .plain), one timed loop"))
            }
        }
    }
}
