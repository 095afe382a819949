// A document together with the on-disk form it came from: the value an editor keeps per open
// file. Reading is in TextFile+Reading.swift, writing in TextFile+Writing.swift.

/// A text file as a user has it: the text (`document`, a `TextDocument` to edit) and the form
/// it is stored in (`format`: encoding, byte-order mark, line endings), so that saving writes
/// the same kind of file back — byte for byte when nothing was edited.
///
/// ```swift
/// var file = try TextFile(contentsOfFile: "notes.txt")   // detects the encoding
/// print(file.format.encoding, file.format.lineEndings)  // "Shift_JIS", lf: 12 crlf: 0 …
/// _ = try file.document.replace(range, withText: "…")
/// try file.write(toFile: "notes.txt")                    // atomic, same encoding, BOM, endings
/// ```
public struct TextFile: Sendable {
    /// The text. Each line keeps its own ending (LF, CRLF, CR…) unless a normalisation was asked
    /// for on load.
    public var document: TextDocument
    /// The file's form as loaded (or as given): the defaults of `write(toFile:options:)`.
    public var format: TextFileFormat
    /// The byte sequences kept by the load (undecodable ones of a lossless load, characters
    /// decoded one way only), against the document as loaded.
    var undecodable: UndecodableBytes

    /// A file of `document` in `format` (UTF-8, no byte-order mark by default).
    /// - Complexity: O(1).
    public init(document: TextDocument, format: TextFileFormat = TextFileFormat()) {
        self.document = document
        self.format = format
        self.undecodable = UndecodableBytes()
    }

    /// The number of undecodable byte sequences that a lossless load replaced by U+FFFD and
    /// remembered (0 after a strict load). A save into `format.encoding` writes back each
    /// whose U+FFFD is still in place (see `ReadOptions.keepsUndecodableBytes`). O(k) for k
    /// sequences kept.
    public var undecodableSequenceCount: Int { undecodable.entries.count { $0.isUndecodable } }

    /// The number of characters of a legacy encoding that the load decoded one way only: ICU
    /// reads their bytes (Shift_JIS's NEC and IBM duplicates, Big5's duplicated ideographs…) as
    /// a character that encodes to other bytes. Their bytes are remembered, and a save into
    /// `format.encoding` writes them back for each character still in place, so that a file
    /// loaded and saved is byte-identical. O(k) for k sequences kept.
    public var oneWayCharacterCount: Int { undecodable.entries.count { !$0.isUndecodable } }

    /// How to read a file.
    public struct ReadOptions: Sendable, Hashable {
        /// The encoding to decode with (any ICU name or alias), skipping detection; nil detects
        /// it (byte-order mark, then valid UTF-8, then UTF-16/32 by NUL pattern, then ICU's
        /// detector). A byte-order mark of that encoding at the start is still recognised.
        public var encoding: String?
        /// Rewrites every LF, CRLF and CR to this style while loading; nil keeps each line's own.
        public var lineEndings: LineEnding?
        /// When the bytes do not decode: false (the default) throws `.undecodable` with the
        /// byte offset; true loads anyway, each invalid sequence becoming U+FFFD with its bytes
        /// remembered so that a save in the same encoding writes them back unchanged.
        public var keepsUndecodableBytes: Bool
        /// The lowest confidence (0–100) of ICU's detector that is taken as an answer.
        public var minimumConfidence: Int

        /// Detect the encoding, keep line endings, fail on undecodable bytes, confidence ≥ 10.
        /// - Complexity: O(1).
        public init(encoding: String? = nil, lineEndings: LineEnding? = nil, keepsUndecodableBytes: Bool = false,
                    minimumConfidence: Int = 10) {
            self.encoding = encoding
            self.lineEndings = lineEndings
            self.keepsUndecodableBytes = keepsUndecodableBytes
            self.minimumConfidence = minimumConfidence
        }
    }

    /// How to write a file. Each nil takes the file's `format`.
    public struct WriteOptions: Sendable, Hashable {
        /// The encoding to write (any ICU name or alias); nil writes `format.encoding`.
        public var encoding: String?
        /// Whether to start with a byte-order mark; nil writes one when `format` has one and the
        /// encoding is the format's (or a UTF).
        public var byteOrderMark: Bool?
        /// Rewrites every LF, CRLF and CR to this style; nil keeps each line's own.
        public var lineEndings: LineEnding?
        /// false (the default): a character the encoding cannot hold stops the save with
        /// `.unrepresentable` (line and column); true writes the encoding's substitute instead.
        public var substitutesUnrepresentable: Bool

        /// The file's own format, every line's own ending, no substitution.
        /// - Complexity: O(1).
        public init(encoding: String? = nil, byteOrderMark: Bool? = nil, lineEndings: LineEnding? = nil,
                    substitutesUnrepresentable: Bool = false) {
            self.encoding = encoding
            self.byteOrderMark = byteOrderMark
            self.lineEndings = lineEndings
            self.substitutesUnrepresentable = substitutesUnrepresentable
        }
    }
}
