internal import CaretICU

// Choosing a legacy encoding among those that decode a file: ICU's detector ranks encodings by
// byte statistics, which fail on text outside an encoding's usual language (German in EUC-JP,
// Russian in GB18030 come out as windows-1252 mojibake). Each candidate — ICU's guesses, then
// the common legacy encodings — decodes the detector's sample, and the text that looks least
// like a wrong decoding wins (caret_text_implausibility: controls, private use, mixed scripts
// or symbols inside words); ties keep ICU's order.

/// Ranking of candidate encodings by the plausibility of the text they decode.
enum EncodingChoice {
    /// The legacy encodings tried beside ICU's guesses: the common ones ICU's detector knows or
    /// misses.
    static let commonEncodings = ["windows-1252", "windows-1250", "windows-1251", "KOI8-R", "ISO-8859-5",
                                  "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
                                  "Shift_JIS", "EUC-JP", "GB18030", "Big5", "EUC-KR"]

    /// A candidate: its encoding, ICU's confidence (nil for one of `commonEncodings` that ICU
    /// did not name), and how implausible the sample's text is in it.
    struct Candidate: Equatable {
        var name: String
        var confidence: Int?
        var implausibility: Int
    }

    /// The candidates that decode `sample` (whole lines; the end may cut a character), most
    /// plausible first, ties in ICU's order then `commonEncodings`' order. ICU's guesses count
    /// from `minimumConfidence`; the common encodings join only when ICU has such a guess (the
    /// bytes look like text) and only when their text is more plausible than every guess's.
    /// O(n × candidates) for an n-byte sample.
    static func rank(_ sample: [UInt8], guesses: [ICUCharsetDetector.Guess], minimumConfidence: Int) -> [Candidate] {
        var seen: Set<String> = []
        var fromICU: [Candidate] = []
        for guess in guesses where guess.confidence >= minimumConfidence && !guess.name.hasPrefix("UTF") {
            guard let converter = ICUConverter(encoding: guess.name), seen.insert(converter.standardName).inserted,
                  let score = implausibility(of: sample, with: converter)
            else { continue }
            fromICU.append(Candidate(name: guess.name, confidence: guess.confidence, implausibility: score))
        }
        guard let best = fromICU.map(\.implausibility).min() else { return [] }
        var others: [Candidate] = []
        if best > 0 {
            for name in commonEncodings {
                guard let converter = ICUConverter(encoding: name), seen.insert(converter.standardName).inserted,
                      let score = implausibility(of: sample, with: converter), score < best
                else { continue }
                others.append(Candidate(name: name, confidence: nil, implausibility: score))
            }
        }
        // A stable sort: ties keep ICU's order, then the common encodings'.
        return (fromICU + others).enumerated().sorted {
            ($0.element.implausibility, $0.offset) < ($1.element.implausibility, $1.offset)
        }.map(\.element)
    }

    /// How implausible `sample` is as text decoded with `converter`, or nil when it does not
    /// decode (a character cut by the sample's end is not counted). O(n).
    static func implausibility(of sample: [UInt8], with converter: ICUConverter) -> Int? {
        var units = [UInt16](repeating: 0, count: 2 * sample.count + 2)
        let count: Int? = sample.withUnsafeBufferPointer { bytes in
            units.withUnsafeMutableBufferPointer { out in
                guard let base = bytes.baseAddress, let target = out.baseAddress else { return 0 }
                var source = base
                var cursor = target
                let outcome = converter.decode(&source, base + bytes.count, into: &cursor, target + out.count, flush: false)
                return outcome == .done ? cursor - target : nil
            }
        }
        guard let count else { return nil }
        return Int(units.withUnsafeBufferPointer { caret_text_implausibility($0.baseAddress, Int32(count)) })
    }
}
