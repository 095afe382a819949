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
        if selected("traits.insert-1mb") { longInsert(samples) }
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
            typeKeys: do {                  // opens the locale's ICU services outside the timing
                for key in ["x", ".", " ", "x", "\""] { input.insertText(key) }
                for _ in 0..<5 { input.deleteBackward() }
            }
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

    /// One `insertText` of 1 MB of the generated multilingual text (sentences, quotes, line
    /// breaks, dashes) into an empty multi-line view with the default traits: what dictation,
    /// an input method committing a paragraph or a script feeding text costs (issue #27). The
    /// baseline is the same insert with `TextInputTraits.plain` (nothing for the traits to do),
    /// so the ratio is the traits' share. Checked against the same text typed in 4 kB pieces
    /// (untimed): one insert must give exactly what the pieces give.
    mutating func longInsert(_ samples: [String]) {
        let bytes = DocumentGenerator.generateUTF8(byteCount: 1_000_000, seed: Bench.seed, samples: samples)
        let text = String(decoding: bytes, as: UTF8.self)
        func insert(_ pieces: [String], traits: TextInputTraits) -> (seconds: Double, text: String) {
            let input = TextInput(kind: .multiLine, traits: traits)
            input.locale = "en"
            input.beginEditing()
            input.insertText("x")       // opens the locale's ICU services outside the timing
            input.text = ""
            input.beginEditing()
            let t = seconds { for piece in pieces { input.insertText(piece) } }
            return (t, input.text)
        }
        var result = ""
        let times = (0..<reps).map { _ -> Double in
            let run = insert([text], traits: .init())
            result = run.text
            return run.seconds * 1e3
        }
        let plain = (0..<reps).map { _ in insert([text], traits: .plain).seconds * 1e3 }
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(4_096)))
            rest = rest.dropFirst(4_096)
        }
        let typed = insert(pieces, traits: .init()).text
        check(result == typed && result != text,
              "traits.insert-1mb: one insert of 1 MB differs from the same text in 4 kB pieces (or the traits did nothing)")
        record(Workload(name: "traits.insert-1mb", unit: "ms", samples: times, baseline: median(plain),
                        note: String(format: "one insertText of 1 MB (generated text), default traits, empty view: %.0f MB/s; baseline: the same with .plain traits", 1e3 / median(times))))
    }
}
