// What a text file looked like on disk: encoding, byte-order mark, line endings, and how the
// encoding was found. Kept with the document (`TextFile.format`) so a save writes it back.

/// The on-disk form of a text file: what `TextFile(contentsOfFile:)` found and what a save
/// writes by default.
public struct TextFileFormat: Sendable, Hashable {
    /// How the encoding was decided.
    public enum Detection: Sendable, Hashable {
        /// The caller named it (`TextFile.ReadOptions.encoding`), or the format was built by hand.
        case given
        /// A byte-order mark at the start of the file.
        case byteOrderMark
        /// The file is valid UTF-8 (and has no byte-order mark).
        case validUTF8
        /// Without a byte-order mark, the pattern of NUL bytes of UTF-16 or UTF-32 text.
        case nulPattern
        /// ICU's charset detector, with its confidence (0–100).
        case detector(confidence: Int)
        /// A common legacy encoding that ICU's detector did not rank first or at all, whose
        /// decoded text looks more like writing than that of every guess of ICU's (no controls
        /// or private-use characters, one script and no symbols inside each word).
        case plausibleText
        /// Nothing decoded the file strictly and the load kept the undecodable bytes
        /// (`ReadOptions.keepsUndecodableBytes`): the encoding is the best guess.
        case bestGuess
    }

    /// The encoding by ICU's canonical (IANA) name: "UTF-8", "UTF-16LE", "UTF-32BE",
    /// "windows-1252", "ISO-8859-1", "Shift_JIS", "EUC-JP", "GB18030", "Big5", "EUC-KR",
    /// "KOI8-R"…
    public var encoding: String
    /// Whether the file starts with a byte-order mark (U+FEFF in the encoding).
    public var hasByteOrderMark: Bool
    /// The line endings of the text as loaded (before any normalisation on load), by kind.
    public var lineEndings: LineEndingCounts
    /// How `encoding` was decided.
    public var detection: Detection

    /// A format given by hand; UTF-8 without a byte-order mark by default.
    /// - Complexity: O(1).
    public init(encoding: String = "UTF-8", hasByteOrderMark: Bool = false,
                lineEndings: LineEndingCounts = LineEndingCounts(), detection: Detection = .given) {
        self.encoding = encoding
        self.hasByteOrderMark = hasByteOrderMark
        self.lineEndings = lineEndings
        self.detection = detection
    }
}
