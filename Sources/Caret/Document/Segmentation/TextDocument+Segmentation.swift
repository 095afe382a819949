// ICU's word, sentence and line-break iterators running over the rope (through `RopeText`,
// which hands ICU one chunk at a time: no call copies the document), plus the soft-wrap
// opportunities that the `.line` granularity will use once there is layout.

extension TextDocument {
    /// An ICU break iterator of `kind` for `locale` over this document's chunks, positioned by
    /// UTF-8 offsets. nil when ICU fails or the text is longer than ICU's 32-bit offsets
    /// (2 GiB). O(1) plus ICU's iterator set-up.
    func breakIterator(_ kind: ICUBreakIterator.Kind) -> ICUBreakIterator? {
        guard rope.summary.utf8 <= Int(Int32.max), let text = RopeText(rope) else { return nil }
        return ICUBreakIterator(kind, locale: locale, source: text)
    }

    // These three find boundaries without counting the clusters before them (which a scan from
    // the chunk's nearest anchor does): the scalars around a place usually confirm a boundary,
    // and the next one is a scan of one cluster from it.

    /// True when byte `x` (0...count) is a grapheme boundary. O(log n), plus a scan when the
    /// scalars around `x` do not decide.
    func isGraphemeBoundary(_ x: Int) -> Bool {
        x >= 0 && x <= rope.summary.utf8 && snappedUTF8(x) == x
    }

    /// The grapheme boundary after byte `x` (a boundary before the end). O(log n) plus a scan of
    /// one cluster (of the chunk from its nearest anchor when the cluster ends the chunk).
    func graphemeBoundary(after x: Int) -> Int {
        if x >= 0 && x < rope.summary.utf8 {
            let c = cursor(at: x, in: UTF8Metric.self)
            if let local = TextChunk.boundary(in: c.chunkAddress, steppingFrom: x - c.prefix.utf8, by: 1) {
                return c.prefix.utf8 + local
            }
        }
        let here = graphemeBoundary(atOrBefore: x)
        return utf8Offset(of: here.graphemes + 1, in: .grapheme) ?? rope.summary.utf8
    }

    /// The grapheme boundary before byte `x` (a boundary after the start). O(log n), plus a scan
    /// when the scalars around byte `x - 1` do not decide.
    func graphemeBoundary(before x: Int) -> Int {
        snappedUTF8(min(max(x - 1, 0), rope.summary.utf8))
    }
}

/// A place where a line may be broken when text is wrapped (UAX #14 as ICU's line iterator
/// finds it for the document's `locale`).
public struct LineBreakOpportunity: Sendable, Hashable {
    /// Where the break would go: the next line would start here.
    public let position: TextPosition
    /// True for a mandatory break (after a hard line terminator); false for an opportunity
    /// the wrapper may take.
    public let isMandatory: Bool
}

extension TextDocument {
    /// The line-break opportunities in `range` (UAX #14, ICU's line iterator for `locale`):
    /// every break position `b` with `range.start < b <= range.end`, in order. Opportunities
    /// that ICU puts inside a grapheme cluster are left out (positions sit on grapheme
    /// boundaries). This is soft wrapping's input; the `.line` granularity of the tokenizer
    /// means hard lines until there is layout.
    /// - Returns: nil when the range lies outside this document.
    /// - Complexity: O(log n + length of the range), reading only the chunks around it.
    public func lineBreakOpportunities(in range: TextRange) -> [LineBreakOpportunity]? {
        guard let bytes = validated(range) else { return nil }
        guard !bytes.isEmpty, let iterator = breakIterator(.line) else { return [] }
        var result: [LineBreakOpportunity] = []
        var next = iterator.following(bytes.lowerBound)
        while let b = next, b <= bytes.upperBound {
            let mandatory = iterator.ruleStatus >= 100
            if isGraphemeBoundary(b) {
                result.append(LineBreakOpportunity(position: TextPosition(utf8Offset: b), isMandatory: mandatory))
            }
            next = iterator.following(b)
        }
        return result
    }

    /// Every boundary of `kind` (`"word"`, `"sentence"` or `"line"`) that ICU finds in this
    /// document through the rope, in UTF-8 offsets, 0 and the end included, each with the rule
    /// status of the segment it ends; raw, so boundaries inside grapheme clusters are kept.
    /// For conformance tests against Unicode's test files and ICU on the flat text. O(n).
    @_spi(Reference)
    public func segmentBoundaries(_ kind: String) -> [(utf8Offset: Int, status: Int)] {
        guard let k = ICUBreakIterator.Kind(name: kind), let iterator = breakIterator(k) else { return [] }
        return iterator.boundariesWithStatus().map { ($0.offset, $0.status) }
    }

    /// True when byte `utf8Offset` is a raw boundary of `kind` (see `segmentBoundaries`), found
    /// by a fresh iterator that starts there, as every tokenizer call does (random access:
    /// ICU backs up to a safe point through the chunks before it).
    @_spi(Reference)
    public func isSegmentBoundary(_ kind: String, utf8Offset: Int) -> Bool {
        guard utf8Offset >= 0 && utf8Offset <= rope.summary.utf8,
              let k = ICUBreakIterator.Kind(name: kind), let iterator = breakIterator(k) else { return false }
        return iterator.isBoundary(utf8Offset)
    }
}
