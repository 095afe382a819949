// Left/right movement: visual (Blink's caret-navigator model) or logical. See
// docs/ARCHITECTURE.md, "Direction and movement".

/// How `.left` and `.right` move the caret.
public enum CaretMovement: Sendable, Hashable, Codable {
    /// On screen (the default, as UIKit, macOS and Blink do): each press crosses the grapheme
    /// next to the caret in visual order, so in a right-to-left paragraph `.right` moves
    /// backward, and in mixed text the caret walks the line from one visual edge to the other.
    case visual
    /// In storage order (as Chromium's and Windows' logical mode): `.left` is one grapheme
    /// backward and `.right` one forward, whatever the script.
    case logical
}

extension TextDocument {
    /// One hard line prepared for visual movement.
    struct CaretLine {
        var paragraph: Paragraph
        /// Graphemes before the line's start.
        var firstGrapheme: Int
        var layout: ParagraphLayout
    }

    /// The line `line` with its layout (cached per paragraph). O(log n) once laid out.
    func caretLine(_ line: Int) -> CaretLine? {
        guard let paragraph = paragraph(line: line) else { return nil }
        return CaretLine(paragraph: paragraph, firstGrapheme: count(.grapheme, beforeUTF8: paragraph.start),
                         layout: layout(of: paragraph))
    }

    /// The visual caret slot (0 = left edge of the line, `count` = right edge) of the caret
    /// before logical cluster `k` (0...count) with `affinity`: downstream stands at the edge of
    /// cluster k where it begins (its left edge if it runs left to right, its right edge if right
    /// to left), upstream at the edge of cluster k − 1 where it ends. O(1).
    static func slot(ofGrapheme k: Int, affinity: TextAffinity, in layout: ParagraphLayout) -> Int {
        let n = layout.count
        guard n > 0 else { return 0 }
        if (affinity == .downstream && k < n) || k == 0 {
            let v = layout.visualIndex(ofGrapheme: k)
            return layout.isRightToLeft(grapheme: k) ? v + 1 : v
        }
        let v = layout.visualIndex(ofGrapheme: k - 1)
        return layout.isRightToLeft(grapheme: k - 1) ? v : v + 1
    }

    /// The canonical caret for visual slot `j`: the edge of the cluster on its left (the one a
    /// right-sweep has just crossed; at slot 0 the left edge of the leftmost cluster), as a
    /// logical cluster index and affinity, downstream whenever downstream names the same slot.
    /// O(1).
    static func grapheme(ofSlot j: Int, in layout: ParagraphLayout) -> (k: Int, affinity: TextAffinity) {
        guard layout.count > 0 else { return (0, .downstream) }
        var result: (k: Int, affinity: TextAffinity)
        if j > 0 {
            let g = layout.grapheme(atVisualIndex: j - 1)
            result = layout.isRightToLeft(grapheme: g) ? (g, .downstream) : (g + 1, .upstream)
        } else {
            let g = layout.grapheme(atVisualIndex: 0)
            result = layout.isRightToLeft(grapheme: g) ? (g + 1, .upstream) : (g, .downstream)
        }
        if result.affinity == .upstream && slot(ofGrapheme: result.k, affinity: .downstream, in: layout) == j {
            result.affinity = .downstream
        }
        return result
    }

    /// The position of slot `j` of `line`. O(log n).
    func position(ofSlot j: Int, in line: CaretLine) -> TextPosition {
        let (k, affinity) = TextDocument.grapheme(ofSlot: j, in: line.layout)
        let x = utf8Offset(of: line.firstGrapheme + k, in: .grapheme) ?? line.paragraph.end
        return TextPosition(utf8Offset: x, affinity: affinity)
    }

    /// One visual press from `x` (a grapheme boundary). At the line's visual end the caret
    /// crosses the terminator to the next line (when the press goes in the paragraph's reading
    /// direction) or the previous one, landing at that line's reading start or end. Below a
    /// left-to-right line a right-to-left one is entered at its right edge, whose `.right`
    /// press leads back up: such walks never end, and `PeriodicWalk` cuts them short.
    /// - Returns: nil past either end of the document. O(log n) once the lines are laid out.
    func visualStep(from x: Int, affinity: TextAffinity, right: Bool) -> TextPosition? {
        guard let line = caretLine(lineIndex(ofUTF8: x)) else { return nil }
        let n = line.layout.count
        let k = count(.grapheme, beforeUTF8: x) - line.firstGrapheme
        let j = TextDocument.slot(ofGrapheme: k, affinity: affinity, in: line.layout)
        if right && j < n { return position(ofSlot: j + 1, in: line) }
        if !right && j > 0 { return position(ofSlot: j - 1, in: line) }
        let forward = right != line.layout.isRightToLeft
        let target = line.paragraph.line + (forward ? 1 : -1)
        guard target >= 0 && target <= rope.summary.lines, let next = caretLine(target) else { return nil }
        let landing = forward == next.layout.isRightToLeft ? next.layout.count : 0
        return position(ofSlot: landing, in: next)
    }

    /// The position `offset` presses of `direction` away from `position`: visual left/right,
    /// and up/down by hard lines (see `caret(from:in:offset:movement:)`, which also keeps the
    /// goal column across presses). Equivalent to `position(from:in:offset:movement: .visual)`.
    ///
    /// - Returns: nil when `position` lies outside this document, or when a left/right press
    ///   would leave the document. A negative offset presses the opposite way.
    /// - Complexity: as `position(from:in:offset:movement:)`.
    public func position(from position: TextPosition, in direction: TextLayoutDirection, offset: Int) -> TextPosition? {
        self.position(from: position, in: direction, offset: offset, movement: .visual)
    }

    /// The position `offset` presses of `direction` away from `position`.
    ///
    /// - `.left`/`.right`, `.visual`: each press crosses exactly one grapheme cluster in visual
    ///   order (Blink's caret navigator): pressing `.right` from a line's left edge visits every
    ///   visual caret slot of the line once, strictly left to right, and `.left` retraces it.
    ///   Where one logical offset has two visual slots (a boundary between runs of different
    ///   direction) the result's `affinity` tells them apart: `.downstream` is the edge of the
    ///   cluster after the offset, `.upstream` the edge of the cluster before it. At the line's
    ///   visual end the press crosses the line terminator (one cluster) to the next line when it
    ///   goes in the paragraph's reading direction (`.right` in a left-to-right paragraph) and
    ///   to the previous line otherwise, landing at that line's reading start or end; so from
    ///   the end of a left-to-right line above a right-to-left one `.right` alternates between
    ///   the two lines for ever, and a huge offset costs one period, not `offset` presses.
    /// - `.left`/`.right`, `.logical`: one grapheme backward/forward per press.
    /// - `.up`/`.down`: `offset` hard lines, at the same grapheme column or the line's end when
    ///   it is shorter; from the first line `.up` goes to the beginning of the document, from
    ///   the last line `.down` to its end.
    ///
    /// - Returns: nil when `position` lies outside this document, or when a left/right press
    ///   would leave the document. A negative offset presses the opposite way; 0 returns the
    ///   position snapped to a grapheme boundary.
    /// - Complexity: left/right O(min(|offset|, s) log n), where s is the number of carets the
    ///   presses visit before they leave the document or come back to one they visited (then
    ///   the rest of the walk is periodic and whole periods are skipped; presses land only on
    ///   the one canonical caret of each visual slot, so s ≤ `count` + 2), plus laying out
    ///   (once, cached) each paragraph visited: O(paragraph length) with the bidi resolver the first time.
    ///   Up/down O(log n).
    public func position(from position: TextPosition, in direction: TextLayoutDirection, offset: Int,
                         movement: CaretMovement) -> TextPosition? {
        switch direction {
        case .up, .down:
            return caret(from: TextCaret(position), in: direction, offset: offset, movement: movement)?.position
        case .left, .right:
            guard let x = validated(position) else { return nil }
            let start = TextPosition(utf8Offset: x, affinity: position.affinity)
            let right = (direction == .right) == (offset > 0)
            // A press depends on the caret (offset and affinity) alone, so a walk that comes
            // back to a caret repeats from there: visual presses can alternate between two lines
            // for ever (see `visualStep`), and the walk skips whole periods of them.
            return PeriodicWalk.state(after: offset.magnitude, from: start) { current in
                switch movement {
                case .visual: visualStep(from: current.utf8Offset, affinity: current.affinity, right: right)
                case .logical: self.position(from: current, offset: right ? 1 : -1)
                }
            }
        }
    }
}
