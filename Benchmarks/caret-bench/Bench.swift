import Caret
@_spi(Reference) import Caret
import CaretCorpus
import Foundation

/// Graphemes inserted by the edit workloads: ASCII, Latin with accent, Han, emoji with skin
/// tone, Hebrew, a flag, Devanagari conjunct.
let insertedGraphemes = ["x", "é", "中", "👍🏽", "ש", "🇫🇷", "क्ष", " "]

struct Bench {
    /// The seed of the generated document.
    static let seed: UInt64 = 0xCA12E7
    let options: Options
    let quick: Bool
    let sizeMB: Int
    let reps: Int
    let traceReps: Int
    var results: [Workload] = []
    var failures: [String] = []
    var corpus: CorpusLocator?

    init(options: Options) {
        self.options = options
        quick = options.quick
        sizeMB = options.sizeMB ?? (options.quick ? 4 : 50)
        reps = max(1, options.reps ?? (options.quick ? 3 : 5))
        traceReps = max(1, options.reps ?? (options.quick ? 3 : 10))
        corpus = CorpusLocator.locate()
    }

    /// True when a workload named `name` is selected by `--only`.
    func selected(_ name: String) -> Bool {
        options.only.isEmpty || options.only.contains { name.contains($0) }
    }

    /// True when a workload whose name starts with one of `prefixes` may be selected (to
    /// skip expensive setup otherwise).
    func anySelected(_ prefixes: [String]) -> Bool {
        options.only.isEmpty || prefixes.contains { p in options.only.contains { $0.hasPrefix(p) || p.contains($0) } }
    }

    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            let text = message()
            failures.append(text)
            log("CORRECTNESS FAILURE: " + text)
        }
    }

    mutating func record(_ w: Workload) {
        results.append(w)
        log(String(format: "  %@: %@ %@ (min %@, max %@)%@", w.name, format(w.median), w.unit,
                   format(w.min), format(w.max), w.ratio.map { ", \(format($0))x baseline" } ?? ""))
    }

    /// Runs `body` `n` times and returns the elapsed seconds of each run. Measured runs go
    /// through `caretBenchMeasured` (what callgrind's `--toggle-collect` counts); baselines
    /// and setup pass `measured: false`.
    func timed(_ n: Int, measured: Bool = true, _ body: () -> Void) -> [Double] {
        (0..<n).map { _ in
            if measured { return seconds(body) }
            let start = nowNanoseconds()
            body()
            return Double(nowNanoseconds() - start) / 1e9
        }
    }

    // MARK: - Run

    mutating func run() {
        let start = nowNanoseconds()
        if corpus == nil {
            log("note: shared corpus not found (use --corpus DIR or CARET_CORPUS); load.largest-file and load.corpus-all skipped")
        } else {
            log("corpus: \(corpus!.directory)")
        }
        log("mode: \(quick ? "quick" : "full"), generated document \(sizeMB) MB, \(reps) reps (traces \(traceReps))")

        // Warm-up: one-time tables (grapheme classes, ICU data) are built outside measurement.
        var warm = TextDocument("warm-up e\u{301} 🇫🇷 क्ष\r\n")
        _ = try? warm.replace(1..<3, in: .unicodeScalar, withText: "x\u{301}")
        _ = warm.position(at: 2).flatMap { warm.lineAndColumn(of: $0) }
        blackHole(ICUReference.graphemeCount(Array(warm.string.utf16)))

        let sampleSet: [CorpusSamples.Sample]
        do { sampleSet = try CorpusSamples.loadDefault() } catch { fail("cannot load Corpus/samples: \(error)") }
        let samples = sampleSet.map(\.text)
        let byteCount = sizeMB * 1_000_000
        if let path = options.writeGenerated {
            let bytes = DocumentGenerator.generateUTF8(byteCount: byteCount, seed: Bench.seed, samples: samples)
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            log("wrote \(bytes.count) bytes to \(path)")
            exit(0)
        }

        let docNames = ["load.generated", "load.streaming", "stats.", "position.", "edit.", "walk.", "snapshot.",
                        "memory.generated", "input.", "file.", "geometry.", "ranges.", "search."]
        var generated: [UInt8] = []
        var doc = TextDocument()
        var icuSeconds = 0.0
        if anySelected(docNames) {
            let t0 = nowNanoseconds()
            var note = "\(sizeMB) MB mixed multilingual"
            if let path = options.textFile {
                // Another text in the generated document's place (the peers' big.txt, so that a
                // lookup is timed on the very text Ropey's is): the same workloads, its bytes.
                guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read --text \(path)") }
                generated = [UInt8](data)
                note = "\((path as NSString).lastPathComponent), \(generated.count) bytes"
                log("read \(generated.count) bytes from \(path) (--text) in place of the generated document")
            } else {
                generated = DocumentGenerator.generateUTF8(byteCount: byteCount, seed: Bench.seed, samples: samples)
                log(String(format: "generated %d bytes in %.2f s", generated.count, Double(nowNanoseconds() - t0) / 1e9))
            }
            (doc, icuSeconds) = loadWorkload(name: "load.generated", bytes: generated, note: note, alwaysLoad: true)
        }
        if anySelected(["load.ascii"]) { asciiLoad(byteCount: byteCount) }
        if anySelected(["load.streaming", "stats."]) { streamingWorkloads(doc, bytes: generated) }
        if anySelected(["geometry."]) { geometryWorkloads(doc, bytes: generated) }
        if let corpus, anySelected(["load.largest-file"]), let largest = corpus.largestTextFile(),
           let data = FileManager.default.contents(atPath: largest) {
            let name = (largest as NSString).lastPathComponent
            _ = loadWorkload(name: "load.largest-file", bytes: [UInt8](data), note: name, alwaysLoad: false)
        }
        if let corpus, anySelected(["load.corpus-all"]) { corpusAll(corpus) }
        if anySelected(["trace.", "replay.", "memory.automerge"]) { traces(CorpusLocator.defaultTraceFiles(corpus: corpus)) }
        if anySelected(["position."]) { lookups(doc) }
        if selected("position.sequential-nearby") { sequentialLookups(doc) }
        if anySelected(["edit."]) { edits(doc) }
        if selected("edit.typing-one-place") { typing(doc) }
        if anySelected(["walk."]) { walk(doc, icuSeconds: icuSeconds) }
        if anySelected(["snapshot."]) { snapshot(doc) }
        if anySelected(["input."]) { inputWorkloads(generated) }
        if anySelected(["ranges."]) { rangeSetWorkloads(generated) }
        if selected("ranges.automerge-paper-10k") { rangeTraceReplay() }
        if anySelected(["input.keystroke", "input.undo-step"]) { keystrokeWorkloads(generated) }
        if anySelected(["input.multicursor"]) { multiCursorWorkloads(generated) }
        if anySelected(["memory.generated"]) { memoryGenerated(generated) }
        if anySelected(["file."]) { fileWorkloads(doc) }
        if anySelected(["search."]) { searchWorkloads(doc, generated: generated) }
        if anySelected(["move."]) { movement(sampleSet) }
        if anySelected(["words."]) { words(sampleSet, texts: samples, main: (doc, generated.isEmpty ? 0 : sizeMB)) }
        if anySelected(["case."]) { caseMapping(samples) }
        if anySelected(["traits."]) { traitWorkloads(samples: samples) }
        log(String(format: "total %.1f s", Double(nowNanoseconds() - start) / 1e9))
    }

    // MARK: - a. load + segment

    /// Loads `bytes` `reps` times (ms) against one flat ICU grapheme pass over the same text
    /// as UTF-16 (conversion not timed); checks every count. Returns the document and the
    /// median ICU time in seconds.
    mutating func loadWorkload(name: String, bytes: [UInt8], note: String, alwaysLoad: Bool) -> (TextDocument, Double) {
        guard selected(name) || alwaysLoad else { return (TextDocument(), 0) }
        var doc = TextDocument()
        var error: (any Error)?
        let run = selected(name) ? reps : 1
        let times = timed(run, measured: selected(name)) {
            do { doc = try TextDocument(validatingUTF8: bytes) } catch let e { error = e }
        }
        check(error == nil, "\(name): TextDocument(validatingUTF8:) threw \(String(describing: error))")
        let string = String(decoding: bytes, as: UTF8.self)
        let utf16 = Array(string.utf16)
        var icuCount = 0
        let icuTimes = timed(selected(name) ? reps : 1, measured: false) { icuCount = ICUReference.graphemeCount(utf16) }
        check(doc.count == icuCount, "\(name): grapheme count \(doc.count) != ICU \(icuCount)")
        check(doc.count(in: .utf16) == utf16.count, "\(name): UTF-16 count \(doc.count(in: .utf16)) != \(utf16.count)")
        check(doc.count(in: .utf8) == bytes.count, "\(name): UTF-8 count \(doc.count(in: .utf8)) != \(bytes.count)")
        let scalars = string.unicodeScalars.count
        check(doc.count(in: .unicodeScalar) == scalars, "\(name): scalar count \(doc.count(in: .unicodeScalar)) != \(scalars)")
        let lines = string.utf8.reduce(into: 1) { n, b in if b == 0x0A { n += 1 } }
        if !string.contains("\r") && !string.unicodeScalars.contains(where: { [0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains($0.value) }) {
            check(doc.lineCount == lines, "\(name): lineCount \(doc.lineCount) != \(lines)")
        }
        let icu = median(icuTimes)
        if selected(name) {
            let mbps = Double(bytes.count) / median(times) / 1e6
            record(Workload(name: name, unit: "ms", samples: times.map { $0 * 1e3 }, baseline: icu * 1e3,
                            note: note + String(format: ", %.0f MB/s; baseline: ICU flat pass", mbps)))
        }
        return (doc, icu)
    }

    mutating func asciiLoad(byteCount: Int) {
        let bytes = DocumentGenerator.generateASCII(byteCount: byteCount, seed: 7)
        var doc = TextDocument()
        var error: (any Error)?
        let times = timed(reps) {
            do { doc = try TextDocument(validatingUTF8: bytes) } catch let e { error = e }
        }
        check(error == nil, "load.ascii threw")
        check(doc.count == bytes.count && doc.count(in: .utf16) == bytes.count, "load.ascii: counts \(doc.count) != \(bytes.count)")
        record(Workload(name: "load.ascii", unit: "GB/s", samples: times.map { Double(bytes.count) / $0 / 1e9 },
                        note: "\(sizeMB) MB pure ASCII"))
    }

    /// Every .txt of the shared corpus: total load time against ICU on each file, and every
    /// file's counts checked against ICU.
    mutating func corpusAll(_ corpus: CorpusLocator) {
        let files = corpus.textFiles()
        var contents: [[UInt8]] = []
        for path in files {
            if let data = FileManager.default.contents(atPath: path) { contents.append([UInt8](data)) }
        }
        let utf16s = contents.map { Array(String(decoding: $0, as: UTF8.self).utf16) }
        let total = contents.reduce(0) { $0 + $1.count }
        var docs: [TextDocument] = []
        let times = timed(quick ? 1 : reps) {
            docs = contents.map { (try? TextDocument(validatingUTF8: $0)) ?? TextDocument() }
        }
        var icuCounts: [Int] = []
        let icuTimes = timed(quick ? 1 : reps, measured: false) { icuCounts = utf16s.map { ICUReference.graphemeCount($0) } }
        var mismatches = 0
        for k in docs.indices where docs[k].count != icuCounts[k] || docs[k].count(in: .utf16) != utf16s[k].count {
            mismatches += 1
            if mismatches <= 5 {
                check(false, "load.corpus-all: \(files[k]): graphemes \(docs[k].count) vs ICU \(icuCounts[k]), UTF-16 \(docs[k].count(in: .utf16)) vs \(utf16s[k].count)")
            }
        }
        check(mismatches == 0, "load.corpus-all: \(mismatches) files differ from ICU")
        record(Workload(name: "load.corpus-all", unit: "ms", samples: times.map { $0 * 1e3 }, baseline: median(icuTimes) * 1e3,
                        note: String(format: "%d files, %.1f MB, counts == ICU; baseline: ICU flat pass", files.count, Double(total) / 1e6)))
    }

    // MARK: - b. editing traces

    /// The traces shipped in `Corpus/traces` (the shared corpus's copies only when those are gone).
    mutating func traces(_ paths: [String]) {
        check(!paths.isEmpty, "trace.: no editing traces found (Corpus/traces)")
        for path in paths {
            let name = EditingTrace.name(forPath: path)
            let replayName = "replay." + name
            let wantMemory = name == "automerge-paper" && anySelected(["memory.automerge-paper"])
            let publicName = "replay.public." + name
            guard selected(replayName) || selected(publicName) || selected("trace.load." + name) || wantMemory else { continue }
            var trace: EditingTrace?
            var loadError: Error?
            let loadTimes = timed(1, measured: selected("trace.load." + name)) {
                do { trace = try EditingTrace.load(path: path) } catch { loadError = error }
            }
            guard let trace else {
                check(false, "\(name): cannot load trace: \(String(describing: loadError))")
                continue
            }
            if name == "automerge-paper" && selected("trace.load." + name) {
                let more = timed(reps - 1) { blackHole(try? EditingTrace.load(path: path)) }
                record(Workload(name: "trace.load." + name, unit: "ms", samples: (loadTimes + more).map { $0 * 1e3 },
                                note: "gunzip + JSON parse, \(trace.patches.count) patches"))
            }
            if selected(replayName) {
                var doc = TextDocument()
                var replayError: (any Error)?
                let times = timed(traceReps) {
                    var d = TextDocument(trace.startContent)
                    do { try trace.replay(into: &d) } catch let e { replayError = e }
                    doc = d
                }
                check(replayError == nil, "\(replayName): replay threw \(String(describing: replayError))")
                let final = doc.string
                check(final == trace.endContent, "\(replayName): final text differs from endContent (\(final.utf8.count) vs \(trace.endContent.utf8.count) bytes)")
                let expected = ICUReference.graphemeCount(Array(trace.endContent.utf16))
                check(doc.count == expected, "\(replayName): grapheme count \(doc.count) != ICU \(expected)")

                // Baseline: Swift String, scalar-index walk per patch. automerge-paper takes
                // ~11 s that way, so it is skipped; everything else runs once.
                var baseline: Double?
                var note = "\(trace.patches.count) patches"
                if name == "automerge-paper" {
                    note += "; String baseline skipped (~11 s)"
                } else if quick && trace.patches.count > 60_000 {
                    note += "; String baseline skipped in --quick"
                } else {
                    var text = ""
                    let stringTimes = timed(quick ? 1 : 2, measured: false) { text = trace.replayOnString() }
                    check(text == trace.endContent, "\(replayName): String baseline differs from endContent")
                    baseline = median(stringTimes) * 1e3
                    note += "; baseline: Swift String"
                }
                let perPatch = median(times) * 1e9 / Double(max(trace.patches.count, 1))
                note += String(format: ", %.0f ns/patch", perPatch)
                record(Workload(name: replayName, unit: "ms", samples: times.map { $0 * 1e3 }, baseline: baseline, note: note))
            }
            if selected(publicName) { publicReplay(trace, name: publicName) }
            if wantMemory { memoryTrace(trace) }
        }
    }

    /// The replay a user of the public API writes — `position(at:unit:)` for both ends,
    /// `textRange(from:to:)`, `replace(_:withText:)` — timed against the direct
    /// `replace(_:in:withText:)` replay (not measured: callgrind counts the public path alone),
    /// run by run, so that the ratio is a same-run one.
    mutating func publicReplay(_ trace: EditingTrace, name: String) {
        var directTimes: [Double] = [], publicTimes: [Double] = []
        var failed = false
        var doc = TextDocument()
        for _ in 0..<traceReps {
            directTimes += timed(1, measured: false) {
                var d = TextDocument(trace.startContent)
                do { try trace.replay(into: &d) } catch { failed = true }
                blackHole(d)
            }
            publicTimes += timed(1) {
                var d = TextDocument(trace.startContent)
                for p in trace.patches {
                    guard let a = d.position(at: p.position, unit: .unicodeScalar),
                          let b = p.deleted == 0 ? a : d.position(at: p.position + p.deleted, unit: .unicodeScalar),
                          let r = d.textRange(from: a, to: b) else { failed = true; break }
                    do { try d.replace(r, withText: p.inserted) } catch { failed = true; break }
                }
                doc = d
            }
        }
        check(!failed, "\(name): a patch fell outside the document")
        check(doc.string == trace.endContent, "\(name): final text differs from endContent")
        let perPatch = median(publicTimes) * 1e9 / Double(max(trace.patches.count, 1))
        record(Workload(name: name, unit: "ms", samples: publicTimes.map { $0 * 1e3 }, baseline: median(directTimes) * 1e3,
                        note: String(format: "%d patches, %.0f ns/patch; position(at:unit:) x2 + textRange + replace; "
                                     + "baseline: replace(_:in:) in the same run", trace.patches.count, perPatch)))
    }

    // MARK: - g. memory

    mutating func memoryTrace(_ trace: EditingTrace) {
        guard Memory.heapInUse() != nil else { log("memory: malloc_info unavailable; skipped"); return }
        // Several independent documents, so malloc's per-thread caches (counted as in use)
        // weigh little against a 100 kB text.
        let copies = 5
        Memory.trim()
        let before = Memory.heapInUse()!
        let docs = (0..<copies).map { _ in try? trace.replayed() }
        Memory.trim()
        let after = Memory.heapInUse()!
        let bytes = (docs[0]?.count(in: .utf8) ?? 1) * copies
        let fresh = (0..<copies).map { _ in TextDocument(trace.endContent) }
        Memory.trim()
        let afterFresh = Memory.heapInUse()!
        blackHole(docs)
        blackHole(fresh)
        record(Workload(name: "memory.automerge-paper-replayed", unit: "B/B", samples: [Double(after - before) / Double(bytes)],
                        note: "heap bytes per text byte after replay (\(bytes / copies) B text, \(copies) documents)"))
        record(Workload(name: "memory.automerge-paper-fresh", unit: "B/B", samples: [Double(afterFresh - after) / Double(bytes)],
                        note: "same text loaded in one piece"))
    }

    mutating func memoryGenerated(_ bytes: [UInt8]) {
        guard Memory.heapInUse() != nil else { log("memory: malloc_info unavailable; skipped"); return }
        Memory.trim()
        let before = Memory.heapInUse()!
        let rssBefore = Memory.residentBytes()
        let doc = try? TextDocument(validatingUTF8: bytes)
        Memory.trim()
        let after = Memory.heapInUse()!
        let rssAfter = Memory.residentBytes()
        blackHole(doc)
        record(Workload(name: "memory.generated-load", unit: "B/B", samples: [Double(after - before) / Double(bytes.count)],
                        note: String(format: "heap bytes per text byte after load; RSS delta %.3f B/B", Double(rssAfter - rssBefore) / Double(bytes.count))))
    }

    // MARK: - c. coordinate lookups

    mutating func lookups(_ doc: TextDocument) {
        let n = 100_000
        var rng = SplitMix64(seed: 42)
        let offsets = (0..<n).map { _ in rng.below(doc.count + 1) }
        var positions = [TextPosition](repeating: doc.beginningOfDocument, count: n)
        var utf16 = [Int](repeating: 0, count: n)
        var lineColumns = [(line: Int, column: Int)](repeating: (0, 0), count: n)
        var missing = 0

        let t1 = timed(selected("position.from-grapheme-offset") ? reps : 1) {
            for k in 0..<n {
                if let p = doc.position(at: offsets[k]) { positions[k] = p } else { missing += 1 }
            }
        }
        check(missing == 0, "position.from-grapheme-offset: \(missing) lookups returned nil")
        var wrong = 0
        for k in 0..<n where doc.offset(of: positions[k]) != offsets[k] { wrong += 1 }
        check(wrong == 0, "position.from-grapheme-offset: \(wrong) positions do not round-trip to their grapheme offset")
        if selected("position.from-grapheme-offset") {
            record(Workload(name: "position.from-grapheme-offset", unit: "ns/op", samples: t1.map { $0 * 1e9 / Double(n) },
                            note: "position(at:) 100k random offsets"))
        }

        let t2 = timed(selected("position.to-utf16-offset") ? reps : 1) {
            for k in 0..<n { utf16[k] = doc.offset(of: positions[k], unit: .utf16) ?? -1 }
        }
        check(!utf16.contains(-1), "position.to-utf16-offset: nil offsets")
        if selected("position.to-utf16-offset") {
            record(Workload(name: "position.to-utf16-offset", unit: "ns/op", samples: t2.map { $0 * 1e9 / Double(n) },
                            note: "offset(of:unit: .utf16)"))
        }

        var back = [TextPosition](repeating: doc.beginningOfDocument, count: n)
        let t3 = timed(selected("position.from-utf16-offset") ? reps : 1) {
            for k in 0..<n { back[k] = doc.position(at: utf16[k], unit: .utf16) ?? doc.endOfDocument }
        }
        check(back == positions, "position.from-utf16-offset: UTF-16 offsets do not map back to the same positions")
        if selected("position.from-utf16-offset") {
            record(Workload(name: "position.from-utf16-offset", unit: "ns/op", samples: t3.map { $0 * 1e9 / Double(n) },
                            note: "position(at:unit: .utf16)"))
        }

        let t4 = timed(selected("position.to-line-column") ? reps : 1) {
            for k in 0..<n { lineColumns[k] = doc.lineAndColumn(of: positions[k]) ?? (-1, -1) }
        }
        check(!lineColumns.contains { $0.line < 0 }, "position.to-line-column: nil results")
        if selected("position.to-line-column") {
            record(Workload(name: "position.to-line-column", unit: "ns/op", samples: t4.map { $0 * 1e9 / Double(n) },
                            note: "lineAndColumn(of:) in graphemes"))
        }

        let t5 = timed(selected("position.from-line-column") ? reps : 1) {
            for k in 0..<n {
                back[k] = doc.position(line: lineColumns[k].line, column: lineColumns[k].column) ?? doc.endOfDocument
            }
        }
        check(back == positions, "position.from-line-column: line/column do not map back to the same positions")
        if selected("position.from-line-column") {
            record(Workload(name: "position.from-line-column", unit: "ns/op", samples: t5.map { $0 * 1e9 / Double(n) },
                            note: "position(line:column:)"))
        }
    }

    // MARK: - d. single-grapheme edits

    mutating func edits(_ doc: TextDocument) {
        let n = quick ? 5_000 : 20_000
        var rng = SplitMix64(seed: 1234)
        let randoms = (0..<n).map { _ in rng.next() }
        var failed = 0
        var edited = doc

        let inserts = timed(selected("edit.insert-grapheme") ? reps : 0) {
            var d = doc
            for k in 0..<n {
                let count = d.count
                let at = Int(randoms[k] % UInt64(count + 1))
                guard let p = d.position(at: at) else { failed += 1; continue }
                do { try d.insert(insertedGraphemes[k % insertedGraphemes.count], at: p) } catch { failed += 1 }
            }
            edited = d
        }
        check(failed == 0, "edit.insert-grapheme: \(failed) inserts failed")
        if !inserts.isEmpty { checkAgainstICU(edited, "edit.insert-grapheme") }
        if selected("edit.insert-grapheme") {
            record(Workload(name: "edit.insert-grapheme", unit: "us/op", samples: inserts.map { $0 * 1e6 / Double(n) },
                            note: "position(at:) + insert(_:at:), random grapheme offsets"))
        }

        let deletes = timed(selected("edit.delete-grapheme") ? reps : 0) {
            var d = doc
            for k in 0..<n {
                let count = d.count
                guard count > 0 else { break }
                let at = Int(randoms[k] % UInt64(count))
                guard let p = d.position(at: at), let q = d.position(from: p, offset: 1),
                      let range = d.textRange(from: p, to: q) else { failed += 1; continue }
                do { try d.delete(range) } catch { failed += 1 }
            }
            edited = d
        }
        check(failed == 0, "edit.delete-grapheme: \(failed) deletes failed")
        if !deletes.isEmpty { checkAgainstICU(edited, "edit.delete-grapheme") }
        if selected("edit.delete-grapheme") {
            record(Workload(name: "edit.delete-grapheme", unit: "us/op", samples: deletes.map { $0 * 1e6 / Double(n) },
                            note: "position(at:) + position(from:offset:1) + delete"))
        }
    }

    /// Checks a document's counts against ICU on its whole text (not timed).
    mutating func checkAgainstICU(_ doc: TextDocument, _ name: String) {
        let utf16 = Array(doc.string.utf16)
        let icu = ICUReference.graphemeCount(utf16)
        check(doc.count == icu, "\(name): grapheme count after edits \(doc.count) != ICU \(icu)")
        check(doc.count(in: .utf16) == utf16.count, "\(name): UTF-16 count after edits \(doc.count(in: .utf16)) != \(utf16.count)")
    }

    // MARK: - e. grapheme walk

    mutating func walk(_ doc: TextDocument, icuSeconds: Double) {
        // The whole document, cluster by cluster, through the public sequence.
        var steps = 0
        var end = 0
        let times = timed(reps) {
            steps = 0
            var last = doc.beginningOfDocument
            for range in doc.graphemeRanges {
                last = range.end
                steps += 1
            }
            end = doc.offset(of: last, unit: .utf8) ?? -1
        }
        check(steps == doc.count, "walk.graphemes: \(steps) clusters != \(doc.count)")
        check(end == doc.count(in: .utf8), "walk.graphemes: walk ended at byte \(end), not \(doc.count(in: .utf8))")
        // Stepping with position(from:offset: 1), the UIKit way, over the first 200,000 clusters.
        let limit = min(doc.count, 200_000)
        let stepTimes = timed(max(1, reps / 2)) {
            var p = doc.beginningOfDocument
            var n = 0
            while n < limit, let next = doc.position(from: p, offset: 1) {
                p = next
                n += 1
            }
            steps = n
        }
        check(steps == limit, "walk.position-steps: \(steps) steps != \(limit)")
        let perGrapheme = Double(max(doc.count, 1))
        record(Workload(name: "walk.graphemes", unit: "ns/grapheme", samples: times.map { $0 * 1e9 / perGrapheme },
                        baseline: icuSeconds * 1e9 / perGrapheme,
                        note: "graphemeRanges over the whole generated document; baseline: ICU flat pass over it"))
        record(Workload(name: "walk.position-steps", unit: "ns/grapheme", samples: stepTimes.map { $0 * 1e9 / Double(max(limit, 1)) },
                        note: "position(from:offset: 1), first \(limit) clusters"))
        if selected("walk.long-cluster") { longClusterLookups() }
    }

    /// UTF-8 offsets inside one cluster far longer than a chunk (3,000 emoji joined by ZWJ, GB11)
    /// to positions, each then stepped past the cluster: every lookup snaps back to the
    /// cluster's start, a scan through the cluster.
    mutating func longClusterLookups() {
        let emoji = 3_000
        let chain = TextDocument("ab" + Array(repeating: "😀", count: emoji).joined(separator: "\u{200D}") + "cd")
        let bytes = chain.count(in: .utf8)
        var rng = SplitMix64(seed: 5)
        let offsets = (0..<200).map { _ in 3 + rng.below(bytes - 5) }
        var wrong = 0
        let times = timed(reps) {
            for x in offsets {
                guard let p = chain.position(at: x, unit: .utf8), let next = chain.position(from: p, offset: 1),
                      chain.offset(of: p, unit: .utf8) == 2, chain.offset(of: next, unit: .utf8) == bytes - 2 else {
                    wrong += 1
                    continue
                }
            }
        }
        check(chain.count == 5 && wrong == 0, "walk.long-cluster-lookups: \(wrong) lookups missed the cluster's ends")
        record(Workload(name: "walk.long-cluster-lookups", unit: "us/op", samples: times.map { $0 * 1e6 / Double(offsets.count) },
                        note: "position(at: UTF-8 offset inside a cluster of \(emoji) joined emoji) + position(from:offset: 1)"))
    }

    // MARK: - f. snapshot

    mutating func snapshot(_ doc: TextDocument) {
        let n = 2_000
        var rng = SplitMix64(seed: 99)
        let positions = (0..<n).map { _ in doc.position(at: rng.below(doc.count + 1))! }
        var total = 0
        var failed = 0
        let times = timed(reps) {
            for k in 0..<n {
                var copy = doc
                do { try copy.insert("x", at: positions[k]) } catch { failed += 1 }
                total &+= copy.count(in: .utf8)
            }
        }
        blackHole(total)
        check(failed == 0, "snapshot.copy+edit: \(failed) edits failed")
        record(Workload(name: "snapshot.copy+edit", unit: "us/op", samples: times.map { $0 * 1e6 / Double(n) },
                        note: "var copy = doc; insert 1 grapheme; drop the copy"))
    }

    // MARK: - Finish

    /// Prints the table, writes JSON, compares with the baseline. Returns the exit code.
    mutating func finish() -> Int32 {
        print(table(results))
        if options.markdown { print("\n" + markdownTable(results)) }
        var config: [String: String] = ["quick": quick ? "true" : "false", "sizeMB": "\(sizeMB)",
                                        "reps": "\(reps)", "only": JSONText.quoted(options.only.joined(separator: ","))]
        if let path = options.textFile { config["text"] = JSONText.quoted(path) }
        let section = jsonSection(results, config: config)
        if let path = options.json {
            do { try (section + "\n").write(toFile: path, atomically: true, encoding: .utf8) }
            catch { log("cannot write \(path): \(error)"); return 2 }
        }
        if let path = options.updateBaseline { updateBaseline(path, section: section) }

        var code: Int32 = 0
        if let path = options.baseline { code = compare(with: path) }
        if !failures.isEmpty {
            print("\nCORRECTNESS FAILURES (\(failures.count)):")
            for f in failures { print("  " + f) }
            return 1
        }
        return code
    }

    /// Stores this run in `path`: a full run becomes the top-level section; a quick run the
    /// "quick" section; the other section is kept.
    func updateBaseline(_ path: String, section: String) {
        var full: String?
        var quickSection: String?
        if let data = FileManager.default.contents(atPath: path),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            if object["workloads"] != nil {
                var top = object
                top.removeValue(forKey: "quick")
                full = String(decoding: try! JSONSerialization.data(withJSONObject: top, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
            }
            if let q = object["quick"] {
                quickSection = String(decoding: try! JSONSerialization.data(withJSONObject: q, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
            }
        }
        let mine = options.only.isEmpty ? section : merged(into: quick ? quickSection : full, section: section)
        if quick { quickSection = mine } else { full = mine }
        // Splice: the full section's object with a "quick" member added.
        var text = full ?? "{\n  \"workloads\": []\n}"
        if let quickSection, let close = text.lastIndex(of: "}") {
            text = String(text[..<close]).trimmingCharacters(in: .whitespacesAndNewlines)
                + ",\n  \"quick\": " + quickSection.replacingOccurrences(of: "\n", with: "\n  ") + "\n}"
        }
        do { try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8); log("baseline updated: \(path)") }
        catch { log("cannot write \(path): \(error)") }
    }

    /// A run with `--only` updates only its own workloads in the stored section `stored` (the
    /// others and the section's config are kept, so a partial run never drops figures).
    func merged(into stored: String?, section: String) -> String {
        guard let stored, let old = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any],
              var list = old["workloads"] as? [[String: Any]],
              let new = try? JSONSerialization.jsonObject(with: Data(section.utf8)) as? [String: Any],
              let fresh = new["workloads"] as? [[String: Any]] else { return section }
        for entry in fresh {
            if let i = list.firstIndex(where: { $0["name"] as? String == entry["name"] as? String }) {
                list[i] = entry
            } else {
                list.append(entry)
            }
        }
        // One line per workload, as `jsonSection` writes a run's own section (the other section
        // is rewritten by JSONSerialization, as before), so the diff shows only what changed.
        let settings = old["config"] as? [String: Any] ?? [:]
        let config = settings.keys.sorted().map { key -> String in
            let value = settings[key]!
            if let text = value as? String { return "\(JSONText.quoted(key)): \(JSONText.quoted(text))" }
            guard let n = value as? NSNumber else { return "\(JSONText.quoted(key)): null" }
            let isBool = String(describing: type(of: n)).contains("Boolean")
            return "\(JSONText.quoted(key)): \(isBool ? (n.boolValue ? "true" : "false") : "\(n)")"
        }.joined(separator: ", ")
        let lines = list.enumerated().map { k, e -> String in
            func number(_ key: String) -> String { (e[key] as? NSNumber).map { jsonNumber($0.doubleValue) } ?? "null" }
            return "    {\"name\": \(JSONText.quoted(e["name"] as? String ?? "")), \"unit\": \(JSONText.quoted(e["unit"] as? String ?? "")), "
                + "\"median\": \(number("median")), \"min\": \(number("min")), \"max\": \(number("max")), "
                + "\"baseline\": \(number("baseline")), \"ratio\": \(number("ratio"))}" + (k + 1 < list.count ? "," : "")
        }
        return (["{", "  \"config\": {\(config)},", "  \"workloads\": ["] + lines + ["  ]", "}"]).joined(separator: "\n")
    }

    /// Compares medians by name with the recorded run of the same mode in `path`.
    func compare(with path: String) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            log("cannot read baseline \(path)")
            return 2
        }
        let candidates = [RecordedRun(object), RecordedRun(object["quick"])].compactMap { $0 }
        guard let recorded = candidates.first(where: { $0.matches(quick: quick, sizeMB: sizeMB) }) ?? (candidates.count == 1 ? candidates[0] : nil) else {
            log("baseline \(path) has no run recorded with --quick=\(quick) and --size-mb \(sizeMB)")
            return 2
        }
        if !recorded.matches(quick: quick, sizeMB: sizeMB) {
            print("warning: baseline was recorded with other options (\(recorded.config)); figures may not be comparable")
        }
        var regressions: [String] = []
        var improvements: [String] = []
        var compared = 0
        for w in results {
            guard let (unit, old) = recorded.medians[w.name], unit == w.unit, old > 0 else { continue }
            compared += 1
            let change = w.median / old - 1
            let line = String(format: "  %@: %@ -> %@ %@ (%+.1f%%)", w.name, format(old), format(w.median), w.unit, change * 100)
            let worse = Workload.higherIsBetter(w.unit) ? change < -options.tolerance : change > options.tolerance
            let better = Workload.higherIsBetter(w.unit) ? change > options.tolerance : change < -options.tolerance
            if worse { regressions.append(line) } else if better { improvements.append(line) }
        }
        print(String(format: "\ncompared %d workloads with %@ (tolerance %.0f%%)", compared, path, options.tolerance * 100))
        if !improvements.isEmpty { print("improvements:\n" + improvements.joined(separator: "\n")) }
        if regressions.isEmpty {
            print("no regressions")
            return 0
        }
        print("REGRESSIONS (\(regressions.count)):\n" + regressions.joined(separator: "\n"))
        return 1
    }
}
