// Paragraph direction (UAX #9 P2–P3 per hard line, or the caller's override), alignment, and
// the per-paragraph bidi layouts that visual movement reads. See docs/ARCHITECTURE.md,
// "Direction and movement".

extension TextDocument {
    /// One hard-line paragraph, in byte offsets.
    struct Paragraph {
        /// Its 0-based line index.
        var line: Int
        /// Its first byte.
        var start: Int
        /// The end of its content, before the terminator.
        var end: Int
        /// Where the next paragraph starts; `end + 1` for the last paragraph (no terminator).
        var next: Int
    }

    /// The paragraph of line `line`, or nil when there is no such line. O(log n).
    func paragraph(line: Int) -> Paragraph? {
        guard let start = utf8OffsetOfLineStart(line), let end = utf8OffsetOfLineEnd(line) else { return nil }
        let next = line < rope.summary.lines ? (utf8OffsetOfLineStart(line + 1) ?? end + 1) : end + 1
        return Paragraph(line: line, start: start, end: end, next: next)
    }

    /// The level asked of the bidi resolver for the paragraph starting at `start`: the override, or nil for
    /// P2–P3. O(log k) for k overrides.
    func requestedLevel(atParagraphStart start: Int) -> UInt8? {
        if directionOverrides.isEmpty { return nil }
        return directionOverrides.direction(atParagraphStart: start).map { $0 ? 1 : 0 }
    }

    /// The bidi layout of `paragraph`, from the cache or built (O(paragraph length), one resolver
    /// pass) and cached. O(log n) when cached.
    func layout(of paragraph: Paragraph) -> ParagraphLayout {
        let requested = requestedLevel(atParagraphStart: paragraph.start)
        if let cached = bidiCache.lookup(start: paragraph.start, end: paragraph.end, requested: requested) {
            return cached
        }
        let length = paragraph.end - paragraph.start
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            copyUTF8(paragraph.start..<paragraph.end, into: buffer)
            count = length
        }
        let layout = bytes.withUnsafeBufferPointer { ParagraphLayout.build($0, paragraphLevel: requested) }
        bidiCache.store(BidiCache.Entry(start: paragraph.start, end: paragraph.end, next: paragraph.next,
                                        requested: requested, layout: layout, lastUse: 0))
        return layout
    }

    /// True when byte `x` starts a hard line. O(log n).
    func isParagraphStart(_ x: Int) -> Bool {
        guard x >= 0 && x <= rope.summary.utf8 else { return false }
        if x == 0 { return true }
        guard graphemeBoundary(atOrBefore: x).utf8 == x else { return false }
        return utf8OffsetOfLineStart(lineIndex(ofUTF8: x)) == x
    }
}

// MARK: - Public direction API

extension TextDocument {
    /// The resolved base direction of the paragraph (hard line) holding `position`: the
    /// override set with `setBaseWritingDirection`, else UAX #9 P2–P3 — the first strong
    /// character outside isolates decides, `.leftToRight` when there is none. Never `.natural`.
    ///
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: O(log n) with an override or a cached layout; otherwise the paragraph is
    ///   laid out once, O(paragraph length), and cached.
    public func baseWritingDirection(for position: TextPosition) -> WritingDirection? {
        guard let x = validated(position), let paragraph = paragraph(line: lineIndex(ofUTF8: x)) else { return nil }
        if let requested = requestedLevel(atParagraphStart: paragraph.start) {
            return requested == 1 ? .rightToLeft : .leftToRight
        }
        return layout(of: paragraph).isRightToLeft ? .rightToLeft : .leftToRight
    }

    /// Sets the base direction of every paragraph (hard line) that `range` touches; `.natural`
    /// returns them to automatic (P2–P3). An override belongs to its paragraph: it moves with
    /// it through edits elsewhere, survives edits inside it, is copied to the paragraphs split
    /// off it by typed or pasted line breaks, and goes away when the paragraph's start is
    /// deleted (the merged paragraph keeps the direction of the first part).
    ///
    /// - Throws: `TextError.Kind.outOfBounds` when the range lies outside this document; the
    ///   document is then unchanged.
    /// - Complexity: O(p log n) for p paragraphs in the range.
    public mutating func setBaseWritingDirection(_ direction: WritingDirection, for range: TextRange) throws(TextError) {
        guard let bytes = validated(range) else {
            let bad = [range.start.utf8Offset, range.end.utf8Offset].first { $0 < 0 || $0 > rope.summary.utf8 } ?? 0
            throw TextError(.outOfBounds(unit: .utf8, bound: rope.summary.utf8), byteOffset: bad)
        }
        let value: Bool? = direction == .natural ? nil : direction == .rightToLeft
        for line in lineIndex(ofUTF8: bytes.lowerBound)...lineIndex(ofUTF8: bytes.upperBound) {
            if let start = utf8OffsetOfLineStart(line) {
                directionOverrides.set(value, atParagraphStart: start)
            }
        }
    }

    /// `alignment` with `.natural` resolved: `.left` in a left-to-right paragraph, `.right` in
    /// a right-to-left one (the paragraph holding `position`); other alignments unchanged.
    ///
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: that of `baseWritingDirection(for:)`.
    public func resolvedAlignment(_ alignment: TextAlignment, for position: TextPosition) -> TextAlignment? {
        guard let direction = baseWritingDirection(for: position) else { return nil }
        guard alignment == .natural else { return alignment }
        return direction == .rightToLeft ? .right : .left
    }
}
