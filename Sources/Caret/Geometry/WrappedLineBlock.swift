// A whole-document wrap walks the text in blocks of hard lines, and wraps a large block's parts
// on several threads: every hard line wraps alone (the terminator before it is a mandatory
// break), so the parts need nothing from each other. See docs/ARCHITECTURE.md, "Display width
// and soft wrap".

/// The visual lines of a run of whole hard lines, wrapped apart from the rest of the document.
struct WrappedLineBlock {
    /// One hard line of the block.
    struct HardLine {
        /// The line's 0-based index in the document.
        var index: Int
        /// Where it starts: byte and UTF-16 offset in the document.
        var start: Int
        var start16: Int
        /// The byte after its terminator (its end for the last line of the document).
        var next: Int
        /// Its visual lines are `pieces[previous line's pieceEnd..<pieceEnd]`.
        var pieceEnd: Int
        /// As `LineWrapper.mayRaiseLevels`.
        var mayRaiseLevels: Bool
    }

    var lines: [HardLine] = []
    /// The visual lines of every hard line in order, each relative to its hard line's start.
    var pieces: [LineWrapper.Piece] = []

    /// The hard lines `lines` of `document`, which start at byte `bytes.lowerBound` (UTF-16
    /// offset `start16`) and end at `bytes.upperBound` (after the last one's terminator),
    /// wrapped with `options`. `hasBreaks` is false when the document has no line iterator (as
    /// `visualLines(ofLine:options:)`, no line then breaks but inside over-wide words).
    /// O(bytes) plus ICU's lookups near the wrap points; safe to run for different blocks of
    /// one document at once.
    init(_ document: TextDocument, lines: Range<Int>, bytes: Range<Int>, start16: Int,
         options: SoftWrapOptions, hasBreaks: Bool) {
        let locale = document.locale
        var wrapper = LineWrapper()
        var lineBreaks: ICUBreakIterator?
        var pieces: [LineWrapper.Piece] = []
        var hardLines: [HardLine] = []
        hardLines.reserveCapacity(lines.count)
        document.withUTF8(bytes) { block in
            var at = 0, at16 = start16
            for index in lines {
                // The line's content ends before its terminator; the last line of the document has none.
                let rest = UnsafeBufferPointer(rebasing: block[at...])
                var next = block.count, terminator = 0
                LineTerminator.forEachEnd(in: rest, upTo: rest.count) { end in
                    next = at + end
                    terminator = LineTerminator.length(endingAt: end, in: rest)
                    return false
                }
                let line = UnsafeBufferPointer(rebasing: block[at..<(next - terminator)])
                var ready = false
                wrapper.wrapLine(
                    line, options: options, rootRules: hasBreaks && locale.isEmpty,
                    preceding: { u in
                        guard hasBreaks else { return nil }
                        if !ready {
                            ready = true
                            var units: [UInt16] = []
                            LazyLineWrap.appendUTF16(of: line, to: &units)
                            if lineBreaks?.setUTF16(units) != true {
                                lineBreaks = ICUBreakIterator(.line, locale: locale, utf16: units)
                            }
                        }
                        return lineBreaks?.precedingUTF16(u)
                    },
                    emit: { pieces.append($0) })
                hardLines.append(HardLine(index: index, start: bytes.lowerBound + at, start16: at16,
                                          next: bytes.lowerBound + next, pieceEnd: pieces.count,
                                          mayRaiseLevels: wrapper.mayRaiseLevels))
                // CR LF is two UTF-16 units; every other terminator (LF, CR, VT, FF, NEL, LS, PS) one.
                at16 += wrapper.utf16Count + (terminator == 0 ? 0 : terminator == 2 && block[next - 2] == 0x0D ? 2 : 1)
                at = next
            }
        }
        self.lines = hardLines
        self.pieces = pieces
    }

    /// The blocks of hard lines `lines` of `document` (at least one line, starting at byte
    /// `start`, UTF-16 offset `start16`), wrapped on up to `ParallelMap.threadLimit` threads
    /// when they hold at least `parallelBytes` bytes: cut at line starts into parts of about
    /// the same size, at least `partBytes` each and a few per thread (so that a thread slowed
    /// by the machine does not hold the rest back), each wrapped alone. O(bytes) work in all, O(parts × log n) to cut.
    static func wrap(_ document: TextDocument, lines: Range<Int>, start: Int, start16: Int,
                     options: SoftWrapOptions, hasBreaks: Bool, partBytes: Int = partBytes) -> [WrappedLineBlock] {
        let end = document.utf8Offset(ofLineStart: lines.upperBound)
        let partCount = min((end - start) / max(1, partBytes), 2 * ParallelMap.threadLimit)
        guard partCount > 1 else {
            return [WrappedLineBlock(document, lines: lines, bytes: start..<end, start16: start16,
                                     options: options, hasBreaks: hasBreaks)]
        }
        // Part k ends at the line start after its share of the bytes (parts may be empty when
        // a line is longer than a share).
        var cuts = [(line: lines.lowerBound, byte: start, utf16: start16)]
        for k in 1..<partCount {
            let target = start + (end - start) * k / partCount
            let previous = cuts[cuts.count - 1]
            let line = min(max(document.lineIndex(ofUTF8: target) + 1, previous.line), lines.upperBound)
            if line == previous.line || line == lines.upperBound { continue }
            let byte = document.utf8Offset(ofLineStart: line)
            cuts.append((line, byte, document.count(.utf16, beforeUTF8: byte)))
        }
        cuts.append((lines.upperBound, end, 0))
        return ParallelMap.map(cuts.count - 1) { k in
            WrappedLineBlock(document, lines: cuts[k].line..<cuts[k + 1].line, bytes: cuts[k].byte..<cuts[k + 1].byte,
                             start16: cuts[k].utf16, options: options, hasBreaks: hasBreaks)
        }
    }

    /// The least bytes of a part: below twice this many a block is wrapped on the calling
    /// thread alone (starting threads costs tens of microseconds, wrapping this much about a
    /// millisecond).
    static let partBytes = 128 << 10
}
