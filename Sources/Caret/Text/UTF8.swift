internal import CaretSIMD

/// UTF-8 helpers over buffers that are already known to be valid.
enum UTF8Scalars {
    /// The length of the sequence that starts with lead byte `b` (1 for ASCII).
    @inline(__always)
    static func length(lead b: UInt8) -> Int {
        b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
    }

    /// True for a byte that starts a scalar (not a continuation byte).
    @inline(__always)
    static func isLead(_ b: UInt8) -> Bool { b & 0xC0 != 0x80 }

    /// Decodes the scalar at `i`; `p` must hold valid UTF-8 and `i` a lead byte.
    @inline(__always)
    static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(p[i + 1]) & 0x3F, 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | (UInt32(p[i + 1]) & 0x3F) << 6 | UInt32(p[i + 2]) & 0x3F, 3)
        }
        return ((b0 & 0x07) << 18 | (UInt32(p[i + 1]) & 0x3F) << 12 | (UInt32(p[i + 2]) & 0x3F) << 6
                | UInt32(p[i + 3]) & 0x3F, 4)
    }

    /// Writes the UTF-16 of valid UTF-8 `p` (whole scalars) to `out`, which must have room for
    /// `p.count` units (UTF-16 never takes more units than UTF-8 takes bytes); returns the units
    /// written. See `transcodeToUTF16(_:into:capacity:)`. O(n).
    @inline(__always)
    static func transcodeToUTF16(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
        transcodeToUTF16(p, into: out, capacity: p.count)
    }

    /// Whether this processor takes `transcodeToUTF16`'s vector path (x86-64 with SSSE3).
    static var hasVectorTranscoder: Bool {
        var byte: UInt8 = 0
        var unit: UInt16 = 0
        return caret_simd_utf8_to_utf16(&byte, 0, &unit, 0) >= 0
    }

    /// Writes the UTF-16 of valid UTF-8 `p` (whole scalars) to `out`, which has room for
    /// `capacity` units, at least the UTF-16 length of `p`; returns the units written. Units past
    /// the result may be overwritten, none at or past `capacity`. Sixteen bytes a step in
    /// CaretSIMD where the processor has the instructions for it (a piece of 32 bytes or more),
    /// else `transcodeByLength(_:into:)`. O(n).
    @inline(__always)
    static func transcodeToUTF16(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>,
                                 capacity: Int) -> Int {
        if p.count >= 32, let base = p.baseAddress {
            let written = caret_simd_utf8_to_utf16(base, p.count, out, capacity)
            if written >= 0 { return written }
        }
        return transcodeByLength(p, into: out)
    }

    /// Writes the UTF-16 of valid UTF-8 `p` (whole scalars) to `out`, exactly the units returned
    /// (at most `p.count`), without vector instructions: each length of sequence has its own
    /// loop that goes on while the text keeps to it (the scripts of a text keep to one length
    /// between spaces and punctuation): ASCII eight
    /// bytes at a time, two-byte sequences four or two at a time and three-byte ones two at a
    /// time when the next word holds as many whole ones, tested with one mask; a lone ASCII byte
    /// between words of another script goes on at once. Inline rather than through
    /// `decode(_:at:)`, whose tuple and second dispatch on the length made the rope's reads for
    /// ICU dearer. Indexes move with wrapping arithmetic: they stay below `p.count`. O(n).
    static func transcodeByLength(_ p: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
        guard let base = p.baseAddress else { return 0 }
        let n = p.count
        var i = 0, k = 0
        @inline(__always) func word(_ i: Int) -> UInt64 { UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) }
        while i < n {
            let b0 = UInt32(base[i])
            if b0 < 0x80 {
                // A run of ASCII: eight bytes at a time while whole words are ASCII (a lone space
                // or mark between words of another script goes on at once).
                out[k] = UInt16(b0)
                i &+= 1
                k &+= 1
                guard i < n && base[i] < 0x80 else { continue }
                while i &+ 8 <= n {
                    let w = word(i)
                    guard w & 0x8080_8080_8080_8080 == 0 else { break }
                    for t in 0..<8 { out[k &+ t] = UInt16(base[i &+ t]) }
                    i &+= 8
                    k &+= 8
                }
                while i < n && base[i] < 0x80 {
                    out[k] = UInt16(base[i])
                    i &+= 1
                    k &+= 1
                }
            } else if b0 < 0xE0 {
                // Four two-byte sequences a word (110xxxxx 10xxxxxx), or two in its first half.
                while i &+ 8 <= n {
                    let w = word(i)
                    if w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 {
                        out[k] = UInt16(truncatingIfNeeded: (w & 0x1F) << 6 | (w >> 8) & 0x3F)
                        out[k &+ 1] = UInt16(truncatingIfNeeded: (w >> 16 & 0x1F) << 6 | (w >> 24) & 0x3F)
                        out[k &+ 2] = UInt16(truncatingIfNeeded: (w >> 32 & 0x1F) << 6 | (w >> 40) & 0x3F)
                        out[k &+ 3] = UInt16(truncatingIfNeeded: (w >> 48 & 0x1F) << 6 | (w >> 56) & 0x3F)
                        i &+= 8
                        k &+= 4
                        continue
                    }
                    guard w & 0xC0E0_C0E0 == 0x80C0_80C0 else { break }
                    out[k] = UInt16(truncatingIfNeeded: (w & 0x1F) << 6 | (w >> 8) & 0x3F)
                    out[k &+ 1] = UInt16(truncatingIfNeeded: (w >> 16 & 0x1F) << 6 | (w >> 24) & 0x3F)
                    i &+= 4
                    k &+= 2
                }
                while i < n && base[i] & 0xE0 == 0xC0 {
                    out[k] = UInt16((UInt32(base[i]) & 0x1F) << 6 | UInt32(base[i &+ 1]) & 0x3F)
                    i &+= 2
                    k &+= 1
                }
            } else if b0 < 0xF0 {
                // Two three-byte sequences a word: 1110xxxx 10xxxxxx 10xxxxxx, twice.
                while i &+ 8 <= n {
                    let w = word(i)
                    guard w & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 else { break }
                    out[k] = UInt16(truncatingIfNeeded: (w & 0x0F) << 12 | (w >> 8 & 0x3F) << 6 | (w >> 16) & 0x3F)
                    out[k &+ 1] = UInt16(truncatingIfNeeded: (w >> 24 & 0x0F) << 12 | (w >> 32 & 0x3F) << 6 | (w >> 40) & 0x3F)
                    i &+= 6
                    k &+= 2
                }
                while i < n && base[i] & 0xF0 == 0xE0 {
                    out[k] = UInt16((UInt32(base[i]) & 0x0F) << 12 | (UInt32(base[i &+ 1]) & 0x3F) << 6 | UInt32(base[i &+ 2]) & 0x3F)
                    i &+= 3
                    k &+= 1
                }
            } else {
                let v = ((b0 & 0x07) << 18 | (UInt32(base[i &+ 1]) & 0x3F) << 12 | (UInt32(base[i &+ 2]) & 0x3F) << 6
                         | UInt32(base[i &+ 3]) & 0x3F) &- 0x10000
                out[k] = UInt16(truncatingIfNeeded: 0xD800 &+ (v >> 10))
                out[k &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 &+ (v & 0x3FF))
                i &+= 4
                k &+= 2
            }
        }
        return k
    }

    /// From byte `i` of valid UTF-8 `p` (a scalar boundary) at UTF-16 offset `k`, forward to
    /// UTF-16 offset `target` (≥ k): the byte and unit where the scalar holding that unit starts
    /// (past it when the target falls inside a surrogate pair; the caller steps back), or the end
    /// of `p`. Eight bytes at a time while a whole word's units fit: its lead bytes, and one more
    /// for each four-byte lead. O(bytes crossed).
    static func forward(in p: UnsafeBufferPointer<UInt8>, from i: Int, unit k: Int, toUnit target: Int) -> (byte: Int, unit: Int) {
        guard let base = p.baseAddress else { return (i, k) }
        let n = p.count
        var i = i, k = k
        while i &+ 8 <= n {
            let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let continuations = (w & ~(w << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            let fourByteLeads = (w & (w << 1) & (w << 2) & (w << 3) & 0x8080_8080_8080_8080).nonzeroBitCount
            let units = 8 &- continuations &+ fourByteLeads
            guard k &+ units <= target else { break }
            k &+= units
            i &+= 8
        }
        while i < n && !isLead(base[i]) { i &+= 1 }                 // the rest of a scalar counted
        while k < target && i < n {
            let length = self.length(lead: base[i])
            k &+= length == 4 ? 2 : 1
            i &+= length
        }
        return (i, k)
    }

    /// The byte offset of the `k`-th scalar of valid UTF-8 `p` (`p.count` when k is the count
    /// or more). Counts lead bytes eight at a time.
    static func offset(ofScalar k: Int, in p: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = p.baseAddress else { return 0 }
        var remaining = k
        var i = 0
        let n = p.count
        while i + 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // Continuation bytes are 10xxxxxx: bit 7 set, bit 6 clear.
            let continuations = (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            let leads = 8 - continuations
            if leads > remaining { break }
            remaining -= leads
            i += 8
        }
        while i < n {
            if isLead(p[i]) {
                if remaining == 0 { return i }
                remaining -= 1
            }
            i += 1
        }
        return n
    }

    /// The scalars in valid UTF-8 `p`, and how many of them lie outside the BMP (each of those
    /// is two UTF-16 units). Eight bytes at a time.
    static func countScalars(in p: UnsafeBufferPointer<UInt8>) -> (scalars: Int, supplementary: Int) {
        guard let base = p.baseAddress else { return (0, 0) }
        var continuations = 0, fourByteLeads = 0
        var i = 0
        let n = p.count
        while i + 8 <= n {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            // Lead bytes of four-byte sequences are 11110xxx: the top four bits all set.
            fourByteLeads += (word & (word << 1) & (word << 2) & (word << 3) & 0x8080_8080_8080_8080).nonzeroBitCount
            i += 8
        }
        while i < n {
            if !isLead(p[i]) { continuations += 1 }
            if p[i] >= 0xF0 { fourByteLeads += 1 }
            i += 1
        }
        return (n - continuations, fourByteLeads)
    }

    /// From lead byte `from` of valid UTF-8 `p`, with `scalars` scalars before it, to the start
    /// of scalar `target` (0-based, less than the scalar count of `p`), forwards or backwards:
    /// its byte offset, and how many four-byte scalars lie between the two (each is one scalar
    /// but two UTF-16 units). Counts lead bytes eight at a time. O(distance).
    static func step(_ p: UnsafeBufferPointer<UInt8>, from: Int, scalars: Int, to target: Int) -> (utf8: Int, supplementary: Int) {
        guard let base = p.baseAddress else { return (0, 0) }
        let high: UInt64 = 0x8080_8080_8080_8080
        // Continuation bytes are 10xxxxxx; four-byte leads 11110xxx (the top four bits set).
        @inline(__always) func leads(_ w: UInt64) -> Int { 8 - (w & ~(w << 1) & high).nonzeroBitCount }
        @inline(__always) func fourByteLeads(_ w: UInt64) -> Int { (w & (w << 1) & (w << 2) & (w << 3) & high).nonzeroBitCount }
        var i = from, s = scalars, supplementary = 0
        if target >= s {
            while i + 8 <= p.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let l = leads(word)
                if s + l > target { break }
                s += l
                supplementary += fourByteLeads(word)
                i += 8
            }
            // `s` counts the leads before `i`, which may be a continuation byte.
            while i < p.count {
                let b = p[i]
                if isLead(b) {
                    if s == target { break }
                    s += 1
                    if b >= 0xF0 { supplementary += 1 }
                }
                i += 1
            }
        } else {
            while i >= 8 {
                let word = UnsafeRawPointer(base + i - 8).loadUnaligned(as: UInt64.self)
                let l = leads(word)
                if s - l <= target { break }
                s -= l
                supplementary += fourByteLeads(word)
                i -= 8
            }
            while s > target {
                i -= 1
                let b = p[i]
                if isLead(b) {
                    s -= 1
                    if b >= 0xF0 { supplementary += 1 }
                }
            }
        }
        return (i, supplementary)
    }

    /// The start of the scalar that contains byte `i` (0...count).
    @inline(__always)
    static func scalarStart(_ p: UnsafeBufferPointer<UInt8>, atOrBefore i: Int) -> Int {
        var j = i
        while j > 0 && j < p.count && !isLead(p[j]) { j -= 1 }
        return j
    }
}

/// Checks that bytes are well-formed UTF-8 (RFC 3629 / Unicode Table 3-7) and says where and
/// why they are not.
enum UTF8Validation {
    /// The first ill-formed sequence, or nil. O(n), on several threads for a long text
    /// (`checkInParallel`).
    static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> TextError? {
        checkInParallel(bytes, isComplete: true).error
    }

    /// The length of the parts `checkInParallel` checks on threads of their own.
    static let parallelPartBytes = 1 << 18

    /// `check(_:isComplete:)`, the same answer, with a long text split at scalar starts into
    /// parts checked on several threads. When every part but the last holds only complete,
    /// well-formed sequences, the last part's answer is the whole text's (its first sequence
    /// starts where a sequential check would reach it); otherwise (ill-formed text, rare) the
    /// text is checked again front to back, which names the first problem. O(n).
    static func checkInParallel(_ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> (validEnd: Int, error: TextError?) {
        let n = bytes.count
        let parts = n / parallelPartBytes
        guard parts >= 2 && ParallelMap.threadLimit >= 2 else { return check(bytes, isComplete: isComplete) }
        var bounds = [0]
        for k in 1..<parts {
            // Back to the scalar's first byte: at most three steps over continuation bytes
            // (more means ill-formed text, which the part's check reports).
            var s = k * (n / parts)
            var steps = 0
            while steps < 3 && bytes[s] & 0xC0 == 0x80 { s -= 1; steps += 1 }
            bounds.append(s)
        }
        bounds.append(n)
        let results = ParallelMap.map(parts) { k in
            check(UnsafeBufferPointer(rebasing: bytes[bounds[k]..<bounds[k + 1]]), isComplete: k == parts - 1 && isComplete)
        }
        for k in 0..<(parts - 1) where results[k].error != nil || results[k].validEnd != bounds[k + 1] - bounds[k] {
            return check(bytes, isComplete: isComplete)
        }
        guard results[parts - 1].error == nil else { return check(bytes, isComplete: isComplete) }
        return (bounds[parts - 1] + results[parts - 1].validEnd, nil)
    }

    /// Checks `bytes`, the next piece of a text. With `isComplete` false more bytes may follow,
    /// so a sequence cut off by the end of `bytes` whose bytes are right so far is not an error:
    /// `validEnd` is then its start (where the next check must resume), else `bytes.count`.
    /// Deciding at byte i needs bytes i...i+3 only, so a text checked piece by piece gets the
    /// same first error (offset and reason) as when checked whole. O(n).
    ///
    /// The vector check (`wellFormedPrefix`) decides first where the processor has it, else the
    /// automaton (`UTF8Automaton`), without a branch on each sequence's length; only a piece
    /// they reject is checked again by `namedCheck`, which names the problem, and a piece that
    /// ends inside a sequence has that sequence's bytes checked by it.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> (validEnd: Int, error: TextError?) {
        if let end = wellFormedPrefix(bytes) {
            guard end < bytes.count else { return (end, nil) }
            let (validEnd, error) = namedCheck(UnsafeBufferPointer(rebasing: bytes[end...]), isComplete: isComplete)
            return (end + validEnd, error.map { TextError($0.kind, byteOffset: end + $0.offset) })
        }
        let state = UTF8Automaton.run(bytes)
        if state == UTF8Automaton.accept { return (bytes.count, nil) }
        guard state != UTF8Automaton.reject else { return namedCheck(bytes, isComplete: isComplete) }
        // Every sequence is well formed up to the last one, which the piece cuts short: the
        // automaton accepted before its lead byte, among the last three bytes.
        var start = bytes.count - 1
        while start > 0 && bytes.count - start < 3 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let (validEnd, error) = namedCheck(UnsafeBufferPointer(rebasing: bytes[start...]), isComplete: isComplete)
        return (start + validEnd, error.map { TextError($0.kind, byteOffset: start + $0.offset) })
    }

    /// The pieces the vector check takes: shorter ones go to the automaton (the call and the
    /// last block's copy would cost more than they save).
    static var vectorCheckMinimum: Int { 64 }

    /// Where the bytes stop being certainly well formed, when CaretSIMD's vector check can say
    /// (x86-64 with SSSE3, a piece of `vectorCheckMinimum` bytes or more): the piece's length
    /// when it is well-formed UTF-8 ending on a complete sequence, or the start of its last
    /// sequence when that one may be cut off by the piece's end (its lead among the last three
    /// bytes asks for more than follow) and everything before it is well formed; the caller
    /// checks that sequence. Nil when the vector check is not available or finds a problem: the
    /// automaton decides then. O(n), sixteen bytes a step.
    @inline(__always)
    static func wellFormedPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = bytes.count
        guard n >= vectorCheckMinimum, let base = bytes.baseAddress else { return nil }
        // The last sequence's lead: at most three continuation bytes back (more is ill formed,
        // which the vector check finds).
        var lead = n - 1
        while lead > n - 4 && base[lead] & 0xC0 == 0x80 { lead -= 1 }
        let end = UTF8Scalars.isLead(base[lead]) && UTF8Scalars.length(lead: base[lead]) > n - lead ? lead : n
        return caret_simd_utf8_is_valid(base, end) == 1 ? end : nil
    }

    /// `check(_:isComplete:)` sequence by sequence, naming the first problem. O(n).
    static func namedCheck(_ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) -> (validEnd: Int, error: TextError?) {
        let n = bytes.count
        var i = 0
        while i < n {
            // Skip ASCII eight bytes at a time, then up to the first byte above 0x7F of the word.
            while i + 8 <= n {
                let high = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self).littleEndian
                    & 0x8080_8080_8080_8080
                if high != 0 {
                    i += high.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < n else { break }
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            // Well-formed two-, three- and four-byte sequences, read as one word (the loads'
            // common case: every non-ASCII scalar); anything else, or near the end, goes to the
            // byte-by-byte check below, which names the problem.
            if i + 4 <= n {
                let w = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt32.self).littleEndian
                let b1 = UInt8(truncatingIfNeeded: w >> 8)
                if b0 & 0xE0 == 0xC0 {
                    if b0 >= 0xC2 && b1 & 0xC0 == 0x80 { i += 2; continue }
                } else if b0 & 0xF0 == 0xE0 {
                    if w & 0x00C0_C000 == 0x0080_8000 && (b0 != 0xE0 || b1 >= 0xA0) && (b0 != 0xED || b1 <= 0x9F) {
                        i += 3
                        continue
                    }
                } else if b0 >= 0xF0 && b0 <= 0xF4 {
                    if w & 0xC0C0_C000 == 0x8080_8000 && (b0 != 0xF0 || b1 >= 0x90) && (b0 != 0xF4 || b1 <= 0x8F) {
                        i += 4
                        continue
                    }
                }
            }
            let need: Int
            var lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch b0 {
            case 0x80...0xBF:
                return (i, TextError(.invalidUTF8(reason: .unexpectedContinuationByte), byteOffset: i))
            case 0xC0, 0xC1:
                return (i, TextError(.invalidUTF8(reason: .overlongEncoding), byteOffset: i))
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xED: need = 2; hi = 0x9F
            case 0xE1...0xEF: need = 2
            case 0xF0: need = 3; lo = 0x90
            case 0xF4: need = 3; hi = 0x8F
            case 0xF1...0xF3: need = 3
            default:
                return (i, TextError(.invalidUTF8(reason: .invalidByte), byteOffset: i))
            }
            // The second byte carries the range restrictions.
            guard i + 1 < n else { return truncatedByEnd(at: i) }
            let b1 = bytes[i + 1]
            if b1 < lo || b1 > hi {
                if b1 & 0xC0 != 0x80 {
                    return (i, TextError(.invalidUTF8(reason: .truncatedSequence), byteOffset: i))
                }
                let reason: TextError.UTF8Problem =
                    b0 == 0xED ? .surrogate : (b0 == 0xE0 || b0 == 0xF0) ? .overlongEncoding : .beyondUnicode
                return (i, TextError(.invalidUTF8(reason: reason), byteOffset: i))
            }
            for k in 2...max(2, need) where k <= need {
                guard i + k < n else { return truncatedByEnd(at: i) }
                if bytes[i + k] & 0xC0 != 0x80 {
                    return (i, TextError(.invalidUTF8(reason: .truncatedSequence), byteOffset: i))
                }
            }
            i += need + 1
        }
        return (n, nil)

        /// A sequence at `i` cut short by the end of the piece: an error only in a complete text.
        func truncatedByEnd(at i: Int) -> (validEnd: Int, error: TextError?) {
            isComplete ? (i, TextError(.invalidUTF8(reason: .truncatedSequence), byteOffset: i)) : (i, nil)
        }
    }
}
