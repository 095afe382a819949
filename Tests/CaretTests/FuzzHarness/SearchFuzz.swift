#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Reference) import Caret

/// The FuzzSearch harness: random text, a few edits, then queries whose matches through the
/// rope must equal ICU's on the flat text (`SearchReference`).
///
/// Input format: byte 0 is the number of pieces of the text (modulo 40), then the pieces (one
/// byte each, from the trouble alphabet plus case-folding troublemakers); then an edit count
/// (modulo 4) and per edit a start and a length (one byte each, grapheme offsets modulo the
/// length) and 0–2 inserted pieces; then a query count (modulo 4) and per query a flag byte
/// (bit 0 regular expression, 1 ignore case, 2 ignore diacritics, 3 ignore normalisation, bits
/// 4–5 word matching, bit 6 Turkish locale), 1–3 pattern pieces and, for a regular expression,
/// one operator byte appended to the quoted pieces. Reads past the end give 0.
///
/// Checks per query: every forward match equals the reference (or both reject the pattern);
/// `firstMatch(from:)` at a random position is the first reference match starting there or
/// after; backward matches are the forward ones in reverse for a case-sensitive literal that
/// cannot overlap itself; a literal replace-all equals the flat replacement of the matches; a
/// find session on a `TextInput` holding the text before the edits, edited the same way
/// through it, finds the reference's matches (its matches followed the edits).
public enum SearchFuzz {
    static let alphabet = troubleAlphabet + ["ß", "S", "s", "SS", "I", "ı", "İ", "i", "é", "E", "ﬁ", "ǅ", "Σ", "ς", "σ"]
    static let operators = ["", ".", "\\X", "+", "?", "|a", "(?:b)*", "\\b", "^", "$", "(.)\\1", "(?i)s"]

    /// Runs one input. Throws the first difference found; traps only inside the engine.
    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(data)
        let pieces = Int(input.byte()) % 40
        let original = (0..<pieces).map { _ in alphabet[Int(input.byte()) % alphabet.count] }.joined()
        var document = TextDocument(original)
        var edits: [(start: Int, length: Int, text: String)] = []
        for _ in 0..<Int(input.byte()) % 4 {
            let count = document.count
            let start = count == 0 ? 0 : Int(input.byte()) % (count + 1)
            let length = count == 0 ? 0 : Int(input.byte()) % (count - start + 1)
            let text = (0..<Int(input.byte()) % 3).map { _ in alphabet[Int(input.byte()) % alphabet.count] }.joined()
            guard let from = document.position(at: start), let to = document.position(at: start + length),
                  let range = document.textRange(from: from, to: to) else { continue }
            _ = try? document.replace(range, withText: text)
            edits.append((start, length, text))
        }
        let text = document.string
        let reference = SearchReference(text)
        for _ in 0..<Int(input.byte()) % 4 {
            let flags = input.byte()
            let parts = (0..<(1 + Int(input.byte()) % 3)).map { _ in alphabet[Int(input.byte()) % alphabet.count] }
            let regex = flags & 1 != 0
            var pattern = parts.joined()
            if regex { pattern = "\\Q" + pattern + "\\E" + operators[Int(input.byte()) % operators.count] }
            let word: TextSearchQuery.WordMatch = [.contains, .prefix, .whole, .contains][Int(flags >> 4) & 3]
            let query = TextSearchQuery(pattern, syntax: regex ? .regularExpression : .literal, ignoresCase: flags & 2 != 0,
                                        ignoresDiacritics: !regex && flags & 4 != 0,
                                        ignoresNormalization: !regex && flags & 8 != 0, wordMatch: word,
                                        locale: flags & 64 != 0 ? "tr" : nil)
            try check(query, document, reference, position: Int(input.byte()))
            try checkSession(query, original, edits, reference)
        }
    }

    /// A find session started on `original` follows `edits` (grapheme ranges, replayed as user
    /// edits) and then holds the reference's matches of the edited text.
    static func checkSession(_ query: TextSearchQuery, _ original: String, _ edits: [(start: Int, length: Int, text: String)],
                             _ reference: SearchReference) throws(FuzzFailure) {
        guard let expected = try? reference.matches(query) else { return }
        let input = TextInput(original, traits: .plain)
        input.beginEditing()
        guard (try? input.find(query)) != nil else { throw FuzzFailure(message: "find rejects \(query)") }
        for edit in edits {
            let d = input.document
            guard let from = d.position(at: edit.start), let to = d.position(at: edit.start + edit.length),
                  let range = d.textRange(from: from, to: to) else { continue }
            _ = input.replace(range, withText: edit.text)
        }
        // The same text as the document's edits gave (user edits of `.plain` traits change nothing else).
        guard input.text == reference.text else { return }
        let d = input.document
        let found = input.foundRanges.map { (d.offset(of: $0.start, unit: .utf8) ?? -1)..<(d.offset(of: $0.end, unit: .utf8) ?? -1) }
        guard found == expected else {
            throw FuzzFailure(message: "find session \(found), ICU \(expected) after \(edits): \(query) in \(original.debugDescription)")
        }
    }

    static func check(_ query: TextSearchQuery, _ document: TextDocument, _ reference: SearchReference,
                      position: Int) throws(FuzzFailure) {
        let label = "\(query) in \(Array(reference.text.unicodeScalars).map { String($0.value, radix: 16) })"
        let expected: [Range<Int>]
        do { expected = try reference.matches(query) } catch {
            guard (try? document.matches(of: query)) == nil else { throw FuzzFailure(message: "engine accepts a pattern ICU rejects: \(label)") }
            return
        }
        let actual: [Range<Int>]
        do { actual = try document.matches(of: query).map(\.utf8Range) } catch {
            throw FuzzFailure(message: "engine rejects a pattern ICU accepts (\(error)): \(label)")
        }
        guard actual == expected else { throw FuzzFailure(message: "matches \(actual), ICU \(expected): \(label)") }
        // From a position: the first reference match starting at or after it (snapped back to
        // a grapheme boundary, as the document snaps it).
        let length = document.count
        if let p = document.position(at: length == 0 ? 0 : position % (length + 1)) {
            let x = document.offset(of: p, unit: .utf8) ?? 0
            let first = try? document.firstMatch(of: query, from: p)?.utf8Range
            // The reference restarted at x: matches before x may have hidden overlapping ones.
            let fromHere = (try? SearchReference(reference.text).matches(query, from: x)) ?? []
            guard first == fromHere.first else {
                throw FuzzFailure(message: "first match from \(x): \(String(describing: first)), ICU \(String(describing: fromHere.first)): \(label)")
            }
        }
        let plain = query.syntax == .literal && !query.ignoresCase && !query.ignoresDiacritics && !query.ignoresNormalization
        if plain && query.wordMatch == .contains && !overlapsItself(query.pattern) {
            let backward = (try? document.matches(of: query, direction: .backward).map(\.utf8Range)) ?? []
            guard backward == expected.reversed() else { throw FuzzFailure(message: "backward \(backward), forward \(expected): \(label)") }
        }
        if query.syntax == .literal {
            var replaced = document
            do { try replaced.replaceAll(of: query, with: "<$1>") } catch { throw FuzzFailure(message: "replaceAll threw \(error): \(label)") }
            var flat: [UInt8] = []
            let bytes = Array(reference.text.utf8)
            var at = 0
            for r in expected {
                flat += bytes[at..<r.lowerBound] + Array("<$1>".utf8)
                at = r.upperBound
            }
            flat += bytes[at...]
            guard Array(replaced.string.utf8) == flat else { throw FuzzFailure(message: "replaceAll gives \(replaced.string.debugDescription): \(label)") }
        }
    }

    static func overlapsItself(_ p: String) -> Bool {
        let b = Array(p.utf8)
        return (1..<max(b.count, 1)).contains { b[$0...].elementsEqual(b[..<(b.count - $0)]) }
    }
}
