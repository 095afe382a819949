// Following edits: a change set applied to the index's document, and the rows of the hard
// lines it touched re-wrapped (inside one long paragraph, only the visual lines near the edit).
// See docs/ARCHITECTURE.md, "Display width and soft wrap".

extension VisualLineIndex {
    /// Follows `changes`, a change of the index's `document` (what `TextInput`'s delegate is
    /// given in `textInput(_:didApply:)` as a `ChangeSet`, or what `TextDocument.apply(_:)`
    /// takes): applies it to `document` and replaces the rows of the hard lines it touched by
    /// the new lines' rows; the rest of the index is kept, and lines not wrapped yet stay so.
    /// An index that follows every change set of an input stays equal to one made afresh on the
    /// input's document, whatever made the change (typing, undo, redo, paste, replace-all).
    /// - Throws: `TextError.Kind.changeSetMismatch` when `changes` was not made for `document`
    ///   (as `TextDocument.apply(_:)` checks it); the index is then unchanged.
    /// - Complexity: `TextDocument.apply(_:)`'s, plus O(log n + length of the touched
    ///   paragraphs); inside one long paragraph, O(log n + the visual lines near the edit).
    public func apply(_ changes: ChangeSet) throws(TextError) {
        guard changes.oldUTF8Count == document.utf8Count, let firstChange = changes.replacements.first,
              let lastChange = changes.replacements.last
        else {
            // Nothing to re-wrap, or a change set for another text: the document checks it.
            try document.apply(changes)
            return
        }
        // The hull of the replacements: bytes lo..<oldEnd of the old text are lo..<newEnd now.
        let lo = firstChange.utf8Range.lowerBound, oldEnd = lastChange.utf8Range.upperBound
        let newEnd = changes.newUTF8Start(changes.replacements.count - 1) + lastChange.inserted.utf8.count
        // What is needed of the old text, read before it changes (a copy kept alive would make
        // the edit copy the rope's touched nodes).
        var first = document.lineIndex(ofUTF8: lo)
        // A CR before the edit may join a LF the edit brings (or lose one it removes).
        if lo > 0 && document.withUTF8((lo - 1)..<lo, { $0[0] }) == 0x0D {
            first = min(first, document.lineIndex(ofUTF8: lo - 1))
        }
        let oldCount = document.lineCount, oldEndLine = document.lineIndex(ofUTF8: oldEnd)
        walker = nil
        try document.apply(changes)
        first = min(first, document.lineIndex(ofUTF8: lo))
        let newCount = document.lineCount
        // Hard lines after the edit, the same in both texts.
        let tail = min(oldCount - 1 - oldEndLine, newCount - 1 - document.lineIndex(ofUTF8: newEnd))
        let oldLast = max(first, oldCount - 1 - tail), newLast = max(first, newCount - 1 - tail)
        if first >= frontier { return }
        let from = tree.firstRow(ofLine: first).index
        guard oldLast < frontier else {
            // The edit reaches past the wrapped lines: they are wrapped again from `first`, lazily.
            tree.replace(from..<tree.total.rows, with: [])
            frontier = first
            return
        }
        let to = oldLast + 1 < frontier ? tree.firstRow(ofLine: oldLast + 1).index : tree.total.rows
        if first == oldLast && first == newLast && !options.preservesIndent
            && rewrapNearEdit(line: first, rows: from..<to, lo: lo, oldEnd: oldEnd, newEnd: newEnd) {
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
}
