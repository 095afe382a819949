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
        let iterator = breakIterator(.line)
        var result: [VisualLine] = []
        let measured = wrapper
        measured.wrap(
            options, lastBreak: { s, e in measured.lastBreak(s, e, lineStart16: start16, iterator: iterator) },
            emit: { piece in result.append(VisualLine(line: line, bytes: piece, lineStart: bytes.lowerBound, lineStart16: start16)) })
        return result
    }

    /// Every visual line of the document wrapped with `options`, hard line by hard line, in
    /// order: the same lines as `visualLines(ofLine:options:)` for each line, found in one pass
    /// (no search per line; ICU's line iterator is asked only near each wrap point).
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
            private var start16 = 0
            private var wrapper = LineWrapper()
            private var buffer: [VisualLine] = []
            private var index = 0

            init(document: TextDocument, options: SoftWrapOptions) {
                self.document = document
                self.options = options
                lines = document.lines.makeIterator()
                breaks = document.breakIterator(.line)
            }

            /// Wraps the next hard line for the wrap index: its visual lines' lengths in bytes (the
            /// last with the terminator) and whether its text may raise bidi levels; nil after the
            /// last line. A line of at most `width` bytes without tabs or controls is one visual
            /// line unmeasured: no other cluster is wider than its UTF-8.
            mutating func nextHardLine() -> (lengths: [Int], mayRaiseLevels: Bool)? {
                guard let line = lines.next() else { return nil }
                let bytes = line.range.start.utf8Offset..<line.range.end.utf8Offset
                let next = line.rangeIncludingTerminator.end.utf8Offset
                if bytes.count <= options.width {
                    var fits = true, units = 0, mayRaiseLevels = false
                    document.withUTF8(bytes) { p in
                        for b in p {
                            if b < 0x20 || b == 0x7F {
                                fits = false
                                break
                            }
                            if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
                        }
                        if fits { mayRaiseLevels = BidiResolver.mayRaiseLevels(p) }
                    }
                    if fits {
                        start16 += units + terminatorUnits(line, contentEnd: bytes.upperBound)
                        return ([next - bytes.lowerBound], mayRaiseLevels)
                    }
                }
                wrapLine(line)
                index = buffer.count
                var lengths: [Int] = []
                lengths.reserveCapacity(buffer.count)
                for (k, row) in buffer.enumerated() {
                    let end = k + 1 < buffer.count ? buffer[k + 1].range.start.utf8Offset : next
                    lengths.append(end - row.range.start.utf8Offset)
                }
                return (lengths, wrapper.mayRaiseLevels)
            }

            /// The UTF-16 units of `line`'s terminator: CR LF is two, every other one is one.
            private func terminatorUnits(_ line: TextDocument.Line, contentEnd: Int) -> Int {
                let terminator = line.rangeIncludingTerminator.end.utf8Offset - contentEnd
                if terminator == 0 { return 0 }
                let firstByte = terminator == 2 ? document.utf8(in: TextRange(start: line.range.end, end: line.rangeIncludingTerminator.end))?.first : nil
                return firstByte == 0x0D ? 2 : 1
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
                let (lineIndex, from, from16, iterator, measured) = (line.index, bytes.lowerBound, start16, breaks, wrapper)
                measured.wrap(
                    options, lastBreak: { s, e in measured.lastBreak(s, e, lineStart16: from16, iterator: iterator) },
                    emit: { piece in buffer.append(VisualLine(line: lineIndex, bytes: piece, lineStart: from, lineStart16: from16)) })
                start16 = end16 + terminatorUnits(line, contentEnd: bytes.upperBound)
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

extension LineWrapper {
    /// The last cluster index `b` with `s < b <= e` where ICU's line iterator allows a break
    /// (an opportunity inside a cluster does not count), or nil: ICU's `preceding` from the
    /// end of cluster `e`, the line starting at document UTF-16 offset `lineStart16`.
    func lastBreak(_ s: Int, _ e: Int, lineStart16: Int, iterator: ICUBreakIterator?) -> Int? {
        guard let iterator else { return nil }
        let floor = lineStart16 + utf16Start(of: s)
        // From the end of cluster `e`, not one unit past its start: ICU snaps an offset inside
        // a surrogate pair back to the pair's start and would miss the boundary there.
        var b = iterator.precedingUTF16(lineStart16 + utf16Start(of: e + 1))
        while let x = b, x > floor {
            if let k = cluster(atUTF16: x - lineStart16) { return k }
            b = iterator.precedingUTF16(x)
        }
        return nil
    }
}
