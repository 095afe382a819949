// Soft wrap: the visual lines of a hard line at a width in display columns, breaking at ICU's
// line-break opportunities (UAX #14). See docs/ARCHITECTURE.md, "Display width and soft wrap".

extension TextDocument {
    /// The visual lines of hard line `line` (0-based) wrapped at `options.width` display
    /// columns: breaks only at the document's line-break opportunities
    /// (`lineBreakOpportunities(in:)`), or between clusters of a word wider than a line; spaces
    /// at the end of a visual line hang; an empty line gives one empty visual line.
    /// - Returns: nil when `line` is not in `0..<lineCount`.
    /// - Complexity: O(log n + length of the line).
    public func visualLines(ofLine line: Int, options: SoftWrapOptions) -> [VisualLine]? {
        guard line >= 0, line < lineCount, let start = position(line: line, column: 0),
              let range = lineRange(containing: start), let start16 = offset(of: range.start, unit: .utf16)
        else { return nil }
        var wrapper = LineWrapper()
        let bytes = range.start.utf8Offset..<range.end.utf8Offset
        withUTF8(bytes) { wrapper.measure($0, options: options.display) }
        var breaks: [Int] = []
        if !wrapper.fitsOnOneLine(options), let iterator = breakIterator(.line) {
            var next = iterator.followingUTF16(start16)
            while let b = next, b <= start16 + wrapper.utf16Count {
                breaks.append(b - start16)
                next = iterator.nextUTF16()
            }
        }
        wrapper.addBreaks(breaks)
        var result: [VisualLine] = []
        wrapper.wrap(options) { piece in
            result.append(VisualLine(line: line, bytes: piece, lineStart: bytes.lowerBound, lineStart16: start16))
        }
        return result
    }

    /// Every visual line of the document wrapped with `options`, hard line by hard line, in
    /// order: the same lines as `visualLines(ofLine:options:)` for each line, found in one pass
    /// (one ICU line-break pass, no search per line).
    /// - Complexity: O(1) to create; O(n) for the whole walk.
    public func visualLines(options: SoftWrapOptions) -> VisualLines {
        VisualLines(document: self, options: options)
    }

    /// The visual lines of a whole document (see `TextDocument.visualLines(options:)`). Holds
    /// its own copy of the text, so the document may change while it is walked.
    public struct VisualLines: Sequence {
        let document: TextDocument
        let options: SoftWrapOptions

        /// An iterator from the first hard line. O(1).
        public func makeIterator() -> Iterator { Iterator(document: document, options: options) }

        /// Yields the visual lines of a document in order.
        public struct Iterator: IteratorProtocol {
            private let document: TextDocument
            private let options: SoftWrapOptions
            private var lines: TextDocument.Lines.Iterator
            private let breaks: ICUBreakIterator?
            /// The next ICU opportunity not yet given to a line (UTF-16, whole document).
            private var pending: Int?
            private var start16 = 0
            private var wrapper = LineWrapper()
            private var buffer: [VisualLine] = []
            private var index = 0
            private var lineBreaks: [Int] = []

            init(document: TextDocument, options: SoftWrapOptions) {
                self.document = document
                self.options = options
                lines = document.lines.makeIterator()
                breaks = document.breakIterator(.line)
                pending = breaks?.followingUTF16(0)
            }

            /// The next visual line, or nil after the last.
            /// - Complexity: O(1) amortised per cluster of the text.
            public mutating func next() -> VisualLine? {
                while index >= buffer.count {
                    guard let line = lines.next() else { return nil }
                    wrapLine(line)
                }
                index += 1
                return buffer[index - 1]
            }

            /// Wraps `line` into `buffer`.
            private mutating func wrapLine(_ line: TextDocument.Line) {
                buffer.removeAll(keepingCapacity: true)
                index = 0
                let bytes = line.range.start.utf8Offset..<line.range.end.utf8Offset
                let options = options
                document.withUTF8(bytes) { wrapper.measure($0, options: options.display) }
                let end16 = start16 + wrapper.utf16Count
                lineBreaks.removeAll(keepingCapacity: true)
                // A line that fits needs no opportunities: ICU is asked only for lines that
                // wrap, from their start when the lines skipped left it behind.
                if !wrapper.fitsOnOneLine(options) {
                    if let b = pending, b <= start16 { pending = breaks?.followingUTF16(start16) }
                    while let b = pending, b <= end16 {
                        if b > start16 { lineBreaks.append(b - start16) }
                        pending = breaks?.nextUTF16()
                    }
                }
                wrapper.addBreaks(lineBreaks)
                let (lineIndex, from, from16) = (line.index, bytes.lowerBound, start16)
                wrapper.wrap(options) { piece in
                    buffer.append(VisualLine(line: lineIndex, bytes: piece, lineStart: from, lineStart16: from16))
                }
                // The terminator: CR LF is two UTF-16 units, every other one is one.
                let terminator = line.rangeIncludingTerminator.end.utf8Offset - bytes.upperBound
                let firstByte = terminator == 2 ? document.utf8(in: TextRange(start: line.range.end, end: line.rangeIncludingTerminator.end))?.first : nil
                start16 = end16 + (terminator == 0 ? 0 : firstByte == 0x0D ? 2 : 1)
            }
        }
    }
}

extension VisualLine {
    /// A piece from `LineWrapper`, placed in the document: the hard line starts at byte
    /// `lineStart` and UTF-16 offset `lineStart16`.
    init(line: Int, bytes piece: LineWrapper.Piece, lineStart: Int, lineStart16: Int) {
        self.init(line: line,
                  range: TextRange(start: TextPosition(utf8Offset: lineStart + piece.bytes.lowerBound),
                                   end: TextPosition(utf8Offset: lineStart + piece.bytes.upperBound)),
                  utf16Offsets: (lineStart16 + piece.utf16.lowerBound)..<(lineStart16 + piece.utf16.upperBound),
                  width: piece.width, indent: piece.indent)
    }
}
