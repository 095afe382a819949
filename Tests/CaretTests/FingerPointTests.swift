import XCTest
@testable import Caret

/// After every lookup and edit, the finger's place and the place of the last edit (chunk index,
/// prefix summary, the point inside the chunk) must be what a fresh descent and a recount give.
final class FingerPointTests: XCTestCase {
    func checkFinger(_ doc: TextDocument, _ what: String) {
        let root = UInt(bitPattern: ObjectIdentifier(doc.rope.root))
        // The snapshot, unless an edit made it stale (then it is never used).
        if let state = doc.finger.load(), state.root == root, state.edits == doc.finger.edits, let point = state.point {
            checkPlace(doc, index: state.index, prefix: state.prefix, point: point, what)
        }
        // The place of the last edit: its cursor as a fresh one, and its point.
        if let place = doc.finger.editPlace, place.root == root {
            let c = doc.rope.cursor(atChunk: place.cursor.index)
            XCTAssertTrue(c.leaf === place.cursor.leaf && c.slot == place.cursor.slot && c.path == place.cursor.path,
                          what + " edit place cursor")
            checkPlace(doc, index: place.cursor.index, prefix: place.cursor.prefix, point: place.point ?? .start,
                       what + " edit place")
        }
    }

    func checkPlace(_ doc: TextDocument, index: Int, prefix: TextSummary, point: ChunkPoint, _ what: String) {
        let c = doc.rope.cursor(atChunk: index)
        XCTAssertEqual(c.prefix, prefix, what + " prefix")
        let chunk = c.chunk
        XCTAssertLessThanOrEqual(point.utf8, chunk.bytes.count, what)
        let counts = chunk.bytes.withUnsafeBufferPointer { UTF8Scalars.countScalars(in: UnsafeBufferPointer(rebasing: $0[..<min(point.utf8, $0.count)])) }
        if point.knowsScalars {
            XCTAssertEqual(point.scalars, counts.scalars, what + " scalars")
            XCTAssertEqual(point.utf16, counts.scalars + counts.supplementary, what + " utf16")
        } else {
            XCTAssertEqual(point.utf16, -1, what + " scalar counts known together")
        }
        if point.knowsGraphemes {
            // A cluster start, with the clusters before it.
            var starts: [Int] = []
            chunk.bytes.withUnsafeBufferPointer { p in forEachGraphemeStart(in: p) { starts.append($0); return true } }
            starts.append(chunk.bytes.count)
            XCTAssertEqual(starts.firstIndex(of: point.utf8), point.graphemes, what + " graphemes")
        }
    }

    func testFingerStaysExactThroughLookupsAndEdits() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 21)
        print("FingerPointTests seed \(seed)")
        let text = (0..<3000).map { _ in FingerTests.alphabet.randomElement(using: &rng)! }.joined()
        var doc = TextDocument(text)
        var anchor = 0
        for step in 0..<1500 {
            let units: [TextUnit] = [.grapheme, .unicodeScalar, .utf16, .utf8]
            let unit = units.randomElement(using: &rng)!
            let count = doc.count(in: unit)
            anchor = Bool.random(using: &rng) && step % 7 != 0
                ? min(max(anchor + Int.random(in: -40...40, using: &rng), 0), count)
                : Int.random(in: 0...count, using: &rng)
            _ = doc.position(at: anchor, unit: unit); checkFinger(doc, "\(step) position \(unit)")
            if let p = doc.position(at: anchor, unit: unit) {
                _ = doc.offset(of: p, unit: unit); checkFinger(doc, "\(step) offset")
                _ = doc.lineAndColumn(of: p, unit: unit); checkFinger(doc, "\(step) linecol")
                _ = doc.position(from: p, offset: 3); checkFinger(doc, "\(step) from")
            }
            if step % 3 == 0 {
                let length = Int.random(in: 0...3, using: &rng)
                let range = anchor..<min(anchor + length, count)
                let insert = (0..<Int.random(in: 0...3, using: &rng)).map { _ in FingerTests.alphabet.randomElement(using: &rng)! }.joined()
                try doc.replace(range, in: unit, withText: insert)
                checkFinger(doc, "\(step) replace \(range) \(unit) \(insert.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
