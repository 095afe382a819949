internal import CaretICU

/// ICU's charset detector (`ucsdet`): guesses of the encoding of some bytes, best first.
enum ICUCharsetDetector {
    /// One guess: the encoding's name as ICU's detector spells it, and its confidence (0–100).
    struct Guess: Equatable {
        /// "Shift_JIS", "ISO-8859-1", "KOI8-R"…
        var name: String
        /// ICU's confidence, 0–100 (a score, not a probability).
        var confidence: Int
    }

    /// Up to 16 guesses for `bytes`, best first; empty when ICU cannot run. O(n) for n bytes,
    /// times the number of encodings ICU knows (about 30).
    static func guesses(_ bytes: UnsafeBufferPointer<UInt8>) -> [Guess] {
        guard bytes.count <= Int(Int32.max) else { return [] }
        var raw = [caret_charset_guess](repeating: caret_charset_guess(), count: 16)
        var status: caret_icu_status = CARET_ICU_OK
        let n = raw.withUnsafeMutableBufferPointer {
            caret_detect_charsets(bytes.baseAddress, Int32(bytes.count), $0.baseAddress, Int32($0.count), &status)
        }
        guard caret_icu_succeeded(status) else { return [] }
        return raw[..<Int(n)].map { guess in
            var copy = guess
            let name = withUnsafeBytes(of: &copy.name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            return Guess(name: name, confidence: Int(guess.confidence))
        }
    }
}
