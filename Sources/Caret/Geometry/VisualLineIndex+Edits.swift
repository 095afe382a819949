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
        lastLayout = nil
        lastLevels = nil
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
    /// whole paragraph when that much would start inside a run of spaces); also how far before
    /// the window's end a break must be found for the new lines to be taken as meeting the old.
    static let breakContext = 256

    /// Bytes of text past the edit that a re-wrap window reaches at least (to the next old line
    /// start after that), before the rest of the paragraph is taken. The window is measured
    /// and given to ICU only as far as the wrap goes, so a wide one costs little.
    static let rewrapAhead = 2048

    /// Bytes past the edit that ICU's text holds when first made (lengthened when the wrap needs more).
    static let rewrapText = 512

    /// Re-wraps only the visual lines an edit of bytes `lo..<oldEnd` (now `lo..<newEnd`) inside
    /// hard line `line` can change: greedy wrap from the start of the visual line before the
    /// edited one (two before when the edit is near the edited one's start; see
    /// `leavesLineBeforeAlone`), measured lazily over a window of the text reaching
    /// `rewrapAhead` bytes past the edit, until a new line starts where an old one did (shifted by the edit), far
    /// enough from the window's end that ICU saw the text around the break: from there on the
    /// old lines stand. `rows` are the line's old rows. False, changing nothing, when it cannot
    /// tell (the line gains right-to-left text): the caller re-wraps the whole paragraph. When
    /// old and new lines do not meet within the window, the rest of the paragraph is re-wrapped.
    /// Without preserved indentation only (every visual line starts at 0).
    private func rewrapNearEdit(line: Int, rows: Range<Int>, lo: Int, oldEnd: Int, newEnd: Int, wholeRest: Bool = false) -> Bool {
        let old = tree.rows(rows)
        guard let first = old.first else { return false }
        let lineStart = tree.row(at: rows.lowerBound).start
        var starts: [Int] = []
        starts.reserveCapacity(old.count)
        var x = lineStart
        for row in old {
            starts.append(x)
            x += VisualRowTree.length(row)
        }
        let delta = newEnd - oldEnd
        // The line's bounds in the new text: its rows ended at `x`, the edit inside them.
        let paragraph = self.paragraph(line: line, start: lineStart, rowsEnd: x + delta, document)
        // The visual line holding the edit's start, and the one before it where wrapping restarts.
        var c = 0
        while c + 1 < starts.count && starts[c + 1] <= lo { c += 1 }
        let restart = c >= 1 && leavesLineBeforeAlone(from: starts[c], to: lo) ? c - 1 : max(0, c - 2)
        let from = starts[restart]
        // The window: up to an old line start (a cluster boundary in the new text too) far
        // enough past the edit, or the paragraph's end.
        var windowEnd = paragraph.end
        var truncated = false
        if !wholeRest, let k = starts[(c + 1)...].firstIndex(where: { $0 > oldEnd && $0 + delta >= newEnd + Self.rewrapAhead }),
           starts[k] + delta < paragraph.end {
            windowEnd = starts[k] + delta
            truncated = true
        }
        // `LazyLineWrap` counts in 32 bits: a longer window is left to the whole-paragraph wrap.
        guard from <= windowEnd, windowEnd - from < Int(Int32.max) else { return false }
        let options = options
        let flag = VisualRowTree.mayRaiseLevels(first)
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
        // The old line starts after the edited line, to find where new lines meet them.
        let later = starts[min(c + 1, starts.count)...]
        var fresh: [VisualRowTree.Row] = []
        var met: Int?
        var lastStart: Int?
        // Right-to-left text new in a paragraph without any (the flag is the paragraph's): its
        // rows need the flag, and the paragraph's direction may change, so all of it is wrapped.
        if !flag && newEnd > lo && document.withUTF8(lo..<newEnd, { BidiResolver.mayRaiseLevels($0) }) { return false }
        let rootRules = document.locale.isEmpty
        document.withUTF8(context..<windowEnd) { whole in
            let p = UnsafeBufferPointer(rebasing: whole[(from - context)...])
            // ICU's text: the context and the window up to `textEnd`, made when a line first
            // wraps and lengthened (at least doubled) when a line wraps less than `breakContext`
            // bytes before its end, so that ICU sees the text its rules look at.
            var text: (iterator: ICUBreakIterator, prefix16: Int)?
            var units: [UInt16] = []
            var textEnd = 0, prefix16 = 0, started = false
            var wrapper = LazyLineWrap()
            lastStart = wrapper.wrap(
                p, options: options, rootRules: rootRules,
                iterator: { through in
                    let needed = min(whole.count, from - context + through + Self.breakContext)
                    if textEnd < needed {
                        // At first through `rewrapText` bytes past the edit, where the lines
                        // usually meet: a longer text resets ICU's cache of boundaries.
                        var end = min(whole.count, max(needed, 2 * textEnd, newEnd - context + Self.rewrapText))
                        while end < whole.count && whole[end] & 0xC0 == 0x80 { end += 1 }
                        if !started {
                            started = true
                            // First the context: the window starts after its UTF-16.
                            LazyLineWrap.appendUTF16(of: UnsafeBufferPointer(rebasing: whole[..<(from - context)]), to: &units)
                            prefix16 = units.count
                            textEnd = from - context
                        }
                        LazyLineWrap.appendUTF16(of: UnsafeBufferPointer(rebasing: whole[textEnd..<end]), to: &units)
                        text = paragraphIterator(utf16: units).map { ($0, prefix16) }
                        textEnd = end
                    }
                    return text
                },
                row: { start, end, overflow in
                    fresh.append(VisualRowTree.row(length: end - start, endsLine: false, mayRaiseLevels: flag))
                    let next = from + end
                    guard next >= newEnd, !truncated || from + overflow + Self.breakContext <= windowEnd else { return false }
                    // The new line starting at `next` meets an old one: the old lines stand from there.
                    if let m = Self.index(of: next - delta, in: later) {
                        met = m
                        return true
                    }
                    return false
                })
        }
        if let m = met {
            tree.replace((rows.lowerBound + restart)..<(rows.lowerBound + m), with: fresh)
            return true
        }
        // No meeting point in the window (a change that moves every later break, as in text
        // that breaks anywhere): the rest of the paragraph, from the same start.
        if truncated { return rewrapNearEdit(line: line, rows: rows, lo: lo, oldEnd: oldEnd, newEnd: newEnd, wholeRest: true) }
        guard let lastStart else { return false }
        let end = min(paragraph.next, document.utf8Count)
        fresh.append(VisualRowTree.row(length: end - (from + lastStart), endsLine: true, mayRaiseLevels: flag))
        tree.replace((rows.lowerBound + restart)..<rows.upperBound, with: fresh)
        return true
    }

    /// True when an edit at byte `lo` of visual line `start..<…` (the text before `lo` unchanged)
    /// cannot move the break before the visual line before it. That break was decided by the
    /// first cluster that did not fit on the line before it, which lies on the line before or
    /// is the first cluster of this one (a greedy wrap never leaves a line shorter than that),
    /// and by ICU's opportunities up to it, which look ahead at most a couple of clusters —
    /// except in runs of text that ICU breaks with a dictionary (Thai, Lao, Khmer, Myanmar…),
    /// where the whole run counts. So: four whole clusters before `lo`, none of those scripts.
    private func leavesLineBeforeAlone(from start: Int, to lo: Int) -> Bool {
        guard lo - start >= 4 else { return false }
        return document.withUTF8(start..<lo) { p in
            var k = 0
            while k < p.count {
                let b = p[k]
                if b >= 0xE0 {
                    // U+0E00–U+0EFF (E0 B8–BB), U+1000–U+1FFF (E1), U+A9C0–U+AAFF (EA A7–AB) and
                    // U+11000–U+11FFF (F0 91) hold the scripts broken by dictionary.
                    let next = k + 1 < p.count ? p[k + 1] : 0
                    if (b == 0xE0 && next >= 0xB8 && next <= 0xBB) || b == 0xE1 || (b == 0xEA && next >= 0xA7 && next <= 0xAB)
                        || (b == 0xF0 && next == 0x91) {
                        return false
                    }
                }
                k += 1
            }
            // Four clusters that end before `lo` (the fifth may be the one the edit extends).
            var clusters = 0
            ClusterWidths.scanClusters(p, options: options.display, until: { _, _, _, _ in
                clusters += 1
                return clusters >= 5
            })
            return clusters >= 5
        }
    }

    /// The index of `value` in the sorted `starts`, or nil. O(log n).
    private static func index(of value: Int, in starts: ArraySlice<Int>) -> Int? {
        var lo = starts.startIndex, hi = starts.endIndex - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if starts[mid] == value { return mid }
            if starts[mid] < value { lo = mid + 1 } else { hi = mid - 1 }
        }
        return nil
    }
}
