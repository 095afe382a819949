// Walking every hard line (paragraph) in one pass over the chunks: ranges and base directions
// without a search per line. See docs/ARCHITECTURE.md, "Loading a file".

extension TextDocument {
    /// Every hard line of the document in order (`lineCount` of them; paragraphs are hard
    /// lines), with its range and its paragraph's base direction, found in one pass over the
    /// text. Use it instead of `position(line:column:)`, `lineRange(containing:)` and
    /// `baseWritingDirection(for:)` per line to visit the whole document: those search the tree
    /// and lay the paragraph out each time.
    ///
    /// - Complexity: O(1) to create; O(n) for the whole walk (each chunk is read once for line
    ///   terminators, and each paragraph up to its first strong character for its direction).
    public var lines: Lines {
        Lines(chunks: rope.chunks, overrides: directionOverrides, lineCount: lineCount)
    }

    /// One hard line, as `TextDocument.lines` yields it.
    public struct Line: Sendable, Hashable {
        /// The line's 0-based index (`position(line:column:)`'s `line`).
        public let index: Int
        /// The line's text without its terminator: what `lineRange(containing:)` returns for
        /// any position in it. Empty for an empty line.
        public let range: TextRange
        /// The line with its terminator (LF, CR, CR LF, NEL, VT, FF, LS or PS); equal to `range`
        /// for the last line, which has none.
        public let rangeIncludingTerminator: TextRange
        /// The paragraph's resolved base direction, as `baseWritingDirection(for:)` gives it:
        /// the override set with `setBaseWritingDirection`, else UAX #9 P2–P3. Never `.natural`.
        public let baseWritingDirection: WritingDirection
    }

    /// The hard lines of a document (see `TextDocument.lines`). Holds its own reference to the
    /// text, so the document may change while it is walked.
    public struct Lines: Sequence, Sendable {
        let chunks: Rope<TextChunk>.ChunkSequence
        let overrides: DirectionOverrides
        let lineCount: Int

        /// The number of lines, known in advance (`lineCount`). O(1).
        public var underestimatedCount: Int { lineCount }

        /// An iterator over the lines, from the first.
        /// - Complexity: O(1).
        public func makeIterator() -> Iterator {
            Iterator(chunks: chunks.makeIterator(), marks: overrides.marks.chunks.makeIterator())
        }

        /// Yields the hard lines of a document in order (see `TextDocument.lines`).
        public struct Iterator: IteratorProtocol {
            private var chunks: Rope<TextChunk>.ChunkSequence.Iterator
            /// The current chunk, where it starts in the text, where the scan is in it, and
            /// how many of its line terminators are still ahead.
            private var bytes: [UInt8] = []
            private var chunkStart = 0
            private var i = 0
            private var breaksLeft = 0
            /// The line being walked.
            private var index = 0
            private var lineStart = 0
            private var direction = ParagraphLevelScan()
            private var finished = false
            /// The direction overrides in order, and the next one's paragraph start.
            private var marks: Rope<DirectionOverrides.Mark>.ChunkSequence.Iterator
            private var mark: (start: Int, rightToLeft: Bool)?
            /// The level an override sets for the line being walked.
            private var overridden: UInt8?

            init(chunks: Rope<TextChunk>.ChunkSequence.Iterator,
                 marks: Rope<DirectionOverrides.Mark>.ChunkSequence.Iterator) {
                self.chunks = chunks
                self.marks = marks
                if let first = self.marks.next() { mark = (first.gap, first.rightToLeft) }
                beginLine(at: 0)
            }

            /// The next line, or nil after the last.
            /// - Complexity: O(1) amortised per byte of the line and its terminator.
            public mutating func next() -> Line? {
                guard !finished else { return nil }
                while true {
                    if i >= bytes.count {
                        chunkStart += bytes.count
                        guard let chunk = chunks.next() else {
                            finished = true
                            return line(endingAt: chunkStart, next: chunkStart)
                        }
                        bytes = chunk.bytes
                        breaksLeft = chunk.summary.lines
                        i = 0
                    }
                    let from = i
                    // The end of the next terminator in this chunk and its length, or nil.
                    let found: (end: Int, length: Int)? = bytes.withUnsafeBufferPointer { p in
                        var end: Int?
                        if breaksLeft > 0 {
                            let rest = UnsafeBufferPointer(rebasing: p[from...])
                            LineTerminator.forEachEnd(in: rest, upTo: rest.count) { end = from + $0; return false }
                        }
                        let contentEnd = end.map { $0 - LineTerminator.length(endingAt: $0, in: p) } ?? p.count
                        if overridden == nil && direction.decided == nil {
                            direction.feed(UnsafeBufferPointer(rebasing: p[from..<contentEnd]))
                        }
                        return end.map { ($0, $0 - contentEnd) }
                    }
                    guard let (end, length) = found else {
                        i = bytes.count
                        continue
                    }
                    breaksLeft -= 1
                    i = end
                    let result = line(endingAt: chunkStart + end - length, next: chunkStart + end)
                    index += 1
                    beginLine(at: chunkStart + end)
                    return result
                }
            }

            /// The line from `lineStart` to `end` (its content's end) and `next` (after its
            /// terminator).
            private func line(endingAt end: Int, next: Int) -> Line {
                let start = TextPosition(utf8Offset: lineStart)
                let level = overridden ?? direction.level
                return Line(index: index,
                            range: TextRange(start: start, end: TextPosition(utf8Offset: end)),
                            rangeIncludingTerminator: TextRange(start: start, end: TextPosition(utf8Offset: next)),
                            baseWritingDirection: level == 1 ? .rightToLeft : .leftToRight)
            }

            /// Starts a line at byte `start`: a fresh P2–P3 scan, or the override set there.
            private mutating func beginLine(at start: Int) {
                lineStart = start
                direction = ParagraphLevelScan()
                overridden = nil
                // Overrides sit on paragraph starts, in order: skip those before this line.
                while let m = mark, m.start <= start {
                    if m.start == start { overridden = m.rightToLeft ? 1 : 0 }
                    mark = marks.next().map { (m.start + $0.gap, $0.rightToLeft) }
                    if m.start == start { break }
                }
            }
        }
    }
}
