import Caret

/// A document in consecutive ranges of about `size` grapheme clusters, for commands that
/// stream their output: each range is cut after its last line feed, else after its last space,
/// so that what a range is mapped or printed as does not depend on the text after it (case
/// mapping sees no context across a space or a line break: final sigma, titlecase words).
/// Only a run of `size` clusters without either (a long line of Chinese, Japanese, zeros) is cut
/// where it is, where a titlecased word could be split in two.
struct TextWindows: Sequence, IteratorProtocol {
    private let document: TextDocument
    private let size: Int
    private var start: TextPosition

    /// Ranges of `document` of at most `size` clusters (about 64 Ki by default).
    init(_ document: TextDocument, size: Int = 1 << 16) {
        self.document = document
        self.size = Swift.max(size, 1)
        self.start = document.beginningOfDocument
    }

    /// The next range, or nil after the end of the document.
    mutating func next() -> TextRange? {
        let end = document.position(from: start, offset: size) ?? document.endOfDocument
        guard let from = document.offset(of: start, unit: .utf8), let to = document.offset(of: end, unit: .utf8),
              from < to, let window = document.textRange(from: start, to: end) else { return nil }
        var cut = end
        if end != document.endOfDocument, let bytes = document.text(in: window).map({ Array($0.utf8) }),
           let last = bytes.lastIndex(of: 0x0A) ?? bytes.lastIndex(of: 0x20),
           let after = document.position(at: from + last + 1, unit: .utf8),
           let afterOffset = document.offset(of: after, unit: .utf8), afterOffset > from {
            // Positions snap to cluster starts: a space that a mark follows is cut before.
            cut = after
        }
        defer { start = cut }
        return document.textRange(from: start, to: cut)
    }
}
