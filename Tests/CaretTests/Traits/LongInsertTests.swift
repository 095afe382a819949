import XCTest
import CaretCorpus
@testable import Caret

/// One `insertText` of a long text (dictation, an input method committing a paragraph, a
/// script) with the default traits: the text must come out exactly as typing it in pieces —
/// down to one scalar at a time — makes it, however the text is cut (issue #27). Each scalar
/// sees at most `TypingTransform.window` clusters before it, so the whole insert is linear.
/// `SEED=n` replays a run.
final class LongInsertTests: XCTestCase {
    /// Pieces that meet every rule: sentence ends, abbreviations, quotes, dashes, line breaks
    /// (CR LF too), opening marks, a run of spaces longer than the window after a full stop,
    /// marks, emoji, flags, a Prepend, Turkish dotted i, Greek, Arabic, Han.
    static let pieces = [
        "hello", "world", "the", "mr.", "smith", "dr.", "ok", "i", "don't", "it's", "istanbul", "ıi",
        "é", "e\u{301}", "\u{345}", "ǆemal", "straße", "ωμέγα", "σοφία", "مرحبا", "中文", "👍🏽", "🇫🇷", "🇩🇪",
        "\u{600}x", "x\u{200D}y", "1.5", "3d",
        " ", " ", " ", " ", " ", ". ", ". ", "! ", "? ", ", ", "; ", ".\" ", ".) ", "...", " \"", "'", "\"",
        " (", " [“", " ‘", "-", "--", "---", "–", " - ", "\n", "\n\n", "\r\n", "\t", ".\n",
        ". " + String(repeating: " ", count: 40), String(repeating: " ", count: 35) + "\n",
    ]

    /// The size of the long insert: 1 MB, or 64 kB in the `TinyShapes` build (4-byte chunks
    /// make a megabyte a quarter of a million chunks; the seams are what that build tests).
    static let longInsertBytes = ChunkLimits.maxBytes < 64 ? 1 << 16 : 1 << 20

    /// About `bytes` bytes of such pieces.
    static func text(bytes: Int, using rng: inout SeededGenerator) -> String {
        var s = ""
        while s.utf8.count < bytes { s += pieces.randomElement(using: &rng)! }
        return s
    }

    /// `text` cut into pieces of 1 to `longest` scalars.
    static func cut(_ text: String, longest: Int, using rng: inout SeededGenerator) -> [String] {
        var scalars = Substring(text).unicodeScalars[...]
        var result: [String] = []
        while !scalars.isEmpty {
            let n = min(Int.random(in: 1...longest, using: &rng), scalars.count)
            result.append(String(String.UnicodeScalarView(scalars.prefix(n))))
            scalars = scalars.dropFirst(n)
        }
        return result
    }

    /// A view with `traits` and `start` as its text, editing, the caret at the end.
    static func input(_ start: String, traits: TextInputTraits) -> TextInput {
        let input = TextInput(start, kind: .multiLine, traits: traits)
        input.locale = "en"
        input.beginEditing()
        return input
    }

    /// `pieces` typed one `insertText` each into a view holding `start`.
    static func typed(_ pieces: [String], after start: String = "", traits: TextInputTraits = .init()) -> String {
        let input = input(start, traits: traits)
        for piece in pieces { input.insertText(piece) }
        return input.text
    }

    func testMegabyteInsertEqualsTypingInPieces() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 27)
        print("LongInsertTests seed \(seed) (SEED=\(seed) replays)")
        let text = Self.text(bytes: Self.longInsertBytes, using: &rng)
        let whole = Self.typed([text])
        let pieces = Self.typed(Self.cut(text, longest: 4096, using: &rng))
        XCTAssertEqual(whole.utf8.count, pieces.utf8.count, "SEED=\(seed)")
        XCTAssertTrue(whole == pieces, "SEED=\(seed): the whole insert differs from the pieces at byte \(Self.firstDifference(whole, pieces))")
        // The traits did act: sentence starts capitalized, quotes and dashes made smart.
        XCTAssertTrue(whole.contains(". Hello") && whole.contains("“") && whole.contains("\u{2014}"), "SEED=\(seed)")
    }

    /// The reference: one scalar per `insertText`, as a keyboard types it, for every
    /// autocapitalization mode, into a view that already holds text (the window reaches into
    /// it) and into an empty one.
    func testLongInsertEqualsTypingScalarByScalar() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 2727)
        print("LongInsertTests seed \(seed) (SEED=\(seed) replays)")
        for mode in [TextAutocapitalization.sentences, .words, .allCharacters, .none] {
            let traits = TextInputTraits(autocapitalization: mode)
            for start in ["", "Old text. \"quoted\" mr. ", "ends with a dash -"] {
                // A 24th in the TinyShapes build, which checks the whole tree after every
                // keystroke while the text is under 4 KiB.
                let bytes = (mode == .sentences ? 24_000 : 6_000) / (ChunkLimits.maxBytes < 64 ? 24 : 1)
                let text = Self.text(bytes: bytes, using: &rng)
                let whole = Self.typed([text], after: start, traits: traits)
                let scalars = Self.typed(text.unicodeScalars.map { String($0) }, after: start, traits: traits)
                XCTAssertTrue(whole == scalars,
                              "SEED=\(seed) \(mode) after \(start.debugDescription): differs at byte \(Self.firstDifference(whole, scalars))")
            }
        }
    }

    /// The window: more than `window` clusters of spaces after a full stop hide it, in one
    /// insert as when typed key by key; within the window the letter is capitalized.
    func testSentenceStartFurtherBackThanTheWindowIsNotSeen() {
        let window = TypingTransform.window
        for spaces in [window - 2, window - 1, window, window + 1, 3 * window] {
            let text = "a." + String(repeating: " ", count: spaces) + "b"
            let whole = Self.typed([text])
            XCTAssertEqual(whole, Self.typed(text.map { String($0) }), "\(spaces) spaces")
            XCTAssertEqual(whole.last == "B", spaces < window, "\(spaces) spaces: \(whole.suffix(3))")
        }
    }

    /// The byte offset where `a` and `b` first differ (with a few bytes around it), for the
    /// failure message.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a.utf8), y = Array(b.utf8)
        let k = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, k - 40)..<min(bytes.count, k + 40)], as: UTF8.self).debugDescription
        }
        return "\(k): \(around(x)) vs \(around(y))"
    }
}
