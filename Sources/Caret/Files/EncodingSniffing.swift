// Deciding a file's encoding from its first bytes, before or beside ICU's detector: the
// byte-order mark, UTF-16/UTF-32 by the pattern of their NUL bytes, whether invalid UTF-8 is
// still mostly UTF-8, and the sample that ICU's detector is given.

/// Encoding evidence from a file's bytes.
enum EncodingSniffing {
    /// The byte-order marks this reader knows, longest first where one starts another (UTF-32LE
    /// before UTF-16LE): each encoding's U+FEFF.
    static let byteOrderMarks: [(encoding: String, bytes: [UInt8])] = [
        ("UTF-8", [0xEF, 0xBB, 0xBF]),
        ("UTF-32LE", [0xFF, 0xFE, 0x00, 0x00]),
        ("UTF-32BE", [0x00, 0x00, 0xFE, 0xFF]),
        ("UTF-16LE", [0xFF, 0xFE]),
        ("UTF-16BE", [0xFE, 0xFF]),
        ("GB18030", [0x84, 0x31, 0x95, 0x33]),
    ]

    /// The encoding whose byte-order mark `head` starts with, and the mark's length. O(1).
    static func byteOrderMark(_ head: [UInt8]) -> (encoding: String, length: Int)? {
        for mark in byteOrderMarks where head.starts(with: mark.bytes) {
            return (mark.encoding, mark.bytes.count)
        }
        return nil
    }

    /// The byte-order mark of `encoding` (an IANA name), or nil when it has none. O(1).
    static func byteOrderMark(of encoding: String) -> [UInt8]? {
        byteOrderMarks.first { $0.encoding == encoding }?.bytes
    }

    /// UTF-32 or UTF-16 (LE or BE) when `head` has NUL bytes in their pattern — UTF-32's
    /// top byte is always 0; UTF-16's NULs (the high bytes of Latin-1 characters: spaces, line
    /// feeds) fall mostly on one side of each unit — and decodes in it with (almost) no U+0000. Text in
    /// UTF-8 or a legacy encoding has no NUL bytes. O(n).
    static func nulPattern(_ head: [UInt8]) -> String? {
        let n = head.count & ~3
        guard n >= 4 else { return nil }
        var zeros = [0, 0, 0, 0]  // by offset modulo 4
        for i in 0..<n where head[i] == 0 { zeros[i & 3] += 1 }
        let total = zeros.reduce(0, +)
        guard total >= 2 else { return nil }
        var candidates: [(String, Int, Bool)] = []
        if zeros[3] == n / 4 { candidates.append(("UTF-32LE", 4, true)) }
        if zeros[0] == n / 4 { candidates.append(("UTF-32BE", 4, false)) }
        // A CJK character can have a NUL low byte (U+4E00): the side with more NULs decides.
        if zeros[1] + zeros[3] > zeros[0] + zeros[2] { candidates.append(("UTF-16LE", 2, true)) }
        if zeros[0] + zeros[2] > zeros[1] + zeros[3] { candidates.append(("UTF-16BE", 2, false)) }
        var best: (name: String, nuls: Int, width: Int)?
        for (name, width, little) in candidates {
            guard let nuls = nulUnits(head[..<n], width: width, littleEndian: little) else { continue }
            if best == nil || nuls < best!.nuls { best = (name, nuls, width) }
        }
        guard let best, best.nuls * 100 <= n / best.width else { return nil }
        return best.name
    }

    /// The number of U+0000 in `bytes` read as UTF-32 or UTF-16, or nil when they are not
    /// well-formed in it (a surrogate pair cut by the end is allowed: the sample is cut).
    private static func nulUnits(_ bytes: ArraySlice<UInt8>, width: Int, littleEndian: Bool) -> Int? {
        var nuls = 0
        var expectTrail = false
        var i = bytes.startIndex
        while i + width <= bytes.endIndex {
            var unit: UInt32 = 0
            for k in 0..<width {
                let b = UInt32(bytes[i + (littleEndian ? width - 1 - k : k)])
                unit = unit << 8 | b
            }
            i += width
            if unit == 0 { nuls += 1 }
            if width == 4 {
                if unit > 0x10FFFF || (0xD800...0xDFFF).contains(unit) { return nil }
                continue
            }
            let isLead = (0xD800...0xDBFF).contains(unit)
            let isTrail = (0xDC00...0xDFFF).contains(unit)
            if expectTrail != isTrail { return nil }
            expectTrail = isLead
        }
        return nuls
    }

    /// The offset of the first NUL byte of `bytes`, if any. O(n).
    static func firstNUL(_ bytes: [UInt8]) -> Int? { bytes.firstIndex(of: 0) }

    /// Whether `bytes`, not valid UTF-8, still look like UTF-8 with a few bad bytes: well-formed
    /// multi-byte sequences outnumber ill-formed ones four to one. Legacy encodings rarely
    /// form a UTF-8 sequence by chance. O(n).
    static func looksLikeDamagedUTF8(_ bytes: [UInt8]) -> Bool {
        var good = 0
        var bad = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xC2 && b <= 0xDF ? 2 : 0
            var ok = length > 0 && i + length <= n
            if ok { for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { ok = false } }
            if ok {
                good += 1
                i += length
            } else {
                bad += 1
                i += 1
            }
        }
        return good >= 4 * bad && good > 0
    }

    /// What ICU's detector is best given: only the lines (LF- or CR-separated) that hold a
    /// byte above 0x7F, at most `limit` bytes of them. On text that is mostly ASCII its
    /// statistics otherwise drown in the ASCII, and Cyrillic KOI8-R or ISO-8859-5 comes out as
    /// ISO-8859-1. Empty when no byte is above 0x7F. O(n).
    static func detectorSample(_ bytes: [UInt8], limit: Int = 1 << 16) -> [UInt8] {
        var sample: [UInt8] = []
        var lineStart = 0
        var high = false
        for i in 0...bytes.count {
            let atEnd = i == bytes.count
            let b: UInt8 = atEnd ? 0x0A : bytes[i]
            if b == 0x0A || b == 0x0D {
                if high && i > lineStart {
                    sample.append(contentsOf: bytes[lineStart..<i])
                    sample.append(0x0A)
                    if sample.count >= limit { break }
                }
                lineStart = i + 1
                high = false
            } else if b >= 0x80 {
                high = true
            }
        }
        return sample
    }
}
