// Saving a file: the document's UTF-8 chunks encoded one by one into a temporary file that
// atomically replaces the target. See docs/ARCHITECTURE.md, "Files: reading and writing".

extension TextFile {
    /// How many encoded bytes are gathered before each `write(2)`.
    static let writeSize = 1 << 20

    /// Writes the text to `path` atomically: encoded chunk by chunk (the text is never copied
    /// whole) into a temporary file beside the target, flushed, renamed over the target, the
    /// directory flushed. The target keeps its permission bits (and owner where allowed); at
    /// every moment it is the old file or the new one. By default the file is written in
    /// `format` — same encoding, same byte-order mark — with every line's own ending, so a file
    /// loaded and saved unedited is byte-identical; undecodable bytes remembered by a lossless
    /// load, and the bytes of characters a legacy encoding decodes one way only, are written back
    /// where their text is untouched (before the first edit or after the last) and the encoding
    /// is the loaded one.
    ///
    /// - Throws: `TextError`, and then the target is unchanged and no temporary file is
    ///   left: `.unknownEncoding`; `.noByteOrderMark` for a mark asked in an encoding without
    ///   one; `.unrepresentable(encoding:scalar:line:column:)` for the first character the
    ///   encoding cannot hold (unless `options.substitutesUnrepresentable`), with its 1-based
    ///   line and 1-based column in grapheme clusters; `.unwritableFile(errno:step:)`.
    /// - Complexity: O(n) for n bytes of text; memory O(1) besides the document (a 1 MiB
    ///   output buffer and one chunk's conversion).
    public func write(toFile path: String, options: WriteOptions = WriteOptions()) throws(TextError) {
        let requested = options.encoding ?? format.encoding
        guard let pipeline = TextEncodingPipeline(encoding: requested, substitute: options.substitutesUnrepresentable,
                                                  lineEndings: options.lineEndings) else {
            throw TextError(.unknownEncoding(requested), byteOffset: 0)
        }
        let encoding = pipeline.name
        let sameEncoding = encoding == format.encoding
        let wantsMark = options.byteOrderMark ?? (format.hasByteOrderMark && (sameEncoding || encoding.hasPrefix("UTF")))
        var mark: [UInt8] = []
        if wantsMark {
            guard let bytes = EncodingSniffing.byteOrderMark(of: encoding) else {
                throw TextError(.noByteOrderMark(encoding: encoding), byteOffset: 0)
            }
            mark = bytes
        }
        let restored = encoding == undecodable.encoding ? undecodable.entries(in: document) : []

        let file = try AtomicFile(replacing: path)
        var output: [UInt8] = mark
        output.reserveCapacity(TextFile.writeSize + (1 << 16))
        var next = 0  // the next entry of `restored`
        // The start of `restored[next]`'s text when it ran over a chunk's end (a sequence that
        // decoded to several characters, or seams an edit left inside a cluster), held back
        // until the chunks after it tell whether the whole text is there; from byte `heldStart`.
        var held: [UInt8] = []
        var heldStart = 0
        var chunkStart = 0
        // `bytes[from..<to]` (document bytes from `start`) encoded as text.
        func encode(_ bytes: [UInt8], _ from: Int, _ to: Int, at start: Int) throws(TextError) {
            guard to > from else { return }
            let failure = bytes.withUnsafeBufferPointer { p in
                pipeline.push(UnsafeBufferPointer(rebasing: p[from..<to]), into: &output)
            }
            if let failure { throw unrepresentable(failure, in: bytes, from: from, at: start, encoding: encoding) }
        }
        // The original bytes of `restored[next]` instead of its text.
        func restore() {
            _ = pipeline.flushLineEnding(into: &output)
            output += restored[next].bytes
            next += 1
        }
        for chunk in document.utf8Chunks {
            var from = 0
            if !held.isEmpty {
                let rest = restored[next].text[held.count...]
                if chunk.starts(with: rest) {
                    restore()
                    from = rest.count
                    held.removeAll()
                } else if chunk.count < rest.count && rest.starts(with: chunk) {
                    held += chunk
                    chunkStart += chunk.count
                    continue
                } else {
                    try encode(held, 0, held.count, at: heldStart)  // not its text after all
                    next += 1
                    held.removeAll()
                }
            }
            while from < chunk.count {
                let raw = next < restored.count && restored[next].offset < chunkStart + chunk.count
                let cut = raw ? max(restored[next].offset - chunkStart, from) : chunk.count
                try encode(chunk, from, cut, at: chunkStart)
                from = cut
                if raw {
                    let text = restored[next].text
                    let here = chunk[cut...]
                    if restored[next].offset != chunkStart + cut {
                        next += 1  // inside the entry before (cannot happen: entries(in:) keeps them apart)
                    } else if here.starts(with: text) {
                        restore()
                        from += text.count
                    } else if here.count < text.count && text.starts(with: here) {
                        held = Array(here)
                        heldStart = chunkStart + cut
                        from = chunk.count
                    } else {
                        next += 1  // not its text after all (cannot happen for an untouched entry): text as it is
                    }
                }
                if output.count >= TextFile.writeSize {
                    try file.write(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            chunkStart += chunk.count
        }
        if !held.isEmpty { try encode(held, 0, held.count, at: heldStart) }  // the text ended early
        if let failure = pipeline.finish(into: &output) {
            throw unrepresentable(failure, in: [], from: 0, at: chunkStart, encoding: encoding)
        }
        try file.write(output)
        try file.commit()
    }

    /// The error for an unrepresentable character found in `chunk[from...]`, which starts at
    /// byte `chunkStart` of the document: placed by the count of bytes other than CR and LF.
    private func unrepresentable(_ failure: TextEncodingPipeline.Failure, in chunk: [UInt8], from: Int, at chunkStart: Int,
                                 encoding: String) -> TextError {
        var others = 0
        var index = from
        while index < chunk.count {
            let b = chunk[index]
            if b != 0x0A && b != 0x0D {
                if others == failure.otherBytesBefore { break }
                others += 1
            }
            index += 1
        }
        let offset = chunkStart + index
        let place = document.lineAndColumn(of: TextPosition(utf8Offset: offset), unit: .grapheme) ?? (0, 0)
        return TextError(.unrepresentable(encoding: encoding, scalar: failure.scalar, line: place.line + 1,
                                          column: place.column + 1), byteOffset: offset)
    }
}
