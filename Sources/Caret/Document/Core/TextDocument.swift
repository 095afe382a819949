/// A Unicode text: a copy-on-write rope of UTF-8 chunks that keeps, for every node, its length
/// in bytes, UTF-16 units, scalars, grapheme clusters and hard lines.
///
/// - Units: offsets count grapheme clusters unless a `unit:` argument says otherwise.
/// - Complexity: copying is O(1); edits and conversions between units are O(log n) plus a scan
///   of at most one chunk (about 1 KB) — more only where a grapheme cluster is itself longer.
/// - Bad input: positions and ranges outside the document give `nil` or a thrown `TextError`,
///   never a trap.
public struct TextDocument: Sendable {
    var rope: Rope<TextChunk>
    /// Every structure derived from the text that follows its edits (the bidi cache, the
    /// paragraph direction overrides): TextEditFollower.swift.
    var followers = TextFollowers()
    /// Where the last lookup or edit was, so that the next one near it starts there.
    var finger = Finger()

    /// The ICU locale id (BCP 47 or ICU form: `"th"`, `"ja"`, `"en-US"`, `"de@ss=standard"`)
    /// that word, sentence and line-break boundaries are found for; `""` (the default) is
    /// ICU's root locale. Dictionary-based breaking of Thai, Lao, Khmer, Burmese, Chinese and
    /// Japanese works in every locale. Not part of the text: `==` ignores it, and edits keep
    /// it. Case mapping takes its locale as an argument instead. O(1) to set.
    public var locale: String = ""

    /// An empty document.
    /// - Complexity: O(1).
    public init() {
        rope = Rope()
    }

    /// A document holding `text`. O(n).
    public init(_ text: some StringProtocol) {
        var string = String(text)
        self.init(validUTF8: string.withUTF8 { Array($0) })
    }

    /// A document holding `bytes`, which must be well-formed UTF-8. O(n).
    ///
    /// - Throws: `TextError` with kind `.invalidUTF8` and the byte offset of the first
    ///   ill-formed sequence (overlong forms, surrogates, values past U+10FFFF, truncated
    ///   sequences, stray continuation bytes). Nothing is repaired or dropped silently.
    public init(validatingUTF8 bytes: some Collection<UInt8>) throws(TextError) {
        let array = Array(bytes)
        if let error = array.withUnsafeBufferPointer({ UTF8Validation.firstError(in: $0) }) {
            throw error
        }
        self.init(validUTF8: array)
    }

    /// Chunks of `ChunkLimits.loadTarget` bytes, cut at cluster boundaries (the storage shape is
    /// a compile-time choice: see `ChunkLimits` and docs/ARCHITECTURE.md, "Storage shapes").
    init(validUTF8 bytes: [UInt8]) {
        rope = Rope(chunks: bytes.withUnsafeBufferPointer { ChunkBuilder.chunks(of: $0) })
    }

    /// The whole text. O(n).
    public var string: String {
        string(utf8Range: 0..<rope.summary.utf8)
    }

    /// True when the document holds no text (UIKit's `hasText` is `!isEmpty`). O(1).
    public var isEmpty: Bool { rope.summary.utf8 == 0 }

    /// The number of grapheme clusters. O(1).
    public var count: Int { rope.summary.graphemes }

    /// The length of the text in `unit`. O(1).
    public func count(in unit: TextUnit) -> Int { rope.summary[unit] }
}

extension TextDocument: Equatable {
    /// Same text, byte for byte, and the same paragraph direction overrides (chunking and
    /// cached layouts are not compared). O(n + k) for k overrides, O(1) for copies.
    public static func == (a: TextDocument, b: TextDocument) -> Bool {
        guard a.directionOverrides == b.directionOverrides else { return false }
        if a.rope.root === b.rope.root { return true }
        guard a.rope.summary == b.rope.summary else { return false }
        var left = a.rope.chunks.makeIterator(), right = b.rope.chunks.makeIterator()
        var l: ArraySlice<UInt8> = [], r: ArraySlice<UInt8> = []
        while true {
            if l.isEmpty { guard let next = left.next() else { return r.isEmpty && right.next() == nil }; l = next.bytes[...] }
            if r.isEmpty { guard let next = right.next() else { return false }; r = next.bytes[...] }
            let n = min(l.count, r.count)
            if l.prefix(n) != r.prefix(n) { return false }
            l = l.dropFirst(n)
            r = r.dropFirst(n)
        }
    }
}

extension TextDocument: CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text itself.
    /// - Complexity: O(n) in the document's length in bytes.
    public var description: String { string }

    /// A document holding the literal's text: `let doc: TextDocument = "Grüße"`.
    /// - Complexity: O(n) in the literal's length in bytes (one grapheme pass).
    public init(stringLiteral value: String) { self.init(value) }
}
