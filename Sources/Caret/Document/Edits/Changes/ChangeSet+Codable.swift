// A change set travels (to a collaboration server, into a saved undo history) as its
// replacements and the old text's lengths. Decoding checks it as
// `init(replacements:oldUTF8Count:oldUTF16Count:)` does, so a decoded change set keeps the
// canonical form; whether it fits a text is checked when it is applied.

extension ChangeSet: Codable {
    private enum Keys: String, CodingKey { case oldUTF8Count, oldUTF16Count, replacements }

    /// Decodes `{"oldUTF8Count", "oldUTF16Count", "replacements": [{"utf8Range", "utf16Range",
    /// "removed", "inserted"}]}`.
    /// - Throws: `DecodingError.dataCorrupted` (its underlying error the `TextError`) when the
    ///   replacements overlap, are out of bounds or do not match their texts.
    /// - Complexity: O(k + length of the texts).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let replacements = try c.decode([Replacement].self, forKey: .replacements)
        do {
            try self.init(replacements: replacements, oldUTF8Count: try c.decode(Int.self, forKey: .oldUTF8Count),
                          oldUTF16Count: try c.decode(Int.self, forKey: .oldUTF16Count))
        } catch let error as TextError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath + [Keys.replacements],
                                      debugDescription: "invalid change set: \(error)", underlyingError: error))
        }
    }

    /// Encodes the replacements and the old text's lengths (see `init(from:)`).
    /// - Complexity: O(k + length of the texts).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(oldUTF8Count, forKey: .oldUTF8Count)
        try c.encode(oldUTF16Count, forKey: .oldUTF16Count)
        try c.encode(replacements, forKey: .replacements)
    }
}
