// Loading a file: deciding its encoding (given, byte-order mark, valid UTF-8, NUL pattern,
// ICU's detector) and decoding it piece by piece into the rope. See docs/ARCHITECTURE.md,
// "Files: reading and writing".

extension TextFile {
    /// The size of each read, in bytes.
    static let readSize = 1 << 20
    /// How many bytes from the start decide a byte-order mark, UTF-16/32 and the detector's
    /// sample.
    static let headSize = 1 << 16
    /// How many of the detector's guesses are tried in turn when the first does not decode.
    static let guessesTried = 3

    /// Loads the text file at `path`, finding its encoding unless `options.encoding` names it:
    /// a byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE, GB18030), else UTF-8 when the
    /// whole file is valid UTF-8, else UTF-16 or UTF-32 by the pattern of NUL bytes, else ICU's
    /// charset detector (given the lines with bytes above 0x7F; its guesses of at least
    /// `options.minimumConfidence` tried in turn until one decodes the whole file). The file is
    /// read 1 MiB at a time and decoded into the rope as it comes (never whole in memory); a
    /// detection may read it more than once. Every line keeps its own ending unless
    /// `options.lineEndings` asks for one style. `format` reports what was found.
    ///
    /// - Throws: `TextError`: `.unreadableFile` (offset: bytes read before), `.unknownEncoding`
    ///   for a forced name ICU does not know, `.undecodable(encoding:)` with the file's byte
    ///   offset of the first invalid sequence (in the forced encoding, or in UTF-8 when no
    ///   guess decoded the file), `.binaryFile` with the offset of the first NUL byte.
    ///   With `options.keepsUndecodableBytes`, undecodable bytes load as U+FFFD instead.
    /// - Complexity: O(n) for an n-byte file; at most 2 + `guessesTried` passes when detecting.
    public init(contentsOfFile path: String, options: ReadOptions = ReadOptions()) throws(TextError) {
        let file = try InputFile(path)
        let head = try file.bytes(at: 0, count: TextFile.headSize)
        let lossless = options.keepsUndecodableBytes

        if let forced = options.encoding {
            guard let converter = ICUConverter(encoding: forced) else {
                throw TextError(.unknownEncoding(forced), byteOffset: 0)
            }
            var name = converter.standardName
            if name == "UTF-16" || name == "UTF-32" {
                // A UTF without its byte order: the mark says it, else big-endian (Unicode's rule).
                let little = name + "LE"
                name = EncodingSniffing.byteOrderMark(of: little).map { head.starts(with: $0) } == true ? little : name + "BE"
            }
            // The forced encoding's own mark: FF FE 00 00 is UTF-32LE's mark to detection, but in
            // UTF-16LE it is a mark and U+0000.
            let markLength = EncodingSniffing.byteOrderMark(of: name).flatMap { head.starts(with: $0) ? $0.count : nil } ?? 0
            self = try TextFile.decode(file, encoding: name, byteOrderMark: markLength, detection: .given,
                                       options: options, lossless: lossless)
            return
        }
        if let mark = EncodingSniffing.byteOrderMark(head) {
            self = try TextFile.decode(file, encoding: mark.encoding, byteOrderMark: mark.length,
                                       detection: .byteOrderMark, options: options, lossless: lossless)
            return
        }
        if let utf = EncodingSniffing.nulPattern(head) {
            self = try TextFile.decode(file, encoding: utf, byteOrderMark: 0, detection: .nulPattern,
                                       options: options, lossless: lossless)
            return
        }
        let utf8Error: TextError
        do {
            self = try TextFile.decode(file, encoding: "UTF-8", byteOrderMark: 0, detection: .validUTF8,
                                       options: options, lossless: false)
            return
        } catch {
            guard case .undecodable = error.kind else { throw error }
            utf8Error = error
        }
        // Not UTF-8: look at the bytes around the first invalid sequence too, when it lies
        // beyond the head (a long ASCII preamble).
        var evidence = head
        if utf8Error.offset >= head.count - 4 {
            evidence += [0x0A] + (try file.bytes(at: max(0, utf8Error.offset - 1024), count: TextFile.headSize))
        }
        let fallback = { (error: TextError) throws(TextError) -> TextFile in
            guard lossless else { throw error }
            return try TextFile.decode(file, encoding: "UTF-8", byteOrderMark: 0, detection: .bestGuess,
                                       options: options, lossless: true)
        }
        if let nul = EncodingSniffing.firstNUL(head) {
            self = try fallback(TextError(.binaryFile, byteOffset: nul))
            return
        }
        if EncodingSniffing.looksLikeDamagedUTF8(evidence) {
            self = try fallback(utf8Error)
            return
        }
        let sample = EncodingSniffing.detectorSample(evidence)
        let guesses = sample.withUnsafeBufferPointer { ICUCharsetDetector.guesses($0) }
        let candidates = EncodingChoice.rank(sample, guesses: guesses, minimumConfidence: options.minimumConfidence)
        for candidate in candidates.prefix(TextFile.guessesTried) {
            do {
                let detection: TextFileFormat.Detection = candidate.confidence.map { .detector(confidence: $0) }
                    ?? .plausibleText
                self = try TextFile.decode(file, encoding: candidate.name, byteOrderMark: 0, detection: detection,
                                           options: options, lossless: false)
                return
            } catch {
                guard case .undecodable = error.kind else { throw error }
            }
        }
        guard lossless, let best = candidates.first else {
            self = try fallback(utf8Error)
            return
        }
        self = try TextFile.decode(file, encoding: best.name, byteOrderMark: 0, detection: .bestGuess,
                                   options: options, lossless: true)
    }

    /// Decodes the whole of `file` after its first `byteOrderMark` bytes in `encoding`.
    private static func decode(_ file: InputFile, encoding: String, byteOrderMark: Int,
                               detection: TextFileFormat.Detection, options: ReadOptions,
                               lossless: Bool) throws(TextError) -> TextFile {
        var sink = DocumentSink(lineEndings: options.lineEndings)
        let name: String
        if encoding == "UTF-8" && options.lineEndings == nil && !lossless {
            // The common case: the file's bytes go straight into the loader, checked there.
            try decodeUTF8(file, from: byteOrderMark, into: &sink)
            name = "UTF-8"
        } else {
            guard let converter = ICUConverter(encoding: encoding) else {
                throw TextError(.unknownEncoding(encoding), byteOffset: 0)
            }
            name = converter.standardName
            // UTF-16 goes to UTF-8 without the converter while it is well formed.
            var rest: Int? = byteOrderMark
            if name == "UTF-16LE" || name == "UTF-16BE" {
                rest = try decodeUTF16(file, from: byteOrderMark, bigEndian: name == "UTF-16BE", encodingName: name,
                                       into: &sink)
            }
            if let rest {
                try decode(file, from: rest, with: converter, encodingName: name, lossless: lossless, into: &sink)
            }
        }
        let document: TextDocument
        let counts: LineEndingCounts
        do {
            (document, counts) = try sink.finish()
        } catch {
            throw TextError(.undecodable(encoding: name), byteOffset: byteOrderMark + error.offset)
        }
        let format = TextFileFormat(encoding: name, hasByteOrderMark: byteOrderMark > 0, lineEndings: counts,
                                    detection: detection)
        var result = TextFile(document: document, format: format)
        if !sink.undecodable.isEmpty {
            result.undecodable = UndecodableBytes(entries: sink.undecodable, loadedDocument: document, encoding: name)
        }
        return result
    }

    /// UTF-8 read straight into the sink (no conversion).
    private static func decodeUTF8(_ file: InputFile, from start: Int, into sink: inout DocumentSink)
        throws(TextError)
    {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: readSize)
        defer { buffer.deallocate() }
        var offset = start
        while true {
            let n = try file.read(at: offset, into: buffer)
            if n == 0 { return }
            do {
                try sink.append(UnsafeBufferPointer(rebasing: buffer[..<n]))
            } catch {
                throw TextError(.undecodable(encoding: "UTF-8"), byteOffset: start + error.offset)
            }
            offset += n
        }
    }

    /// Bytes through an ICU converter to UTF-16, then UTF-8, into the sink, one read at a time.
    /// In a table-based legacy encoding each read is cut after its last line break (whole
    /// characters: no such encoding has 0x0A or 0x0D inside a multi-byte character) and checked to
    /// encode back to its bytes; the characters that do not (decoded one way only) have their
    /// bytes remembered, so that a save writes them back.
    private static func decode(_ file: InputFile, from start: Int, with converter: ICUConverter,
                               encodingName: String, lossless: Bool, into sink: inout DocumentSink)
        throws(TextError)
    {
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: readSize)
        defer { input.deallocate() }
        // Room for a whole read of single-byte characters, so that a piece is checked at once.
        let unitCapacity = readSize + 64
        let utf16 = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: unitCapacity + 1)
        defer { utf16.deallocate() }
        let utf8 = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 3 * (unitCapacity + 1))
        defer { utf8.deallocate() }
        let check = sink.rewritesLineEndings ? nil : ICURoundTripCheck(encoding: encodingName)
        let base = UnsafePointer(input.baseAddress!)
        let u16 = utf16.baseAddress!
        var carried: UInt16?  // a lead surrogate whose trail the next output brings
        var offset = start  // the file offset of input[0]
        var kept = 0  // bytes at the start of `input` kept from the last read: an unfinished line
        var wholeCharacters = true  // the piece starts at a character boundary
        // Emits `count` units from the start of `utf16` into the sink.
        func emit(_ count: Int) throws(TextError) {
            guard count > 0 else { return }
            let n = ICUTranscode.utf8(from: UnsafeBufferPointer(start: u16, count: count), into: utf8.baseAddress!)
            do {
                try sink.append(UnsafeBufferPointer(rebasing: utf8[..<n]))
            } catch {
                throw TextError(.undecodable(encoding: encodingName), byteOffset: offset)
            }
        }
        while true {
            let read = try file.read(at: offset + kept, into: UnsafeMutableBufferPointer(rebasing: input[kept...]))
            let n = kept + read
            let flush = read == 0
            var cut = n
            if check != nil, !flush {
                if let lineBreak = UnsafeBufferPointer(rebasing: input[..<n]).lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                    cut = lineBreak + 1
                } else if n < readSize {
                    cut = 0  // no line break yet and room to read more: decode nothing until the end
                }
            }
            let pieceStart = sink.byteCount
            var needsCharacterCheck = false  // the piece is checked a character at a time
            var source = base
            let end = base + cut
            while true {
                var target = u16
                if let lead = carried {
                    target.pointee = lead
                    target += 1
                    carried = nil
                }
                let outcome = converter.decode(&source, end, into: &target, u16 + unitCapacity, flush: flush)
                var produced = target - u16
                if outcome == .outputFull, produced > 0, UTF16.isLeadSurrogate(u16[produced - 1]) {
                    // The output ended between a surrogate pair's halves: keep the lead for next time.
                    produced -= 1
                    carried = u16[produced]
                }
                if outcome == .done, !needsCharacterCheck, let check,
                   !check.encodesBack(UnsafeBufferPointer(start: u16, count: produced),
                                      to: UnsafeBufferPointer(start: base, count: cut))
                {
                    needsCharacterCheck = true  // the fast check failed: find the characters
                }
                try emit(produced)
                switch outcome {
                case .outputFull:
                    needsCharacterCheck = true
                    continue
                case .done:
                    break
                case .stopped(let status):
                    needsCharacterCheck = true
                    let bad = converter.invalidBytes
                    let at = offset + (source - base) - bad.count
                    guard ICUConverter.isConversionFailure(status), lossless else {
                        throw TextError(.undecodable(encoding: encodingName), byteOffset: at)
                    }
                    do { try sink.appendUndecodable(bad) } catch {
                        throw TextError(.undecodable(encoding: encodingName), byteOffset: at)
                    }
                    continue
                }
                break
            }
            let endsAtLineBreak = cut > 0 && (input[cut - 1] == 0x0A || input[cut - 1] == 0x0D)
            if let check, needsCharacterCheck, wholeCharacters && (endsAtLineBreak || flush) {
                let (found, length) = check.oneWayCharacters(in: UnsafeBufferPointer(start: base, count: cut))
                // The character-by-character decode must agree with the piece's: else its
                // offsets would not be the document's, and nothing is remembered.
                if length == sink.byteCount - pieceStart {
                    sink.rememberOneWay(found.map { oneWay in
                        UndecodableBytes.Entry(offset: pieceStart + oneWay.utf8Offset, bytes: oneWay.bytes,
                                               text: oneWay.text)
                    })
                }
            }
            if flush { return }
            wholeCharacters = endsAtLineBreak || cut == 0
            // The unfinished line moves to the front for the next read.
            kept = n - cut
            if kept > 0 { UnsafeMutableRawPointer(input.baseAddress!).copyMemory(from: base + cut, byteCount: kept) }
            offset += cut
        }
    }
}
