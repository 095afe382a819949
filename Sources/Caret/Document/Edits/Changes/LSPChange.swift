// The Language Server Protocol's view of a change: `TextDocumentContentChangeEvent`s, ranges in
// LSP's lines (LF, CR and CR LF only, unlike the document's hard lines, which also end at NEL,
// VT, FF, LS and PS) and UTF-16 characters.

/// One LSP `TextDocumentContentChangeEvent`: replace the range from (`startLine`,
/// `startCharacter`) to (`endLine`, `endCharacter`) with `text`. Lines are 0-based and end at
/// LF, CR or CR LF only; characters are UTF-16 code units from the line's start. It encodes as
/// LSP's JSON: `{"range": {"start": {"line", "character"}, "end": {…}}, "text"}`.
public struct LSPChange: Sendable, Codable, Hashable {
    /// The line where the replaced range starts (0-based, LSP's lines).
    public let startLine: Int
    /// The UTF-16 code units from the start of `startLine` to the range's start.
    public let startCharacter: Int
    /// The line where the replaced range ends (0-based, LSP's lines).
    public let endLine: Int
    /// The UTF-16 code units from the start of `endLine` to the range's end.
    public let endCharacter: Int
    /// The text that replaces the range.
    public let text: String

    /// A change from its parts. O(1).
    public init(startLine: Int, startCharacter: Int, endLine: Int, endCharacter: Int, text: String) {
        self.startLine = startLine
        self.startCharacter = startCharacter
        self.endLine = endLine
        self.endCharacter = endCharacter
        self.text = text
    }

    private enum Keys: String, CodingKey { case range, start, end, line, character, text }

    /// Decodes LSP's JSON form (`range.start.line`, `range.start.character`, `range.end…`,
    /// `text`). O(length of the text).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let range = try c.nestedContainer(keyedBy: Keys.self, forKey: .range)
        let start = try range.nestedContainer(keyedBy: Keys.self, forKey: .start)
        let end = try range.nestedContainer(keyedBy: Keys.self, forKey: .end)
        self.init(startLine: try start.decode(Int.self, forKey: .line),
                  startCharacter: try start.decode(Int.self, forKey: .character),
                  endLine: try end.decode(Int.self, forKey: .line),
                  endCharacter: try end.decode(Int.self, forKey: .character),
                  text: try c.decode(String.self, forKey: .text))
    }

    /// Encodes LSP's JSON form (see `init(from:)`). O(length of the text).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var range = c.nestedContainer(keyedBy: Keys.self, forKey: .range)
        var start = range.nestedContainer(keyedBy: Keys.self, forKey: .start)
        try start.encode(startLine, forKey: .line)
        try start.encode(startCharacter, forKey: .character)
        var end = range.nestedContainer(keyedBy: Keys.self, forKey: .end)
        try end.encode(endLine, forKey: .line)
        try end.encode(endCharacter, forKey: .character)
        try c.encode(text, forKey: .text)
    }
}

extension ChangeSet {
    /// The change as LSP `TextDocumentContentChangeEvent`s for `old`, the text it was made for:
    /// one per replacement, the last replacement first, so that each is valid against the text
    /// the ones before it left (the order in which an LSP client applies them).
    ///
    /// An end between a CR and the LF after it (a replacement that splits a CR LF) is on the
    /// CR LF's line, one character past its content.
    ///
    /// - Throws: `TextError.Kind.changeSetMismatch` when the change set was not made for `old`
    ///   (as `TextDocument.apply(_:)` checks).
    /// - Complexity: O(k log n + m) plus a scan of the bytes before the last replacement's end:
    ///   LSP's lines are not the document's hard lines, so they are counted here.
    public func lspChanges(in old: TextDocument) throws(TextError) -> [LSPChange] {
        try old.check(self)
        var ends: [Int] = []
        ends.reserveCapacity(2 * replacements.count)
        for r in replacements { ends += [r.utf8Range.lowerBound, r.utf8Range.upperBound] }
        let lines = old.lspLines(at: ends)
        var changes: [LSPChange] = []
        changes.reserveCapacity(replacements.count)
        for (i, r) in replacements.enumerated().reversed() {
            let start = lines[2 * i], end = lines[2 * i + 1]
            changes.append(LSPChange(startLine: start.line, startCharacter: r.utf16Range.lowerBound - start.lineStartUTF16,
                                     endLine: end.line, endCharacter: r.utf16Range.upperBound - end.lineStartUTF16,
                                     text: r.inserted))
        }
        return changes
    }
}

extension TextDocument {
    /// For each of the byte offsets `offsets` (ascending, in bounds), its LSP line and the
    /// UTF-16 offset where that line starts. One pass over the bytes up to the last offset:
    /// a line starts after LF, after CR LF, and after a CR not followed by LF.
    func lspLines(at offsets: [Int]) -> [(line: Int, lineStartUTF16: Int)] {
        var found: [(line: Int, lineStartUTF8: Int)] = []
        found.reserveCapacity(offsets.count)
        var line = 0, lineStart = 0, base = 0, pendingCR = false
        // Resolves every offset at or before byte y, the start of the current line being final.
        func resolve(upTo y: Int) {
            while found.count < offsets.count && offsets[found.count] <= y { found.append((line, lineStart)) }
        }
        chunks: for chunk in utf8Chunks {
            guard found.count < offsets.count else { break chunks }
            chunk.withUnsafeBufferPointer { p in
                for i in 0..<p.count {
                    let y = base + i, byte = p[i]
                    // A CR whose next byte is not LF ended its line.
                    if pendingCR && byte != 0x0A {
                        line += 1
                        lineStart = y
                        pendingCR = false
                    }
                    resolve(upTo: y)
                    if found.count == offsets.count { return }
                    if byte == 0x0A {
                        line += 1
                        lineStart = y + 1
                        pendingCR = false
                    } else if byte == 0x0D {
                        pendingCR = true
                    }
                }
            }
            base += chunk.count
        }
        if pendingCR {
            line += 1
            lineStart = base
        }
        resolve(upTo: Int.max)
        return found.map { ($0.line, count(.utf16, beforeUTF8: $0.lineStartUTF8)) }
    }
}
