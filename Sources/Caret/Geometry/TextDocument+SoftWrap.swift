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
        let iterator = breakIterator(.line)
        var result: [VisualLine] = []
        withUTF8(bytes) { p in
            wrapper.wrapLine(
                p, options: options, rootRules: iterator != nil && locale.isEmpty, preceding: { u in iterator?.precedingUTF16(start16 + u).map { $0 - start16 } },
                emit: { piece in result.append(VisualLine(line: line, bytes: piece, lineStart: bytes.lowerBound, lineStart16: start16)) })
        }
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
            /// False when the document has no line iterator (beyond `Int32.max` bytes): no line
            /// then breaks but between clusters of over-wide words, as `visualLines(ofLine:options:)`.
            private let hasBreaks: Bool
            /// ICU's line iterator over the UTF-16 of the hard line being wrapped, made the first
            /// time a line needs it and then given each such line's text: a line's opportunities
            /// are the same alone as in the document (the terminator before it is a mandatory
            /// break), and a short text spares ICU's rope reads around every jump.
            private var lineBreaks: ICUBreakIterator?
            private var start16 = 0
            private var wrapper = LineWrapper()
            /// The visual lines of the hard line last wrapped, line-relative, and where it starts.
            private var pieces: [LineWrapper.Piece] = []
            private var index = 0
            private var lineIndex = 0, lineStart = 0, lineStart16 = 0

            init(document: TextDocument, options: SoftWrapOptions) {
                self.document = document
                self.options = options
                lines = document.lines.makeIterator()
                hasBreaks = document.breakIterator(.line) != nil
            }

            /// Wraps the next hard line for the wrap index: its visual lines' lengths in bytes (the
            /// last with the terminator) and whether its text may raise bidi levels; nil after the
            /// last line.
            mutating func nextHardLine() -> (lengths: [Int], mayRaiseLevels: Bool)? {
                guard let line = lines.next() else { return nil }
                let next = line.rangeIncludingTerminator.end.utf8Offset
                wrapLine(line)
                index = pieces.count
                var lengths: [Int] = []
                lengths.reserveCapacity(pieces.count)
                for (k, piece) in pieces.enumerated() {
                    let end = k + 1 < pieces.count ? lineStart + pieces[k + 1].bytes.lowerBound : next
                    lengths.append(end - (lineStart + piece.bytes.lowerBound))
                }
                return (lengths, wrapper.mayRaiseLevels)
            }

            /// The UTF-16 units of `line`'s terminator: CR LF is two, every other one is one.
            private func terminatorUnits(_ line: TextDocument.Line, contentEnd: Int) -> Int {
                let terminator = line.rangeIncludingTerminator.end.utf8Offset - contentEnd
                if terminator == 0 { return 0 }
                if terminator != 2 { return 1 }
                // Two bytes: CR LF, or U+0085 NEL (C2 85).
                return document.withUTF8(contentEnd..<(contentEnd + 1)) { $0[0] } == 0x0D ? 2 : 1
            }

            /// The next visual line, or nil after the last.
            /// - Complexity: O(1) amortised per byte of the text.
            public mutating func next() -> VisualLine? {
                while index >= pieces.count {
                    guard let line = lines.next() else { return nil }
                    wrapLine(line)
                }
                index += 1
                return VisualLine(line: lineIndex, bytes: pieces[index - 1], lineStart: lineStart, lineStart16: lineStart16)
            }

            /// Wraps `line` into `pieces`.
            private mutating func wrapLine(_ line: TextDocument.Line) {
                pieces.removeAll(keepingCapacity: true)
                index = 0
                let bytes = line.range.start.utf8Offset..<line.range.end.utf8Offset
                let (options, from16, locale, hasBreaks) = (options, start16, document.locale, hasBreaks)
                var iterator = lineBreaks
                var ready = false
                document.withUTF8(bytes) { p in
                    wrapper.wrapLine(
                        p, options: options, rootRules: hasBreaks && locale.isEmpty,
                        preceding: { u in
                            guard hasBreaks else { return nil }
                            if !ready {
                                ready = true
                                var units: [UInt16] = []
                                LazyLineWrap.appendUTF16(of: p, to: &units)
                                if iterator?.setUTF16(units) != true { iterator = ICUBreakIterator(.line, locale: locale, utf16: units) }
                            }
                            return iterator?.precedingUTF16(u)
                        },
                        emit: { pieces.append($0) })
                }
                lineBreaks = iterator
                lineIndex = line.index
                lineStart = bytes.lowerBound
                lineStart16 = from16
                start16 = from16 + wrapper.utf16Count + terminatorUnits(line, contentEnd: bytes.upperBound)
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
