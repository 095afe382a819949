// Walking the words of a document in one ICU pass. The tokenizer calls (`position(from:
// toBoundary:in:)`, `rangeEnclosing(_:with:in:)`) each clone a break iterator, let ICU back up
// to a safe point and read the chunks there afresh, and translate every offset by a search from
// the root: a word each way costs several microseconds. A walk instead keeps one iterator,
// moves it with `next()` (ICU reads the chunks once, in order) and turns the UTF-16 offsets ICU
// returns into UTF-8 offsets and grapheme counts by stepping through the chunks beside it
// (`ForwardOffsets`). The pieces and which of them are words are exactly the tokenizer's (see
// `PieceFinder`). See docs/ARCHITECTURE.md, "Text units".

extension TextDocument {
    /// One word of a document, as `TextDocument.words` yields it, with its ends in three units.
    public struct Word: Sendable, Hashable {
        /// The word: what `rangeEnclosing(range.end, with: .word, in: .storage(.backward))`
        /// returns. Its ends are grapheme boundaries.
        public let range: TextRange
        /// The same range in grapheme clusters from the start of the document (what
        /// `offset(of:)` gives for its ends).
        public let graphemeOffsets: Range<Int>
        /// The same range in UTF-16 code units from the start of the document (what
        /// `offset(of:unit: .utf16)` gives for its ends; an `NSRange`'s location and length).
        public let utf16Offsets: Range<Int>
    }

    /// Every word of the document in order: the ranges that `position(from:toBoundary: .word,
    /// in: .storage(.forward))` stops at the ends of, each as `rangeEnclosing(_:with: .word,
    /// in: .storage(.backward))` gives it at its end (ICU's word rules for `locale`, with the
    /// dictionaries for Thai, Lao, Khmer, Burmese, Chinese and Japanese; segments that meet
    /// inside a grapheme cluster joined). Spaces and punctuation between words are skipped.
    ///
    /// Use it instead of those calls to visit many words: each of them opens an iterator and
    /// translates offsets by a search from the root, where the walk makes one ICU pass.
    /// The sequence holds its own snapshot of the text, so the document may change meanwhile.
    /// - Complexity: O(1) to create; O(n) for the whole walk (ICU reads each chunk once, and
    ///   each chunk is stepped through once to translate offsets); O(1) amortised per word,
    ///   proportional to the text between it and the previous word.
    public var words: Words {
        Words(rope: rope, locale: locale, start: 0, end: rope.summary.utf8)
    }

    /// The words of the document that overlap `range` (share at least one grapheme cluster
    /// with it), in order, whole: a word cut by either end of the range is yielded with its
    /// full extent, as `words` has it. An empty range overlaps no word.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n) plus the window ICU reads around the range's start to create;
    ///   then as `words`, for the text from the word that holds the start to the range's end.
    public func words(in range: TextRange) -> Words? {
        guard let bytes = validated(range) else { return nil }
        guard !bytes.isEmpty else { return Words(rope: rope, locale: locale, start: bytes.lowerBound, end: bytes.lowerBound) }
        // The walk starts where the tokenizer's piece holding the first cluster starts: pieces
        // depend on the text before them, so starting at the range itself could cut a word.
        let piece = PieceFinder(self, .word).piece(at: bytes.lowerBound)
        return Words(rope: rope, locale: locale, start: piece?.range.lowerBound ?? bytes.lowerBound, end: bytes.upperBound)
    }

    /// The words of a document in order (see `TextDocument.words` and `words(in:)`). Holds its
    /// own reference to the text, so the document may change while it is walked.
    public struct Words: Sequence, Sendable {
        let rope: Rope<TextChunk>
        let locale: String
        /// Where the walk starts (the start of a piece) and the byte before which the last
        /// word it yields starts.
        let start: Int
        let end: Int

        /// An iterator over the words, from the first.
        /// - Complexity: O(log n) plus ICU's iterator set-up (a clone).
        public func makeIterator() -> Iterator { Iterator(self) }

        /// Yields the words of a document in order (see `TextDocument.words`). Owns one ICU
        /// break iterator, closed when the iterator goes away.
        public struct Iterator: IteratorProtocol {
            private let breaks: ICUBreakIterator?
            private var offsets: ForwardOffsets
            private let end: Int
            private let length16: Int
            private var started = false

            init(_ words: Words) {
                end = words.end
                length16 = words.rope.summary.utf16
                offsets = ForwardOffsets(words.rope, at: words.start)
                // The same iterator the tokenizer calls open (`TextDocument.breakIterator`).
                if words.start < words.end, words.rope.summary.utf8 <= Int(Int32.max), let text = RopeText(words.rope) {
                    breaks = ICUBreakIterator(.word, locale: words.locale, source: text)
                } else {
                    breaks = nil
                }
            }

            /// The next word, or nil after the last.
            /// - Complexity: O(1) amortised per byte from the previous word's end to this
            ///   word's end (ICU's work on that text included).
            public mutating func next() -> Word? {
                guard let breaks else { return nil }
                while offsets.point.utf8 < end && offsets.point.utf16 < length16 {
                    let start = offsets.point
                    // One piece: ICU's segments up to the first boundary that is also a cluster
                    // boundary; a word when any of them is (rule status 100 and up: numbers,
                    // letters, kana, ideographs), as `PieceFinder.piece(at:)` decides.
                    var isWord = false
                    repeat {
                        let b: Int
                        if started {
                            b = breaks.nextUTF16() ?? length16
                        } else {
                            started = true
                            b = breaks.followingUTF16(start.utf16) ?? length16
                        }
                        isWord = isWord || breaks.ruleStatus >= 100
                        offsets.advance(toUTF16: b)
                    } while !offsets.point.isClusterStart && offsets.point.utf16 < length16
                    if isWord {
                        let stop = offsets.point
                        return Word(range: TextRange(start: TextPosition(utf8Offset: start.utf8),
                                                     end: TextPosition(utf8Offset: stop.utf8)),
                                    graphemeOffsets: start.graphemes..<stop.graphemes,
                                    utf16Offsets: start.utf16..<stop.utf16)
                    }
                }
                return nil
            }
        }
    }
}

/// A place in a rope's text reached by a walk: its offset in three units, and whether a grapheme
/// cluster starts there (the text's ends count as cluster starts).
struct WalkPoint {
    var utf8: Int
    var utf16: Int
    var graphemes: Int
    var isClusterStart: Bool
}

/// Translates increasing UTF-16 offsets (ICU's boundaries, on scalar boundaries) into UTF-8
/// offsets and grapheme counts by walking the rope's chunks forwards: whole chunks are skipped
/// by their summaries, and inside a chunk the scalars between two offsets are stepped through
/// once, with a `GraphemeBreaker` telling cluster starts. A chunk starts on a cluster boundary,
/// where a fresh breaker is exact. O(1) amortised per byte walked. Two kinds of chunk need no
/// breaker: one whose every byte is a cluster (ASCII without CR LF: O(1) per offset) and one
/// whose every UTF-16 unit is a cluster (a count of lead bytes, eight at a time).
struct ForwardOffsets {
    /// The rope the cursor walks, kept alive with it (a cursor holds no references).
    private let rope: Rope<TextChunk>
    private var cursor: Rope<TextChunk>.Cursor?
    private var bytes: [UInt8] = []
    private var summary = TextSummary.zero
    /// The cursor's prefix, copied out: every offset needs it, the cursor only a move.
    private var prefix = TextSummary.zero
    /// The walk inside the chunk: a scalar start, the UTF-16 units and the clusters that start
    /// before it, and the breaker fed every scalar before it (and the one at it, when `ahead`).
    private var i8 = 0
    private var i16 = 0
    private var clusters = 0
    private var breaker = GraphemeBreaker()
    private var ahead: (isBoundary: Bool, length: Int)?
    private let table = GraphemeClassTable.shared
    /// The last place reached.
    private(set) var point: WalkPoint

    /// A walk from byte `x`, a grapheme boundary (0...count). O(log n + chunk).
    init(_ rope: Rope<TextChunk>, at x: Int) {
        self.rope = rope
        point = WalkPoint(utf8: 0, utf16: 0, graphemes: 0, isClusterStart: true)
        guard !rope.isEmpty else { return }
        if x >= rope.summary.utf8 {
            point = WalkPoint(utf8: rope.summary.utf8, utf16: rope.summary.utf16, graphemes: rope.summary.graphemes,
                              isClusterStart: true)
            return
        }
        let c = rope.cursor(at: x, in: UTF8Metric.self)
        load(c)
        let local = x - c.prefix.utf8
        i8 = local
        i16 = c.chunk.countUTF16(before: local)
        clusters = c.chunk.graphemeBoundary(atOrBefore: local).graphemes
        point = WalkPoint(utf8: x, utf16: c.prefix.utf16 + i16, graphemes: c.prefix.graphemes + clusters, isClusterStart: true)
    }

    private mutating func load(_ c: Rope<TextChunk>.Cursor) {
        cursor = c
        bytes = c.chunk.bytes
        summary = c.chunk.summary
        prefix = c.prefix
        i8 = 0
        i16 = 0
        clusters = 0
        breaker = GraphemeBreaker()
        ahead = nil
    }

    /// Moves to UTF-16 offset `u` (a scalar boundary, at or after the last place reached;
    /// the text's length at most) and sets `point` there.
    mutating func advance(toUTF16 u: Int) {
        // Whole chunks before `u` by their summaries. A `u` at a chunk's end stays in it: the
        // end is a cluster boundary whatever follows.
        if u > prefix.utf16 + summary.utf16, var c = cursor {
            repeat {
                guard rope.moveToNext(&c) else { break }
            } while u > c.prefix.utf16 + c.chunk.summary.utf16
            load(c)
        }
        let t = u - prefix.utf16
        if t >= summary.utf16 {
            point = WalkPoint(utf8: prefix.utf8 + summary.utf8, utf16: prefix.utf16 + summary.utf16,
                              graphemes: prefix.graphemes + summary.graphemes, isClusterStart: true)
            return
        }
        var isClusterStart = true
        if summary.graphemes == summary.utf8 {
            // One byte per cluster: ASCII (no CR LF), each byte a unit and a cluster.
            i8 = t
            i16 = t
            clusters = t
        } else if summary.graphemes == summary.utf16 {
            // One scalar per cluster and none outside the BMP (most chunks of Latin, Greek,
            // Cyrillic, Hebrew, Arabic, CJK): unit k is scalar k and starts cluster k, and
            // only the byte offset needs a count, eight bytes at a time.
            i8 = bytes.withUnsafeBufferPointer { UTF8Scalars.step($0, from: i8, scalars: i16, to: t).utf8 }
            i16 = t
            clusters = t
        } else {
            bytes.withUnsafeBufferPointer { p in
                while i16 < t {
                    let (boundary, length) = ahead ?? breaker.step(p, at: i8, table: table)
                    ahead = nil
                    if boundary { clusters &+= 1 }
                    i8 &+= length
                    i16 &+= length == 4 ? 2 : 1
                }
                // Whether a cluster starts here: feed the scalar at it (kept for the next step).
                let next = ahead ?? breaker.step(p, at: i8, table: table)
                ahead = next
                isClusterStart = next.isBoundary
            }
        }
        point = WalkPoint(utf8: prefix.utf8 + i8, utf16: u, graphemes: prefix.graphemes + clusters,
                          isClusterStart: isClusterStart)
    }
}
