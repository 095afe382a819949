import XCTest
@testable import Caret

/// The place of the last in-place edit (`Finger.editPlace`) answers the next edit's validation
/// and seek, and lookups near it, and an edit no longer stores the atomic finger (a snapshot
/// taken before it is stale by its edit count). None of that may change an answer: a typing
/// session with the document's box kept unique — deletions, scalar-range replacements,
/// lookups that move the atomic finger, copies edited on their own — is checked step by step
/// against a model string and against copies whose finger is forgotten.
final class EditPlaceTests: XCTestCase {
    static let alphabet: [String] = ["a", "b", " ", "\n", "\r", "\r\n", "é", "e\u{301}", "\u{301}", "中", "👍🏽",
                                     "🇫🇷", "\u{1F1EB}", "क्ष", "\u{94D}", "\t", "ש", "😀", "\u{200D}"]

    func testTypingSessionMatchesModelAndColdAnswers() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 31)
        print("EditPlaceTests seed \(seed)")
        for round in 0..<4 {
            let text = (0..<2500).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
            try session(text, &rng, seed: seed, round: round)
        }
    }

    func session(_ text: String, _ rng: inout SeededGenerator, seed: UInt64, round: Int) throws {
        var doc = TextDocument(text)
        var model = Array(text.unicodeScalars)
        var caret = doc.position(at: doc.count / 4)!
        let watch = doc.count * 3 / 4
        var copies: [(TextDocument, String)] = []
        for step in 0..<1200 {
            let context = "seed \(seed) round \(round) step \(step)"
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                // Typing at the caret the last edit returned (mostly ASCII, sometimes a joiner).
                let typed = Bool.random(using: &rng) ? "x" : Self.alphabet.randomElement(using: &rng)!
                let at = doc.offset(of: caret, unit: .unicodeScalar)!
                caret = try doc.insert(typed, at: caret).end
                model.insert(contentsOf: typed.unicodeScalars, at: at)
            case 4..<6:
                // Deleting the cluster before the caret, or a few scalars around it.
                if Bool.random(using: &rng), let before = doc.position(from: caret, offset: -1) {
                    let from = doc.offset(of: before, unit: .unicodeScalar)!, to = doc.offset(of: caret, unit: .unicodeScalar)!
                    caret = try doc.delete(doc.textRange(from: before, to: caret)!).start
                    model.removeSubrange(from..<to)
                } else {
                    let at = doc.offset(of: caret, unit: .unicodeScalar)!
                    let from = max(at - Int.random(in: 0...2, using: &rng), 0)
                    let to = min(at + Int.random(in: 0...2, using: &rng), model.count)
                    let typed = (0..<Int.random(in: 0...2, using: &rng)).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
                    let range = try doc.replace(from..<to, in: .unicodeScalar, withText: typed)
                    model.replaceSubrange(from..<to, with: typed.unicodeScalars)
                    caret = range.end
                }
            case 6..<8:
                // Lookups that move the atomic finger: near the caret, near a place watched all
                // session (so that an edit before it, elsewhere, leaves a snapshot there stale),
                // or anywhere.
                let count = doc.count
                let here = doc.offset(of: caret)!
                let near = [here, watch].randomElement(using: &rng)!
                let target = Int.random(in: 0..<3, using: &rng) > 0 ? min(max(near + Int.random(in: -30...30, using: &rng), 0), count)
                                                                    : Int.random(in: 0...count, using: &rng)
                let reference = cold(doc)
                XCTAssertEqual(doc.position(at: target), reference.position(at: target), context)
                let scalar = Int.random(in: 0...doc.count(in: .unicodeScalar), using: &rng)
                XCTAssertEqual(doc.position(at: scalar, unit: .unicodeScalar), reference.position(at: scalar, unit: .unicodeScalar),
                               context)
                if Int.random(in: 0..<4, using: &rng) == 0, let moved = doc.position(at: target) { caret = moved }
            case 8:
                // A copy, edited on its own: neither may see the other's edit or finger.
                var copy = doc
                let snapshot = String(String.UnicodeScalarView(model))
                let at = copy.offset(of: caret, unit: .unicodeScalar)!
                try copy.insert("copy", at: caret)
                var expected = model
                expected.insert(contentsOf: "copy".unicodeScalars, at: at)
                XCTAssertEqual(copy.string, String(String.UnicodeScalarView(expected)), context)
                XCTAssertEqual(doc.string, snapshot, "\(context): the original saw its copy's edit")
                copies.append((copy, copy.string))
            default:
                // Typing a run at once, then a check of the whole text.
                let typed = (0..<Int.random(in: 1...40, using: &rng)).map { _ in "lorem ipsum\n".randomElement(using: &rng)! }
                let at = doc.offset(of: caret, unit: .unicodeScalar)!
                caret = try doc.insert(String(typed), at: caret).end
                model.insert(contentsOf: String(typed).unicodeScalars, at: at)
            }
            let expected = String(String.UnicodeScalarView(model))
            if step % 25 == 0 || doc.count(in: .unicodeScalar) != model.count {
                XCTAssertEqual(doc.string, expected, context)
                doc.checkInvariants()
            }
            // The caret the edits return is where a cold copy puts the same offset.
            let reference = cold(doc)
            XCTAssertEqual(doc.offset(of: caret), reference.offset(of: caret), context)
            XCTAssertEqual(doc.offset(of: caret, unit: .utf16), reference.offset(of: caret, unit: .utf16), context)
        }
        XCTAssertEqual(doc.string, String(String.UnicodeScalarView(model)))
        for (copy, text) in copies {
            XCTAssertEqual(copy.string, text, "seed \(seed) round \(round): a copy changed after it was made")
        }
    }

    /// `edit(_:in:replacingWith:)` and `edit(_:replacingWith:)` on a document held once keep its
    /// finger box and (in the standard shape, where the chunk has room) the place of the last
    /// edit — a copy of the document alive during the edit would make the box look shared: a new
    /// box, the place lost — and describe each edit exactly, against a model of scalars.
    func testEditKeepsTheFingerAndTheEditPlace() throws {
        let text = String(repeating: "abc é ", count: 500)
        var doc = TextDocument(text)
        var model = Array(text.unicodeScalars)
        _ = try doc.edit(39..<39, in: .utf8, replacingWith: "x")   // before the é of the sixth "abc é "
        model.insert("x", at: 34)
        let box = ObjectIdentifier(doc.finger)
        for k in 0..<20 {
            let edit = try doc.edit((41 + k)..<(41 + k), in: .unicodeScalar, replacingWith: "y")
            model.insert("y", at: 41 + k)
            XCTAssertEqual(edit.insertedUTF16Range, (41 + k)..<(42 + k))
            XCTAssertEqual(ObjectIdentifier(doc.finger), box, "edit \(k)")
            #if !TinyShapes
            // With 4-byte chunks typing splits them: the tree changes shape and the place is
            // dropped by design. Here the chunk has room for every edit.
            XCTAssertNotNil(doc.finger.editPlace, "edit \(k)")
            #endif
        }
        let at = doc.position(at: 61, unit: .unicodeScalar)!
        _ = try doc.edit(TextRange(start: at, end: at), replacingWith: "z")
        model.insert("z", at: 61)
        XCTAssertEqual(ObjectIdentifier(doc.finger), box)
        #if !TinyShapes
        XCTAssertNotNil(doc.finger.editPlace)
        #endif
        var expected = ""
        expected.unicodeScalars.append(contentsOf: model)
        XCTAssertEqual(doc.string, expected)
    }

    /// The replay a user of the public API writes — `position(at:unit:)` for both ends of a
    /// scalar, UTF-16 or UTF-8 range near the caret, `textRange(from:to:)` in either order and
    /// with either affinity at each end, `replace` — answered next to the edit place without a search; every answer must be the
    /// one a cold copy gives (positions snapped to clusters: a combining mark or a CR LF just
    /// past ASCII typed at the place), and the text the one a cold copy's edits make.
    func testPublicReplayNearEditPlaceMatchesColdAnswers() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 33)
        print("EditPlaceTests seed \(seed)")
        let typedAlphabet = ["x", "y", " ", "\n", "\r", "\u{301}", "é", "中", "👍🏽", "\r\n", "\u{1F1EB}"]
        for round in 0..<3 {
            // Mostly ASCII (the fast path), with the multilingual alphabet mixed in.
            let text = (0..<3000).map { _ in Int.random(in: 0..<4, using: &rng) == 0 ? Self.alphabet.randomElement(using: &rng)! : "ab c" }
                .joined()
            var doc = TextDocument(text)
            var reference = TextDocument(text)
            var caret = doc.count(in: .unicodeScalar) / 2
            for step in 0..<1500 {
                let context = "seed \(seed) round \(round) step \(step)"
                let unit = [TextUnit.unicodeScalar, .utf16, .utf8, .unicodeScalar].randomElement(using: &rng)!
                let total = doc.count(in: unit)
                let anchor = Int.random(in: 0..<8, using: &rng) == 0 ? Int.random(in: 0...total, using: &rng) : min(caret, total)
                let lo = min(max(anchor + Int.random(in: -70...70, using: &rng), 0), total)
                let hi = min(lo + [0, 0, 1, 2, 5].randomElement(using: &rng)!, total)
                let fresh = cold(doc)
                let a = doc.position(at: lo, unit: unit), b = doc.position(at: hi, unit: unit)
                XCTAssertEqual(a, fresh.position(at: lo, unit: unit), context)
                XCTAssertEqual(b, fresh.position(at: hi, unit: unit), context)
                guard let a, let b else { XCTFail(context); return }
                let forwards = Bool.random(using: &rng)
                var (from, to) = forwards ? (a, b) : (b, a)
                // Sometimes an end a byte further (a position of another version: inside a
                // scalar or a cluster, snapped back by `textRange`, both ends onto one place).
                let bytes = doc.count(in: .utf8)
                if Int.random(in: 0..<4, using: &rng) == 0 { from = TextPosition(utf8Offset: min(from.utf8Offset + 1, bytes)) }
                if Int.random(in: 0..<4, using: &rng) == 0 { to = TextPosition(utf8Offset: min(to.utf8Offset + 1, bytes)) }
                // Each end keeps its own affinity, whichever order the ends come in.
                from.affinity = Bool.random(using: &rng) ? .upstream : .downstream
                to.affinity = Bool.random(using: &rng) ? .upstream : .downstream
                let range = doc.textRange(from: from, to: to)
                XCTAssertEqual(range, fresh.textRange(from: from, to: to), context)
                guard let range else { XCTFail(context); return }
                let typed = (0..<[0, 1, 1, 1, 3].randomElement(using: &rng)!).map { _ in typedAlphabet.randomElement(using: &rng)! }
                    .joined()
                let result = try doc.replace(range, withText: typed)
                let expected = try reference.replace(reference.textRange(from: from, to: to)!, withText: typed)
                XCTAssertEqual(result, expected, context)
                caret = doc.offset(of: result.end, unit: .unicodeScalar)!
                if step % 50 == 0 {
                    XCTAssertEqual(doc.string, reference.string, context)
                    doc.checkInvariants()
                }
                reference = cold(reference)
            }
            XCTAssertEqual(doc.string, reference.string, "seed \(seed) round \(round)")
        }
    }

    /// Copies of a document that was just typed into (its edit place set) are read on several
    /// threads while each thread also types into a copy of its own; run under
    /// `swift test --sanitize=thread` to check that the plain edit place is never raced on.
    func testConcurrentReadsAndEditsOfCopies() async throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 32)
        print("EditPlaceTests seed \(seed)")
        let text = (0..<20_000).map { _ in Self.alphabet.randomElement(using: &rng)! }.joined()
        var doc = TextDocument(text)
        var caret = doc.position(at: doc.count / 3)!
        for _ in 0..<200 { caret = try doc.insert("t", at: caret).end }
        let shared = doc, start = caret
        let reference = cold(doc)
        let count = doc.count
        let offsets = (0..<1000).map { _ in Int.random(in: 0...count, using: &rng) }
        let expected = offsets.map { reference.position(at: $0)!.utf8Offset }
        let typedText = reference.string
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var bad = 0
                    var own = shared
                    var at = start
                    for i in 0..<offsets.count {
                        if shared.position(at: offsets[(i + task * 13) % offsets.count])?.utf8Offset
                            != expected[(i + task * 13) % offsets.count] { bad += 1 }
                        if i % 10 == 0, let next = try? own.insert("\(task)", at: at).end { at = next }
                    }
                    if shared.string != typedText { bad += 1 }
                    if own.count != count + offsets.count / 10 { bad += 1 }
                    return bad
                }
            }
            var total = 0
            for await bad in group { total += bad }
            return total
        }
        XCTAssertEqual(failures, 0, "seed \(seed)")
    }
}
