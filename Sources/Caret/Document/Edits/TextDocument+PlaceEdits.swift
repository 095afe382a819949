// Edits next to the place of the last edit: the common case of typing and of replaying a trace,
// where each edit starts where the last one ended. The unit range is converted to bytes without
// a search, and an ASCII edit there is made without the general path's machinery. See
// docs/ARCHITECTURE.md, "The place of the last edit".

extension TextDocument {
    /// How far from the edit place's point (in bytes, either way) a range may reach and still
    /// be converted by `utf8RangeNearEditPlace`; further ranges take the general validation.
    static var placeReach: Int { 64 }

    /// Units `range` of `unit` as bytes of the edit place's chunk, when both ends lie in that
    /// chunk with only ASCII bytes between them and the place's point: each of those bytes is
    /// one scalar, one UTF-16 unit and one byte, so the conversion is arithmetic and the ends
    /// are scalar starts (a continuation byte never follows an ASCII one). Nil when that does not
    /// hold, for grapheme units (an ASCII letter may begin a longer cluster), for scalar and
    /// UTF-16 units when the point does not know its counts, or when no edit place describes
    /// this tree. O(distance), at most `placeReach` bytes.
    @inline(__always)
    func localRangeNearEditPlace(_ range: Range<Int>, in unit: TextUnit)
        -> (place: EditPlace, point: ChunkPoint, bytes: Range<Int>)? {
        guard let place = finger.editPlace, place.root == rootID, var point = place.point else { return nil }
        if !point.knowsScalars {
            // An edit in bytes (the public `replace`) leaves a point without counts; in an ASCII
            // chunk every count is the byte offset.
            let summary = place.cursor.chunkAddress.pointee.summary
            if summary.scalars == summary.utf8 { point = ChunkPoint(utf8: point.utf8, utf16: point.utf8, scalars: point.utf8) }
        }
        let prefix = place.cursor.prefix
        let pointOffset: Int
        switch unit {
        case .unicodeScalar where point.knowsScalars: pointOffset = prefix.scalars + point.scalars
        case .utf16 where point.knowsScalars: pointOffset = prefix.utf16 + point.utf16
        case .utf8: pointOffset = prefix.utf8 + point.utf8
        default: return nil
        }
        let reach = Self.placeReach
        let lower = range.lowerBound - pointOffset, upper = range.upperBound - pointOffset
        guard lower >= -reach && upper <= reach else { return nil }
        let ls = point.utf8 + lower, le = point.utf8 + upper
        let between = min(ls, point.utf8)..<max(le, point.utf8)
        let ascii = place.cursor.chunkAddress.pointee.bytes.withUnsafeBufferPointer { p -> Bool in
            guard between.lowerBound >= 0 && between.upperBound <= p.count else { return false }
            for i in between where p[i] >= 0x80 { return false }
            return true
        }
        return ascii ? (place, point, ls..<le) : nil
    }

    /// The bytes of units `range` of `unit` near the edit place (`localRangeNearEditPlace`), or
    /// nil: the general validation then answers, with the same result. O(distance).
    @inline(__always)
    func utf8RangeNearEditPlace(_ range: Range<Int>, in unit: TextUnit) -> Range<Int>? {
        guard let (place, _, bytes) = localRangeNearEditPlace(range, in: unit) else { return nil }
        let start = place.cursor.prefix.utf8
        return (start + bytes.lowerBound)..<(start + bytes.upperBound)
    }

    /// Replaces units `range` of `unit` with `new` when that is typing at the edit place: the
    /// range is next to the place (`localRangeNearEditPlace`), the edit fits the ASCII plan
    /// (`planASCII`: simple ASCII replaced and inserted, nothing joins across it) in the place's
    /// chunk, and the tree is this document's own. Exactly what the general path
    /// (`replaceUTF8`) does for such an edit, with no search, no hint and no re-measuring; the
    /// followers follow it through the same `following`. Returns the new text's bytes (on
    /// grapheme boundaries), or nil with the document untouched when a condition fails.
    /// O(chunk) for the bytes moved, plus the path's summaries.
    @inline(__always)
    mutating func replaceAtEditPlace(_ range: Range<Int>, in unit: TextUnit,
                                     with new: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard !(range.isEmpty && new.isEmpty), isSimpleASCII(new),
              let (place, point, bytes) = localRangeNearEditPlace(range, in: unit)
        else { return nil }
        return replaceAtEditPlace(bytes, of: place.cursor, from: point, with: new)
    }

    /// `replaceAtEditPlace(_:in:with:)` once the range is bytes `bytes` of the edit place's
    /// chunk (at `cursor`), whose point is `point`.
    @inline(__always)
    private mutating func replaceAtEditPlace(_ bytes: Range<Int>, of cursor: Cursor, from point: ChunkPoint,
                                             with new: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard isKnownUniquelyReferenced(&finger) else { return nil }
        let s = cursor.prefix.utf8 + bytes.lowerBound, e = cursor.prefix.utf8 + bytes.upperBound
        // The general path edits from the chunk holding byte s - 1, which is this one unless the
        // edit starts at its first byte.
        guard bytes.lowerBound > 0 || cursor.index == 0,
              let newSize = inPlaceSize(cursor, s, e, new),
              let plan = planASCII(cursor, cursor.chunkAddress, s, e, new, newSize)
        else { return nil }
        following(s..<e, inserted: new) { document in
            document.applyAtEditPlace(plan, bytes, of: cursor, from: point, with: new)
        }
        checkInvariantsAfterEdit()
        return plan.enclosing
    }

    /// The text half of the typing path: `plan` applied to the edit place's chunk, the place
    /// moved to the end of the new text.
    @inline(__always)
    private mutating func applyAtEditPlace(_ plan: InPlacePlan, _ bytes: Range<Int>, of placeCursor: Cursor,
                                           from point: ChunkPoint, with new: UnsafeBufferPointer<UInt8>) {
        var cursor = placeCursor
        finger.textWillChange()
        let (range, size, delta, window) = (plan.localRange, plan.newSize, plan.delta, plan.window)
        rope.mutateChunk(at: &cursor, adding: delta) {
            $0.edit(range, with: new, newSize: size, delta: delta, window: window)
        }
        // The point moves to the end of the new text; the bytes from the old point to the
        // edit's start are ASCII, one unit each.
        let step = bytes.lowerBound - point.utf8 + new.count
        let after = point.knowsScalars
            ? ChunkPoint(utf8: point.utf8 + step, utf16: point.utf16 + step, scalars: point.scalars + step)
            : ChunkPoint(utf8: point.utf8 + step, utf16: -1, scalars: -1)
        finger.recordEdit(EditPlace(root: rootID, cursor: cursor, point: after))
    }
}
