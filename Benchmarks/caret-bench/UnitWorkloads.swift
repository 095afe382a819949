import Caret
@_spi(Reference) import Caret
import CaretCorpus
import Foundation

// Workloads of the text-unit, movement and case APIs: visual caret presses in one long
// mixed-direction paragraph, word lookups at random places of two document sizes, and case
// mapping throughput against ICU on a flat buffer. See Benchmarks/README.md.

extension Bench {
    // MARK: - h. visual movement in a long paragraph

    /// One mixed-direction paragraph of at most `byteCount` bytes and no line terminator: the
    /// lines of `Corpus/samples/mixed-bidi.txt` (Latin, Arabic, Hebrew, digits, neutrals,
    /// isolates, embeddings) joined with spaces, repeated, cut at the last space that fits.
    static func mixedParagraph(byteCount: Int, sample: String) -> [UInt8] {
        let lines = sample.split(whereSeparator: \.isNewline).map(String.init)
        let unit = Array(lines.joined(separator: " ").utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount + unit.count + 1)
        while bytes.count < byteCount {
            if !bytes.isEmpty { bytes.append(0x20) }
            bytes.append(contentsOf: unit)
        }
        if bytes.count > byteCount, let cut = bytes[..<(byteCount + 1)].lastIndex(of: 0x20) {
            bytes.removeSubrange(cut...)
        }
        return bytes
    }

    /// Figures of one paragraph: the first press (layout included) in seconds and the
    /// `.right` / `.left` presses in ns per press, one sample per repetition.
    struct PressFigures {
        var first: [Double] = []
        var right: [Double] = []
        var left: [Double] = []
        var graphemes = 0
    }

    /// For each repetition: loads `paragraph` into a fresh document (not timed; so its bidi
    /// cache is empty), times one `.right` press from the middle grapheme (lays the paragraph
    /// out), then `presses` consecutive `.right` presses from there and `presses` `.left`
    /// presses back. Checks: every press moves, no position is visited twice by the right
    /// sweep, and the left presses retrace it to where it started.
    mutating func pressFigures(_ paragraph: [UInt8], presses: Int, label: String) -> PressFigures {
        var figures = PressFigures()
        for _ in 0..<reps {
            let doc: TextDocument
            do { doc = try TextDocument(validatingUTF8: paragraph) } catch {
                check(false, "\(label): cannot load the paragraph: \(error)")
                return figures
            }
            check(doc.lineCount == 1, "\(label): paragraph has \(doc.lineCount) lines, not 1")
            figures.graphemes = doc.count
            guard let middle = doc.position(at: doc.count / 2) else {
                check(false, "\(label): no middle position")
                return figures
            }
            var first: TextPosition?
            figures.first.append(seconds { first = doc.position(from: middle, in: .right, offset: 1) })
            guard let start = first else {
                check(false, "\(label): first .right press from the middle returned nil")
                return figures
            }
            var visited = [TextPosition](repeating: start, count: presses + 1)
            var failedAt = -1
            let rightTime = seconds {
                var p = start
                for k in 1...presses {
                    guard let next = doc.position(from: p, in: .right, offset: 1) else { failedAt = k; break }
                    p = next
                    visited[k] = p
                }
            }
            check(failedAt < 0, "\(label): .right press \(failedAt) returned nil")
            let distinct = Set(visited).count
            check(distinct == presses + 1, "\(label): the right sweep visited \(distinct) distinct positions, not \(presses + 1)")
            var end = start
            let leftTime = seconds {
                var p = visited[presses]
                for k in 1...presses {
                    guard let next = doc.position(from: p, in: .left, offset: 1) else { failedAt = k; break }
                    p = next
                }
                end = p
            }
            check(failedAt < 0, "\(label): .left press \(failedAt) returned nil")
            check(end == start, "\(label): \(presses) .left presses ended at \(end), not at the sweep's start \(start)")
            figures.right.append(rightTime * 1e9 / Double(presses))
            figures.left.append(leftTime * 1e9 / Double(presses))
        }
        return figures
    }

    mutating func movement(_ samples: [CorpusSamples.Sample]) {
        guard let bidi = samples.first(where: { $0.name == "mixed-bidi" }) else {
            check(false, "move.: Corpus/samples/mixed-bidi.txt not found")
            return
        }
        let presses = 10_000
        let longBytes = quick ? 256_000 : 1_000_000
        let shortBytes = 64_000
        let longLabel = quick ? "256 kB" : "1 MB"
        let short = pressFigures(Bench.mixedParagraph(byteCount: shortBytes, sample: bidi.text), presses: presses,
                                 label: "move.short-paragraph-press")
        let long = pressFigures(Bench.mixedParagraph(byteCount: longBytes, sample: bidi.text), presses: presses,
                                label: "move.long-paragraph-press")
        guard !short.right.isEmpty, !long.right.isEmpty else { return }
        let shortRight = median(short.right)
        if selected("move.long-paragraph-first-press") {
            record(Workload(name: "move.long-paragraph-first-press", unit: "ms", samples: long.first.map { $0 * 1e3 },
                            note: String(format: "first .right press from the middle of a %@ mixed-direction paragraph (%d graphemes, one line): lays it out; 64 kB: %.2f ms",
                                         longLabel, long.graphemes, median(short.first) * 1e3)))
        }
        if selected("move.long-paragraph-press") {
            record(Workload(name: "move.long-paragraph-press", unit: "ns/op", samples: long.right, baseline: shortRight,
                            note: String(format: "%d consecutive .right presses (visual) in the %@ paragraph, laid out; .left retracing them %.0f ns/op; baseline: same in a 64 kB paragraph",
                                         presses, longLabel, median(long.left))))
        }
        if selected("move.short-paragraph-press") {
            record(Workload(name: "move.short-paragraph-press", unit: "ns/op", samples: short.right,
                            note: String(format: "same in a 64 kB paragraph (%d graphemes); .left %.0f ns/op",
                                         short.graphemes, median(short.left))))
        }
        if selected("move.resolve-levels") {
            let text = String(decoding: Bench.mixedParagraph(byteCount: longBytes, sample: bidi.text), as: UTF8.self)
            resolveLevels("move.resolve-levels", text.unicodeScalars.map(\.value), paragraphLevel: nil,
                          what: "the \(longLabel) mixed paragraph")
        }
        if selected("move.resolve-levels-arabic"), let arabic = samples.first(where: { $0.name == "ar" }) {
            let text = String(decoding: Bench.mixedParagraph(byteCount: longBytes, sample: arabic.text), as: UTF8.self)
            resolveLevels("move.resolve-levels-arabic", text.unicodeScalars.map(\.value), paragraphLevel: nil,
                          what: "\(longLabel) of Corpus/samples/ar.txt as one line (no explicit controls)")
        }
        if selected("move.resolve-bracket-flood") {
            // BD16 stops pairing at 63 open brackets; ICU 72 keeps every opener.
            let depth = 100_000
            let scalars: [UInt32] = [0x61] + Array(repeating: 0x28, count: depth) + [0x5D0] + Array(repeating: 0x29, count: depth)
            resolveLevels("move.resolve-bracket-flood", scalars, paragraphLevel: nil,
                          what: "a + 100k '(' + א + 100k ')' (ratio < 1: faster)")
        }
        if selected("move.resolve-nested-brackets") {
            // Every character inside 62 pairs: an N0 that scanned each pair's interior would
            // read the text 62 times.
            var scalars: [UInt32] = [0x61]
            while scalars.count < 1_000_000 {
                scalars += Array(repeating: 0x28, count: 62) + Array(repeating: 0x5D0, count: 16_000) + Array(repeating: 0x29, count: 62)
            }
            resolveLevels("move.resolve-nested-brackets", scalars, paragraphLevel: 0,
                          what: "pairs nested 62 deep around runs of 16,000 Hebrew letters, LTR")
        }
    }

    /// The engine's UAX #9 resolver (`BidiLevels.resolve`, on scalars) against ICU's
    /// `ubidi_setPara` + `ubidi_getLevels` (on the same text's UTF-16), each input prepared
    /// untimed. Checks that the two agree on the paragraph level and on the direction of every
    /// character X9 keeps (the workloads hold no text where ICU 72 leaves UAX #9).
    mutating func resolveLevels(_ name: String, _ scalars: [UInt32], paragraphLevel: UInt8?, what: String) {
        var utf16: [UInt16] = []
        utf16.reserveCapacity(scalars.count)
        for s in scalars { utf16.append(contentsOf: Unicode.Scalar(s).map { Array(String($0).utf16) } ?? [0xFFFD]) }
        var ours: (paragraphLevel: UInt8, levels: [UInt8]) = (0, [])
        var icu: (paragraphLevel: UInt8, levels: [UInt8])?
        let icuTimes = timed(reps, measured: false) { icu = ICUReference.bidiLevels(utf16, paragraphLevel: paragraphLevel) }
        let ourTimes = timed(reps) { ours = BidiLevels.resolve(scalars, paragraphLevel: paragraphLevel) }
        if let icu {
            let removed: Set<String> = ["LRE", "RLE", "LRO", "RLO", "PDF", "BN"]
            var unit = 0, mismatches = 0
            for (k, s) in scalars.enumerated() {
                if ours.levels[k] & 1 != icu.levels[unit] & 1 && !removed.contains(BidiLevels.bidiClass(of: s)) { mismatches += 1 }
                unit += s > 0xFFFF ? 2 : 1
            }
            check(mismatches == 0 && ours.paragraphLevel == icu.paragraphLevel,
                  "\(name): \(mismatches) characters differ in direction from ICU")
        } else {
            check(false, "\(name): ICU failed")
        }
        record(Workload(name: name, unit: "ms", samples: ourTimes.map { $0 * 1e3 },
                        baseline: median(icuTimes) * 1e3,
                        note: "UAX #9 levels of \(what) (\(scalars.count) scalars) by BidiResolver; baseline: ICU ubidi_setPara + getLevels on its UTF-16"))
    }

    // MARK: - i. word lookups

    /// One hard line cut into word pieces by ICU on the line's flat text (exact: word and
    /// grapheme rules break unconditionally around every hard-line terminator), with the same
    /// model as the engine: ICU boundaries inside a grapheme cluster join their two segments,
    /// a piece is a word when one of its segments has rule status >= 100, the terminator is a
    /// gap. Ranges in document UTF-8 offsets.
    struct LinePieces {
        var start: Int
        var pieces: [(range: Range<Int>, isWord: Bool)]
    }

    static func linePieces(_ doc: TextDocument, line: Int) -> LinePieces? {
        guard let startPosition = doc.position(line: line, column: 0),
              let contentRange = doc.lineRange(containing: startPosition),
              let start = doc.offset(of: contentRange.start, unit: .utf8),
              let end = doc.offset(of: contentRange.end, unit: .utf8),
              let bytes = doc.utf8(in: contentRange) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let utf16 = Array(text.utf16)
        var utf8OfUTF16 = [Int](repeating: 0, count: utf16.count + 1)
        var u16 = 0, u8 = 0
        for scalar in text.unicodeScalars {
            utf8OfUTF16[u16] = u8
            if scalar.value > 0xFFFF { utf8OfUTF16[u16 + 1] = u8 }
            u16 += scalar.value > 0xFFFF ? 2 : 1
            u8 += UTF8.width(scalar)
        }
        utf8OfUTF16[u16] = u8
        let graphemeBoundaries = Set(ICUReference.graphemeBoundariesUTF16(utf16))
        var pieces: [(range: Range<Int>, isWord: Bool)] = []
        var pieceStart = 0
        var isWord = false
        for (offset, status) in ICUReference.boundariesUTF16("word", utf16).dropFirst() {
            isWord = isWord || status >= 100
            if graphemeBoundaries.contains(offset) || offset == utf16.count {
                pieces.append((start + utf8OfUTF16[pieceStart]..<start + utf8OfUTF16[offset], isWord))
                pieceStart = offset
                isWord = false
            }
        }
        if line + 1 < doc.lineCount, let next = doc.position(line: line + 1, column: 0),
           let nextStart = doc.offset(of: next, unit: .utf8) {
            pieces.append((end..<nextStart, false))
        }
        return LinePieces(start: start, pieces: pieces)
    }

    /// What `position(from:toBoundary: .word, in: .storage(.forward))` and
    /// `rangeEnclosing(_:with: .word, in: .storage(.backward))` must return at byte `x`, in
    /// UTF-8 offsets, from `linePieces`.
    static func expectedWordResults(_ doc: TextDocument, at position: TextPosition) -> (forward: Int?, enclosing: Range<Int>?) {
        guard let x = doc.offset(of: position, unit: .utf8), let line = doc.lineAndColumn(of: position)?.line else {
            return (nil, nil)
        }
        var forward: Int?
        var l = line
        search: while l < doc.lineCount, let lp = linePieces(doc, line: l) {
            for piece in lp.pieces where piece.range.upperBound > x && piece.isWord {
                forward = piece.range.upperBound
                break search
            }
            l += 1
        }
        var enclosing: Range<Int>?
        if x > 0, let lp = linePieces(doc, line: line), x > lp.start,
           let piece = lp.pieces.first(where: { $0.range.lowerBound < x && x <= $0.range.upperBound }), piece.isWord {
            enclosing = piece.range
        }
        return (forward, enclosing)
    }

    /// Times `n` pairs of word calls at random grapheme positions of `doc` (ns per pair) and
    /// checks every result against `expectedWordResults`.
    mutating func wordLookups(_ doc: TextDocument, name: String) -> [Double] {
        let n = 10_000
        var rng = SplitMix64(seed: 4242)
        let positions = (0..<n).map { _ in doc.position(at: rng.below(doc.count + 1))! }
        var forward = [TextPosition?](repeating: nil, count: n)
        var enclosing = [TextRange?](repeating: nil, count: n)
        let times = timed(reps) {
            for k in 0..<n {
                forward[k] = doc.position(from: positions[k], toBoundary: .word, in: .storage(.forward))
                enclosing[k] = doc.rangeEnclosing(positions[k], with: .word, in: .storage(.backward))
            }
        }
        var wrong = 0
        for k in 0..<n {
            let expected = Bench.expectedWordResults(doc, at: positions[k])
            let gotForward = forward[k].flatMap { doc.offset(of: $0, unit: .utf8) }
            let gotEnclosing = enclosing[k].flatMap { r in
                doc.offset(of: r.start, unit: .utf8).flatMap { s in doc.offset(of: r.end, unit: .utf8).map { s..<$0 } }
            }
            if gotForward != expected.forward || gotEnclosing != expected.enclosing {
                wrong += 1
                if wrong <= 3 {
                    check(false, "\(name): at byte \(doc.offset(of: positions[k], unit: .utf8) ?? -1): forward \(String(describing: gotForward)) vs ICU \(String(describing: expected.forward)), enclosing \(String(describing: gotEnclosing)) vs ICU \(String(describing: expected.enclosing))")
                }
            }
        }
        check(wrong == 0, "\(name): \(wrong) of \(n) word lookups differ from ICU on the flat line text")
        return times.map { $0 * 1e9 / Double(n) }
    }

    /// Times the whole-document word walk (`for word in doc.words`) against ICU's own word pass
    /// over the same text as flat UTF-16 (`ICUReference.wordSegmentCount`: one iterator, every
    /// boundary and its rule status; the conversion to UTF-16 not timed), alternating the two
    /// in each repetition so that both see the same machine. Checks every word (in UTF-16
    /// offsets, by a checksum) against the flat reference cut with the tokenizer's model.
    mutating func wordWalk(_ doc: TextDocument, mb: Int, name: String) {
        let utf16 = Array(doc.string.utf16)
        var walkTimes: [Double] = [], icuTimes: [Double] = []
        var walked = 0, walkedSum = 0, icuCount = 0
        for _ in 0..<reps {
            walkTimes += timed(1) {
                var n = 0, sum = 0
                for word in doc.words {
                    n &+= 1
                    sum &+= word.utf16Offsets.lowerBound &* 31 &+ word.utf16Offsets.upperBound &+ word.graphemeOffsets.upperBound
                }
                walked = n
                walkedSum = sum
            }
            icuTimes += timed(1, measured: false) { icuCount = ICUReference.wordSegmentCount(utf16) }
        }
        var expected = 0, expectedSum = 0
        ICUReference.forEachWordUTF16(utf16) { units, clusters in
            expected &+= 1
            expectedSum &+= units.lowerBound &* 31 &+ units.upperBound &+ clusters.upperBound
        }
        check(walked == expected && walkedSum == expectedSum,
              "\(name): \(walked) words walked, \(expected) in ICU's flat pass cut with the tokenizer's model (or their offsets differ)")
        check(icuCount >= expected, "\(name): ICU's flat pass counted \(icuCount) word segments, fewer than the \(expected) words")
        let perWord = median(walkTimes) * 1e9 / Double(max(walked, 1))
        record(Workload(name: name, unit: "ms", samples: walkTimes.map { $0 * 1e3 }, baseline: median(icuTimes) * 1e3,
                        note: String(format: "for word in doc.words over the %d MB generated document, %d words, %.0f ns/word; baseline: ICU's word iterator over the same text as flat UTF-16 (every boundary and its rule status), same run", mb, walked, perWord)))
    }

    /// Loads ICU's word rules and the dictionaries of every sample's script outside measurement.
    func warmUpWords(_ samples: [CorpusSamples.Sample]) {
        for sample in samples {
            let doc = TextDocument(sample.text)
            var p = doc.beginningOfDocument
            var steps = 0
            while steps < 200, let next = doc.position(from: p, toBoundary: .word, in: .storage(.forward)) {
                blackHole(doc.rangeEnclosing(next, with: .word, in: .storage(.backward)))
                p = next
                steps += 1
            }
        }
    }

    mutating func words(_ samples: [CorpusSamples.Sample], texts: [String], main: (doc: TextDocument, sizeMB: Int)) {
        let smallMB = 1
        let bigMB = quick ? 8 : 50
        let smallName = "words.random-lookup-\(smallMB)MB"
        let bigName = "words.random-lookup-\(bigMB)MB"
        let walkName = "words.walk"
        guard selected(smallName) || selected(bigName) || selected(walkName) else { return }
        warmUpWords(samples)
        func document(_ mb: Int) -> TextDocument? {
            if mb == main.sizeMB && !main.doc.isEmpty { return main.doc }
            let bytes = DocumentGenerator.generateUTF8(byteCount: mb * 1_000_000, seed: Bench.seed, samples: texts)
            return try? TextDocument(validatingUTF8: bytes)
        }
        if selected(walkName) {
            guard let big = document(bigMB) else { check(false, "\(walkName): cannot load"); return }
            wordWalk(big, mb: bigMB, name: walkName)
        }
        guard selected(smallName) || selected(bigName) else { return }
        // The small one always runs: it is the big one's baseline.
        guard let small = document(smallMB) else { check(false, "\(smallName): cannot load"); return }
        let smallTimes = wordLookups(small, name: smallName)
        let what = "position(from:toBoundary: .word, .forward) + rangeEnclosing(.word, .backward), 10k random graphemes"
        if selected(smallName) {
            record(Workload(name: smallName, unit: "ns/op", samples: smallTimes,
                            note: "\(what) of the \(smallMB) MB generated document"))
        }
        if selected(bigName) {
            guard let big = document(bigMB) else { check(false, "\(bigName): cannot load"); return }
            let bigTimes = wordLookups(big, name: bigName)
            record(Workload(name: bigName, unit: "ns/op", samples: bigTimes, baseline: median(smallTimes),
                            note: "same in the \(bigMB) MB generated document; baseline: \(smallMB) MB"))
        }
    }

    // MARK: - j. case mapping

    mutating func caseMapping(_ texts: [String]) {
        let byteCount = quick ? 2_000_000 : 8_000_000
        let mb = byteCount / 1_000_000
        let bytes = DocumentGenerator.generateUTF8(byteCount: byteCount, seed: Bench.seed, samples: texts)
        guard let doc = try? TextDocument(validatingUTF8: bytes),
              let whole = doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument) else {
            check(false, "case.: cannot load the generated document")
            return
        }
        func mbps(_ seconds: Double) -> Double { Double(bytes.count) / seconds / 1e6 }
        // Warm-up: case data and the root word iterator (titlecasing).
        blackHole(doc.capitalized(doc.textRange(from: doc.beginningOfDocument, to: doc.position(at: min(doc.count, 2000))!)!, locale: ""))
        blackHole(ICUReference.titlecaseUTF8(Array(bytes.prefix(2000)), locale: ""))

        for mapping in [CaseMapping.upper, .title] {
            let label = mapping == .upper ? "upper" : "title"
            let name = "case.\(label)-throughput"
            let applyName = "case.\(label)-apply-throughput"
            guard selected(name) || selected(applyName) else { continue }
            var length = 0
            let icuTimes = timed(reps, measured: false) {
                length = mapping == .upper ? ICUReference.uppercaseUTF8(bytes, locale: "") : ICUReference.titlecaseUTF8(bytes, locale: "")
            }
            guard let expected = ICUReference.caseMappedUTF8(mapping, bytes, locale: ""), expected.count == length else {
                check(false, "\(name): ICU failed on the flat buffer")
                continue
            }
            let icu = mbps(median(icuTimes))
            let function = mapping == .upper ? "uppercased" : "capitalized"
            if selected(name) {
                var mapped: String?
                let times = timed(reps) {
                    mapped = mapping == .upper ? doc.uppercased(whole, locale: "") : doc.capitalized(whole, locale: "")
                }
                check(mapped.map { Array($0.utf8) == expected } == true,
                      "\(name): \(function)(whole, locale: \"\") differs from ICU's flat output (\(mapped?.utf8.count ?? -1) vs \(expected.count) bytes)")
                record(Workload(name: name, unit: "MB/s", samples: times.map(mbps), baseline: icu,
                                note: "\(function)(range, locale: \"\") of the whole \(mb) MB generated document; baseline: ICU ucasemap_utf8To\(mapping == .upper ? "Upper" : "Title") on one flat buffer (ratio < 1: slower)"))
            }
            if selected(applyName) {
                var applied = doc
                var failed = false
                let times = timed(reps) {
                    var d = doc
                    do { try d.applyCase(mapping, to: whole, locale: "") } catch { failed = true }
                    applied = d
                }
                check(!failed, "\(applyName): applyCase threw")
                check(Array(applied.string.utf8) == expected, "\(applyName): text after applyCase differs from ICU's flat output")
                record(Workload(name: applyName, unit: "MB/s", samples: times.map(mbps), baseline: icu,
                                note: "var d = doc; d.applyCase(.\(label), to: whole, locale: \"\") (\(mb) MB, a replace of everything); baseline: ICU flat"))
            }
        }
    }
}
