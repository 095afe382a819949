// Where decoded text goes on load: UTF-8 pieces, their line endings counted as they were, then
// rewritten when a normalisation was asked for, then checked and segmented into the document.

/// Builds a document from decoded UTF-8 pieces.
struct DocumentSink {
    private var loader = TextDocument.Loader()
    private var rewriter: LineEndingRewriter?
    private var counter = LineEndingCounter()
    private var scratch: [UInt8] = []
    /// The undecodable sequences appended so far, at their U+FFFD's offsets in the document, and
    /// the characters decoded one way only (see `rememberOneWay`).
    private(set) var undecodable: [UndecodableBytes.Entry] = []

    /// A sink that rewrites line endings to `lineEndings` (nil keeps them).
    init(lineEndings: LineEnding?) {
        rewriter = lineEndings.map(LineEndingRewriter.init)
    }

    /// Appends the next piece of UTF-8. O(piece).
    /// - Throws: the loader's `TextError` for ill-formed UTF-8 (offsets in the text after any
    ///   rewrite; only UTF-8 read straight from a file without a rewrite can be ill-formed).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextError) {
        counter.count(bytes)
        guard var r = rewriter else {
            try loader.append(bytes)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        r.rewrite(bytes, into: &scratch)
        rewriter = r
        try loader.append(scratch)
    }

    /// The UTF-8 length of the document so far. O(1).
    var byteCount: Int { loader.byteCount }

    /// Whether line endings are rewritten (then the document's offsets are not the decoded
    /// text's). O(1).
    var rewritesLineEndings: Bool { rewriter != nil }

    /// Remembers the bytes of characters decoded one way only, already appended (offsets in the
    /// document), among the undecodable sequences, in order of offset. O(k log k).
    mutating func rememberOneWay(_ entries: [UndecodableBytes.Entry]) {
        guard !entries.isEmpty else { return }
        let sorted = undecodable.last.map { $0.offset < entries[0].offset } ?? true
        undecodable += entries
        if !sorted { undecodable.sort { $0.offset < $1.offset } }
    }

    /// Appends U+FFFD for the undecodable sequence `bytes`, remembering them. O(1).
    mutating func appendUndecodable(_ bytes: [UInt8]) throws(TextError) {
        if var r = rewriter {
            // A held CR cannot become a CR LF any more: write it before the U+FFFD.
            scratch.removeAll(keepingCapacity: true)
            r.flush(into: &scratch)
            rewriter = r
            try loader.append(scratch)
        }
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        undecodable.append(UndecodableBytes.Entry(offset: loader.byteCount, bytes: bytes))
        try replacement.withUnsafeBufferPointer { p throws(TextError) in
            counter.count(p)
            try loader.append(p)
        }
    }

    /// The document and the line endings of the text as it came (before any rewrite).
    /// - Throws: `TextError` when the text ends inside a UTF-8 sequence.
    mutating func finish() throws(TextError) -> (TextDocument, LineEndingCounts) {
        if var r = rewriter {
            scratch.removeAll(keepingCapacity: true)
            r.flush(into: &scratch)
            rewriter = r
            try loader.append(scratch)
        }
        let document = try loader.finish()
        // A rewrite changes neither the number of endings nor the other kinds: the document's
        // terminators less the file's LF, CRLF and CR are the file's other endings.
        return (document, counter.finished(terminators: document.lineCount - 1))
    }
}
