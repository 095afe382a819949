/// The paragraphs whose base direction the caller set (`setBaseWritingDirection`), kept so
/// that they follow their paragraph through edits elsewhere in O(log n) per edit.
///
/// Storage: the generic `Rope` over marks, each mark holding the *gap* in bytes from the
/// previous mark's paragraph start (or from 0) to its own, and the direction. A mark's
/// paragraph start is the sum of the gaps up to it, which the tree finds in O(log k) for k
/// marks; an edit changes one gap (the first mark after it) and removes the marks whose
/// paragraph starts it deleted, so marks after the edit move with the text without being
/// touched. Every mark sits on a paragraph start (0 or just after a line terminator).
struct DirectionOverrides: Sendable, Equatable {
    struct Mark: RopeChunk {
        var gap: Int
        var rightToLeft: Bool
        var summary: SpanSummary { SpanSummary(span: gap, count: 1) }
    }

    private(set) var marks = Rope<Mark>()
    /// What `prepare` saw before an edit, for `apply`: whether a paragraph started at the end
    /// of the replaced text, and its direction. Not part of the value (`==` ignores it).
    private var upperParagraph: (isStart: Bool, rightToLeft: Bool?) = (false, nil)

    var isEmpty: Bool { marks.isEmpty }

    /// Every mark as (paragraph start, right to left), in order. O(k).
    var all: [(start: Int, rightToLeft: Bool)] {
        var result: [(Int, Bool)] = []
        var at = 0
        for mark in marks.chunks {
            at += mark.gap
            result.append((at, mark.rightToLeft))
        }
        return result
    }

    static func == (a: DirectionOverrides, b: DirectionOverrides) -> Bool {
        a.marks.root === b.marks.root || a.all.elementsEqual(b.all) { $0.start == $1.start && $0.rightToLeft == $1.rightToLeft }
    }

    /// The first mark whose paragraph start is at or after byte `x`: its index and start. O(log k).
    private func first(atOrAfter x: Int) -> (index: Int, start: Int)? {
        guard !marks.isEmpty else { return nil }
        let c = marks.cursor(at: x, in: SpanMetric.self, bias: .before)
        let start = c.prefix.span + c.chunk.gap
        return start >= x ? (c.index, start) : nil
    }

    /// The direction set for the paragraph starting at byte `start`, if any. O(log k).
    func direction(atParagraphStart start: Int) -> Bool? {
        guard let (index, at) = first(atOrAfter: start), at == start else { return nil }
        return marks.chunk(at: index).rightToLeft
    }

    /// Sets (true/false) or clears (nil) the mark of the paragraph starting at byte `start`. O(log k).
    mutating func set(_ rightToLeft: Bool?, atParagraphStart start: Int) {
        if let (index, at) = first(atOrAfter: start) {
            if at == start {
                if let rightToLeft {
                    marks.mutateChunk(at: index) { $0.rightToLeft = rightToLeft }
                } else {
                    let removed = marks.remove(at: index)
                    if index < marks.chunkCount { marks.mutateChunk(at: index) { $0.gap += removed.gap } }
                }
                return
            }
            guard let rightToLeft else { return }
            let previousEnd = at - marks.chunk(at: index).gap
            marks.insert(Mark(gap: start - previousEnd, rightToLeft: rightToLeft), at: index)
            marks.mutateChunk(at: index + 1) { $0.gap = at - start }
        } else if let rightToLeft {
            marks.insert(Mark(gap: start - marks.summary.span, rightToLeft: rightToLeft), at: marks.chunkCount)
        }
    }

    /// Moves the marks for the replacement of bytes `range` with `inserted` bytes, before the
    /// text changes: marks whose paragraph start lies in `range.lowerBound + 1 ... range.upperBound`
    /// are removed (their paragraph start was deleted; the caller decides about the one at the
    /// upper bound once the new text is in), marks after the range shift by the change in
    /// length. O((r + 1) log k) for r marks removed.
    mutating func replace(_ range: Range<Int>, inserted: Int) {
        let s = range.lowerBound, e = range.upperBound
        if e > s {
            while let (index, at) = first(atOrAfter: s + 1), at <= e {
                let removed = marks.remove(at: index)
                if index < marks.chunkCount { marks.mutateChunk(at: index) { $0.gap += removed.gap } }
            }
        }
        let delta = inserted - range.count
        if delta != 0, let (index, _) = first(atOrAfter: s + 1) {
            marks.mutateChunk(at: index) { $0.gap += delta }
        }
    }
}

extension DirectionOverrides: TextEditFollower {
    var followsNothing: Bool { isEmpty }

    /// Whether a paragraph starts at the end of the replaced text, and its direction then
    /// (kept in `upperParagraph` until `apply`).
    mutating func prepare(for edit: ByteEdit, in old: TextDocument) {
        let range = edit.replacedUTF8Range
        guard range.upperBound > range.lowerBound && old.isParagraphStart(range.upperBound) else {
            upperParagraph = (false, nil)
            return
        }
        upperParagraph = (true, direction(atParagraphStart: range.upperBound))
    }

    /// Moves the marks with their text (`replace(_:inserted:)`); then drops a mark at the edit
    /// that no longer starts a paragraph (LF typed after CR); when a paragraph started at the
    /// range's end and one still starts where that text now is, gives it that paragraph's
    /// direction (deleting whole lines keeps the direction of the line after them); and gives
    /// the paragraphs split off by inserted line breaks the direction of the paragraph they
    /// were typed into. O((1 + removed + new lines) log n).
    mutating func apply(_ edit: ByteEdit, in new: TextDocument) {
        let upperParagraph = self.upperParagraph
        self.upperParagraph = (false, nil)
        replace(edit.replacedUTF8Range, inserted: edit.insertedUTF8Range.count)
        let s = edit.insertedUTF8Range.lowerBound, newEnd = edit.insertedUTF8Range.upperBound
        if direction(atParagraphStart: s) != nil && !new.isParagraphStart(s) {
            set(nil, atParagraphStart: s)
        }
        let keepsUpper = upperParagraph.isStart && new.isParagraphStart(newEnd)
        if keepsUpper {
            set(upperParagraph.rightToLeft, atParagraphStart: newEnd)
        }
        let inserted = new.string(utf8Range: s..<newEnd)
        guard inserted.unicodeScalars.contains(where: LineTerminator.contains) else { return }
        let first = new.lineIndex(ofUTF8: new.graphemeBoundary(atOrBefore: s).utf8)
        guard let start = new.utf8OffsetOfLineStart(first),
              let inherited = direction(atParagraphStart: start) else { return }
        let last = new.lineIndex(ofUTF8: new.graphemeBoundary(atOrBefore: newEnd).utf8)
        guard last > first else { return }
        for line in (first + 1)...last {
            guard let lineStart = new.utf8OffsetOfLineStart(line), lineStart <= newEnd else { break }
            if !(keepsUpper && lineStart == newEnd) && direction(atParagraphStart: lineStart) == nil {
                set(inherited, atParagraphStart: lineStart)
            }
        }
    }
}
