import Synchronization
import XCTest
@testable import Caret

/// `TextPattern`: ICU regular expressions with prefix acceptance by hit-end, errors with ICU's
/// reason and offset, Codable by source.
final class TextPatternTests: XCTestCase {
    func testPrefixAcceptanceByHitEnd() throws {
        let pin = try TextPattern("^[0-9]{4}$")
        for text in ["", "1", "12", "123", "1234"] { XCTAssertTrue(pin.accepts(text), text) }
        for text in ["12a", "a", "12345", " 12"] { XCTAssertFalse(pin.accepts(text), text) }
        XCTAssertTrue(pin.matches("1234"))
        XCTAssertFalse(pin.matches("12"))
        let digits = try TextPattern("^[0-9]*$")
        XCTAssertTrue(digits.matches(""))
        XCTAssertFalse(digits.accepts("12a3"))
        // Unicode properties and clusters beyond the BMP.
        let letters = try TextPattern("^\\p{L}+( \\p{L}+)*$")
        XCTAssertTrue(letters.accepts("Grüße ש"))
        XCTAssertTrue(letters.accepts("Grüße "))               // a second word may follow
        XCTAssertFalse(letters.accepts("Grüße 👋"))
        let email = try TextPattern("^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$")
        XCTAssertTrue(email.accepts("me@exa"))
        XCTAssertFalse(email.accepts("me@@"))
        XCTAssertTrue(try TextPattern("(?i)^abc$").matches("ABC"))
        // The empty text after another one (the matcher must not keep the one before).
        let optional = try TextPattern("^a?$")
        XCTAssertFalse(optional.accepts("b"))
        XCTAssertTrue(optional.matches(""))
        XCTAssertFalse(optional.accepts("bb"))
        XCTAssertTrue(optional.accepts(""))
    }

    func testBadPatternsReportICUsReasonAndOffset() {
        func failure(_ source: String) -> TextPattern.Error? {
            do { _ = try TextPattern(source); return nil } catch { return error }
        }
        let bracket = failure("ab[c")
        XCTAssertEqual(bracket?.reason, "U_REGEX_MISSING_CLOSE_BRACKET")
        XCTAssertEqual(bracket?.utf16Offset, 4)
        XCTAssertEqual(bracket?.source, "ab[c")
        let paren = failure("a)(")
        XCTAssertEqual(paren?.reason, "U_REGEX_MISMATCHED_PAREN")
        XCTAssertEqual(paren?.utf16Offset, 2)
        XCTAssertEqual(failure("x{2,1}")?.reason, "U_REGEX_MAX_LT_MIN")
        XCTAssertEqual(failure("\\p{Nonsense}")?.reason, "U_REGEX_PROPERTY_SYNTAX")
        XCTAssertNil(failure("^$"))
        XCTAssertTrue(bracket!.description.contains("U_REGEX_MISSING_CLOSE_BRACKET at UTF-16 offset 4"))
    }

    func testCodableBySource() throws {
        let rules = TextInputRules(maximumLength: 4, pattern: try TextPattern("^[0-9]*$"))
        let data = try JSONEncoder().encode(rules)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("\"pattern\":\"^[0-9]*$\""))
        let back = try JSONDecoder().decode(TextInputRules.self, from: data)
        XCTAssertEqual(back, rules)
        XCTAssertEqual(back.pattern?.accepts("12"), true)
        XCTAssertThrowsError(try JSONDecoder().decode(TextPattern.self, from: Data("\"a)(\"".utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.debugDescription.contains("U_REGEX_MISMATCHED_PAREN"))
        }
        XCTAssertEqual(try TextPattern("a+"), try TextPattern("a+"))
        XCTAssertNotEqual(try TextPattern("a+"), try TextPattern("a*"))
    }

    func testOnePatternFromManyThreads() throws {
        let pattern = try TextPattern("^[0-9]{4}$")
        let inputs = ["12", "12a", "1234", "12345"]
        let expected = inputs.map { pattern.accepts($0) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 200) { k in
            let i = k % inputs.count
            if pattern.accepts(inputs[i]) != expected[i] { mismatches.withLock { $0 += 1 } }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
        XCTAssertEqual(expected, [true, false, true, false])
    }
}
