// The side table of a load: each undecodable byte sequence of a lossless load became U+FFFD in
// the document, and each character of a legacy encoding that ICU decodes one way only (its
// code points encode to other bytes) became its character; their original bytes are kept here
// with where their text was. A save in the same encoding writes the original bytes back for
// each one whose text is still untouched, found without tracking edits: a chunk the edited
// document still shares with the loaded one is untouched (an edit copies the chunks it
// changes), and so is the text before the first change and after the last (the common prefix
// and suffix of the loaded and the saved document), and between them a line that both have at
// the same place in the order of lines (LineMatching).

/// Byte sequences a load keeps because the text does not give them back (undecodable, or
/// decoded one way only), against the document as loaded.
struct UndecodableBytes: Sendable {
    /// U+FFFD in UTF-8: the text of an undecodable sequence.
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// One sequence: the UTF-8 offset of its text in the loaded document, its bytes, and its
    /// text (UTF-8: U+FFFD for an undecodable sequence, else the character it decoded to).
    struct Entry: Sendable, Hashable {
        var offset: Int
        var bytes: [UInt8]
        var text: [UInt8] = UndecodableBytes.replacement

        /// Whether the bytes did not decode (rather than decoding one way only).
        var isUndecodable: Bool { text == UndecodableBytes.replacement }
    }

    /// The sequences in order of offset.
    var entries: [Entry] = []
    /// The document as loaded (shares its chunks with the edited one until they change).
    var loadedDocument = TextDocument()
    /// The encoding the bytes were undecodable in: only a save into it writes them back.
    var encoding = ""

    /// The sequences whose text is untouched in `document`, with their offsets in it, in
    /// order and no text overlapping another's: those in a chunk the document still shares
    /// with the loaded one (edits copy the chunks they change), those before the first change
    /// or after the last, and those between in a line left as it was. O(n log n) in bytes at worst (shared chunks are compared by
    /// identity, not byte by byte).
    func entries(in document: TextDocument) -> [Entry] {
        guard !entries.isEmpty else { return [] }
        var placed: [Int: Int] = [:]  // entry index → offset in `document`
        // The loaded chunks holding entries, by storage, with their offset and entries.
        var holders: [UnsafeRawPointer: (start: Int, first: Int, end: Int)] = [:]
        var next = 0
        var start = 0
        for chunk in loadedDocument.utf8Chunks where next < entries.count {
            let end = start + chunk.count
            let first = next
            while next < entries.count && entries[next].offset + entries[next].text.count <= end { next += 1 }
            if next > first, let storage = Self.storage(chunk) { holders[storage] = (start, first, next) }
            start = end
        }
        if !holders.isEmpty {
            start = 0
            for chunk in document.utf8Chunks {
                if let storage = Self.storage(chunk), let holder = holders[storage] {
                    for i in holder.first..<holder.end where entries[i].offset >= holder.start {
                        placed[i] = entries[i].offset - holder.start + start
                    }
                }
                start += chunk.count
            }
        }
        if placed.count < entries.count {
            let oldLength = loadedDocument.count(in: .utf8)
            let newLength = document.count(in: .utf8)
            let prefix = Self.commonPrefix(loadedDocument, document)
            let suffix = Self.commonSuffix(loadedDocument, document, limit: min(oldLength, newLength) - prefix)
            for (i, entry) in entries.enumerated() where placed[i] == nil {
                if entry.offset + entry.text.count <= prefix {
                    placed[i] = entry.offset
                } else if entry.offset >= oldLength - suffix {
                    placed[i] = entry.offset + newLength - oldLength
                }
            }
            if placed.count < entries.count {
                placeInUnchangedLines(&placed, document, between: prefix, oldEnd: oldLength - suffix,
                                      newEnd: newLength - suffix)
            }
        }
        // Where the text repeats (a run of U+FFFD), two entries can each find their text at the
        // same place — one in a shared chunk, one in the common prefix: the first keeps it.
        var result: [Entry] = []
        result.reserveCapacity(placed.count)
        for (i, offset) in placed.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            if let last = result.last, offset < last.offset + last.text.count { continue }
            var moved = entries[i]
            moved.offset = offset
            result.append(moved)
        }
        return result
    }

    /// The largest changed region (both versions together, in bytes) whose lines are matched.
    static let matchedRegionLimit = 16 << 20

    /// Places the entries of the changed region — bytes `start..<oldEnd` of the loaded document,
    /// `start..<newEnd` of `document` — that lie in a line the edits left as it was (matched as
    /// patience diff does). O(r log r) for an r-byte region; nothing for a region over
    /// `matchedRegionLimit`.
    private func placeInUnchangedLines(_ placed: inout [Int: Int], _ document: TextDocument, between start: Int,
                                       oldEnd: Int, newEnd: Int) {
        guard oldEnd > start, newEnd >= start, oldEnd - start + newEnd - start <= Self.matchedRegionLimit else { return }
        func bytes(_ d: TextDocument, _ range: Range<Int>) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
                d.copyUTF8(range, into: buffer)
                count = range.count
            }
        }
        let old = bytes(loadedDocument, start..<oldEnd)
        let new = bytes(document, start..<newEnd)
        let oldLines = LineMatching.lines(old)
        let newLines = LineMatching.lines(new)
        let matches = LineMatching.match(old, oldLines, new, newLines)
        var line = 0
        for (i, entry) in entries.enumerated() where placed[i] == nil && entry.offset >= start {
            let from = entry.offset - start
            guard from + entry.text.count <= old.count else { break }
            while line < oldLines.count && oldLines[line].upperBound <= from { line += 1 }
            guard line < oldLines.count, from + entry.text.count <= oldLines[line].upperBound,
                  let j = matches[line] else { continue }
            placed[i] = start + newLines[j].lowerBound + (from - oldLines[line].lowerBound)
        }
    }

    /// The address of an array's storage (what shared chunks have in common). O(1).
    private static func storage(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// The number of leading bytes `a` and `b` have in common. O(length) at worst.
    static func commonPrefix(_ a: TextDocument, _ b: TextDocument) -> Int {
        var ia = a.utf8Chunks.makeIterator()
        var ib = b.utf8Chunks.makeIterator()
        var ca: [UInt8] = []
        var cb: [UInt8] = []
        var pa = 0
        var pb = 0
        var same = 0
        while true {
            if pa == ca.count {
                guard let next = ia.next() else { return same }
                ca = next
                pa = 0
                continue
            }
            if pb == cb.count {
                guard let next = ib.next() else { return same }
                cb = next
                pb = 0
                continue
            }
            if pa == 0 && pb == 0 && ca.count == cb.count && sharesStorage(ca, cb) {
                same += ca.count
                pa = ca.count
                pb = cb.count
                continue
            }
            guard ca[pa] == cb[pb] else { return same }
            pa += 1
            pb += 1
            same += 1
        }
    }

    /// The number of trailing bytes `a` and `b` have in common, at most `limit`. O(length) at
    /// worst.
    static func commonSuffix(_ a: TextDocument, _ b: TextDocument, limit: Int) -> Int {
        guard limit > 0, !a.rope.isEmpty, !b.rope.isEmpty else { return 0 }
        var ca = a.rope.cursor(atChunk: a.rope.chunkCount - 1)
        var cb = b.rope.cursor(atChunk: b.rope.chunkCount - 1)
        var ba = ca.chunk.bytes
        var bb = cb.chunk.bytes
        var pa = ba.count
        var pb = bb.count
        var same = 0
        while same < limit {
            if pa == 0 {
                guard a.rope.moveToPrevious(&ca) else { break }
                ba = ca.chunk.bytes
                pa = ba.count
                continue
            }
            if pb == 0 {
                guard b.rope.moveToPrevious(&cb) else { break }
                bb = cb.chunk.bytes
                pb = bb.count
                continue
            }
            if pa == ba.count && pb == bb.count && pa == pb && same + pa <= limit && sharesStorage(ba, bb) {
                same += pa
                pa = 0
                pb = 0
                continue
            }
            guard ba[pa - 1] == bb[pb - 1] else { break }
            pa -= 1
            pb -= 1
            same += 1
        }
        return min(same, limit)
    }

    /// Whether two arrays are the same storage (a chunk shared by copy-on-write). O(1).
    private static func sharesStorage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}
