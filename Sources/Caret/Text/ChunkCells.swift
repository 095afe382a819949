// Cells: the pieces a loaded text is split into before it is cut into chunks, so that the
// chunks of each piece can be measured on a thread of its own. See docs/ARCHITECTURE.md,
// "Loading a file".

/// A grid over a text being loaded: near every `size` bytes from its start (a grid point), the
/// text is split at a cluster boundary that the scalars around it confirm whatever precedes them
/// (`isContextFreeBoundary`, looking back at most 16 scalars; a grid point inside a longer run
/// that only context decides, such as a long flag sequence, splits nothing). Each cell is then
/// cut into chunks on its own (`ChunkBuilder.cellChunks`), as if it were a whole text, which it
/// may be: it starts and ends at true boundaries.
///
/// The split points depend on the bytes near each grid point and on the previous split only,
/// so a text loaded whole (`ChunkBuilder.chunks(of:)`) and one loaded piece by piece
/// (`ChunkStream`), whatever the pieces, are cut into the same chunks.
enum ChunkCells {
    /// The grid's step in bytes. Tiny in the test build, so that short test texts span
    /// several cells.
    static var size: Int {
        #if TinyShapes
        64
        #else
        1 << 17
        #endif
    }

    /// The split for the grid point at byte `g` (0 < g < count) of valid UTF-8 `p`: the last
    /// scalar start t with `floor` < t ≤ g, at most 16 scalars back, where a cluster starts
    /// whatever precedes it; nil when there is none. Reads bytes `floor ... g + 3` only. O(1).
    /// (`ChunkBuilder.cutPoint` looks for a chunk's end the same way.)
    static func split(in p: UnsafeBufferPointer<UInt8>, near g: Int, floor: Int) -> Int? {
        var t = UTF8Scalars.scalarStart(p, atOrBefore: g)
        var tries = 0
        while t > floor && tries < 16 {
            if isContextFreeBoundary(in: p, at: t) { return t }
            t = UTF8Scalars.scalarStart(p, atOrBefore: t - 1)
            tries += 1
        }
        return nil
    }

    /// Settles the grid points from `next` (a byte offset in the whole text; `p` starts at
    /// `origin` of it) that fall inside `p`, valid UTF-8 whose last scalar is complete and whose
    /// cells are split up to `floor` (an offset in `p`): appends each split to `splits`, moves
    /// `floor` to the last, and `next` past `p`. O(grid points).
    static func settle(in p: UnsafeBufferPointer<UInt8>, origin: Int, floor: inout Int, next: inout Int,
                       into splits: inout [Int]) {
        while next - origin < p.count {
            if let split = split(in: p, near: next - origin, floor: floor) {
                splits.append(split)
                floor = split
            }
            next += size
        }
    }

    /// The chunks of the cells of `p` between consecutive `bounds` (offsets in `p`, in order:
    /// the first cell's start, every split, the last cell's end), in order; the cells are cut
    /// on several threads when there are several. O(n) work.
    static func chunks(of p: UnsafeBufferPointer<UInt8>, bounds: [Int], target: Int) -> [[TextChunk]] {
        ParallelMap.map(bounds.count - 1) { k in
            ChunkBuilder.cellChunks(of: UnsafeBufferPointer(rebasing: p[bounds[k]..<bounds[k + 1]]), target: target)
        }
    }
}
