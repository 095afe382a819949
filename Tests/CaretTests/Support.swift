import XCTest
@testable import Caret
@_spi(Reference) import Caret

/// Where the shared Unicode data and corpora live: `CARET_SHARED` or `../shared` beside the
/// package (as laid out on the developers' machines and in CI).
enum SharedData {
    static var root: String {
        if let env = ProcessInfo.processInfo.environment["CARET_SHARED"] { return env }
        let file = URL(fileURLWithPath: #filePath)
        return file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared").path
    }

    static func unicodeFile(_ name: String) throws -> String {
        let path = root + "/unicode/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MissingData(path: path)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The conformance data must be there: a missing file fails the test, it does not skip it.
struct MissingData: Error, CustomStringConvertible {
    var path: String
    var description: String { "missing \(path): set CARET_SHARED to the shared/ directory" }
}

/// A small fast deterministic generator (SplitMix64), seeded from `SEED` when set.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    static func fromEnvironment(default fallback: UInt64) -> (SeededGenerator, UInt64) {
        let seed = ProcessInfo.processInfo.environment["SEED"].flatMap { UInt64($0) } ?? fallback
        return (SeededGenerator(seed: seed), seed)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
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

extension TextDocument {
    /// A document with the tiny test configuration: chunks of a few bytes, nodes of 3.
    static func tiny(_ text: String) -> TextDocument {
        TextDocument(text, configuration: .tiny)
    }
}
