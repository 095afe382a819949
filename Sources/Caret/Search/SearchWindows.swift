// Which stretches a search must look at again after parts of the text changed, when the
// matches found before are kept elsewhere (a find session's matches, TextInput+Find.swift).
//
// The rule: whole hard lines. A hard line terminator (LF, VT, FF, CR, NEL, LS, PS; CR LF as
// one) is a grapheme boundary on both sides (GB4, GB5: they are Control) and a word boundary
// on both sides (WB3a, WB3b), and a literal pattern without a terminator never matches one. So
// no match, no grapheme cluster, no regional-indicator pair, no ICU word (dictionary runs
// included) crosses a terminator, and the matches between two terminators are those a forward
// search from the first finds there whatever lies outside: a line's matches depend on the
// line's text alone. A line none of whose bytes, and neither of whose terminators, changed
// keeps its matches (moved by the length change before it); the lines that hold a changed
// stretch, searched again from their starts, give the rest.

extension TextSearchQuery {
    /// True when no match can contain a hard line terminator, so that matches can be found
    /// again line by line after a change (`TextDocument.lineWindows(around:)`): a literal
    /// pattern without a terminator. A regular expression can look ahead and behind without
    /// bound (and match terminators through classes, `\s`, `.` with flags), so it never is.
    /// O(pattern length).
    var matchesStayInLines: Bool {
        syntax == .literal && !pattern.unicodeScalars.contains { LineTerminator.contains($0) }
    }
}

extension TextDocument {
    /// The stretches of whole hard lines a search must look at again after the stretches
    /// `changed` (UTF-8 offsets of this text, on scalar boundaries, sorted, apart) were put
    /// in: for each, from the start of the line holding its start to the start of the line
    /// after the one holding its end (the end of the text for the last line), the terminators
    /// before and after it lying outside it; touching or overlapping stretches merged. Every
    /// line outside them is unchanged, with its terminators. O(r log n) for r stretches.
    func lineWindows(around changed: [Range<Int>]) -> [Range<Int>] {
        var windows: [Range<Int>] = []
        for stretch in changed {
            // Snapped back to a cluster start, so never between CR and LF.
            let first = lineIndex(ofUTF8: snappedUTF8(stretch.lowerBound))
            let last = lineIndex(ofUTF8: snappedUTF8(stretch.upperBound))
            let start = utf8OffsetOfLineStart(first) ?? 0
            let end = utf8OffsetOfLineStart(last + 1) ?? utf8Count
            if let previous = windows.last, start <= previous.upperBound {
                windows[windows.count - 1] = previous.lowerBound..<max(previous.upperBound, end)
            } else {
                windows.append(start..<end)
            }
        }
        return windows
    }
}
