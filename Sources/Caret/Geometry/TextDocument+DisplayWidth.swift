// Display widths of a document's text: columns on a monospace display (terminal), for
// cursors, soft wrap and alignment. See docs/ARCHITECTURE.md, "Display width and soft wrap".

extension TextDocument {
    /// The number of display columns `range` takes when drawn from column `startingColumn`
    /// (tabs advance to the stop after their column, so the width depends on it), in the model
    /// and with the settings of `options`. Line terminators in the range take 0 columns.
    /// - Returns: nil when the range lies outside this document or `startingColumn` is negative.
    /// - Complexity: O(log n + length of the range in bytes); a few ns per cluster.
    public func displayWidth(of range: TextRange, startingColumn: Int = 0,
                             options: DisplayWidthOptions = DisplayWidthOptions()) -> Int? {
        guard startingColumn >= 0, let bytes = validated(range) else { return nil }
        return withUTF8(bytes) { ClusterWidths.advance($0, from: startingColumn, options: options) } - startingColumn
    }

    /// The display column of `position` within its hard line: the width of the line's text
    /// before it, drawn from column 0 (a position inside a cluster snaps to the cluster's start).
    /// - Returns: nil when the position lies outside this document.
    /// - Complexity: O(log n + bytes between the line's start and the position).
    public func displayColumn(of position: TextPosition, options: DisplayWidthOptions = DisplayWidthOptions()) -> Int? {
        guard let x = validated(position), let line = lineRange(containing: position) else { return nil }
        let from = line.start.utf8Offset
        return withUTF8(from..<x) { ClusterWidths.advance($0, from: 0, options: options) }
    }

    /// The display width of the grapheme cluster that starts at `position` (snapped back to a
    /// cluster start), drawn at display column `column` (which only a tab's width depends on).
    /// - Returns: nil when the position is outside this document or at its end, or `column` is
    ///   negative.
    /// - Complexity: O(log n + the cluster's length).
    public func displayWidth(ofClusterAt position: TextPosition, column: Int = 0,
                             options: DisplayWidthOptions = DisplayWidthOptions()) -> Int? {
        guard column >= 0, let x = validated(position), x < rope.summary.utf8 else { return nil }
        let end = graphemeBoundary(after: x)
        return withUTF8(x..<end) { ClusterWidths.advance($0, from: column, options: options) } - column
    }

    /// Calls `body` with the bytes `range` (valid, on grapheme boundaries) as one buffer.
    /// O(log n + range length): one copy, so that measuring never crosses chunk seams. The copy
    /// is a temporary allocation (on the stack when small): an array's allocation took a
    /// runtime metadata lookup each time, as much as a short row's whole measurement.
    func withUTF8<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(range.count, 1)) { buffer in
            let bytes = UnsafeMutableBufferPointer(rebasing: buffer[..<range.count])
            copyUTF8(range, into: bytes)
            return body(UnsafeBufferPointer(bytes))
        }
    }
}
