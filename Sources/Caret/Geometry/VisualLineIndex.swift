// The wrap index: a document's visual lines kept as a tree of row lengths, wrapped lazily
// from the top and re-wrapped paragraph by paragraph as the document is edited. See
// docs/ARCHITECTURE.md, "Display width and soft wrap".

/// Where a position is on screen: its visual line (0-based, counted from the top of the
/// document) and its display column on that line.
public struct VisualLocation: Sendable, Hashable {
    /// The 0-based visual line, counted over the whole document.
    public var visualLine: Int
    /// The display column of the cell the caret stands on: the leftmost cell of the cluster
    /// that follows the position, in visual order (so right-to-left text counts from the left
    /// like the rest), or the column after the line's content when no cluster follows on it.
    public var column: Int

    /// A location from its two coordinates. O(1).
    public init(visualLine: Int, column: Int) {
        self.visualLine = visualLine
        self.column = column
    }
}

/// A caret moving by visual lines: a position plus the goal display column that consecutive
/// up/down presses keep (the `TextCaret` model with display columns instead of clusters).
public struct VisualCaret: Sendable, Hashable {
    /// Where the caret stands.
    public var position: TextPosition
    /// The display column up/down aim for; nil until the first vertical move.
    public var goalColumn: Int?

    /// A caret at `position` with the given goal column (display columns). O(1).
    public init(_ position: TextPosition, goalColumn: Int? = nil) {
        self.position = position
        self.goalColumn = goalColumn
    }
}

/// One cluster of a visual line as drawn: its text range, its first display column in
/// visual order, its width and its direction.
public struct VisualCluster: Sendable, Hashable {
    /// The cluster's range in the document.
    public let range: TextRange
    /// Its leftmost display column (the visual line's indent included).
    public let column: Int
    /// Its width in display columns (a tab's width at its place).
    public let width: Int
    /// True when it belongs to a right-to-left run (odd bidi level).
    public let isRightToLeft: Bool
}

/// The soft-wrapped layout of a document as an index: position ↔ (visual line, display
/// column) in O(log n), up/down/page by visual line with a goal display column, the ends of a
/// visual line, and each visual line's clusters in visual order (bidi) for drawing.
///
/// The index wraps lazily from the top: hard lines are wrapped the first time a query
/// reaches them (the visual lines before a position must be known to number it), so the first
/// screen of a huge file costs only its first lines; `wrapAll()` wraps the rest in one pass.
/// `update(to:edits:)` re-wraps only the paragraphs (hard lines) an edit touched.
///
/// A class (not `Sendable`): its queries wrap lines on demand. O(visual lines) memory, eight
/// bytes a visual line.
public final class VisualLineIndex {
    /// The document the index describes.
    public private(set) var document: TextDocument
    /// The wrap settings.
    public let options: SoftWrapOptions
    /// The rows of hard lines `0..<frontier`.
    var tree = VisualRowTree()
    var frontier = 0
    /// The whole-document walk the frontier advances with, while the document is unedited.
    private var walker: TextDocument.VisualLines.Iterator?
    /// ICU's line iterator for paragraphs wrapped alone, reused: only its text changes.
    private var paragraphBreaks: ICUBreakIterator?
    private var paragraphBreaksLocale = ""

    /// An index of `document` wrapped with `options`; nothing is wrapped yet. O(1).
    public init(document: TextDocument, options: SoftWrapOptions) {
        self.document = document
        self.options = options
        walker = document.visualLines(options: options).makeIterator()
    }

    /// True once every hard line has been wrapped. O(1).
    public var isComplete: Bool { frontier >= document.lineCount }

    /// Wraps every hard line not yet wrapped. O(n) the first time, O(1) after.
    public func wrapAll() { advance(whileTrue: { true }) }

    /// The number of visual lines of the document (wraps the whole document first).
    /// - Complexity: O(1) once wrapped.
    public var visualLineCount: Int {
        wrapAll()
        return tree.total.rows
    }

    // MARK: - Edits

    /// Brings the index from its document to `newDocument`, which `edits` (in order, each in
    /// the coordinates of the text before it) produced from it: the rows of the hard lines the
    /// edits touched are replaced by the new lines' rows; the rest of the index is kept.
    /// Pass the edits a `TextInput`'s delegate or `TextDocument.edit` reported; with none, a
    /// document with other text starts the index over (wrapped lazily again).
    /// - Complexity: O(log n + length of the touched paragraphs); O(n) to compare the texts
    ///   when `edits` is empty.
    public func update(to newDocument: TextDocument, edits: [TextEdit]) {
        guard var hull = edits.first.map({ (lo: $0.replacedUTF8Range.lowerBound, old: $0.replacedUTF8Range.upperBound,
                                             new: $0.insertedUTF8Range.upperBound) })
        else {
            // No edits: the same text keeps the index, any other starts over.
            if document != newDocument { reset(newDocument) } else { document = newDocument }
            return
        }
        for edit in edits.dropFirst() {
            let a = edit.replacedUTF8Range.lowerBound, b = edit.replacedUTF8Range.upperBound
            let c = edit.insertedUTF8Range.upperBound
            let delta = hull.new - hull.old
            hull.old = max(hull.old, b - delta)
            hull.new = max(hull.new, b) + (c - b)
            hull.lo = min(hull.lo, a)
        }
        let old = document
        guard hull.old <= old.utf8Count, hull.new <= newDocument.utf8Count,
              old.utf8Count - hull.old == newDocument.utf8Count - hull.new
        else {
            reset(newDocument)
            return
        }
        var first = min(old.lineIndex(ofUTF8: hull.lo), newDocument.lineIndex(ofUTF8: hull.lo))
        // A CR before the edit may join a LF the edit brings (or lose one it removes).
        if hull.lo > 0 && old.withUTF8((hull.lo - 1)..<hull.lo, { $0[0] }) == 0x0D {
            first = min(first, old.lineIndex(ofUTF8: hull.lo - 1))
        }
        let oldCount = old.lineCount, newCount = newDocument.lineCount
        let tail = min(oldCount - 1 - old.lineIndex(ofUTF8: hull.old), newCount - 1 - newDocument.lineIndex(ofUTF8: hull.new))
        let oldLast = max(first, oldCount - 1 - tail), newLast = max(first, newCount - 1 - tail)
        walker = nil
        if first >= frontier {
            document = newDocument
            return
        }
        advance(throughLine: oldLast)
        let from = tree.firstRow(ofLine: first).index
        let to = oldLast + 1 < frontier ? tree.firstRow(ofLine: oldLast + 1).index : tree.total.rows
        document = newDocument
        if first == oldLast && first == newLast && !options.preservesIndent
            && rewrapNearEdit(line: first, rows: from..<to, lo: hull.lo, oldEnd: hull.old, newEnd: hull.new) {
            return
        }
        var rows: [VisualRowTree.Row] = []
        for line in first...newLast { rows.append(contentsOf: wrapRows(ofLine: line)) }
        tree.replace(from..<to, with: rows)
        frontier += newLast - oldLast
    }

    /// Bytes of text before a re-wrap window that ICU's line iterator is given as context (the
    /// whole paragraph when that much would start inside a run of spaces).
    static let breakContext = 256

    /// Re-wraps only the visual lines an edit of bytes `lo..<oldEnd` (now `lo..<newEnd`) inside
    /// hard line `line` can change: greedy wrap from the start of the visual line before the
    /// edited one, over a window of the text reaching a few old visual lines past the edit,
    /// until a new line starts where an old one did (shifted by the edit): from there on the
    /// old lines stand. `rows` are the line's old rows. False, changing nothing, when it cannot
    /// tell (the line gains right-to-left text): the caller re-wraps the whole paragraph. When
    /// old and new lines do not meet within the window, the rest of the paragraph is re-wrapped.
    /// Without preserved indentation only (every visual line starts at 0).
    private func rewrapNearEdit(line: Int, rows: Range<Int>, lo: Int, oldEnd: Int, newEnd: Int, wholeRest: Bool = false) -> Bool {
        let old = tree.rows(rows)
        guard let first = old.first, let paragraph = document.paragraph(line: line) else { return false }
        let lineStart = tree.row(at: rows.lowerBound).start
        var starts: [Int] = []
        starts.reserveCapacity(old.count)
        var x = lineStart
        for row in old {
            starts.append(x)
            x += VisualRowTree.length(row)
        }
        let delta = newEnd - oldEnd
        // The visual line holding the edit's start, and the one before it where wrapping restarts.
        var c = 0
        while c + 1 < starts.count && starts[c + 1] <= lo { c += 1 }
        let restart = max(0, c - 2)
        let from = starts[restart]
        var windowEnd = paragraph.end
        var truncated = false
        if !wholeRest, c + 4 < starts.count, starts[c + 4] > oldEnd, starts[c + 4] + delta < paragraph.end {
            windowEnd = starts[c + 4] + delta
            truncated = true
        }
        guard from <= windowEnd else { return false }
        var wrapper = LineWrapper()
        var pieces: [Range<Int>] = []
        let options = options
        let flag = VisualRowTree.mayRaiseLevels(first)
        var gainsRightToLeft = false
        // ICU reads some text before the window too: a few of its rules look back over runs of
        // spaces and the characters before them.
        var context = max(paragraph.start, from - Self.breakContext)
        document.withUTF8(context..<from) { p in
            var k = 0
            while k < p.count && p[k] & 0xC0 == 0x80 { k += 1 }
            // Spaces at the start of the context: ICU may look back over all of them.
            if k < p.count && p[k] == 0x20 { k = p.count }
            context += k
        }
        if context == from && from - Self.breakContext > paragraph.start { context = paragraph.start }
        document.withUTF8(context..<windowEnd) { whole in
            let p = UnsafeBufferPointer(rebasing: whole[(from - context)...])
            wrapper.measure(p, options: options.display)
            gainsRightToLeft = wrapper.mayRaiseLevels && !flag
            guard !gainsRightToLeft else { return }
            var iterator: ICUBreakIterator??
            let measured = wrapper
            let before = UnsafeBufferPointer(rebasing: whole[..<(from - context)])
            var prefix16 = 0
            _ = transcode(before.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false) { _ in prefix16 += 1 }
            measured.wrap(
                options,
                lastBreak: { s, e in
                    if iterator == nil { iterator = .some(paragraphIterator(whole)) }
                    return measured.lastBreak(s, e, lineStart16: prefix16, iterator: iterator ?? nil)
                },
                emit: { pieces.append($0.bytes) })
        }
        if gainsRightToLeft { return false }
        // Where the new lines meet the old ones again: a new line start past the edit that was
        // an old line start (not the window's last line, which the window may have cut short).
        var oldIndex: [Int: Int] = [:]
        for k in (c + 1)..<max(c + 1, starts.count) { oldIndex[starts[k]] = k }
        var fresh: [VisualRowTree.Row] = []
        for (j, piece) in pieces.enumerated() {
            let start = from + piece.lowerBound
            if j > 0 && start >= newEnd && (!truncated || j < pieces.count - 1), let m = oldIndex[start - delta] {
                tree.replace((rows.lowerBound + restart)..<(rows.lowerBound + m), with: fresh)
                return true
            }
            let last = j == pieces.count - 1
            // No meeting point in the window (a change that moves every later break, as in
            // text that breaks anywhere): the rest of the paragraph, from the same start.
            if last && truncated { return rewrapNearEdit(line: line, rows: rows, lo: lo, oldEnd: oldEnd, newEnd: newEnd, wholeRest: true) }
            let end = last ? min(paragraph.next, document.utf8Count) : from + piece.upperBound
            fresh.append(VisualRowTree.row(length: end - start, endsLine: last, mayRaiseLevels: flag))
        }
        tree.replace((rows.lowerBound + restart)..<rows.upperBound, with: fresh)
        return true
    }

    /// Starts over on `newDocument` (edits that do not describe the change).
    private func reset(_ newDocument: TextDocument) {
        document = newDocument
        tree = VisualRowTree()
        frontier = 0
        walker = newDocument.visualLines(options: options).makeIterator()
    }

    // MARK: - Lazy wrapping

    /// Wraps hard lines until `line` is wrapped (or the document ends).
    func advance(throughLine line: Int) { advance(whileTrue: { self.frontier <= line }) }

    /// Wraps hard lines until byte `x` lies in a wrapped one.
    func advance(throughByte x: Int) { advance(whileTrue: { self.tree.total.bytes <= x }) }

    /// Wraps hard lines until `count` visual lines are known.
    func advance(throughRows count: Int) { advance(whileTrue: { self.tree.total.rows < count }) }

    /// Wraps the next hard lines while `condition` holds and lines remain: through the
    /// whole-document walk while the document is unedited, else line by line.
    private func advance(whileTrue condition: () -> Bool) {
        let lineCount = document.lineCount
        var batch: [VisualRowTree.Row] = []
        while frontier < lineCount && condition() {
            if walker != nil {
                batch.removeAll(keepingCapacity: true)
                guard let line = walker?.nextHardLine() else {
                    walker = nil
                    continue
                }
                for (k, length) in line.lengths.enumerated() {
                    batch.append(VisualRowTree.row(length: length, endsLine: k == line.lengths.count - 1,
                                                   mayRaiseLevels: line.mayRaiseLevels))
                }
                tree.append(batch)
            } else {
                tree.append(wrapRows(ofLine: frontier))
            }
            frontier += 1
        }
    }

    /// The reused line iterator, set to the UTF-8 text `p`.
    private func paragraphIterator(_ p: UnsafeBufferPointer<UInt8>) -> ICUBreakIterator? {
        var utf16: [UInt16] = []
        utf16.reserveCapacity(p.count)
        _ = transcode(p.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false) { utf16.append($0) }
        if let iterator = paragraphBreaks, paragraphBreaksLocale == document.locale, iterator.setUTF16(utf16) { return iterator }
        paragraphBreaks = ICUBreakIterator(.line, locale: document.locale, utf16: utf16)
        paragraphBreaksLocale = document.locale
        return paragraphBreaks
    }

    /// The rows of hard line `line` of the current document: the paragraph wrapped alone, with
    /// ICU's line iterator over its own UTF-16 (made only when a row needs a break), so that a
    /// keystroke's re-wrap reads no more than its paragraph.
    private func wrapRows(ofLine line: Int) -> [VisualRowTree.Row] {
        guard let paragraph = document.paragraph(line: line) else { return [] }
        var wrapper = LineWrapper()
        var pieces: [Range<Int>] = []
        var mayRaiseLevels = false
        let options = options
        document.withUTF8(paragraph.start..<paragraph.end) { p in
            wrapper.measure(p, options: options.display)
            mayRaiseLevels = wrapper.mayRaiseLevels
            var iterator: ICUBreakIterator??
            let measured = wrapper
            measured.wrap(
                options,
                lastBreak: { s, e in
                    if iterator == nil { iterator = .some(paragraphIterator(p)) }
                    return measured.lastBreak(s, e, lineStart16: 0, iterator: iterator ?? nil)
                },
                emit: { pieces.append($0.bytes) })
        }
        let lineEnd = min(paragraph.next, document.utf8Count) - paragraph.start
        return pieces.enumerated().map { k, piece in
            let last = k == pieces.count - 1
            return VisualRowTree.row(length: (last ? lineEnd : piece.upperBound) - piece.lowerBound, endsLine: last,
                                     mayRaiseLevels: mayRaiseLevels)
        }
    }
}
