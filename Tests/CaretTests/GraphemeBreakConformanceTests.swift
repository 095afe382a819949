import XCTest
@testable import Caret

/// Every case of GraphemeBreakTest.txt through the public API, whole and with the text built
/// from two pieces joined at every scalar boundary (so every chunk seam is exercised).
final class GraphemeBreakConformanceTests: XCTestCase {
    struct Case {
        var scalars: [Unicode.Scalar]
        var boundaries: [Int]   // scalar indexes, 0 and the end included
        var line: Int
    }

    static func cases() throws -> [Case] {
        let file = try SharedData.unicodeFile("GraphemeBreakTest.txt")
        var result: [Case] = []
        for (n, raw) in file.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = []
            for token in tokens {
                if token == "÷" { boundaries.append(scalars.count) }
                else if token == "×" { continue }
                else if let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) { scalars.append(s) }
            }
            result.append(Case(scalars: scalars, boundaries: boundaries, line: n + 1))
        }
        return result
    }

    /// Checks the document's grapheme boundaries against the expected scalar indexes.
    static func check(_ doc: TextDocument, _ c: Case, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = c.boundaries
        XCTAssertEqual(doc.count, expected.count - 1, "line \(c.line) \(label): count", file: file, line: line)
        for (k, boundary) in expected.enumerated() {
            guard let p = doc.position(at: k) else {
                XCTFail("line \(c.line) \(label): no position \(k)", file: file, line: line)
                return
            }
            XCTAssertEqual(doc.offset(of: p, unit: .unicodeScalar), boundary, "line \(c.line) \(label): boundary \(k)", file: file, line: line)
        }
        // Every scalar offset snaps back to the boundary at or before it.
        for s in 0...c.scalars.count {
            let p = doc.position(at: s, unit: .unicodeScalar)
            let want = expected.last { $0 <= s }!
            XCTAssertEqual(p.flatMap { doc.offset(of: $0, unit: .unicodeScalar) }, want, "line \(c.line) \(label): snap \(s)", file: file, line: line)
        }
    }

    func testEveryCaseWhole() throws {
        let cases = try Self.cases()
        XCTAssertGreaterThan(cases.count, 600)
        for c in cases {
            var text = ""
            text.unicodeScalars.append(contentsOf: c.scalars)
            let doc = TextDocument(text)
            doc.checkInvariants()
            Self.check(doc, c, storageShape)
        }
    }

    func testEveryCaseJoinedAtEverySeam() throws {
        for c in try Self.cases() {
            for split in 1..<max(c.scalars.count, 1) {
                var prefix = "", suffix = ""
                prefix.unicodeScalars.append(contentsOf: c.scalars[..<split])
                suffix.unicodeScalars.append(contentsOf: c.scalars[split...])
                // Appending to the prefix, and prepending to the suffix (in the `TinyShapes`
                // build both are tiny-chunked, so the edit lands at a chunk seam).
                var appended = TextDocument(prefix)
                try appended.insert(suffix, at: appended.endOfDocument)
                appended.checkInvariants()
                Self.check(appended, c, "append at \(split)")
                var prepended = TextDocument(suffix)
                try prepended.insert(prefix, at: prepended.beginningOfDocument)
                prepended.checkInvariants()
                Self.check(prepended, c, "prepend at \(split)")
            }
        }
    }
}
