#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The case-sensitive literal engine: the pattern's UTF-8 bytes found in the chunks as they lie
// in the rope. In each chunk `memchr` looks for the pattern's rarest byte and `memcmp` checks
// the candidate; a candidate that starts in the last `m - 1` bytes of a chunk runs on into the
// next chunks and is compared there, byte by byte. Nothing is copied. UTF-8 matching is
// exactly code-point matching (a valid pattern cannot match starting or ending inside a
// scalar), so only the grapheme check remains, and where both sides of an end are ASCII (not
// CR LF) or a chunk seam it is known without asking the document.

final class LiteralFinder: MatchFinder {
    private let rope: Rope<TextChunk>
    private let needle: [UInt8]
    /// The pattern's byte that is rarest in ordinary text, and where it is in the pattern.
    private let rare: UInt8
    private let rareIndex: Int

    init(rope: Rope<TextChunk>, pattern: [UInt8]) {
        self.rope = rope
        needle = pattern
        var best = 0
        for i in pattern.indices where Self.commonness(pattern[i]) < Self.commonness(pattern[best]) { best = i }
        rareIndex = best
        rare = pattern.isEmpty ? 0 : pattern[best]
    }

    /// How common byte `b` is in mixed text (higher: more common): English letter order for
    /// ASCII, continuation and three-byte lead bytes high for multilingual text.
    private static func commonness(_ b: UInt8) -> Int {
        let frequent: [UInt8] = Array(" etaoinsrhldcumfpgwybvk\n".utf8)
        if let i = frequent.firstIndex(of: b) { return 250 - i * 6 }
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 60
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 40
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 50
        case UInt8(ascii: "."), UInt8(ascii: ","): return 100
        case 0x80...0xBF: return 160
        case 0xE0...0xEF: return 130
        case 0xC2...0xDF: return 90
        case 0xF0...0xF4: return 30
        default: return 20
        }
    }

    func first(from: Int, limit: Int, accept: SearchAcceptance) -> SearchHit? {
        let m = needle.count
        guard m > 0, from >= 0, from + m <= limit, limit <= rope.summary.utf8 else { return nil }
        var c = rope.cursor(at: from, in: UTF8Metric.self)
        let lastStart = limit - m                                    // the last start allowed
        while c.prefix.utf8 <= lastStart {
            let base = c.prefix.utf8
            let chunk = c.chunkAddress
            let count = chunk.pointee.bytes.count
            let everyByte = chunk.pointee.summary.graphemes == count
            let lo = max(from - base, 0)
            let hi = min(count - 1, lastStart - base)                // last local start, inclusive
            if lo <= hi {
                // Starts whose match lies inside the chunk.
                let insideHi = min(hi, count - m)
                if lo <= insideHi, let hit = scanInside(chunk, base: base, lo: lo, hi: insideHi, everyByte: everyByte, accept) {
                    return hit
                }
                // Starts whose match runs into the next chunks.
                var s = max(lo, count - m + 1)
                while s <= hi {
                    let first = chunk.pointee.bytes.withUnsafeBufferPointer { $0[s] }
                    if first == needle[0] && matchesAcross(c, local: s) {
                        let range = (base + s)..<(base + s + m)
                        if accept(range, false) { return SearchHit(range: range) }
                    }
                    s += 1
                }
            }
            guard rope.moveToNext(&c) else { return nil }
        }
        return nil
    }

    /// The first accepted match with a start in `lo...hi` of the chunk, lying inside it.
    private func scanInside(_ chunk: UnsafePointer<TextChunk>, base: Int, lo: Int, hi: Int, everyByte: Bool,
                            _ accept: SearchAcceptance) -> SearchHit? {
        let m = needle.count, k = rareIndex, byte = rare
        return chunk.pointee.bytes.withUnsafeBufferPointer { p -> SearchHit? in
            guard let start = p.baseAddress else { return nil }
            return needle.withUnsafeBufferPointer { n -> SearchHit? in
                var at = lo + k                                      // where the rare byte is looked for
                let end = hi + k + 1
                while at < end {
                    guard let found = memchr(start + at, Int32(byte), end - at) else { return nil }
                    let j = start.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    let s = j - k
                    if memcmp(start + s, n.baseAddress!, m) == 0 {
                        // Both ends known as boundaries: every byte of the chunk is a cluster, or
                        // each end is a chunk edge or lies between two ASCII bytes (not CR LF).
                        let aligned = everyByte || (Self.asciiBoundary(p, s) && Self.asciiBoundary(p, s + m))
                        let range = (base + s)..<(base + s + m)
                        if accept(range, aligned) { return SearchHit(range: range) }
                    }
                    at = j + 1
                }
                return nil
            }
        }
    }

    /// True when local offset `x` is a chunk edge or lies between two ASCII bytes that are not
    /// CR LF: a grapheme boundary without asking the document.
    @inline(__always)
    private static func asciiBoundary(_ p: UnsafeBufferPointer<UInt8>, _ x: Int) -> Bool {
        if x == 0 || x == p.count { return true }
        let a = p[x - 1], b = p[x]
        return a < 0x80 && b < 0x80 && !(a == 0x0D && b == 0x0A)
    }

    /// True when the pattern lies at local offset `s` of the cursor's chunk, running on into
    /// the chunks after it. O(pattern length + chunks crossed).
    private func matchesAcross(_ start: Rope<TextChunk>.Cursor, local s: Int) -> Bool {
        var c = start
        var i = s, k = 0
        let m = needle.count
        while k < m {
            let same = c.chunkAddress.pointee.bytes.withUnsafeBufferPointer { p -> Bool in
                while i < p.count && k < m {
                    if p[i] != needle[k] { return false }
                    i += 1
                    k += 1
                }
                return true
            }
            guard same else { return false }
            if k < m {
                guard rope.moveToNext(&c) else { return false }
                i = 0
            }
        }
        return true
    }
}
