// Foundation and Caret in one file (Foundation on Linux carries its own copy of ICU, which
// must not clash with the ICU inside Caret), then the README's example, checked.
import Foundation
import Caret

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
    if !condition {
        failures += 1
        FileHandle.standardError.write(Data("client check failed: \(what)\n".utf8))
    }
}

var doc = TextDocument("Grüße 👋🏽 from שָׁלוֹם\r\n")
check(doc.count == 18, "doc.count == 18 grapheme clusters (got \(doc.count))")
check(doc.count(in: .utf16) == 25, "doc.count(in: .utf16) == 25")
check(doc.count(in: .utf16) == (doc.string as NSString).length, "UTF-16 count equals NSString's length")
let p = doc.position(at: 6)!
check(doc.offset(of: p, unit: .utf16) == 6, "offset of the position before 👋🏽 is 6 UTF-16 units")
do {
    try doc.insert("🌍 ", at: p)
} catch {
    check(false, "insert: \(error)")
}
let end = doc.lineAndColumn(of: doc.endOfDocument)
check(end?.line == 1 && end?.column == 0, "end of document at line 1, column 0")
let copy = doc
check(copy.string.hasPrefix("Grüße 🌍 👋🏽"), "the insert is in the copy")

// Both ICUs at work in one process: Caret's word boundaries and Foundation's case mapping.
let word = doc.rangeEnclosing(doc.position(at: 2)!, with: .word, in: .storage(.forward))
check(word.map { doc.offset(of: $0.end)! } == 5, "the word around offset 2 is Grüße")
check("grüße".uppercased(with: Locale(identifier: "de_DE")) == "GRÜSSE", "Foundation's case mapping")

if failures > 0 { exit(1) }
print("client check: Caret \(doc.count) graphemes, \(doc.count(in: .utf16)) UTF-16 units; Foundation alongside: ok")
