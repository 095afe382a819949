// Streaming loads: a document built from UTF-8 read piece by piece (a file, a socket, a
// decompressor), never holding the whole text in one array. See docs/ARCHITECTURE.md,
// "Loading a file".

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TextDocument {
    /// Builds a document from UTF-8 that arrives in pieces of any size, checking and
    /// segmenting each piece as it comes: only the text after the last cell split (128 KiB at
    /// most, besides the latest piece, unless one cluster runs on longer) is kept besides the
    /// document being built, so loading a file this way needs about the document's own memory
    /// instead of the file's bytes as well. The cells that a piece completes are measured on
    /// several threads (up to the processors online, at most 8).
    ///
    /// Pieces may split anything: a scalar (its bytes are checked once the rest arrives), CR
    /// from LF, a base from its marks, a flag or an emoji sequence. The document is equal
    /// (`==`, same counts in every unit) to `TextDocument(validatingUTF8:)` of all the bytes,
    /// and an error names the same byte offset and reason.
    ///
    /// ```swift
    /// var loader = TextDocument.Loader()
    /// for piece in pieces { try loader.append(piece) }
    /// let document = try loader.finish()
    /// ```
    ///
    /// - Complexity: O(n) in all for n bytes, whatever the piece sizes.
    public struct Loader: Sendable {
        var stream = ChunkStream()

        /// A loader with nothing appended yet.
        /// - Complexity: O(1).
        public init() {}

        /// The number of bytes appended so far (UTF-8 bytes, including any unfinished scalar at
        /// the end). O(1).
        public var byteCount: Int { stream.byteCount }

        /// Appends the next piece of UTF-8 (any length, split anywhere).
        /// - Throws: `TextError` `.invalidUTF8` with the byte offset **in the whole text** of the
        ///   first ill-formed sequence that this piece completes or contains. A sequence left
        ///   unfinished by the piece's end is not an error yet. After an error every later call
        ///   throws the same error.
        /// - Complexity: O(piece length) amortised: one copy, one check and one grapheme pass.
        public mutating func append(_ piece: some Collection<UInt8>) throws(TextError) {
            // `withContiguousStorageIfAvailable` rethrows untyped errors: carry ours out by hand.
            var failure: TextError?
            let done: Void? = piece.withContiguousStorageIfAvailable { bytes in
                do throws(TextError) { try stream.append(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            if done == nil {
                let copy = Array(piece)
                try copy.withUnsafeBufferPointer { bytes throws(TextError) in try stream.append(bytes) }
            }
        }

        /// The document of every byte appended; the loader is used up.
        /// - Throws: `TextError` `.invalidUTF8` for an error found earlier, or `.truncatedSequence`
        ///   at its first byte when the text ends inside a scalar.
        /// - Complexity: O(cell): the text after the last cell split (at most 128 KiB unless
        ///   one cluster runs on longer) and the top of the tree.
        public consuming func finish() throws(TextError) -> TextDocument {
            let rope = try stream.finish()
            return TextDocument(rope: rope)
        }
    }

    init(rope: Rope<TextChunk>) {
        self.rope = rope
    }

    /// A document holding the UTF-8 `pieces` in order, checked and segmented piece by piece
    /// (see `Loader`): the same document as `init(validatingUTF8:)` of their concatenation,
    /// without ever concatenating them.
    /// - Throws: `TextError` `.invalidUTF8` with the byte offset in the whole text of the first
    ///   ill-formed sequence, also one split between pieces or cut off at the end.
    /// - Complexity: O(n) for n bytes, whatever the piece sizes.
    public init<Pieces: Sequence>(validatingUTF8Pieces pieces: Pieces) throws(TextError)
    where Pieces.Element: Collection, Pieces.Element.Element == UInt8 {
        var loader = Loader()
        for piece in pieces { try loader.append(piece) }
        self = try loader.finish()
    }

    /// The size of the reads `init(contentsOfFile:)` makes, in bytes.
    static let fileReadSize = 1 << 20

    /// A document holding the UTF-8 text of the file at `path`, read 1 MiB at a time with
    /// `read(2)` into a `Loader`, so the file's bytes are never in memory whole: the peak is
    /// the document's own size plus about one read.
    /// - Throws: `TextError` `.unreadableFile(errno:)` when the file cannot be opened or read
    ///   (offset: the bytes read before the failure), `.invalidUTF8` with the byte offset of
    ///   the first ill-formed sequence (as `init(validatingUTF8:)`).
    /// - Complexity: O(n) for n bytes.
    public init(contentsOfFile path: String) throws(TextError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TextError(.unreadableFile(errno: errno), byteOffset: 0) }
        defer { close(fd) }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: TextDocument.fileReadSize)
        defer { buffer.deallocate() }
        var loader = Loader()
        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw TextError(.unreadableFile(errno: errno), byteOffset: loader.byteCount)
            }
            if n == 0 { break }
            try loader.append(UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
        self = try loader.finish()
    }
}
