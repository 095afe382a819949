// Hard lines: terminated by LF, CR, CR LF (one terminator), NEL, VT, FF, LS or PS.

extension TextDocument {
    /// The number of hard lines: terminators + 1, so "" has one line and "a\n" has two. O(1).
    public var lineCount: Int { rope.summary.lines + 1 }

    /// The byte offset where line `line` (0-based) starts, or nil when there is no such line.
    func utf8OffsetOfLineStart(_ line: Int) -> Int? {
        guard line >= 0 && line <= rope.summary.lines else { return nil }
        if line == 0 { return 0 }
        // The chunk where the line-th terminator ends: the first whose terminators reach `line`.
        let c = cursor(at: line, in: LineMetric.self, bias: .before)
        return c.prefix.utf8 + LineMetric.utf8Offset(of: line - c.prefix.lines, in: c.chunk)
    }

    /// The byte where line `line` starts, for `line` in `0...lineCount` (`lineCount` gives the
    /// end of the text). O(log n).
    func utf8Offset(ofLineStart line: Int) -> Int {
        line >= lineCount ? rope.summary.utf8 : utf8OffsetOfLineStart(line) ?? rope.summary.utf8
    }

    /// The byte offset where line `line` ends, before its terminator.
    func utf8OffsetOfLineEnd(_ line: Int) -> Int? {
        guard line >= 0 && line <= rope.summary.lines else { return nil }
        if line == rope.summary.lines { return rope.summary.utf8 }
        guard let next = utf8OffsetOfLineStart(line + 1) else { return nil }
        // The terminator ends at `next`: it lies in the chunk that ends there or holds it.
        let c = cursor(at: next, in: UTF8Metric.self, bias: .before)
        let local = next - c.prefix.utf8
        let length = c.chunk.bytes.withUnsafeBufferPointer { LineTerminator.length(endingAt: local, in: $0) }
        return next - length
    }

    /// The index of the line holding byte `x` (a grapheme boundary): the number of terminators
    /// that end at or before it.
    func lineIndex(ofUTF8 x: Int) -> Int {
        guard x > 0 else { return 0 }
        let c = cursor(at: x, in: UTF8Metric.self, bias: .before)
        return c.prefix.lines + LineMetric.count(before: x - c.prefix.utf8, in: c.chunk)
    }

    /// The position at `column` units into line `line` (both 0-based).
    /// - Returns: nil when there is no such line or the column is past the line's end (its
    ///   terminator excluded). A column inside a grapheme cluster gives the cluster's start.
    /// - Complexity: O(log n) plus a few chunk scans.
    public func position(line: Int, column: Int, unit: TextUnit = .grapheme) -> TextPosition? {
        guard column >= 0, let start = utf8OffsetOfLineStart(line), let end = utf8OffsetOfLineEnd(line) else {
            return nil
        }
        let base = count(unit, beforeUTF8: start)
        let (target, overflow) = base.addingReportingOverflow(column)
        // The column must lie within the line in its own unit: compare before snapping, or a
        // column inside the terminator would snap back to the line's end.
        guard !overflow, column <= count(unit, beforeUTF8: end) - base,
              let x = utf8Offset(of: target, in: unit), x <= end else { return nil }
        return TextPosition(utf8Offset: x)
    }

    /// The 0-based line of `position` and its column in `unit` from the line's start.
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: O(log n) plus a few chunk scans.
    public func lineAndColumn(of position: TextPosition, unit: TextUnit = .grapheme) -> (line: Int, column: Int)? {
        guard let x = validated(position) else { return nil }
        let line = lineIndex(ofUTF8: x)
        guard let start = utf8OffsetOfLineStart(line) else { return nil }
        if unit == .utf8 { return (line, x - start) }
        return (line, count(unit, beforeUTF8: x) - count(unit, beforeUTF8: start))
    }

    /// The line that holds `position`, without its terminator.
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: O(log n) plus a few chunk scans.
    public func lineRange(containing position: TextPosition) -> TextRange? {
        guard let x = validated(position) else { return nil }
        let line = lineIndex(ofUTF8: x)
        guard let start = utf8OffsetOfLineStart(line), let end = utf8OffsetOfLineEnd(line) else { return nil }
        return TextRange(start: TextPosition(utf8Offset: start), end: TextPosition(utf8Offset: end))
    }
}
