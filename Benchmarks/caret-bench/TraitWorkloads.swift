import Caret
import CaretCorpus
import Foundation

// Workloads of the traits and field rules (issue 11): a keystroke through `TextInput` with the
// traits on, in a 1,000-cluster field and in a 1 MB multi-line view. A keystroke is the whole
// user edit: the traits' transforms, the delegate stage, the rules, the document edit, undo
// and events. See Benchmarks/README.md.

extension Bench {
    /// What is typed, one `insertText` per character: quotes, an apostrophe, a double dash,
    /// sentence ends with abbreviations, so that every typing rule has work to do.
    static let traitKeys = "he said \"don't -- stop.\" then mr. smith left. 'ok' i said. "
    /// What the traits make of `traitKeys` typed after the end of a sentence (English).
    static let traitKeysTyped = "He said “don’t – stop.” Then mr. Smith left. ‘Ok’ i said. "

    mutating func traitWorkloads(samples: [String]) {
        if selected("traits.field-keystroke") { fieldKeystrokes(samples) }
        if selected("traits.view-keystroke-1mb") { viewKeystrokes(samples) }
    }

    /// A single-line field holding about 1,000 clusters with every trait on (sentence
    /// autocapitalization, smart quotes, dashes, insert/delete, Return enabled automatically),
    /// the length rule and a pattern (matched on the whole text at every keystroke): types
    /// `traitKeys` three times at the end (~180 keystrokes, the text growing from 900 to
    /// ~1,080 clusters); µs per keystroke.
    mutating func fieldKeystrokes(_ samples: [String]) {
        let line = samples.joined(separator: " ").split(whereSeparator: \.isNewline).joined(separator: " ")
        var start = String(line.prefix(900))
        while start.count < 900 { start += " abc" }
        start = String(start.prefix(898)) + ". "
        let traits = TextInputTraits(enablesReturnKeyAutomatically: true)
        let pattern: TextPattern
        do { pattern = try TextPattern("^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}\\p{Cf}]*$") } catch {
            return check(false, "traits.field-keystroke: \(error)")
        }
        let rules = TextInputRules(maximumLength: 5_000, pattern: pattern, clearButtonMode: .whileEditing)
        let keys = Array(String(repeating: Self.traitKeys, count: 3)).map(String.init)
        var last = ""
        let samples = (0..<reps).map { _ -> Double in
            let input = TextInput(start, kind: .singleLine, traits: traits, rules: rules)
            input.locale = "en"
            typeKeys: do {                  // opens the locale's ICU services outside the timing
                for key in [".", " ", "x"] { input.insertText(key) }
                for _ in 0..<3 { input.deleteBackward() }
            }
            let t = seconds { for key in keys { input.insertText(key) } }
            last = input.text
            return t * 1e6 / Double(keys.count)
        }
        check(last.hasSuffix(String(repeating: Self.traitKeysTyped, count: 3)),
              "traits.field-keystroke: typed text came out as \(last.suffix(60).debugDescription)")
        record(Workload(name: "traits.field-keystroke", unit: "us/op", samples: samples,
                        note: "insertText per key, 1,000-cluster field, every trait, maximumLength, pattern"))
    }

    /// A multi-line view holding 1 MB of the generated multilingual text with the default traits
    /// (sentence autocapitalization and smart quotes among them): types `traitKeys` 20 times
    /// (~1,200 keystrokes) in the middle, after a line break; µs per keystroke.
    mutating func viewKeystrokes(_ samples: [String]) {
        let bytes = DocumentGenerator.generateUTF8(byteCount: 1_000_000, seed: Bench.seed, samples: samples)
        let text = String(decoding: bytes, as: UTF8.self)
        let keys = Array(String(repeating: Self.traitKeys, count: 20)).map(String.init)
        var typed = ""
        let samples = (0..<reps).map { _ -> Double in
            let input = TextInput(text, kind: .multiLine)
            input.locale = "en"
            input.beginEditing()
            let middle = input.document.position(at: input.document.count / 2)!
            input.selectedTextRange = input.document.textRange(from: middle, to: middle)
            input.insertText("\n")          // a new paragraph: the typed text starts a sentence
            input.insertText("x")
            input.deleteBackward()
            let t = seconds { for key in keys { input.insertText(key) } }
            let end = input.selectedTextRange!.end
            typed = input.document.textRange(from: middle, to: end).flatMap { input.document.text(in: $0) } ?? ""
            return t * 1e6 / Double(keys.count)
        }
        check(typed == "\n" + String(repeating: Self.traitKeysTyped, count: 20),
              "traits.view-keystroke-1mb: typed text came out as \(typed.prefix(60).debugDescription)")
        record(Workload(name: "traits.view-keystroke-1mb", unit: "us/op", samples: samples,
                        note: "insertText per key in the middle of 1 MB, default traits"))
    }
}
