import Caret
import Foundation
import XCTest

@testable import CaretCorpus

/// `.terminal` widths against PyPI's `wcwidth` (0.7.0) on every distinct cluster of
/// Corpus/samples, stored in Corpus/wcwidth/samples.tsv with both `wcswidth` of the cluster and
/// the sum of `wcwidth` of its scalars (regenerate with Corpus/wcwidth/generate.py, which says
/// how; `swift test` needs no Python).
///
/// wcwidth 0.7's `wcswidth` measures a grapheme cluster as a whole (what a terminal with
/// grapheme support draws, Caret's `.clusters`); `.terminal` is a terminal drawing scalar by
/// scalar (xterm, tmux), as issue 26 asks (`दि` is 2). The differences are deliberate and
/// counted by kind; the test fails when a count changes, so a new kind cannot slip in unnoticed.
/// Samples (2,263 clusters, 2,173 equal) / shared corpus (/work/shared/corpus, 35,299 clusters,
/// 30,914 equal; run once with `testFixtureFromTheEnvironment`):
/// - `control` 2 / 19: wcwidth says -1 (no width); Caret draws C0/C1 controls as `^X` (2),
///   tabs to the next stop and line terminators as 0.
/// - `vs16` 18 / 1,033: U+FE0F widens a narrow emoji to 2 in wcswidth; zero width here.
/// - `conjunct` 41 / 1,912: wcswidth draws an Indic conjunct (consonant, virama, consonant…)
///   in 2 cells; here each consonant and spacing vowel sign takes 1.
/// - `emoji-sequence` 17 / 1,175: modifier and ZWJ sequences are 2 in wcswidth, the sum of
///   their emoji here (`👋🏽` 4).
/// - `spacing-mark` 12 / 220: wcswidth caps a base with several spacing marks (Mc) at 2
///   (`ကြေ`, `खाः`); each takes 1 here.
/// - `regional-indicator` 0 / 26: a lone regional indicator is 2 in wcwidth 0.7 (its own
///   rule); East_Asian_Width Neutral, 1, here (a pair, a flag, is 2 in both).
/// - `unicode-version` 0 / 0: a scalar assigned after Unicode 15.0 (ICU 72's data; wcwidth's
///   tables are Unicode 17). None occurs in either corpus.
final class DisplayWidthWcwidthTests: XCTestCase {
    /// The clusters compared, and the differences by kind (see the class comment).
    static func compare(_ fixture: String) -> (clusters: Int, kinds: [String: [String]]) {
        let options = DisplayWidthOptions()
        var kinds: [String: [String]] = [:]
        var count = 0
        for line in fixture.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let wcswidth = Int(fields[1]), let sum = Int(fields[2]) else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            var cluster = ""
            cluster.unicodeScalars.append(contentsOf: scalars)
            count += 1
            let actual = options.width(of: cluster)
            let shown = String(fields[0]) + " wcswidth \(wcswidth) sum \(sum) caret \(actual)"
            func add(_ kind: String) { kinds[kind, default: []].append(shown) }
            guard actual != wcswidth else { continue }
            if wcswidth < 0 {
                add("control")
            } else if scalars.contains(where: { ($0.properties.age.map { $0.major * 100 + $0.minor } ?? 9999) > 1500 }) {
                add("unicode-version")
            } else if scalars.contains("\u{FE0F}") {
                add("vs16")
            } else if scalars.contains(where: { $0.properties.canonicalCombiningClass.rawValue == 9 }) {
                add("conjunct")
            } else if scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) {
                add("regional-indicator")
            } else if scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) })
                || (scalars.contains("\u{200D}") && scalars.contains(where: \.properties.isEmoji)) {
                add("emoji-sequence")
            } else if scalars.contains(where: { $0.properties.generalCategory == .spacingMark }) {
                add("spacing-mark")
            } else {
                add("other")
            }
        }
        return (count, kinds)
    }

    func testTerminalMatchesWcwidthOnTheSamples() throws {
        let url = SharedData.packageRoot.appendingPathComponent("Corpus/wcwidth/samples.tsv")
        let (clusters, kinds) = Self.compare(try String(contentsOf: url, encoding: .utf8))
        for (kind, differences) in kinds.sorted(by: { $0.key < $1.key }) {
            print("\(kind): \(differences.count)\n  " + differences.prefix(8).joined(separator: "\n  "))
        }
        XCTAssertEqual(clusters, 2263)
        XCTAssertEqual(kinds.mapValues(\.count), [
            "control": 2, "vs16": 18, "conjunct": 41, "emoji-sequence": 17, "spacing-mark": 12,
        ])
    }

    /// The same comparison over any fixture the script wrote: `WCWIDTH_FIXTURE=/tmp/shared.tsv
    /// swift test --filter DisplayWidthWcwidthTests` prints its counts (the shared corpus is not
    /// shipped, so nothing is asserted).
    func testFixtureFromTheEnvironment() throws {
        guard let path = ProcessInfo.processInfo.environment["WCWIDTH_FIXTURE"] else { return }
        let (clusters, kinds) = Self.compare(try String(contentsOfFile: path, encoding: .utf8))
        print("\(path): \(clusters) clusters")
        for (kind, differences) in kinds.sorted(by: { $0.key < $1.key }) {
            print("\(kind): \(differences.count)\n  " + differences.prefix(12).joined(separator: "\n  "))
        }
    }
}
