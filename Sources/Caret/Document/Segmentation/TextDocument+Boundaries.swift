// The four UITextInputTokenizer calls. Each granularity cuts the text into pieces; some pieces
// are units (a word, a sentence, a paragraph's text) and the rest are gaps (the spaces and
// punctuation between words, a paragraph's terminator). Every call looks at the piece beside a
// position, and motion walks piece by piece to the next unit. See docs/ARCHITECTURE.md,
// "Text units".

extension TextDocument {
    /// The storage direction that `direction` means at byte `x` (a grapheme boundary).
    ///
    /// Storage directions mean themselves. Layout directions follow the base direction of the
    /// paragraph holding `x`: in a left-to-right paragraph `.right` is forward, in a
    /// right-to-left one backward; `.down` is always forward and `.up` backward. This is the
    /// one place where the tokenizer meets layout. O(log n), plus laying out the paragraph
    /// once when its direction is not cached.
    func storageDirection(_ direction: TextDirection, at x: Int) -> TextStorageDirection {
        switch direction {
        case .storage(let d): return d
        case .layout(.down): return .forward
        case .layout(.up): return .backward
        case .layout(let side):
            let rightToLeft = baseWritingDirection(for: TextPosition(utf8Offset: x)) == .rightToLeft
            return (side == .right) != rightToLeft ? .forward : .backward
        }
    }
}

/// A piece of text at one granularity: a unit, or a gap between units.
struct TextPiece {
    var range: Range<Int>
    var isUnit: Bool
}

/// Cuts one document into the pieces of one granularity, with at most one ICU iterator opened
/// per call (word and sentence), reading only the chunks around the places asked about.
struct PieceFinder {
    let document: TextDocument
    let granularity: TextGranularity
    let iterator: ICUBreakIterator?
    let length: Int

    init(_ document: TextDocument, _ granularity: TextGranularity) {
        self.document = document
        self.granularity = granularity
        length = document.rope.summary.utf8
        switch granularity {
        case .word: iterator = document.breakIterator(.word)
        case .sentence: iterator = document.breakIterator(.sentence)
        default: iterator = nil
        }
    }

    /// The piece that holds the grapheme starting at byte `x` (`0 <= x < length`, a grapheme
    /// boundary). ICU boundaries inside a grapheme cluster are ignored: the segments on both
    /// sides join, and the joined piece is a word when either part is.
    func piece(at x: Int) -> TextPiece? {
        switch granularity {
        case .character:
            return TextPiece(range: x..<document.graphemeBoundary(after: x), isUnit: true)
        case .document:
            return TextPiece(range: 0..<length, isUnit: true)
        case .paragraph, .line:
            let line = document.lineIndex(ofUTF8: x)
            guard let start = document.utf8OffsetOfLineStart(line),
                  let end = document.utf8OffsetOfLineEnd(line) else { return nil }
            if x < end { return TextPiece(range: start..<end, isUnit: true) }
            return TextPiece(range: end..<(document.utf8OffsetOfLineStart(line + 1) ?? length), isUnit: false)
        case .word, .sentence:
            guard let iterator else { return nil }
            var start = x
            if !iterator.isBoundary(x) {
                start = iterator.preceding(x) ?? 0
                while start > 0 && !document.isGraphemeBoundary(start) { start = iterator.preceding(start) ?? 0 }
            }
            var end = start
            var isWord = false
            repeat {
                end = iterator.following(end) ?? length
                isWord = isWord || iterator.ruleStatus >= 100
            } while end < length && !document.isGraphemeBoundary(end)
            return TextPiece(range: start..<end, isUnit: granularity == .sentence || isWord)
        }
    }

    /// The piece on the `direction` side of boundary `x`: after it (forward) or before it.
    func piece(beside x: Int, _ direction: TextStorageDirection) -> TextPiece? {
        switch direction {
        case .forward: return x < length ? piece(at: x) : nil
        case .backward: return x > 0 ? piece(at: document.graphemeBoundary(before: x)) : nil
        }
    }
}

extension TextDocument {
    /// The unit of `granularity` that holds the text on the `direction` side of `position`:
    /// for `.word`, the word after the position (forward) or before it (backward), or nil when
    /// that side is space or punctuation. `.character` gives the grapheme cluster there,
    /// `.sentence` ICU's sentence (with its trailing spaces), `.paragraph` and `.line` the
    /// hard line holding the position (terminator excluded; never nil, so an empty line gives
    /// an empty range) and `.document` the whole text.
    ///
    /// Layout directions map to storage order per `storageDirection(_:at:)`.
    /// - Returns: nil when the position lies outside this document or no unit is there.
    /// - Complexity: O(log n) plus reading the chunks around the position (for words and
    ///   sentences, ICU reads back to a safe point; in ordinary text a few chunks).
    public func rangeEnclosing(_ position: TextPosition, with granularity: TextGranularity,
                               in direction: TextDirection) -> TextRange? {
        guard let x = validated(position) else { return nil }
        let finder = PieceFinder(self, granularity)
        if let piece = finder.piece(beside: x, storageDirection(direction, at: x)), piece.isUnit {
            return TextRange(start: TextPosition(utf8Offset: piece.range.lowerBound),
                             end: TextPosition(utf8Offset: piece.range.upperBound))
        }
        switch granularity {
        case .paragraph, .line: return lineRange(containing: position)
        case .document: return TextRange(start: beginningOfDocument, end: endOfDocument)
        case .character, .word, .sentence: return nil
        }
    }

    /// True when a unit of `granularity` ends at `position` (forward: the caret would stop
    /// here moving forward) or starts there (backward). Every position is a `.character`
    /// boundary except the end (backward) and the start (forward); `.word` boundaries are the
    /// ends of words only, not of the spaces and punctuation between them.
    /// - Returns: false also when the position lies outside this document.
    /// - Complexity: as `rangeEnclosing(_:with:in:)`.
    public func isPosition(_ position: TextPosition, atBoundary granularity: TextGranularity,
                           in direction: TextDirection) -> Bool {
        guard let x = validated(position) else { return false }
        let finder = PieceFinder(self, granularity)
        switch storageDirection(direction, at: x) {
        case .forward:
            guard let piece = finder.piece(beside: x, .backward) else { return false }
            return piece.isUnit && piece.range.upperBound == x
        case .backward:
            guard let piece = finder.piece(beside: x, .forward) else { return false }
            return piece.isUnit && piece.range.lowerBound == x
        }
    }

    /// The next place a unit of `granularity` ends after `position` (forward), or the last
    /// place one starts before it (backward): word motion skips spaces and punctuation and
    /// stops at the end (forward) or start (backward) of a word; paragraph motion stops at
    /// the ends (starts) of non-empty hard lines.
    /// - Returns: nil when the position lies outside this document or there is no such place.
    /// - Complexity: O(log n) per piece crossed plus reading the chunks ICU needs.
    public func position(from position: TextPosition, toBoundary granularity: TextGranularity,
                         in direction: TextDirection) -> TextPosition? {
        guard let x = validated(position) else { return nil }
        let finder = PieceFinder(self, granularity)
        switch storageDirection(direction, at: x) {
        case .forward:
            var piece = finder.piece(beside: x, .forward)
            while let p = piece {
                if p.isUnit { return TextPosition(utf8Offset: p.range.upperBound) }
                piece = finder.piece(beside: p.range.upperBound, .forward)
            }
        case .backward:
            var piece = finder.piece(beside: x, .backward)
            while let p = piece {
                if p.isUnit { return TextPosition(utf8Offset: p.range.lowerBound) }
                piece = finder.piece(beside: p.range.lowerBound, .backward)
            }
        }
        return nil
    }

    /// True when the text on the `direction` side of `position` belongs to a unit of
    /// `granularity` (a word, not the space after it; a paragraph's text, not its terminator).
    /// - Returns: false also when the position lies outside this document.
    /// - Complexity: as `rangeEnclosing(_:with:in:)`.
    public func isPosition(_ position: TextPosition, withinTextUnit granularity: TextGranularity,
                           in direction: TextDirection) -> Bool {
        guard let x = validated(position) else { return false }
        return PieceFinder(self, granularity).piece(beside: x, storageDirection(direction, at: x))?.isUnit ?? false
    }
}
