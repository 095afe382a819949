// Saving's text pipeline: the document's UTF-8 pieces, line endings rewritten when asked, then
// encoded — UTF-8 as it is, UTF-16 through the UTF-8 transcoder (CaretSIMD's vector steps where
// the processor has them), anything else through an ICU converter — into an output buffer that
// the caller writes out.

/// Encodes UTF-8 pieces into one encoding, stopping at the first character it cannot hold.
final class TextEncodingPipeline {
    /// Where an unrepresentable character was found: its scalar and how many bytes of the
    /// piece's UTF-8 that are not CR or LF come before it (line-ending rewrites change only CR
    /// and LF, so this places it in the original piece too).
    struct Failure {
        var scalar: Unicode.Scalar
        var otherBytesBefore: Int
    }

    private enum Target {
        case utf8
        case utf16(bigEndian: Bool)
        case converter(ICUConverter)
    }

    /// The encoding's IANA name.
    let name: String
    private let target: Target
    private var rewriter: LineEndingRewriter?
    private var rewritten: [UInt8] = []
    private var units = [UInt16](repeating: 0, count: 1024)
    private let encoded = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)

    /// - Returns: nil when ICU knows no encoding by that name.
    init?(encoding: String, substitute: Bool, lineEndings: LineEnding?) {
        guard let converter = ICUConverter(encoding: encoding, substitute: substitute) else { return nil }
        var name = converter.standardName
        // A UTF without its byte order is big-endian (Unicode's rule for text without a mark).
        if name == "UTF-16" || name == "UTF-32" { name += "BE" }
        self.name = name
        switch name {
        case "UTF-8": target = .utf8
        case "UTF-16LE": target = .utf16(bigEndian: false)
        case "UTF-16BE": target = .utf16(bigEndian: true)
        default:
            guard let named = ICUConverter(encoding: name, substitute: substitute) else { return nil }
            target = .converter(named)
        }
        rewriter = lineEndings.map(LineEndingRewriter.init)
    }

    deinit { encoded.deallocate() }

    /// Encodes the next UTF-8 piece, appending to `output`. O(piece).
    func push(_ piece: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Failure? {
        guard var r = rewriter else { return encode(piece, flush: false, into: &output) }
        rewritten.removeAll(keepingCapacity: true)
        r.rewrite(piece, into: &rewritten)
        rewriter = r
        return rewritten.withUnsafeBufferPointer { encode($0, flush: false, into: &output) }
    }

    /// Writes a held CR, as before a byte sequence written raw or at the end. O(1).
    func flushLineEnding(into output: inout [UInt8]) -> Failure? {
        guard var r = rewriter, r.pendingCR else { return nil }
        rewritten.removeAll(keepingCapacity: true)
        r.flush(into: &rewritten)
        rewriter = r
        return rewritten.withUnsafeBufferPointer { encode($0, flush: false, into: &output) }
    }

    /// Ends the text: a held CR, then whatever the converter keeps. O(1).
    func finish(into output: inout [UInt8]) -> Failure? {
        if let failure = flushLineEnding(into: &output) { return failure }
        return encode(UnsafeBufferPointer(start: nil, count: 0), flush: true, into: &output)
    }

    private func encode(_ utf8: UnsafeBufferPointer<UInt8>, flush: Bool, into output: inout [UInt8])
        -> Failure?
    {
        switch target {
        case .utf8:
            output.append(contentsOf: utf8)
            return nil
        case .utf16(let bigEndian):
            let n = transcode(utf8)
            units.withUnsafeMutableBufferPointer { u in
                // The units are in the host's order: swap only when the file's differs.
                if bigEndian != (UInt16(1).bigEndian == 1) {
                    for i in 0..<n { u[i] = u[i].byteSwapped }
                }
                UnsafeMutableRawPointer(u.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: 2 * n) {
                    output.append(contentsOf: UnsafeBufferPointer(start: $0, count: 2 * n))
                }
            }
            return nil
        case .converter(let converter):
            let n = transcode(utf8)
            return units.withUnsafeBufferPointer { u -> Failure? in
                let base = u.baseAddress!
                var source = base
                let end = base + n
                while true {
                    var out = encoded.baseAddress!
                    let outcome = converter.encode(&source, end, into: &out, encoded.baseAddress! + encoded.count,
                                                   flush: flush)
                    output.append(contentsOf: UnsafeBufferPointer(start: encoded.baseAddress!,
                                                                  count: out - encoded.baseAddress!))
                    switch outcome {
                    case .outputFull: continue
                    case .done: return nil
                    case .stopped:
                        let bad = converter.invalidUnits
                        let unitIndex = (source - base) - bad.count
                        let scalar = Self.scalar(bad)
                        return Failure(scalar: scalar, otherBytesBefore: Self.otherBytes(utf8, beforeUnit: unitIndex))
                    }
                }
            }
        }
    }

    /// `utf8` (whole scalars of a document: the writer cuts its chunks only at the starts of
    /// remembered sequences) as UTF-16 in `units`; returns the number of units. O(n).
    private func transcode(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        if units.count < utf8.count { units = [UInt16](repeating: 0, count: max(utf8.count, 1024)) }
        return units.withUnsafeMutableBufferPointer {
            UTF8Scalars.transcodeToUTF16(utf8, into: $0.baseAddress!, capacity: $0.count)
        }
    }

    private static func scalar(_ units: [UInt16]) -> Unicode.Scalar {
        var iterator = units.makeIterator()
        var decoder = UTF16()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return "\u{FFFD}"
    }

    /// The bytes other than CR and LF in `utf8` before the scalar that starts at UTF-16 unit
    /// `unit`. O(n).
    private static func otherBytes(_ utf8: UnsafeBufferPointer<UInt8>, beforeUnit unit: Int) -> Int {
        var units = 0
        var others = 0
        for b in utf8 {
            if b & 0xC0 != 0x80 {
                if units >= unit { break }
                units += b >= 0xF0 ? 2 : 1
            }
            if b != 0x0A && b != 0x0D { others += 1 }
        }
        return others
    }
}
