@_spi(Reference) import Caret
import CaretCorpus
import Foundation

// Find and replace (issue 24): literal, insensitive and regular-expression search over the
// generated documents, beside ripgrep on the same bytes (from /dev/shm, the page cache) and ICU
// on the same text as one flat UTF-16 buffer; replace-all of about 100,000 matches.

extension Bench {
    /// `search.literal.ascii`, `search.literal.multilingual` (GB/s; baseline ripgrep `-F` on
    /// the same file), `search.ignore-case` (MB/s; baseline `rg -i -F`), `search.memory` (kB),
    /// `search.ignore-diacritics`, `search.ignore-normalization` (MB/s), `search.regex` (ms;
    /// baseline ICU on the flat UTF-16 text), `search.replace-all` (ms; one change set),
    /// `search.incremental-keystroke` and `search.incremental-find-next` (µs a keystroke with a
    /// find session; baseline the whole search again).
    mutating func searchWorkloads(_ doc: TextDocument, generated: [UInt8]) {
        let ascii = DocumentGenerator.generateASCII(byteCount: generated.count, seed: Bench.seed)
        let asciiDoc = (try? TextDocument(validatingUTF8: ascii)) ?? TextDocument()
        let directory = Bench.fileDirectory + "/caret-bench-search-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let asciiPath = directory + "/ascii.txt", generatedPath = directory + "/generated.txt"
        _ = FileManager.default.createFile(atPath: asciiPath, contents: Data(ascii))
        _ = FileManager.default.createFile(atPath: generatedPath, contents: Data(generated))

        // Patterns with few matches: a stretch of each text (so at least one), long enough to be rare.
        let asciiNeedle = Bench.needle(in: asciiDoc, at: 0.61, length: 16)
        let multiNeedle = Bench.needle(in: doc, at: 0.37, length: 8)
        literal("search.literal.ascii", asciiDoc, asciiNeedle, path: asciiPath, bytes: ascii.count)
        literal("search.literal.multilingual", doc, multiNeedle, path: generatedPath, bytes: generated.count)
        insensitive("search.ignore-case", doc, TextSearchQuery(multiNeedle.uppercased(), ignoresCase: true),
                    rg: ["-i", "-F", multiNeedle.uppercased()], path: generatedPath, bytes: generated.count)
        insensitive("search.ignore-case.ascii", asciiDoc, TextSearchQuery(asciiNeedle.uppercased(), ignoresCase: true),
                    rg: ["-i", "-F", asciiNeedle.uppercased()], path: asciiPath, bytes: ascii.count)
        let bare = String(String.UnicodeScalarView(multiNeedle.decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.canonicalCombiningClass.rawValue == 0 }))
        insensitive("search.ignore-diacritics", doc, TextSearchQuery(bare, ignoresDiacritics: true), rg: nil,
                    path: generatedPath, bytes: generated.count)
        insensitive("search.ignore-normalization", doc,
                    TextSearchQuery(multiNeedle.decomposedStringWithCanonicalMapping, ignoresNormalization: true), rg: nil,
                    path: generatedPath, bytes: generated.count)
        regex(doc, generated: generated)
        replaceAll(doc)
        incremental(doc)
        heldWhileSearching(doc, bytes: generated.count, queries: [
            ("regex", TextSearchQuery(Bench.regexPattern, syntax: .regularExpression)),
            ("literal", TextSearchQuery(multiNeedle)),
            ("ignore-case", TextSearchQuery(multiNeedle.uppercased(), ignoresCase: true)),
            ("ignore-diacritics", TextSearchQuery(bare, ignoresDiacritics: true)),
        ])
    }

    /// `search.memory` (kB): the heap a search holds while it runs — the most, over every match
    /// it reports and its end, of the heap in use (glibc `malloc_info`) less the heap before it
    /// began — for each query over the generated document, the largest reported (issue 24:
    /// under 1 MB at 50 MB, no copy of the document).
    private mutating func heldWhileSearching(_ doc: TextDocument, bytes: Int, queries: [(String, TextSearchQuery)]) {
        let name = "search.memory"
        guard selected(name) else { return }
        guard Memory.heapInUse() != nil else { return log("memory: malloc_info unavailable; skipped") }
        var worst = 0
        var parts: [String] = []
        for (label, query) in queries {
            Memory.trim()
            let before = Memory.heapInUse()!
            var held = 0, count = 0
            do {
                for _ in try doc.matches(of: query) {
                    count += 1
                    held = max(held, Memory.heapInUse()! - before)
                }
            } catch {
                check(false, "\(name): \(label) threw \(error)")
            }
            held = max(held, Memory.heapInUse()! - before)
            check(count >= 1, "\(name): \(label) found nothing")
            worst = max(worst, held)
            parts.append("\(label) \(held / 1000) kB (\(count) matches)")
        }
        record(Workload(name: name, unit: "kB", samples: [Double(worst) / 1000],
                        note: "heap held while searching \(bytes / 1_000_000) MB, the most over every match: "
                            + parts.joined(separator: ", ")))
    }

    /// The regular expression of `search.regex` and `search.memory`.
    static let regexPattern = "\\p{Lu}\\w+ \\d+"

    /// `length` clusters of `doc` starting at `fraction` of it, on a cluster boundary.
    /// The first such stretch from there without a line break (ripgrep matches within lines).
    static func needle(in doc: TextDocument, at fraction: Double, length: Int) -> String {
        var start = Int(Double(doc.count) * fraction)
        while start + length <= doc.count {
            guard let a = doc.position(at: start), let b = doc.position(at: start + length),
                  let range = doc.textRange(from: a, to: b), let text = doc.text(in: range) else { return "" }
            if !text.contains(where: \.isNewline) && text.first != " " { return text }
            start += 1
        }
        return ""
    }

    /// Seconds of `rg arguments path` (wall clock, the process included) and its match count.
    func ripgrep(_ arguments: [String], path: String) -> (seconds: [Double], count: Int)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rg") else { return nil }
        var count = 0
        let times = timed(reps, measured: false) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/rg")
            process.arguments = ["--count-matches", "--no-filename"] + arguments + ["--", path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try? process.run()
            let out = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            count = Int(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        return (times, count)
    }

    private mutating func literal(_ name: String, _ doc: TextDocument, _ needle: String, path: String, bytes: Int) {
        guard selected(name) else { return }
        var count = 0
        let query = TextSearchQuery(needle)
        let times = timed(reps) { count = (try? doc.matches(of: query).reduce(0) { n, _ in n + 1 }) ?? -1 }
        let rg = ripgrep(["-F", needle], path: path)
        check(rg == nil || rg!.count == count, "\(name): \(count) matches, ripgrep \(rg?.count ?? -1)")
        record(Workload(name: name, unit: "GB/s", samples: times.map { Double(bytes) / 1e9 / $0 },
                        baseline: rg.map { Double(bytes) / 1e9 / median($0.seconds) },
                        note: "\(count) matches of \(needle.utf8.count) bytes in \(bytes / 1_000_000) MB; baseline: ripgrep -F (process, page cache)"))
    }

    private mutating func insensitive(_ name: String, _ doc: TextDocument, _ query: TextSearchQuery, rg arguments: [String]?,
                                      path: String, bytes: Int) {
        guard selected(name) else { return }
        var count = 0
        let times = timed(reps) { count = (try? doc.matches(of: query).reduce(0) { n, _ in n + 1 }) ?? -1 }
        check(count >= 1, "\(name): the pattern taken from the text was not found")
        let rg = arguments.flatMap { ripgrep($0, path: path) }
        record(Workload(name: name, unit: "MB/s", samples: times.map { Double(bytes) / 1e6 / $0 },
                        baseline: rg.map { Double(bytes) / 1e6 / median($0.seconds) },
                        note: "\(count) matches in \(bytes / 1_000_000) MB" + (rg.map { "; baseline: ripgrep \(arguments!.joined(separator: " ")) (\($0.count) matches: simple case folding)" } ?? "")))
    }

    private mutating func regex(_ doc: TextDocument, generated: [UInt8]) {
        let name = "search.regex"
        guard selected(name) else { return }
        let pattern = Bench.regexPattern
        let query = TextSearchQuery(pattern, syntax: .regularExpression)
        var count = 0
        // ICU loads the property data of `\p{Lu}` and `\w` at the first compile: both sides warm.
        _ = SearchReference.icuRegexMatchCount(pattern, utf16: Array("Ab 1".utf16))
        let times = timed(reps) { count = (try? doc.matches(of: query).reduce(0) { n, _ in n + 1 }) ?? -1 }
        let utf16 = Array(String(decoding: generated, as: UTF8.self).utf16)
        var icuCount = 0
        let icuTimes = timed(reps, measured: false) { icuCount = SearchReference.icuRegexMatchCount(pattern, utf16: utf16) ?? -1 }
        record(Workload(name: name, unit: "ms", samples: times.map { $0 * 1e3 }, baseline: median(icuTimes) * 1e3,
                        note: "\(pattern): \(count) matches (ICU on the flat text: \(icuCount), no grapheme check); "
                            + "baseline: uregex over the flat UTF-16 buffer"))
    }

    private mutating func replaceAll(_ doc: TextDocument) {
        let name = "search.replace-all"
        guard selected(name) else { return }
        // The candidate word whose count is nearest 100,000.
        var best = ("", 0)
        for word in ["the", "and", "ing", " a ", "de", "in", "は", "的", "er"] {
            let n = (try? doc.matches(of: TextSearchQuery(word)).reduce(0) { c, _ in c + 1 }) ?? 0
            if abs(n - 100_000) < abs(best.1 - 100_000) { best = (word, n) }
        }
        let query = TextSearchQuery(best.0)
        var result = doc
        var changes: ChangeSet?
        let times = timed(reps) {
            result = doc
            changes = try? result.replaceAll(of: query, with: "<>")
        }
        var undone = result
        _ = try? changes.map { try undone.apply($0.inverted()) }
        check(changes?.replacements.count == best.1 && undone == doc, "\(name): not one change set undoing to the text")
        record(Workload(name: name, unit: "ms", samples: times.map { $0 * 1e3 },
                        note: "\(best.1) matches of \(best.0.debugDescription) replaced as one ChangeSet (search + build + apply)"))
    }

    /// A find session over the generated document with about 10,000 matches: one keystroke of
    /// English prose in the middle of it, then a read of the matches (`foundRanges`, all of
    /// them) or of the first match after the caret (`findNext`), a timed loop divided by its
    /// keystrokes. Baseline: the same keystroke, then every match found again in the whole text
    /// (what the session did before its matches followed edits).
    private mutating func incremental(_ doc: TextDocument) {
        let names = ["search.incremental-keystroke", "search.incremental-find-next"]
        guard names.contains(where: selected) else { return }
        // The candidate word whose count is nearest 10,000.
        var best = ("", 0)
        for word in ["the", "and", "ing", "tion", "de", "in", "は", "的", "er", "que"] {
            let n = (try? doc.matches(of: TextSearchQuery(word)).reduce(0) { c, _ in c + 1 }) ?? 0
            if abs(n - 10_000) < abs(best.1 - 10_000) { best = (word, n) }
        }
        let query = TextSearchQuery(best.0)
        let sentence = Array("The quick brown fox jumps over the lazy dog, then types on.\n").map(String.init)
        let n = quick ? 500 : 2_000, fullN = quick ? 10 : 5
        for name in names where selected(name) {
            let readsAll = name.hasSuffix("keystroke")
            var samples: [Double] = [], fullSamples: [Double] = []
            var ok = true
            for _ in 0..<reps {
                let input = TextInput(document: doc, traits: .plain)
                input.beginEditing()
                _ = try? input.find(query)
                Self.placeCaret(input, at: 0.5)
                var seen = 0
                samples.append(seconds {
                    for k in 0..<n {
                        input.insertText(sentence[k % sentence.count])
                        if readsAll { seen &+= input.foundRanges.count } else { seen &+= input.findNext() == nil ? 0 : 1 }
                        if !readsAll { Self.placeCaret(input, at: 0.5) }
                    }
                } * 1e6 / Double(n))
                blackHole(seen)
                let expected = (try? input.document.matches(of: query).map(\.range)) ?? []
                ok = ok && input.foundRanges == expected
                // The baseline: the keystroke, then the whole search again.
                var found: [TextRange] = []
                fullSamples.append(seconds {
                    for k in 0..<fullN {
                        input.insertText(sentence[k % sentence.count])
                        found = (try? input.document.matches(of: query).map(\.range)) ?? []
                    }
                } * 1e6 / Double(fullN))
                blackHole(found)
            }
            check(ok, "\(name): the session's matches differ from a fresh search")
            record(Workload(name: name, unit: "µs", samples: samples, baseline: median(fullSamples),
                            note: "\(best.1) matches of \(best.0.debugDescription); insertText of one character in the middle + "
                                + (readsAll ? "foundRanges (all matches)" : "findNext (the next match; the caret put back)")
                                + ", \(n) keystrokes, one timed loop; baseline: the keystroke + the whole search again"))
        }
    }
}
