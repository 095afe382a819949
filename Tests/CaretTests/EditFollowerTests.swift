import XCTest
@testable import Caret

/// Every edit of a document, whichever entry made it (the typing path at the edit place
/// included), reaches every follower through the one mechanism (`following`,
/// TextEditFollower.swift). The recorder is a follower like the bidi cache and the direction
/// overrides, listed once in `TextFollowers.forEach`: what it records must, replayed on a flat
/// byte array, give the document's text after every call, and every entry must reach it.
final class EditFollowerTests: XCTestCase {
    /// Replays the recorded edits on `mirror` (the old text's bytes), taking each inserted
    /// text from `new` (the text after all of them). Edits of one change set come last to
    /// first, so each one's inserted bytes sit in `new` shifted by the change in length of the
    /// edits recorded after it (which lie before it).
    private func replay(_ edits: [TextEdit], on mirror: inout [UInt8], new: [UInt8], context: String) {
        var shift = edits.reduce(0) { $0 + $1.utf8Delta }
        for edit in edits {
            shift -= edit.utf8Delta
            XCTAssertLessThanOrEqual(edit.replacedUTF8Range.upperBound, mirror.count, context)
            guard edit.replacedUTF8Range.upperBound <= mirror.count else { return }
            let old = Array(mirror[..<edit.replacedUTF8Range.lowerBound])
            XCTAssertEqual(String(decoding: old, as: UTF8.self).utf16.count, edit.replacedUTF16Range.lowerBound, context)
            let from = edit.insertedUTF8Range.lowerBound + shift, to = edit.insertedUTF8Range.upperBound + shift
            XCTAssert(from >= 0 && to <= new.count, context)
            guard from >= 0 && to <= new.count else { return }
            mirror.replaceSubrange(edit.replacedUTF8Range, with: new[from..<to])
        }
    }

    private func check(_ doc: inout TextDocument, _ mirror: inout [UInt8], expecting count: Int? = nil,
                       _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let edits = doc.followers.recorder.edits
        doc.followers.recorder.removeAll()
        if let count { XCTAssertEqual(edits.count, count, "\(context): edits seen", file: file, line: line) }
        replay(edits, on: &mirror, new: Array(doc.string.utf8), context: context)
        XCTAssertEqual(String(decoding: mirror, as: UTF8.self), doc.string, context, file: file, line: line)
    }

    func testEveryEntryReachesTheFollowers() throws {
        var doc = TextDocument("Hello, world. שלום עולם\nनमस्ते 👍🏽 e\u{301}")
        doc.followers.recorder.isRecording = true
        var mirror = Array(doc.string.utf8)

        // The typing path itself: ASCII typed at the edit place, taken without the general path.
        let caret = try doc.insert("x", at: doc.position(at: 5)!).end
        check(&doc, &mirror, expecting: 1, "insert")
        var bytes = caret.utf8Offset
        for key in ["y", "z", " "] {
            var text = key
            let typed = text.withUTF8 { doc.replaceAtEditPlace(bytes..<bytes, in: .utf8, with: $0) }
            // Chunks of 4 bytes (TinyShapes) leave no room to type in place: the general path then.
            if typed == nil {
                XCTAssertLessThan(ChunkLimits.maxBytes, 64, "the typing path took \(key)")
                try doc.insert(key, at: TextPosition(utf8Offset: bytes))
            }
            bytes += 1
            check(&doc, &mirror, expecting: 1, "typing path \(key)")
        }
        try doc.replace(doc.textRange(from: doc.position(at: 2)!, to: doc.position(at: 4)!)!, withText: "ß中")
        check(&doc, &mirror, expecting: 1, "replace")
        try doc.replace(3..<5, in: .unicodeScalar, withText: "q")
        check(&doc, &mirror, expecting: 1, "replace in scalars")
        try doc.delete(doc.textRange(from: doc.position(at: 0)!, to: doc.position(at: 1)!)!)
        check(&doc, &mirror, expecting: 1, "delete")
        _ = try doc.edit(doc.textRange(from: doc.position(at: 6)!, to: doc.position(at: 6)!)!, replacingWith: "\r\n")
        check(&doc, &mirror, expecting: 1, "edit")
        _ = try doc.edit(0..<2, in: .utf16, replacingWith: "🇫🇷")
        check(&doc, &mirror, expecting: 1, "edit in UTF-16")
        try doc.applyCase(.upper, to: doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)!, locale: "de")
        check(&doc, &mirror, expecting: 1, "applyCase")
        let p = { (k: Int) in doc.position(at: k)! }
        let changes = try ChangeSet([(doc.textRange(from: p(1), to: p(2))!, "ab"), (doc.textRange(from: p(9), to: p(12))!, ""),
                                     (doc.textRange(from: p(14), to: p(14))!, "ক্ষ")], in: doc)
        try doc.apply(changes)
        check(&doc, &mirror, expecting: 3, "apply(ChangeSet)")
        try doc.apply(changes.inverted())
        check(&doc, &mirror, expecting: 3, "apply(inverted)")
    }

    /// Random edits through every entry on multilingual text: typing ASCII at the caret (the
    /// typing path), backspace, replacements in every unit, case, change sets; the recorder's
    /// edits rebuild the text after every call, also with the other followers busy (a cached
    /// paragraph layout and a direction override).
    func testRandomEditsReachTheFollowers() throws {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2201)
        let pieces = ["a", "b", " ", "e", "\n", "\r\n", "é", "中", "👍🏽", "שָׁ", "\u{301}", "क्ष", "ß", "ع"]
        for round in 0..<4 {
            var doc = TextDocument((0..<(round * 60)).map { _ in pieces.randomElement(using: &rng)! }.joined())
            doc.followers.recorder.isRecording = true
            if round % 2 == 1 {
                _ = doc.position(from: doc.beginningOfDocument, in: .right, offset: 1)   // fills the bidi cache
                try doc.setBaseWritingDirection(.rightToLeft, for: doc.textRange(from: doc.beginningOfDocument, to: doc.beginningOfDocument)!)
            }
            doc.followers.recorder.removeAll()
            var mirror = Array(doc.string.utf8)
            var caret = doc.position(at: doc.count / 2)!
            for step in 0..<300 {
                let context = "seed \(seed) round \(round) step \(step)"
                let n = doc.count
                let a = Int.random(in: 0...n, using: &rng), b = min(n, a + Int.random(in: 0...3, using: &rng))
                let range = doc.textRange(from: doc.position(at: a)!, to: doc.position(at: b)!)!
                switch Int.random(in: 0..<8, using: &rng) {
                case 0, 1, 2:
                    caret = try doc.insert(["a", "b", " ", "e"].randomElement(using: &rng)!, at: caret).end
                case 3:
                    caret = try doc.replace(range, withText: pieces.randomElement(using: &rng)!).end
                case 4:
                    let u = doc.count(in: .unicodeScalar), s = Int.random(in: 0...u, using: &rng)
                    try doc.replace(s..<min(u, s + 1), in: .unicodeScalar, withText: "")
                    caret = doc.beginningOfDocument
                case 5:
                    try doc.applyCase([.upper, .lower, .title].randomElement(using: &rng)!, to: range, locale: "")
                case 6:
                    let m = doc.count, c = Int.random(in: 0...m, using: &rng)
                    let at = doc.textRange(from: doc.position(at: c)!, to: doc.position(at: c)!)!
                    let edits = a < c ? [(range, "x"), (at, "ñ")] : [(at, "ñ")]
                    try doc.apply(ChangeSet(b <= c ? edits : [(at, "ñ")], in: doc))
                    caret = doc.beginningOfDocument
                default:
                    try doc.delete(range)
                    caret = range.start
                }
                if caret.utf8Offset > doc.utf8Count { caret = doc.endOfDocument }
                check(&doc, &mirror, context)
            }
        }
    }
}
