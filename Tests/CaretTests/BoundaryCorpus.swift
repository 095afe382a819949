import XCTest
@testable import Caret

/// The texts of the corpus differential test: every `.txt` of the shared corpus when it is
/// there (`CARET_SHARED` or `../shared`), else the repository's own `Corpus/samples`; the
/// script each is written in; and slices of them that start and end inside runs of the scripts
/// ICU segments with dictionaries.
enum BoundaryCorpus {
    /// A text of the corpus: its path relative to the corpus root and its text.
    struct File {
        var name: String
        var text: String
    }

    /// The shared corpus directory, when present.
    static var sharedCorpus: String? {
        let path = SharedData.root + "/corpus"
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
    }

    /// The repository's own samples (written for Caret; present in every clone).
    static var repositorySamples: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/samples").path
    }

    /// The corpus root and every `.txt` under it, sorted by name.
    static func files() throws -> (root: String, files: [File]) {
        let root = sharedCorpus ?? repositorySamples
        let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
        let files = try names.map { name -> File in
            guard let data = FileManager.default.contents(atPath: root + "/" + name) else {
                throw MissingData(path: root + "/" + name)
            }
            return File(name: name, text: String(decoding: data, as: UTF8.self))
        }
        if files.isEmpty { throw MissingData(path: root + "/*.txt") }
        return (root, files)
    }

    /// The scripts the report groups by: those ICU segments with dictionaries, and Tibetan
    /// and Hangul, which it does not.
    enum Script: Int, CaseIterable {
        case thai, lao, tibetan, myanmar, khmer, kana, han, hangul

        init?(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x0E00...0x0E7F: self = .thai
            case 0x0E80...0x0EFF: self = .lao
            case 0x0F00...0x0FFF: self = .tibetan
            case 0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: self = .myanmar
            case 0x1780...0x17FF, 0x19E0...0x19FF: self = .khmer
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .kana
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: self = .han
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: self = .hangul
            default: return nil
            }
        }

        /// ICU 72 breaks it with a dictionary (words and lines).
        var isDictionary: Bool { self != .tibetan && self != .hangul }

        var name: String { ["Thai", "Lao", "Tibetan", "Myanmar", "Khmer", "Kana", "Chinese", "Hangul"][rawValue] }
    }

    /// True for the scripts ICU 72 breaks with a dictionary (words and lines).
    static func isDictionary(_ scalar: Unicode.Scalar) -> Bool {
        // Below U+0E00 nothing is: the common case stays cheap.
        scalar.value >= 0x0E00 && Script(scalar)?.isDictionary == true
    }

    /// The report's group of a text: the script among `Script` that holds most of its letters
    /// when at least a fifth of them ("Japanese" for Han with kana), else "other"; judged on
    /// the first 256 K scalars.
    static func group(of text: String) -> String {
        var counts = [Int](repeating: 0, count: Script.allCases.count)
        var letters = 0
        for s in text.unicodeScalars.prefix(256 << 10) where s.properties.isAlphabetic {
            letters += 1
            if s.value >= 0x0E00, let script = Script(s) { counts[script.rawValue] += 1 }
        }
        if counts[Script.kana.rawValue] * 50 > letters { return "Japanese" }
        let top = counts.indices.max { counts[$0] < counts[$1] }!
        return counts[top] > 0 && counts[top] * 5 >= letters ? Script(rawValue: top)!.name : "other"
    }

    /// `count` windows of `text` at random places: whole lines, from a line start to the end
    /// of the line where at least `length` bytes are reached, as byte ranges and text.
    static func windows(of text: String, count: Int, length: Int, using rng: inout SeededGenerator) -> [(range: Range<Int>, text: String)] {
        let bytes = Array(text.utf8)
        func lineStart(atOrAfter x: Int) -> Int {
            var i = x
            while i < bytes.count && i > 0 && bytes[i - 1] != 0x0A { i += 1 }
            return i
        }
        return (0..<count).map { _ in
            let start = lineStart(atOrAfter: Int.random(in: 0..<bytes.count, using: &rng))
            let end = lineStart(atOrAfter: min(bytes.count, start + length))
            return (start..<end, String(decoding: bytes[start..<end], as: UTF8.self))
        }
    }

    /// Up to `count` slices of `flat`, each starting and ending at a grapheme boundary that has
    /// a dictionary-script cluster on both sides (inside a run), about 1–10 clusters long half
    /// of the time and up to ~120 otherwise; as UTF-16 ranges.
    static func dictionarySlices(of flat: FlatText, count: Int, using rng: inout SeededGenerator) -> [Range<Int>] {
        let g = flat.graphemes
        guard g.count > 2 else { return [] }
        var dictionary: [Bool] = []
        dictionary.reserveCapacity(g.count - 1)
        for k in 0..<(g.count - 1) {
            let u = flat.utf16[g[k]]
            let scalar: Unicode.Scalar? = UTF16.isLeadSurrogate(u) && g[k] + 1 < flat.utf16.count
                ? Unicode.Scalar(0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(flat.utf16[g[k] + 1]) - 0xDC00))
                : Unicode.Scalar(UInt32(u))
            dictionary.append(scalar.map(isDictionary) ?? false)
        }
        // Boundaries k (between cluster k - 1 and k) inside a run.
        let inside = (1..<(g.count - 1)).filter { dictionary[$0 - 1] && dictionary[$0] }
        guard inside.count >= 2 else { return [] }
        var result: [Range<Int>] = []
        for _ in 0..<count {
            let i = Int.random(in: 0..<(inside.count - 1), using: &rng)
            let length = Bool.random(using: &rng) ? Int.random(in: 1...10, using: &rng) : Int.random(in: 1...120, using: &rng)
            // The first inside boundary at least `length` clusters after the start.
            var lo = i + 1, hi = inside.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if inside[mid] < inside[i] + length { lo = mid + 1 } else { hi = mid }
            }
            // Never more than 40 clusters past the length: the next run may be far away.
            guard lo < inside.count, inside[lo] <= inside[i] + length + 40 else { continue }
            result.append(g[inside[i]]..<g[inside[lo]])
        }
        return result
    }
}
