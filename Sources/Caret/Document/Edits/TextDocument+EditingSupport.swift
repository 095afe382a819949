// What the editing model (Sources/Caret/Editing) needs from a document beyond its public API:
// byte-exact reading and counting at scalar boundaries that may fall inside a grapheme cluster
// (one scalar of a syllable deleted), and snapping in either direction. Kept in one file so the
// editing layer depends on the document's internals in one place only.

extension TextDocument {
    /// The UTF-16 units before byte `x`, a scalar boundary (possibly inside a cluster).
    /// O(log n) plus one chunk scan.
    func utf16Offset(ofScalarAlignedUTF8 x: Int) -> Int {
        count(.utf16, beforeUTF8: x)
    }

    /// The text of bytes `range` (scalar boundaries). O(log n + length).
    func text(utf8Range range: Range<Int>) -> String {
        string(utf8Range: range)
    }

    /// The byte length of the text. O(1).
    var utf8Count: Int { rope.summary.utf8 }

    /// Byte `x` (0...count, a scalar boundary) moved back to a grapheme boundary. O(log n).
    func graphemeBoundary(atOrBeforeUTF8 x: Int) -> Int {
        snappedUTF8(x)
    }

    /// Byte `x` (0...count, a scalar boundary) moved forward to a grapheme boundary. O(log n).
    func graphemeBoundary(atOrAfterUTF8 x: Int) -> Int {
        let back = snappedUTF8(x)
        return back == x ? x : graphemeBoundary(after: back)
    }

    /// The byte after the grapheme cluster that starts at byte `x` (a boundary before the end).
    func graphemeEnd(afterUTF8 x: Int) -> Int {
        graphemeBoundary(after: x)
    }
}
