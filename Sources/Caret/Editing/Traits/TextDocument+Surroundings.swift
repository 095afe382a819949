/// The text the traits may look at: a few grapheme clusters on either side of an edit, never
/// more, so that a trait costs the same in a 10-character field and in a 1 MB view.
extension TextDocument {
    /// The text before the byte offset `utf8Offset`, from at most `clusters` grapheme clusters
    /// back (the cluster holding the offset counts as one), and whether it starts at the
    /// beginning of the text. An offset outside the text gives `("", true)`.
    /// - Complexity: O(log n + the window's length).
    func text(before utf8Offset: Int, clusters: Int) -> (text: String, reachesStart: Bool) {
        guard utf8Offset > 0, utf8Offset <= count(in: .utf8) else { return ("", true) }
        let n = max(clusters, 1)
        // Within the chunk that holds the byte before the offset: one scan (the usual case,
        // typing); else the general walk.
        let c = cursor(at: utf8Offset - 1, in: UTF8Metric.self)
        let start: Int
        if let local = c.chunk.clusterStart(n, clustersBefore: utf8Offset - c.prefix.utf8) {
            start = c.prefix.utf8 + local
        } else {
            start = position(from: TextPosition(utf8Offset: utf8Offset), offset: -n)?.utf8Offset ?? 0
        }
        return (string(utf8Range: start..<utf8Offset), start == 0)
    }

    /// The text after the byte offset `utf8Offset`, up to the end of the `clusters`-th grapheme
    /// cluster after it, and whether it reaches the end of the text. An offset outside the text
    /// gives `("", true)`.
    /// - Complexity: O(log n + the window's length).
    func text(after utf8Offset: Int, clusters: Int) -> (text: String, reachesEnd: Bool) {
        let end = count(in: .utf8)
        guard utf8Offset >= 0, utf8Offset < end else { return ("", true) }
        // position(from:offset:) snaps to the boundary at or before the offset first, so one
        // more step covers the cluster the offset falls in.
        let here = TextPosition(utf8Offset: utf8Offset)
        let stop = position(from: here, offset: max(clusters, 1))?.utf8Offset ?? end
        let limit = max(stop, utf8Offset)
        return (string(utf8Range: utf8Offset..<limit), limit == end)
    }
}
