// Up/down by hard lines with a goal column, and carets that carry it.

extension TextDocument {
    /// The caret `offset` presses of `direction` away from `caret`.
    ///
    /// - `.up`/`.down`: moves `offset` hard lines (a negative offset the other way) to the
    ///   column `caret.goalColumn` (grapheme clusters; when nil, the caret's current column),
    ///   or to the end of the line when it is shorter; the goal column is kept in the result,
    ///   so consecutive presses aim for the same column. Past the first line the caret goes to
    ///   the beginning of the document, past the last line to its end (the goal is still kept).
    /// - `.left`/`.right`: as `position(from:in:offset:movement:)`; the goal column is cleared.
    ///
    /// - Returns: nil when the caret's position lies outside this document, or when a left/right
    ///   press would leave it.
    /// - Complexity: up/down O(log n); left/right as `position(from:in:offset:movement:)`.
    public func caret(from caret: TextCaret, in direction: TextLayoutDirection, offset: Int = 1,
                      movement: CaretMovement = .visual) -> TextCaret? {
        switch direction {
        case .left, .right:
            return position(from: caret.position, in: direction, offset: offset, movement: movement).map { TextCaret($0) }
        case .up, .down:
            guard let x = validated(caret.position) else { return nil }
            let line = lineIndex(ofUTF8: x)
            guard let start = utf8OffsetOfLineStart(line) else { return nil }
            let lineGraphemes = count(.grapheme, beforeUTF8: start)
            let goal = max(caret.goalColumn ?? (count(.grapheme, beforeUTF8: x) - lineGraphemes), 0)
            if offset == 0 {
                return TextCaret(TextPosition(utf8Offset: x, affinity: caret.position.affinity), goalColumn: goal)
            }
            let signed = direction == .down ? offset : (offset == Int.min ? Int.max : -offset)
            let (sum, overflow) = line.addingReportingOverflow(signed)
            if (overflow && signed < 0) || (!overflow && sum < 0) {
                return TextCaret(beginningOfDocument, goalColumn: goal)
            }
            if overflow || sum > rope.summary.lines {
                return TextCaret(endOfDocument, goalColumn: goal)
            }
            guard let targetStart = utf8OffsetOfLineStart(sum), let targetEnd = utf8OffsetOfLineEnd(sum) else { return nil }
            let first = count(.grapheme, beforeUTF8: targetStart)
            let length = count(.grapheme, beforeUTF8: targetEnd) - first
            let column = min(goal, length)
            let target = utf8Offset(of: first + column, in: .grapheme) ?? targetEnd
            return TextCaret(TextPosition(utf8Offset: target), goalColumn: goal)
        }
    }
}
