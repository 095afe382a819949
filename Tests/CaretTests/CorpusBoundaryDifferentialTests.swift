import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// Word, sentence and line boundaries through the rope against ICU on the flat UTF-16 text of
/// every corpus file (issue 14): whole files in small chunks (windows of the multi-MB ones),
/// the tokenizer's calls at random positions, and random slices in tiny chunks that start and
/// end inside Thai, Lao, Khmer, Burmese, Chinese and Japanese runs, where ICU's dictionary
/// engines decide by the length of a run in native units; then short runs written for Caret,
/// which need no shared corpus. Seeded (`SEED`); the root locale (and the samples' own).
/// The corpus is `BoundaryCorpus.files()`: the shared one when present, else `Corpus/samples`.
final class CorpusBoundaryDifferentialTests: XCTestCase {
    typealias Kind = ReferenceBoundaries.Kind

    /// What one report group (a script) saw.
    struct Tally {
        var files = 0
        var compared: [Kind: Int] = [:], wrong: [Kind: Int] = [:], dropped: [Kind: Int] = [:]
        var slices = 0, sliceCompared: [Kind: Int] = [:], sliceWrong: [Kind: Int] = [:]
        var calls = 0, wrongCalls = 0

        var totalWrong: Int { wrong.values.reduce(0, +) + sliceWrong.values.reduce(0, +) + wrongCalls }

        mutating func add(_ other: Tally) {
            files += other.files
            slices += other.slices
            calls += other.calls
            wrongCalls += other.wrongCalls
            for kind in Kind.allCases {
                compared[kind, default: 0] += other.compared[kind] ?? 0
                wrong[kind, default: 0] += other.wrong[kind] ?? 0
                dropped[kind, default: 0] += other.dropped[kind] ?? 0
                sliceCompared[kind, default: 0] += other.sliceCompared[kind] ?? 0
                sliceWrong[kind, default: 0] += other.sliceWrong[kind] ?? 0
            }
        }
    }

    /// Files up to this many bytes are checked whole (every UDHR and sentences file), larger
    /// ones (`large/`, several MB each) in windows.
    static let wholeFileLimit = 320 << 10

    /// Slices per text (file or window): `SLICES` when set (for measuring), else 12 with the
    /// shared corpus and 48 with the repository's few samples.
    static let slicesPerText = ProcessInfo.processInfo.environment["SLICES"].flatMap { Int($0) }
        ?? (BoundaryCorpus.sharedCorpus == nil ? 48 : 12)

    func testCorpusBoundariesEqualFlatICU() throws {
        let (corpus, files) = try BoundaryCorpus.files()
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 14)
        print("corpus boundary differential: \(files.count) files of \(corpus), SEED=\(seed), SLICES=\(Self.slicesPerText)")
        var tallies: [String: Tally] = [:]
        var wrongFiles: [(String, Tally)] = []
        var failures: [String] = []
        for file in files {
            let group = BoundaryCorpus.group(of: file.text)
            var tally = Tally()
            tally.files = 1
            var fileFailures: [String] = []
            // Whole files; windows of the large ones (each a document of its own, checked
            // against ICU on its own flat text).
            let texts = file.text.utf8.count <= Self.wholeFileLimit ? [(file.name, file.text)]
                : BoundaryCorpus.windows(of: file.text, count: 6, length: 32 << 10, using: &rng)
                    .map { ("\(file.name) window \($0.range)", $0.text) }
            for (label, text) in texts {
                check(text, label: label, tally: &tally, failures: &fileFailures, rng: &rng)
            }
            if !fileFailures.isEmpty { failures.append(fileFailures.prefix(4).joined(separator: "\n  ")) }
            if tally.totalWrong > 0 { wrongFiles.append(("\(file.name) (\(group))", tally)) }
            tallies[group, default: Tally()].add(tally)
        }
        printReport(tallies.sorted { $0.key < $1.key } + wrongFiles)
        XCTAssertEqual(tallies.values.reduce(0) { $0 + $1.files }, files.count)
        for failure in failures.prefix(40) { XCTFail(failure) }
        let total = tallies.values.reduce(0) { $0 + $1.totalWrong }
        XCTAssertEqual(total, 0, "wrong boundaries and calls in \(failures.count) files (first 40 listed), SEED=\(seed)")
    }

    /// All boundaries of `text`, the tokenizer's calls at random places, and random slices
    /// inside its dictionary runs, each a document of its own: with standard chunks a seam about
    /// every kilobyte of a file and none in a slice; in the `TinyShapes` build a seam at nearly
    /// every cluster of both.
    func check(_ text: String, label: String, tally: inout Tally, failures: inout [String], rng: inout SeededGenerator) {
        let flat = FlatText(text)
        let references = flatReferences(of: flat)
        let probe = BoundaryProbe(document: TextDocument(text), flat: flat)
        let wrong = compare(probe, references, label: label, failures: &failures)
        for kind in Kind.allCases {
            tally.compared[kind, default: 0] += references[kind]!.offsets.count
            tally.wrong[kind, default: 0] += wrong[kind]!
            tally.dropped[kind, default: 0] += references[kind]!.dropped
        }
        let slices = BoundaryCorpus.dictionarySlices(of: flat, count: Self.slicesPerText, using: &rng)
        // The tokenizer's calls at random cluster boundaries, line breaks in random ranges.
        let g = flat.graphemes
        for _ in 0..<(g.count < 2 ? 0 : slices.isEmpty ? 1 : 6) {
            let i = Int.random(in: 0..<g.count, using: &rng)
            let x = g[i], y = g[Int.random(in: i..<min(g.count, i + 200), using: &rng)]
            let calls = probe.checkCalls(at: x, references[.word]!) + probe.checkCalls(at: x, references[.sentence]!)
            let lines = probe.checkLineBreaks(from: x, to: y, references[.line]!)
            tally.calls += 13   // six calls per granularity, one for lines
            tally.wrongCalls += calls.count + lines.count
            failures += (calls + lines).prefix(3).map { "\(label): \($0)" }
        }
        // Slices inside dictionary runs: all boundaries, the public line breaks, and the
        // tokenizer's calls at three places.
        for slice in slices {
            let text = String(decoding: flat.utf16[slice], as: UTF16.self)
            let sliceFlat = FlatText(text)
            let sliceReferences = flatReferences(of: sliceFlat)
            let sliceProbe = BoundaryProbe(document: TextDocument(text), flat: sliceFlat)
            let sliceLabel = "\(label) slice \(slice) \"\(text)\""
            var wrong = compare(sliceProbe, sliceReferences, label: sliceLabel, failures: &failures)
            wrong[.line]! += sliceProbe.publicLineBreaks().differences(from: sliceReferences[.line]!).count
            tally.slices += 1
            for kind in Kind.allCases {
                tally.sliceCompared[kind, default: 0] += sliceReferences[kind]!.offsets.count
                tally.sliceWrong[kind, default: 0] += wrong[kind]!
            }
            for _ in 0..<3 {
                let x = sliceFlat.graphemes.randomElement(using: &rng)!
                let calls = sliceProbe.checkCalls(at: x, sliceReferences[.word]!) + sliceProbe.checkCalls(at: x, sliceReferences[.sentence]!)
                tally.calls += 12
                tally.wrongCalls += calls.count
                failures += calls.prefix(2).map { "\(sliceLabel): \($0)" }
            }
        }
    }

    /// ICU's boundaries of every kind on the flat text, root locale.
    func flatReferences(of flat: FlatText) -> [Kind: ReferenceBoundaries] {
        Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, flat.reference($0, locale: "")) })
    }

    /// Compares all boundaries of every kind; returns the wrong ones per kind, with messages.
    func compare(_ probe: BoundaryProbe, _ references: [Kind: ReferenceBoundaries], label: String,
                 failures: inout [String]) -> [Kind: Int] {
        var wrong: [Kind: Int] = [:]
        for kind in Kind.allCases {
            let reference = references[kind]!
            let diffs = probe.boundaries(kind).differences(from: reference)
            wrong[kind] = diffs.count
            guard let first = diffs.first else { continue }
            let u = probe.flat.utf16
            let around = max(0, first - 12)..<min(u.count, max(0, first) + 12)
            let context = String(decoding: u[around], as: UTF16.self).replacingOccurrences(of: "\n", with: "⏎")
            failures.append("\(label): \(kind) \(diffs.count) boundaries differ, first at UTF-16 \(first) in \"\(context)\"")
        }
        return wrong
    }

    /// (text, its locale), written for Caret: single short words (the issue's `ກຊີ`, which a
    /// UTF-8 `UText` divides), words between spaces and punctuation, a few longer runs.
    static let shortRuns: [(String, String)] = [
        ("ກຊີ", "lo"), ("ນີ້", "lo"), ("ກຊີ ສະບາຍດີ", "lo"), ("ໄປ ໃສ?", "lo"), ("ຂອບໃຈ ຫຼາຍໆ", "lo"),
        ("ພາສາລາວ ແມ່ນ ງ່າຍ", "lo"), ("a ກຊີ b", "lo"), ("(ນີ້)", "lo"),
        ("ไป", "th"), ("กิน ข้าว", "th"), ("ดี ๆ", "th"), ("น้ำ ไฟ ลม", "th"), ("ภาษาไทย ง่าย", "th"), ("(ไป)", "th"),
        ("ទៅ", "km"), ("ខ្ញុំ ទៅ ផ្សារ", "km"), ("អរគុណ", "km"), ("ភាសាខ្មែរ", "km"),
        ("သွား", "my"), ("ရေ နဲ့ မီး", "my"), ("မင်္ဂလာပါ", "my"), ("ကျေးဇူးတင်ပါတယ်", "my"),
        ("中文", "zh"), ("日本語 の", "ja"), ("カナ", "ja"),
    ]

    /// Every boundary and every tokenizer call at every position of each sample (with a seam at
    /// nearly every cluster in the `TinyShapes` build), for the root locale and the sample's own.
    func testShortDictionaryRunsEqualFlatICU() {
        var failures: [String] = []
        for (text, language) in Self.shortRuns {
            let flat = FlatText(text)
            for locale in ["", language] {
                let references = ReferenceBoundaries.Kind.allCases.map { flat.reference($0, locale: locale) }
                var document = TextDocument(text)
                document.locale = locale
                let probe = BoundaryProbe(document: document, flat: flat)
                var wrong: [String] = []
                for reference in references {
                    let diffs = probe.boundaries(reference.kind).differences(from: reference)
                    if !diffs.isEmpty { wrong.append("\(reference.kind) boundaries differ at \(diffs); ICU \(reference.offsets)") }
                }
                wrong += probe.publicLineBreaks().differences(from: references[2]).map { "lineBreakOpportunities differ at \($0)" }
                for x in flat.graphemes {
                    wrong += probe.checkCalls(at: x, references[0]) + probe.checkCalls(at: x, references[1])
                    wrong += probe.checkLineBreaks(from: x, to: flat.graphemes.last!, references[2])
                }
                failures += wrong.map { "\(text) (locale \"\(locale)\", \(storageShape)): \($0)" }
            }
        }
        for failure in failures.prefix(20) { XCTFail(failure) }
        XCTAssertEqual(failures.count, 0, "wrong boundaries and calls in \(Self.shortRuns.count) samples (first 20 listed)")
    }

    /// One line per group, then per file with a difference: whole-file boundaries wrong /
    /// compared per kind, slices, calls.
    func printReport(_ tallies: [(String, Tally)]) {
        func cell(_ wrong: [Kind: Int], _ compared: [Kind: Int], _ kind: Kind) -> String {
            "\(wrong[kind] ?? 0)/\(compared[kind] ?? 0)"
        }
        print("| group | files | word | sentence | line | slices | slice word | slice sentence | slice line | calls wrong | in-cluster word/sentence/line |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for (group, t) in tallies {
            print("| \(group) | \(t.files) | \(cell(t.wrong, t.compared, .word)) | \(cell(t.wrong, t.compared, .sentence)) | \(cell(t.wrong, t.compared, .line))"
                  + " | \(t.slices) | \(cell(t.sliceWrong, t.sliceCompared, .word)) | \(cell(t.sliceWrong, t.sliceCompared, .sentence))"
                  + " | \(cell(t.sliceWrong, t.sliceCompared, .line)) | \(t.wrongCalls)/\(t.calls)"
                  + " | \(t.dropped[.word] ?? 0)/\(t.dropped[.sentence] ?? 0)/\(t.dropped[.line] ?? 0) |")
        }
    }
}
