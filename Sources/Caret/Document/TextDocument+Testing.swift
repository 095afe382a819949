// Hooks for the fuzzers (Tests/Fuzz) and the fuzz regression tests. Not API: they sit behind
// `@_spi(Testing)`, carry a leading underscore, and may change or go away at any time.

extension TextDocument {
    /// A document holding `text` in tiny chunks (a few bytes each) and nodes of four children,
    /// so that a few dozen bytes build a tree several levels deep. Edits keep the tiny limits.
    @_spi(Testing)
    public static func _withTinyChunks(_ text: some StringProtocol) -> TextDocument {
        TextDocument(text, configuration: .tiny)
    }

    /// `init(validatingUTF8:)` with tiny chunks (see `_withTinyChunks(_:)`).
    @_spi(Testing)
    public static func _withTinyChunks(validatingUTF8 bytes: some Collection<UInt8>) throws(TextError) -> TextDocument {
        try TextDocument(validatingUTF8: bytes, configuration: .tiny)
    }

    /// Verifies the whole structure (tree shape and totals, every chunk re-measured, chunk
    /// sizes, every chunk boundary a grapheme cluster boundary) and traps with a message on the
    /// first violation. O(n).
    @_spi(Testing)
    public func _checkInvariants() {
        checkInvariants()
    }
}
