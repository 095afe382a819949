// A regular expression searched in windows of the text copied to UTF-16, where ICU takes its
// path for a text held whole in one buffer instead of reading the rope through its UText (a
// `UTEXT_NEXT32` and an index translation per character). The answer is the rope's, or none:
// - Left edge. A window starts at most three bytes before the start of the line holding the
//   search's start (at the text's start for the first line), so a line terminator lies between
//   the window's start and every start tried. Without lookbehind and `\G` (patterns with them
//   never use windows), what an attempt reads before its start — `\b`, `^` with its CR LF rule,
//   `\X` and the word-break iterator of `(?w)` — stops at a terminator: the text before the
//   window cannot change it.
// - Right edge. ICU reports whether any attempt of a search read to the end of its text
//   (`hitEnd`: a lookahead, `$`, `\b` or a loop reaching it), and only then could the text after
//   the window change the answer: the caller then searches the rope instead. A match found
//   with no attempt reaching the window's end is the text's. Otherwise, in a window that ends
//   before the text, the search is made again trying starts only up to a stop a margin before
//   the window's end (ICU's find-progress callback: a call at every start, so not the first
//   time); when no match started up to there and no attempt reached the end, the next window
//   goes on from the stop.
// The windows are reused while the search moves forward through them, so each byte of the
// text is copied about once (the margins and the line context a second time).

final class RegexWindows {
    /// Bytes of text a window holds after its search's start; the margin, in UTF-16 units, at its
    /// end where starts are not tried; the longest line context kept before a start. Small in the
    /// TinyShapes build so that tests cross many windows.
    #if TinyShapes
    static let windowBytes = 48
    static let marginUnits = 6
    static let maxContextBytes = 96
    #else
    static let windowBytes = 196_608
    static let marginUnits = 2_048
    static let maxContextBytes = 65_536
    #endif

    private let regex: ICURegex
    private let document: TextDocument
    private let text: RopeText
    private let length: Int

    /// The window in the regex's buffer: where it starts (bytes, UTF-16 units), where it ends
    /// (bytes), and its stop (units, from the text's start; nil when it reaches the text's end).
    private struct Window {
        var start8: Int
        var start16: Int
        var end8: Int
        var stop16: Int?
        var stop8: Int
    }
    private var window: Window?
    private var buffer: [UInt16] = []

    /// Windows for `pattern`, searched with a clone of its compiled form `source` (its own
    /// matcher, for the buffer), or nil when the pattern may look before its start further than
    /// a line (lookbehind) or depends on where a search began (`\G`): those read the rope only.
    /// The check is textual and errs towards the rope.
    init?(pattern: String, compiled source: ICURegex, document: TextDocument, text: RopeText) {
        guard !pattern.contains("(?<=") && !pattern.contains("(?<!") && !pattern.contains("\\G") else { return nil }
        guard let compiled = source.clone() else { return nil }
        compiled.useTransparentBounds()
        regex = compiled
        self.document = document
        self.text = text
        length = document.rope.summary.utf8
    }

    /// The first match starting at or after byte `from` (a scalar boundary) in the rest of the
    /// text, with offsets in bytes: ICU's answer over the whole text. Nil when a window cannot
    /// tell (an attempt read to its end, or the line before `from` is too long to keep), and
    /// for searches that end before the text's end (`limit`): the caller asks the rope.
    /// O(distance to the match), plus O(window) to fill a window.
    func firstMatch(from: Int, limit: Int) -> ICURegex.Result? {
        guard limit == length else { return nil }
        var start = from
        while true {
            let start16 = text.utf16Offset(ofUTF8: start)
            guard let w = window(for: start, at: start16) else { return nil }
            let region = (start16 - w.start16)..<buffer.count
            // First without a stop (ICU's find-progress callback costs a call at every start):
            // a match none of whose attempts read the window's end is the text's.
            let result = regex.firstMatch(in: region, givingUpAfter: nil).result
            if w.stop16 == nil { return translated(result, w) }     // the rest of the text: exact
            if result.range != nil && !result.hitEnd { return translated(result, w) }
            // Else (no match, or an attempt read the end) again, giving up after the stop.
            let (stopped, gaveUp) = regex.firstMatch(in: region, givingUpAfter: w.stop16.map { $0 - w.start16 })
            if stopped.hitEnd { return nil }
            if stopped.range != nil { return translated(stopped, w) }
            guard gaveUp else { return nil }
            start = w.stop8                                          // nothing starts before it
        }
    }

    /// The window holding `start` before its stop, reused or filled (a start at the stop, where
    /// the last search gave up, gets a new one). Nil when the line's context before `start` is
    /// too long.
    private func window(for start: Int, at start16: Int) -> Window? {
        if let w = window, w.start8 <= start, w.stop16.map({ start16 < $0 }) ?? true {
            return w
        }
        let lineStart = document.utf8OffsetOfLineStart(document.lineIndex(ofUTF8: document.snappedUTF8(start))) ?? 0
        let edge = lineStart == 0 ? 0 : document.snappedUTF8(max(0, lineStart - 3))
        guard start - edge <= Self.maxContextBytes else { return nil }
        var end = min(length, start + Self.windowBytes)
        while !text.isScalarBoundary(utf8: end) { end -= 1 }
        fill(edge..<end)
        let edge16 = text.utf16Offset(ofUTF8: edge)
        var w = Window(start8: edge, start16: edge16, end8: end, stop16: nil, stop8: end)
        if end < length {
            var stop = buffer.count - Self.marginUnits
            if stop > 0 && UTF16.isTrailSurrogate(buffer[stop]) { stop -= 1 }
            guard edge16 + stop > start16 else { return nil }
            w.stop16 = edge16 + stop
            w.stop8 = text.utf8Offset(ofUTF16: edge16 + stop)
        }
        regex.setText(utf16: buffer)
        window = w
        return w
    }

    /// Copies bytes `range` (scalar boundaries) of the text into the buffer as UTF-16 (at most
    /// one unit a byte). O(range).
    private func fill(_ range: Range<Int>) {
        buffer = [UInt16](unsafeUninitializedCapacity: range.count) { out, count in
            var k = 0
            document.forEachUTF8Piece(of: range) { piece in
                k += UTF8Scalars.transcodeToUTF16(piece, into: out.baseAddress! + k)
            }
            count = k
        }
    }

    /// `result` (units in the buffer) in bytes of the text.
    private func translated(_ result: ICURegex.Result, _ w: Window) -> ICURegex.Result {
        func bytes(_ r: Range<Int>?) -> Range<Int>? {
            guard let r else { return nil }
            return text.utf8Offset(ofUTF16: w.start16 + r.lowerBound)..<text.utf8Offset(ofUTF16: w.start16 + r.upperBound)
        }
        return ICURegex.Result(range: bytes(result.range), groups: result.groups.map(bytes),
                               hitEnd: result.hitEnd, requireEnd: result.requireEnd)
    }
}
