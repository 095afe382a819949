@_spi(Testing) import Caret

/// The FuzzUTF8 harness: the input, byte for byte, goes to `TextDocument(validatingUTF8:)` in
/// the storage of the build under test (`fuzzStorage`). Either it is rejected with `.invalidUTF8` at
/// exactly the offset where the standard library's own UTF-8 parser meets the first ill-formed
/// sequence (and `String(validating:)` agrees that the bytes are ill-formed), with the reason the
/// documented table gives; or it is accepted, `String(validating:)` agrees, and the document
/// gives back the same bytes (`string`, `utf8Chunks`, `utf8(in:)`) with String's counts and
/// ICU's grapheme count, pieces that start on grapheme boundaries, and sound invariants. The
/// same bytes streamed (`init(validatingUTF8Pieces:)`, in one-byte pieces and in pieces of a
/// size the input picks) give the same error or an equal document with the same chunks.
public enum UTF8Fuzz {
    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        let valid = String(validating: data, as: UTF8.self)
        let firstError = stdlibFirstError(data)
        try expect((valid == nil) == (firstError != nil),
                   "FuzzUTF8: String(validating:) and Unicode.UTF8.ForwardParser disagree on \(data)")
        let label = "FuzzUTF8 (\(fuzzStorage), \(data.count) bytes)"
        let outcome: Result<TextDocument, TextError>
        do {
            outcome = .success(try TextDocument(validatingUTF8: data))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .failure(let error):
            guard let firstError else { throw FuzzFailure(message: "\(label): rejected well-formed input: \(error)") }
            try expect(error.offset == firstError, "\(label): \(error); the first ill-formed sequence starts at \(firstError)")
            let reason = expectedProblem(data, at: firstError)
            try expect(error.kind == .invalidUTF8(reason: reason), "\(label): \(error); expected reason \(reason)")
        case .success(let doc):
            guard let valid else { throw FuzzFailure(message: "\(label): accepted ill-formed input (first error at \(firstError!))") }
            try checkRoundTrip(doc, data, valid, label)
        }
        try checkStreaming(data, whole: outcome)
    }

    /// The streaming load of `data` against the whole-buffer load's `whole` outcome.
    static func checkStreaming(_ data: [UInt8], whole: Result<TextDocument, TextError>) throws(FuzzFailure) {
        for size in [1, 1 + (data.count &* 7 &+ Int(data.last ?? 0)) % 13] {
            let label = "FuzzUTF8 (streamed in pieces of \(size), \(data.count) bytes)"
            let pieces = stride(from: 0, to: data.count, by: size).map { data[$0..<min($0 + size, data.count)] }
            let streamed: Result<TextDocument, TextError>
            do { streamed = .success(try TextDocument(validatingUTF8Pieces: pieces)) } catch { streamed = .failure(error) }
            switch (whole, streamed) {
            case (.failure(let expected), .failure(let error)):
                try expect(error == expected, "\(label): \(error); the whole-buffer load says \(expected)")
            case (.success(let expected), .success(let doc)):
                doc._checkInvariants()
                try expect(doc == expected, "\(label): not == to the whole-buffer load")
                try expect(Array(doc.utf8Chunks) == Array(expected.utf8Chunks), "\(label): chunks differ from the whole-buffer load's")
            default:
                throw FuzzFailure(message: "\(label): \(streamed); the whole-buffer load gave \(whole)")
            }
        }
    }

    static func checkRoundTrip(_ doc: TextDocument, _ data: [UInt8], _ text: String, _ label: String) throws(FuzzFailure) {
        doc._checkInvariants()
        try expect(Array(doc.string.utf8) == data, "\(label): string differs from the input")
        try expect(Array(doc.utf8Chunks.joined()) == data, "\(label): utf8Chunks differ from the input")
        let all = doc.textRange(from: doc.beginningOfDocument, to: doc.endOfDocument)
        try expect(all.flatMap { doc.utf8(in: $0) } == data, "\(label): utf8(in: everything) differs from the input")
        let model = FuzzModel(Array(text.unicodeScalars))
        try expect(model.isConsistent, "\(label): ICU gave boundaries off scalar starts")
        try expect(doc.count(in: .utf8) == data.count, "\(label): count(in: .utf8) = \(doc.count(in: .utf8))")
        try expect(doc.count(in: .utf16) == text.utf16.count, "\(label): count(in: .utf16) = \(doc.count(in: .utf16)), String says \(text.utf16.count)")
        try expect(doc.count(in: .unicodeScalar) == text.unicodeScalars.count,
                   "\(label): count(in: .unicodeScalar) = \(doc.count(in: .unicodeScalar)), String says \(text.unicodeScalars.count)")
        try expect(doc.count == model.graphemeCount, "\(label): count = \(doc.count), ICU says \(model.graphemeCount)")
        try expect(doc.lineCount == model.lineStarts.count, "\(label): lineCount = \(doc.lineCount), expected \(model.lineStarts.count)")
        // Pieces are well-formed and start on grapheme boundaries.
        let boundaries = Set(model.boundaries.map { model.utf8[$0] })
        var offset = 0
        for piece in doc.utf8Chunks {
            try expect(!piece.isEmpty, "\(label): an empty piece at byte \(offset)")
            try expect(boundaries.contains(offset), "\(label): a piece starts at byte \(offset), not a grapheme boundary")
            try expect(String(validating: piece, as: UTF8.self) != nil, "\(label): the piece at byte \(offset) is not well-formed")
            offset += piece.count
        }
        try expect(doc == TextDocument(text), "\(label): not == to the document built from the String")
    }

    /// Where the standard library's UTF-8 parser meets the first ill-formed sequence; nil when
    /// there is none.
    static func stdlibFirstError(_ data: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The reason `TextError.UTF8Problem` documents for the ill-formed sequence at `i`: the lead
    /// byte first, then the second byte's allowed range (Unicode Table 3-7), then truncation.
    static func expectedProblem(_ b: [UInt8], at i: Int) -> TextError.UTF8Problem {
        let lead = b[i]
        switch lead {
        case 0x80...0xBF: return .unexpectedContinuationByte
        case 0xC0, 0xC1: return .overlongEncoding
        case 0xF5...0xFF: return .invalidByte
        default: break
        }
        guard i + 1 < b.count, b[i + 1] & 0xC0 == 0x80 else { return .truncatedSequence }
        let second = b[i + 1]
        if lead == 0xE0 && second < 0xA0 || lead == 0xF0 && second < 0x90 { return .overlongEncoding }
        if lead == 0xED && second > 0x9F { return .surrogate }
        if lead == 0xF4 && second > 0x8F { return .beyondUnicode }
        return .truncatedSequence
    }
}
