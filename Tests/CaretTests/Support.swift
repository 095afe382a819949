import XCTest
@testable import Caret
@_spi(Reference) import Caret
import CaretCorpus

/// The test data: the Unicode conformance files shipped gzip-compressed in `Corpus/unicode`
/// (so a clone tests itself with nothing beside it), and the optional larger shared corpus
/// (`CARET_SHARED` or `../shared` beside the package) that no test requires.
enum SharedData {
    /// The package root: three levels above this file (`Tests/CaretTests/Support.swift`).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The optional shared directory (`CARET_SHARED`, else `../shared` beside the package).
    static var root: String {
        if let env = ProcessInfo.processInfo.environment["CARET_SHARED"] { return env }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared").path
    }

    /// The Unicode version the vendored files and ICU 72 implement.
    static let unicodeVersion = "15.0.0"

    /// The text of the conformance file `name` (e.g. `GraphemeBreakTest.txt`), decompressed from
    /// `Corpus/unicode/name.gz`.
    /// - Throws: `MissingData` when the file is absent, not gzip, or not of `unicodeVersion`
    ///   (its first line names the file and version, e.g. `# GraphemeBreakTest-15.0.0.txt`).
    static func unicodeFile(_ name: String) throws -> String {
        let path = packageRoot.appendingPathComponent("Corpus/unicode/\(name).gz").path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MissingData(path: path, reason: "missing")
        }
        let bytes: [UInt8]
        do { bytes = try Gzip.decompress([UInt8](data)) } catch {
            throw MissingData(path: path, reason: "\(error)")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let stem = name.hasSuffix(".txt") ? String(name.dropLast(4)) : name
        guard text.hasPrefix("# \(stem)-\(unicodeVersion).txt") else {
            throw MissingData(path: path, reason: "not Unicode \(unicodeVersion): \(text.prefix(60))")
        }
        return text
    }
}

/// The conformance data must be there: a missing or wrong file fails the test, it does not skip it.
struct MissingData: Error, CustomStringConvertible {
    var path: String
    var reason = "missing"
    var description: String { "\(path): \(reason) (see Corpus/unicode/README.md)" }
}

/// The corpus's deterministic generator (`SplitMix64`), seeded from `SEED` when set.
struct SeededGenerator: RandomNumberGenerator {
    private var base: SplitMix64

    init(seed: UInt64) { base = SplitMix64(seed: seed) }

    static func fromEnvironment(default fallback: UInt64) -> (SeededGenerator, UInt64) {
        let seed = ProcessInfo.processInfo.environment["SEED"].flatMap { UInt64($0) } ?? fallback
        return (SeededGenerator(seed: seed), seed)
    }

    mutating func next() -> UInt64 { base.next() }
}

/// The reference model: the flat text as a `String`, and ICU's grapheme boundaries over it.
struct FlatReference {
    var text: String

    var utf16: [UInt16] { Array(text.utf16) }
    var scalars: [Unicode.Scalar] { Array(text.unicodeScalars) }

    /// ICU's grapheme boundaries in UTF-16 offsets.
    var boundariesUTF16: [Int] { ICUReference.graphemeBoundariesUTF16(utf16) }

    /// Line terminators the naive way (CRLF once).
    var lineBreakCount: Int {
        var n = 0
        let s = scalars
        var i = 0
        while i < s.count {
            switch s[i].value {
            case 0x0D:
                n += 1
                if i + 1 < s.count && s[i + 1].value == 0x0A { i += 1 }
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: n += 1
            default: break
            }
            i += 1
        }
        return n
    }
}

/// Conversions between UTF-16 offsets and other units over a flat string.
struct UnitTable {
    /// For each scalar index i, the offset at its start in each unit (plus the end).
    var utf16: [Int] = [0], utf8: [Int] = [0]

    init(_ text: String) {
        for s in text.unicodeScalars {
            utf16.append(utf16.last! + (s.value > 0xFFFF ? 2 : 1))
            utf8.append(utf8.last! + String(s).utf8.count)
        }
    }

    /// The scalar index whose start is at UTF-16 offset `u` (u must be a scalar start).
    func scalarIndex(utf16 u: Int) -> Int? {
        var lo = 0, hi = utf16.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if utf16[mid] == u { return mid }
            if utf16[mid] < u { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }
}

/// The storage this build of Caret uses, for test labels. The shapes are a compile-time choice:
/// standard, or tiny with `swift test --traits TinyShapes` (docs/ARCHITECTURE.md, "Storage shapes").
let storageShape = "\(ChunkLimits.maxBytes)-byte chunks, leaves of \(RopeShape.textChunks), branches of \(RopeShape.textChildren)"

/// `text` repeated until it is at least `chunks` times the build's chunk limit, so that a test
/// built on it has chunk seams in the standard storage too; in the `TinyShapes` build (4-byte
/// chunks) a text of a few dozen bytes is returned as it is.
func spanningChunks(_ text: String, _ chunks: Int = 3) -> String {
    let bytes = max(1, text.utf8.count)
    return String(repeating: text, count: max(1, (chunks * ChunkLimits.maxBytes + bytes - 1) / bytes))
}

/// A copy of `doc` with its finger forgotten: its answers come from fresh descents, the
/// reference that the finger's and the edit place's answers are checked against.
func cold(_ doc: TextDocument) -> TextDocument {
    var copy = doc
    copy.finger = Finger()
    return copy
}
