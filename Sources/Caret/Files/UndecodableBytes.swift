// The side table of a lossless load: each undecodable byte sequence became U+FFFD in the
// document, and its original bytes are kept here with where that U+FFFD was. A save in the
// same encoding writes the original bytes back for each U+FFFD that is still untouched, found
// without tracking edits: the part of the text before the first change and after the last
// (the common prefix and suffix of the loaded and the saved document) is untouched.

/// Undecodable byte sequences of a lossless load, against the document as loaded.
struct UndecodableBytes: Sendable {
    /// One sequence: the UTF-8 offset of its U+FFFD in the loaded document, and its bytes.
    struct Entry: Sendable, Hashable {
        var offset: Int
        var bytes: [UInt8]
    }

    /// The sequences in order of offset.
    var entries: [Entry] = []
    /// The document as loaded (shares its chunks with the edited one until they change).
    var loadedDocument = TextDocument()
    /// The encoding the bytes were undecodable in: only a save into it writes them back.
    var encoding = ""

    /// The sequences whose U+FFFD is untouched in `document`, with their offsets in it, in
    /// order. O(n) in bytes at worst (chunks shared with the loaded document are skipped whole).
    func entries(in document: TextDocument) -> [Entry] {
        guard !entries.isEmpty else { return [] }
        let oldLength = loadedDocument.count(in: .utf8)
        let newLength = document.count(in: .utf8)
        let prefix = Self.commonPrefix(loadedDocument, document)
        let suffix = Self.commonSuffix(loadedDocument, document, limit: min(oldLength, newLength) - prefix)
        let shift = newLength - oldLength
        var kept: [Entry] = []
        for entry in entries {
            let end = entry.offset + 3  // U+FFFD is 3 bytes of UTF-8
            if end <= prefix {
                kept.append(entry)
            } else if entry.offset >= oldLength - suffix {
                kept.append(Entry(offset: entry.offset + shift, bytes: entry.bytes))
            }
        }
        return kept
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
