import XCTest
@testable import Caret

/// The public edits take `some StringProtocol` through inlinable one-liners that hand a `String`
/// to the body as it is and copy anything else (`TextDocument.string(_:)`): a `Substring` — also
/// one whose base string holds more around it — must give exactly what the same `String` gives.
final class StringEntryTests: XCTestCase {
    func testSubstringsEditLikeTheirStrings() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 41)
        print("StringEntryTests seed \(seed)")
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "中", "👍🏽", "🇫🇷", "\r", "\n", "क्ष", "ש"]
        let text = (0..<400).map { _ in pieces.randomElement(using: &rng)! }.joined()
        var byString = TextDocument(text), bySubstring = byString
        for step in 0..<300 {
            let inserted = (0..<Int.random(in: 0...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            // A slice of a larger string, cut by UTF-8 offsets (a leading mark would join the
            // padding's last character, so cutting by characters would not give `inserted`).
            let padded = "<<" + inserted + ">>"
            let from = padded.utf8.index(padded.utf8.startIndex, offsetBy: 2)
            let to = padded.utf8.index(padded.utf8.endIndex, offsetBy: -2)
            let sub = padded[from..<to]
            XCTAssertEqual(String(sub), inserted)
            let count = byString.count
            let lo = Int.random(in: 0...count, using: &rng), hi = min(lo + Int.random(in: 0...2, using: &rng), count)
            switch step % 4 {
            case 0:
                let p = byString.position(at: lo)!
                XCTAssertEqual(try byString.insert(inserted, at: p), try bySubstring.insert(sub, at: p), "seed \(seed) step \(step)")
            case 1:
                let r = byString.textRange(from: byString.position(at: lo)!, to: byString.position(at: hi)!)!
                XCTAssertEqual(try byString.replace(r, withText: inserted), try bySubstring.replace(r, withText: sub))
            case 2:
                let scalars = byString.count(in: .unicodeScalar)
                let s = min(lo, scalars), e = min(hi, scalars)
                XCTAssertEqual(try byString.edit(s..<e, in: .unicodeScalar, replacingWith: inserted),
                               try bySubstring.edit(s..<e, in: .unicodeScalar, replacingWith: sub))
            default:
                let r = byString.textRange(from: byString.position(at: lo)!, to: byString.position(at: hi)!)!
                XCTAssertEqual(try byString.edit(r, replacingWith: inserted), try bySubstring.edit(r, replacingWith: sub))
            }
            XCTAssertEqual(byString, bySubstring, "seed \(seed) step \(step)")
        }
        XCTAssertEqual(try bySubstring.replace(0..<0, in: .grapheme, withText: "x"[...]).end, bySubstring.position(at: 1))
        byString.checkInvariants()
        bySubstring.checkInvariants()
    }
}
