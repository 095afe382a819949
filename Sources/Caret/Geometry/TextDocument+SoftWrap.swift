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
    /// (no search per line; ICU's line iterator is asked only near each wrap point). The walk
    /// wraps ahead in blocks of hard lines that grow from 64 KiB to 4 MiB, a large block on the
    /// machine's cores, so the first lines come quickly and a whole long document uses every core.
    /// - Complexity: O(1) to create; O(n) for the whole walk, O(64 KiB + first line) before
    ///   the first visual line.
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
        ///
        /// Wraps the text in blocks of whole hard lines, each twice the last up to
        /// `maxBlockBytes` (so the first lines come after little work, and a long walk starts
        /// threads rarely); a large block's parts are wrapped on several threads
        /// (`WrappedLineBlock.wrap`).
        public struct Iterator: IteratorProtocol {
            private let document: TextDocument
            private let options: SoftWrapOptions
            /// False when the document has no line iterator (beyond `Int32.max` bytes): no line
            /// then breaks but between clusters of over-wide words, as `visualLines(ofLine:options:)`.
            private let hasBreaks: Bool
            /// The next hard line to wrap, where it starts (byte and UTF-16 offset), and the
            /// size in bytes of the next block.
            private var nextLine = 0, nextByte = 0, next16 = 0
            private var blockBytes: Int
            /// The most bytes of a block, and the least of a part of one (`WrappedLineBlock.wrap`).
            private let maxBlockBytes: Int, partBytes: Int
            /// The wrapped parts of the last block, and where the walk is in them: part, hard
            /// line in it, visual line in it.
            private var parts: [WrappedLineBlock] = []
            private var part = 0, line = 0, piece = 0

            static let defaultFirstBlockBytes = 64 << 10
            static let defaultMaxBlockBytes = 4 << 20

            /// An iterator wrapping blocks of `firstBlockBytes` growing to `maxBlockBytes`, cut
            /// into parts of at least `partBytes` (tests make them small, to cut between lines
            /// of every kind).
            init(document: TextDocument, options: SoftWrapOptions, firstBlockBytes: Int = defaultFirstBlockBytes,
                 maxBlockBytes: Int = defaultMaxBlockBytes, partBytes: Int = WrappedLineBlock.partBytes) {
                self.document = document
                self.options = options
                hasBreaks = document.breakIterator(.line) != nil
                blockBytes = firstBlockBytes
                self.maxBlockBytes = maxBlockBytes
                self.partBytes = partBytes
            }

            /// Wraps the next block of hard lines into `parts`; false after the last line.
            private mutating func wrapNextBlock() -> Bool {
                let lineCount = document.lineCount
                guard nextLine < lineCount else { return false }
                let target = nextByte + blockBytes
                let end = target >= document.utf8Count
                    ? lineCount : Swift.min(lineCount, Swift.max(nextLine + 1, document.lineIndex(ofUTF8: target) + 1))
                parts = WrappedLineBlock.wrap(document, lines: nextLine..<end, start: nextByte, start16: next16,
                                              options: options, hasBreaks: hasBreaks, partBytes: partBytes)
                (part, line, piece) = (0, 0, 0)
                nextLine = end
                nextByte = document.utf8Offset(ofLineStart: end)
                next16 = document.count(.utf16, beforeUTF8: nextByte)
                blockBytes = Swift.min(2 * blockBytes, maxBlockBytes)
                return true
            }

            /// Appends the rows of the next hard line for the wrap index to `rows`: its visual
            /// lines' lengths in bytes (the last with the terminator), flagged as ending the line
            /// and as possibly holding right-to-left text (`VisualRowTree.row`). False after the
            /// last line. Gives the rest of the current hard line when `next()` stopped inside it.
            mutating func appendRows(ofNextHardLine rows: inout [VisualRowTree.Row]) -> Bool {
                while true {
                    if part < parts.count {
                        if line < parts[part].lines.count {
                            let hard = parts[part].lines[line]
                            parts[part].pieces.withUnsafeBufferPointer { pieces in
                                for k in piece..<hard.pieceEnd {
                                    let last = k + 1 == hard.pieceEnd
                                    let end = last ? hard.next - hard.start : pieces[k + 1].bytes.lowerBound
                                    rows.append(VisualRowTree.row(length: end - pieces[k].bytes.lowerBound, endsLine: last,
                                                                  mayRaiseLevels: hard.mayRaiseLevels))
                                }
                            }
                            line += 1
                            piece = hard.pieceEnd
                            return true
                        }
                        (part, line, piece) = (part + 1, 0, 0)
                        continue
                    }
                    guard wrapNextBlock() else { return false }
                }
            }

            /// The next visual line, or nil after the last.
            /// - Complexity: O(1) amortised per byte of the text.
            public mutating func next() -> VisualLine? {
                while true {
                    if part < parts.count {
                        if piece < parts[part].pieces.count {
                            while parts[part].lines[line].pieceEnd <= piece { line += 1 }
                            let hard = parts[part].lines[line]
                            piece += 1
                            return VisualLine(line: hard.index, bytes: parts[part].pieces[piece - 1],
                                              lineStart: hard.start, lineStart16: hard.start16)
                        }
                        (part, line, piece) = (part + 1, 0, 0)
                        continue
                    }
                    guard wrapNextBlock() else { return nil }
                }
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
