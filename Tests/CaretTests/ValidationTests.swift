import XCTest
@testable import Caret

/// Bad input: ill-formed UTF-8 names its byte offset; positions and ranges from elsewhere
/// give nil or a thrown error, never a trap.
final class ValidationTests: XCTestCase {
    func problem(_ bytes: [UInt8]) -> (TextError.UTF8Problem, Int)? {
        do {
            _ = try TextDocument(validatingUTF8: bytes)
            return nil
        } catch {
            guard case .invalidUTF8(let reason) = error.kind else { return nil }
            return (reason, error.offset)
        }
    }

    func testIllFormedUTF8NamesOffsetAndReason() {
        let prefix = Array("ok é ".utf8)   // 6 bytes
        let cases: [([UInt8], TextError.UTF8Problem)] = [
            ([0xC0, 0x80], .overlongEncoding),
            ([0xC1, 0xBF], .overlongEncoding),
            ([0xE0, 0x80, 0x80], .overlongEncoding),
            ([0xF0, 0x80, 0x80, 0x80], .overlongEncoding),
            ([0xED, 0xA0, 0x80], .surrogate),
            ([0xED, 0xBF, 0xBF], .surrogate),
            ([0xF4, 0x90, 0x80, 0x80], .beyondUnicode),
            ([0xF5, 0x80, 0x80, 0x80], .invalidByte),
            ([0xFF], .invalidByte),
            ([0x80], .unexpectedContinuationByte),
            ([0xBF, 0x41], .unexpectedContinuationByte),
            ([0xE2, 0x82], .truncatedSequence),
            ([0xE2, 0x82, 0x41], .truncatedSequence),
            ([0xF0, 0x9F, 0x98], .truncatedSequence),
            ([0xC3], .truncatedSequence),
        ]
        for (bad, reason) in cases {
            let result = problem(prefix + bad + Array(" tail".utf8))
            XCTAssertEqual(result?.0, reason, "\(bad)")
            XCTAssertEqual(result?.1, 6, "\(bad)")
        }
        // Truncation at the very end of input.
        XCTAssertEqual(problem(prefix + [0xF0, 0x9F])?.0, .truncatedSequence)
        let error = try? TextDocument(validatingUTF8: prefix + [0xED, 0xA0, 0x80])
        XCTAssertNil(error)
        do { _ = try TextDocument(validatingUTF8: prefix + [0xED, 0xA0, 0x80]) } catch {
            XCTAssertTrue(error.description.contains("byte offset 6"), error.description)
        }
    }

    /// The validator against the standard library's UTF-8 decoder on random bytes biased to
    /// near-valid sequences (every lead byte, continuation bytes at the edges of their ranges):
    /// the same verdict, and an error at the first byte the decoder could not read.
    func testValidatorAgreesWithTheStandardLibrary() {
        var (generator, seed) = SeededGenerator.fromEnvironment(default: 2512)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 12)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                bytes.append(generator.next() % 3 == 0 ? UInt8(truncatingIfNeeded: generator.next())
                                                       : interesting[Int(generator.next() % UInt64(interesting.count))])
            }
            // Where the standard library's decoder first fails (nil: all valid).
            var firstBad: Int?
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var offset = 0
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break loop
                case .error: firstBad = offset; break loop
                }
            }
            let padded = bytes + Array("tail".utf8)  // room for the word-wide fast path
            for input in [bytes, padded] {
                let result = input.withUnsafeBufferPointer { UTF8Validation.check($0, isComplete: true) }
                XCTAssertEqual(result.error?.offset, firstBad, "\(input) (SEED=\(seed))")
            }
        }
    }

    func testWellFormedBytesRoundTripExactly() throws {
        let samples = ["", "a", "e\u{301}", "\r\n\r", "👨‍👩‍👧‍👦🇫🇷", "\u{10FFFF}\u{0}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
                       String(repeating: "Ελληνικά, עִבְרִית, 中文 ", count: 500)]
        for s in samples {
            let bytes = Array(s.utf8)
            let doc = try TextDocument(validatingUTF8: bytes)
            XCTAssertEqual(Array(doc.string.utf8), bytes)
            XCTAssertEqual(Array(doc.utf8Chunks.joined()), bytes)
            XCTAssertEqual(doc.utf8(in: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!), bytes)
        }
        // Every byte sequence of length 1 and 2 either fails cleanly or round-trips.
        for a in 0...255 {
            for b in stride(from: 0, through: 255, by: 5) {
                let bytes: [UInt8] = [UInt8(a), UInt8(b)]
                let swiftValid = String(validating: bytes, as: UTF8.self) != nil
                if let doc = try? TextDocument(validatingUTF8: bytes) {
                    XCTAssertTrue(swiftValid, "\(bytes)")
                    XCTAssertEqual(Array(doc.string.utf8), bytes)
                } else {
                    XCTAssertFalse(swiftValid, "\(bytes)")
                }
            }
        }
    }

    func testOutOfBoundsGivesNilOrThrows() {
        var doc = TextDocument("héllo\nwörld")
        XCTAssertNil(doc.position(at: -1))
        XCTAssertNil(doc.position(at: 12))
        XCTAssertNotNil(doc.position(at: 11))
        XCTAssertNil(doc.position(at: Int.max, unit: .utf16))
        XCTAssertNil(doc.position(at: Int.min, unit: .utf8))
        XCTAssertNil(doc.position(from: doc.beginningOfDocument, offset: Int.max))
        XCTAssertNil(doc.position(from: doc.endOfDocument, offset: 1))
        XCTAssertNil(doc.position(line: 2, column: 0))
        XCTAssertNil(doc.position(line: -1, column: 0))
        XCTAssertNil(doc.position(line: 0, column: 6))
        XCTAssertNotNil(doc.position(line: 0, column: 5))
        XCTAssertNil(doc.position(line: 1, column: -1))

        // A position from a longer document.
        let longer = TextDocument(String(repeating: "x", count: 100))
        let far = longer.position(at: 50)!
        XCTAssertNil(doc.offset(of: far))
        XCTAssertNil(doc.lineAndColumn(of: far))
        XCTAssertNil(doc.lineRange(containing: far))
        XCTAssertNil(doc.textRange(from: doc.beginningOfDocument, to: far))
        XCTAssertNil(doc.offset(from: far, to: doc.beginningOfDocument))
        XCTAssertNil(doc.position(from: far, offset: -1))
        let before = doc
        XCTAssertThrowsError(try doc.replace(TextRange(start: doc.beginningOfDocument, end: far), withText: "!")) { error in
            XCTAssertTrue("\(error)".contains("outside the document"), "\(error)")
        }
        XCTAssertThrowsError(try doc.replace(3..<40, in: .utf16, withText: "!"))
        XCTAssertThrowsError(try doc.replace(-1..<0, in: .unicodeScalar, withText: "!"))
        XCTAssertEqual(doc, before)

        // A position from an older version, in bounds but inside a cluster, snaps back.
        let old = TextDocument("abcdef")
        let inside = old.position(at: 2)!
        var changed = TextDocument("ae\u{301}\u{301}f")
        XCTAssertEqual(changed.offset(of: inside), 1)
        XCTAssertEqual(changed.offset(of: inside, unit: .utf8), 1)
        XCTAssertNoThrow(try changed.replace(changed.textRange(from: inside, to: inside)!, withText: "X"))
        XCTAssertEqual(changed.string, "aXe\u{301}\u{301}f")
    }

    /// `replace(_:withText:)` reads its text's bytes in the caller's code and throws there: the
    /// error names the bound and the first bad end, for every text type and entry, the document
    /// is unchanged, and typing at the last edit's place works right after.
    func testOutOfBoundsReplaceThrowsExactErrorAndKeepsTheEditPlace() throws {
        var doc = TextDocument("héllo")
        let end = try doc.replace(doc.textRange(from: doc.endOfDocument, to: doc.endOfDocument)!, withText: "!")
        let before = doc
        let n = doc.count(in: .utf8)
        let far = TextDocument(String(repeating: "x", count: 40)).position(at: 30)!
        let bad = TextRange(start: doc.beginningOfDocument, end: far)
        let expected = TextError(.outOfBounds(unit: .utf8, bound: n), byteOffset: 30)
        XCTAssertThrowsError(try doc.replace(bad, withText: "abc")) { XCTAssertEqual($0 as? TextError, expected) }
        XCTAssertThrowsError(try doc.replace(bad, withText: "zabc"[...].dropFirst())) { XCTAssertEqual($0 as? TextError, expected) }
        XCTAssertThrowsError(try doc.replace(bad, withText: "")) { XCTAssertEqual($0 as? TextError, expected) }
        XCTAssertThrowsError(try doc.delete(bad)) { XCTAssertEqual($0 as? TextError, expected) }
        XCTAssertThrowsError(try doc.insert("x", at: far)) { XCTAssertEqual($0 as? TextError, expected) }
        XCTAssertEqual(doc, before)
        // The place of the last edit still serves the next one.
        let at = end.end
        XCTAssertEqual(try doc.replace(TextRange(start: at, end: at), withText: "?"[...]).end, doc.endOfDocument)
        XCTAssertEqual(doc.string, "héllo!?")
    }

    /// A range decoded from JSON whose ends come in the wrong order is a range like any other
    /// (its ends ordered, as `TextRange(start:end:)` orders them): building a change set from
    /// it, replacing it and asking for its text work, where the ends taken as given made a
    /// `Range` with its bounds reversed (a trap).
    func testDecodedRangeWithEndsReversedIsOrdered() throws {
        var doc = TextDocument("héllo wörld")
        let forward = TextRange(start: doc.position(at: 2)!, end: doc.position(at: 7)!)
        let json = String(decoding: try JSONEncoder().encode(forward), as: UTF8.self)
        let swapped = json.replacingOccurrences(of: #""start""#, with: #""was-start""#)
            .replacingOccurrences(of: #""end""#, with: #""start""#)
            .replacingOccurrences(of: #""was-start""#, with: #""end""#)
        XCTAssertNotEqual(swapped, json)
        let reversed = try JSONDecoder().decode(TextRange.self, from: Data(swapped.utf8))
        XCTAssertEqual(reversed, forward)
        XCTAssertEqual(try JSONDecoder().decode(TextRange.self, from: Data(json.utf8)), forward)
        XCTAssertEqual(doc.text(in: reversed), "llo w")
        let changes = try ChangeSet([(range: reversed, text: "X")], in: doc)
        XCTAssertEqual(changes.replacements.map(\.removed), ["llo w"])
        try doc.replace(reversed, withText: "-")
        XCTAssertEqual(doc.string, "hé-örld")
    }

    /// A `TextEdit` decoded from JSON is checked as its initialiser's precondition states:
    /// a negative offset or ranges of one unit starting apart throw, where the edit taken as
    /// given would trap or mislead whatever follows it (`TextRangeSet.apply`, `map`).
    func testDecodedEditIsChecked() throws {
        var doc = TextDocument("héllo")
        let edit = try doc.edit(1..<3, in: .utf8, replacingWith: "e")
        let json = String(decoding: try JSONEncoder().encode(edit), as: UTF8.self)
        XCTAssertEqual(try JSONDecoder().decode(TextEdit.self, from: Data(json.utf8)), edit)
        func object(_ ranges: [String: [Int]]) -> Data {
            Data(("{" + ranges.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}").utf8)
        }
        let good = ["replacedUTF8Range": [1, 3], "insertedUTF8Range": [1, 2],
                    "replacedUTF16Range": [1, 2], "insertedUTF16Range": [1, 2]]
        XCTAssertEqual(try JSONDecoder().decode(TextEdit.self, from: object(good)), edit)
        for (key, value) in [("insertedUTF8Range", [0, 2]), ("insertedUTF16Range", [2, 3]),
                             ("replacedUTF8Range", [-1, 3]), ("replacedUTF16Range", [-2, 2])] {
            var bad = good
            bad[key] = value
            if key == "replacedUTF8Range" { bad["insertedUTF8Range"] = [-1, 2] }
            if key == "replacedUTF16Range" { bad["insertedUTF16Range"] = [-2, 2] }
            XCTAssertThrowsError(try JSONDecoder().decode(TextEdit.self, from: object(bad)), key) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(key): \(error)") }
                XCTAssertTrue(context.debugDescription.contains("invalid TextEdit"), context.debugDescription)
            }
        }
    }

    func testPositionsAndLinesAgree() throws {
        let doc = TextDocument("ab\r\ncd\u{2028}e\u{85}\u{0C}f\rg\n")
        XCTAssertEqual(doc.lineCount, 7)
        let expected = [(0, "ab"), (1, "cd"), (2, "e"), (3, ""), (4, "f"), (5, "g"), (6, "")]
        for (line, text) in expected {
            let start = doc.position(line: line, column: 0)!
            let range = doc.lineRange(containing: start)!
            XCTAssertEqual(doc.text(in: range), text, "line \(line)")
            XCTAssertEqual(doc.lineAndColumn(of: range.end)?.line, line)
            XCTAssertEqual(doc.lineAndColumn(of: range.end)?.column, text.count)
        }
        let g = doc.position(line: 5, column: 1)!
        XCTAssertEqual(doc.lineAndColumn(of: g, unit: .utf8)?.column, 1)
        XCTAssertEqual(doc.offset(from: doc.beginningOfDocument, to: g, unit: .utf16), 13)
        XCTAssertEqual(doc.compare(doc.beginningOfDocument, to: g), .orderedAscending)
        XCTAssertEqual(doc.position(from: doc.beginningOfDocument, offset: doc.offset(from: doc.beginningOfDocument, to: g)!), g)
        XCTAssertEqual(TextDocument("").lineCount, 1)
        XCTAssertEqual(TextDocument("").count, 0)
        XCTAssertTrue(TextDocument("").isEmpty)
    }

    func testCopiesAreIndependent() throws {
        var a = TextDocument(String(repeating: "0123456789", count: 5000))
        let b = a
        try a.insert("X", at: a.position(at: 25_000)!)
        XCTAssertEqual(b.count, 50_000)
        XCTAssertEqual(a.count, 50_001)
        XCTAssertNotEqual(a, b)
        var c = a
        try c.replace(25_000..<25_001, in: .grapheme, withText: "")
        XCTAssertEqual(c, b)
        XCTAssertEqual(a.count, 50_001)
        a.checkInvariants(); b.checkInvariants(); c.checkInvariants()
    }
}

/// The word-at-a-time test of the load's measuring loop, against a byte-by-byte one.
final class PrintableASCIIWordTests: XCTestCase {
    func testLeadingPrintableASCIIMatchesBytes() {
        var (generator, seed) = SeededGenerator.fromEnvironment(default: 77)
        let edges: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in
                generator.next() % 2 == 0 ? edges[Int(generator.next() % UInt64(edges.count))]
                                          : UInt8(truncatingIfNeeded: generator.next())
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }.littleEndian
            let expected = bytes.firstIndex { !(0x20...0x7E).contains($0) } ?? 8
            XCTAssertEqual(leadingPrintableASCII(word), expected, "\(bytes) (SEED=\(seed))")
        }
    }
}
