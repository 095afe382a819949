// Well-formed UTF-8 (the Unicode Standard's table 3-7) as a finite automaton whose transitions
// are shifts: the state is a bit offset into the row of the next byte, so each byte costs a
// load, a shift and a mask, with no branch on the sequence's length (a mixed-script text
// changes length every few bytes, and a branch on it is mispredicted as often).

/// The automaton `UTF8Validation.check` runs before naming any problem: `run` says whether a
/// piece is well formed, ends inside a sequence, or is not well formed somewhere.
enum UTF8Automaton {
    /// The states, each a multiple of 6 (its bit offset in a row): between sequences; after an
    /// ill-formed byte (absorbing); needing 1, 2 or 3 more continuation bytes; after E0, ED, F0
    /// or F4, whose second byte is restricted.
    static let accept: UInt64 = 0
    static let reject: UInt64 = 6
    private static let need1: UInt64 = 12, need2: UInt64 = 18, need3: UInt64 = 24
    private static let afterE0: UInt64 = 30, afterED: UInt64 = 36, afterF0: UInt64 = 42, afterF4: UInt64 = 48
    private static let states: [UInt64] = [accept, reject, need1, need2, need3, afterE0, afterED, afterF0, afterF4]

    /// The state after byte `b` in state `s`.
    private static func next(_ s: UInt64, _ b: UInt8) -> UInt64 {
        if s == reject { return reject }
        switch b {
        case 0x00...0x7F:
            return s == accept ? accept : reject
        case 0x80...0xBF:
            switch s {
            case need1: return accept
            case need2: return need1
            case need3: return need2
            case afterE0: return b >= 0xA0 ? need1 : reject     // no overlong three-byte forms
            case afterED: return b <= 0x9F ? need1 : reject     // no surrogates
            case afterF0: return b >= 0x90 ? need2 : reject     // no overlong four-byte forms
            case afterF4: return b <= 0x8F ? need2 : reject     // nothing past U+10FFFF
            default: return reject
            }
        default:
            guard s == accept else { return reject }
            switch b {
            case 0xC2...0xDF: return need1
            case 0xE0: return afterE0
            case 0xED: return afterED
            case 0xE1...0xEF: return need2
            case 0xF0: return afterF0
            case 0xF1...0xF3: return need3
            case 0xF4: return afterF4
            default: return reject                              // C0, C1, F5–FF
            }
        }
    }

    /// For each byte value, every state's successor at that state's bit offset.
    private static let rows: [UInt64] = (0..<256).map { b in
        states.reduce(0) { row, s in row | next(s, UInt8(b)) << s }
    }

    /// The state after all of `bytes` from `accept`: `accept` when they are well formed,
    /// `reject` when they are not, another state when they end inside a well-formed beginning
    /// of a sequence. ASCII is skipped eight bytes at a time between sequences. O(n).
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return accept }
        let n = bytes.count
        return rows.withUnsafeBufferPointer { rows in
            var state = accept
            var i = 0
            while i < n {
                if state == accept {
                    while i + 8 <= n && UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                    }
                    if i >= n { break }
                }
                // A stretch through the automaton before looking for ASCII again.
                let end = min(n, i + 16)
                while i < end {
                    state = rows[Int(base[i])] &>> state & 63
                    i += 1
                }
                if state == reject { return reject }
            }
            return state
        }
    }
}
