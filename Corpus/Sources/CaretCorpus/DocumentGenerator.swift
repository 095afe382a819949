/// A small, fast, deterministic random number generator (SplitMix64): the same seed gives the
/// same sequence on every platform and Swift version, unlike `SystemRandomNumberGenerator`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: the next output is a function of it alone.
    public var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0). Slightly biased for huge bounds; fine for tests.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Builds large, realistic, reproducible multilingual documents out of short sample texts.
///
/// The text is a sequence of paragraphs separated by a blank line: mostly single-language
/// paragraphs (consecutive lines of one sample), plus multilingual paragraphs, mixed-direction
/// lines (an RTL line with a Latin phrase spliced in at a space, or the reverse), emoji lines
/// (emoji sample lines, or prose with ZWJ sequences, flags and skin tones appended) and about
/// 6% of paragraphs with CR LF line ends. Sizes are in **UTF-8 bytes**.
public enum DocumentGenerator {
    /// A document of exactly `byteCount` UTF-8 bytes (valid UTF-8) as a `String`.
    /// The same `byteCount`, `seed` and `samples` always give the same bytes.
    /// - Parameter samples: sample texts (for example `CorpusSamples.load(directory:)` of
    ///   `Corpus/samples`, mapped to `.text`); lines are classified by their content.
    /// - Complexity: O(byteCount); about 1 s per 500 MB.
    public static func generate(byteCount: Int, seed: UInt64, samples: [String]) -> String {
        let bytes = generateUTF8(byteCount: byteCount, seed: seed, samples: samples)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTF-8 bytes of `generate(byteCount:seed:samples:)`, without building a `String`
    /// (cheaper for hundreds of megabytes).
    public static func generateUTF8(byteCount: Int, seed: UInt64, samples: [String]) -> [UInt8] {
        precondition(byteCount >= 0, "byteCount must not be negative")
        let pools = Pools(samples: samples)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount)
        guard !pools.languages.isEmpty else {
            appendFiller(to: &out, upTo: byteCount)
            return out
        }
        var rng = SplitMix64(seed: seed)
        var paragraph: [[UInt8]] = []
        var scratch: [UInt8] = []
        while true {
            paragraph.removeAll(keepingCapacity: true)
            pools.makeParagraph(into: &paragraph, scratch: &scratch, rng: &rng)
            let crlf = rng.below(100) < 6
            let terminator: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
            var size = terminator.count // the blank line after the paragraph
            for line in paragraph { size += line.count + terminator.count }
            if out.count + size > byteCount { break }
            for line in paragraph {
                out.append(contentsOf: line)
                out.append(contentsOf: terminator)
            }
            out.append(contentsOf: terminator)
        }
        appendFiller(to: &out, upTo: byteCount)
        return out
    }

    /// A pure ASCII document of exactly `byteCount` bytes (English-like words, LF lines of
    /// about 70 bytes), reproducible from `seed`.
    public static func generateASCII(byteCount: Int, seed: UInt64) -> [UInt8] {
        let words: [[UInt8]] = ["the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he",
                                "was", "for", "on", "are", "as", "with", "his", "they", "I", "at",
                                "be", "this", "have", "from", "or", "one", "had", "by", "word",
                                "but", "not", "what", "all", "were", "we", "when", "your", "can",
                                "said", "there", "use", "an", "each", "which", "she", "do", "how",
                                "buffer", "rope", "chunk", "cursor", "offset", "grapheme", "1234",
                                "(x)", "{y}", "z;", "i++", "//", "==", "->"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount)
        var lineLength = 0
        while out.count < byteCount {
            let word = words[rng.below(words.count)]
            if out.count + word.count + 2 > byteCount { break }
            out.append(contentsOf: word)
            lineLength += word.count
            if lineLength > 70 {
                out.append(0x0A)
                lineLength = 0
            } else {
                out.append(0x20)
                lineLength += 1
            }
        }
        while out.count < byteCount { out.append(out.count == byteCount - 1 ? 0x0A : 0x2E) }
        return out
    }

    /// Pads with ASCII text, ending in a line feed, to exactly `byteCount` bytes.
    static func appendFiller(to out: inout [UInt8], upTo byteCount: Int) {
        let filler = Array("The end of the generated document. ".utf8)
        var k = 0
        while out.count < byteCount - 1 {
            out.append(filler[k % filler.count])
            k += 1
        }
        if out.count < byteCount { out.append(0x0A) }
    }

    /// Sample lines sorted by kind, as UTF-8.
    struct Pools {
        /// Lines of each left-to-right or right-to-left language sample (one entry per sample).
        var languages: [[[UInt8]]] = []
        /// Indices into `languages` of samples whose lines are mostly right-to-left.
        var rtl: [Int] = []
        /// Indices into `languages` of left-to-right samples written with spaces (for splicing).
        var ltrSpaced: [Int] = []
        /// Lines that are mostly emoji.
        var emojiLines: [[UInt8]] = []
        /// Single emoji grapheme clusters (ZWJ sequences, flags, skin tones, keycaps…).
        var emoji: [[UInt8]] = []

        init(samples: [String]) {
            for sample in samples {
                var lines: [[UInt8]] = []
                var rtlLines = 0, spaced = 0
                for line in sample.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
                    let text = String(line)
                    if text.allSatisfy({ $0.isWhitespace }) { continue }
                    var emojiScalars = 0, letters = 0, rtlScalars = 0
                    for s in text.unicodeScalars {
                        if s.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(s.value) { emojiScalars += 1 }
                        if s.properties.isAlphabetic { letters += 1 }
                        if (0x0590...0x08FF).contains(s.value) || (0xFB1D...0xFDFF).contains(s.value) || (0xFE70...0xFEFF).contains(s.value) {
                            rtlScalars += 1
                        }
                    }
                    for ch in text where ch.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains($0.value) }) {
                        emoji.append(Array(String(ch).utf8))
                    }
                    if emojiScalars > 0 && emojiScalars * 4 >= letters {
                        emojiLines.append(Array(text.utf8))
                        continue
                    }
                    if rtlScalars * 2 >= letters && rtlScalars > 0 { rtlLines += 1 }
                    if text.contains(" ") { spaced += 1 }
                    lines.append(Array(text.utf8))
                }
                guard !lines.isEmpty else { continue }
                if rtlLines * 2 >= lines.count {
                    rtl.append(languages.count)
                } else if spaced * 2 >= lines.count {
                    ltrSpaced.append(languages.count)
                }
                languages.append(lines)
            }
            if emoji.isEmpty { emoji = [Array("🙂".utf8)] }
        }

        /// Appends one paragraph's lines (without terminators) to `paragraph`.
        func makeParagraph(into paragraph: inout [[UInt8]], scratch: inout [UInt8], rng: inout SplitMix64) {
            let kind = rng.below(100)
            switch kind {
            case 0..<66:
                // One language, 1–6 consecutive lines.
                let lines = languages[rng.below(languages.count)]
                let start = rng.below(lines.count)
                let n = 1 + rng.below(6)
                for k in 0..<n { paragraph.append(lines[(start + k) % lines.count]) }
            case 66..<78:
                // Multilingual: lines of 2–4 languages.
                for _ in 0..<(2 + rng.below(3)) {
                    let lines = languages[rng.below(languages.count)]
                    paragraph.append(lines[rng.below(lines.count)])
                }
            case 78..<90:
                // Mixed direction: splice a phrase of the other direction into a line.
                for _ in 0..<(1 + rng.below(3)) {
                    guard !rtl.isEmpty, !ltrSpaced.isEmpty else {
                        let lines = languages[rng.below(languages.count)]
                        paragraph.append(lines[rng.below(lines.count)])
                        continue
                    }
                    let rtlLines = languages[rtl[rng.below(rtl.count)]]
                    let ltrLines = languages[ltrSpaced[rng.below(ltrSpaced.count)]]
                    let rtlLine = rtlLines[rng.below(rtlLines.count)]
                    let ltrLine = ltrLines[rng.below(ltrLines.count)]
                    if rng.below(2) == 0 {
                        paragraph.append(Pools.splice(phrase(of: ltrLine, rng: &rng), into: rtlLine, rng: &rng))
                    } else {
                        paragraph.append(Pools.splice(phrase(of: rtlLine, rng: &rng), into: ltrLine, rng: &rng))
                    }
                }
            default:
                // Emoji: an emoji line, or prose with emoji appended.
                for _ in 0..<(1 + rng.below(3)) {
                    if !emojiLines.isEmpty && rng.below(3) == 0 {
                        paragraph.append(emojiLines[rng.below(emojiLines.count)])
                    } else {
                        let lines = languages[rng.below(languages.count)]
                        var line = lines[rng.below(lines.count)]
                        for _ in 0..<(1 + rng.below(4)) {
                            line.append(0x20)
                            line.append(contentsOf: emoji[rng.below(emoji.count)])
                        }
                        paragraph.append(line)
                    }
                }
            }
        }

        /// 2–5 space-separated words from `line` (whole UTF-8 sequences: cut at spaces only).
        func phrase(of line: [UInt8], rng: inout SplitMix64) -> ArraySlice<UInt8> {
            let spaces = line.indices.filter { line[$0] == 0x20 }
            guard spaces.count >= 2 else { return line[...] }
            let a = rng.below(spaces.count - 1)
            let b = min(a + 2 + rng.below(4), spaces.count - 1)
            return line[(spaces[a] + 1)..<spaces[b]]
        }

        /// `line` with ` phrase ` inserted at one of its spaces (at its end when it has none).
        static func splice(_ phrase: ArraySlice<UInt8>, into line: [UInt8], rng: inout SplitMix64) -> [UInt8] {
            let spaces = line.indices.filter { line[$0] == 0x20 }
            let at = spaces.isEmpty ? line.count : spaces[rng.below(spaces.count)]
            var result: [UInt8] = []
            result.reserveCapacity(line.count + phrase.count + 2)
            result.append(contentsOf: line[..<at])
            result.append(0x20)
            result.append(contentsOf: phrase)
            if at < line.count {
                result.append(contentsOf: line[at...])
            }
            return result
        }
    }
}
