// Decoding that accepts any subset of the keys, so that a settings file or a `caret session`
// line names only what it changes; a missing key keeps its default. Encoding writes every key.

extension TextInputTraits {
    private enum Key: String, CodingKey {
        case autocapitalization, smartQuotes, smartDashes, smartInsertDelete, keyboardType,
             isSecureTextEntry, enablesReturnKeyAutomatically
    }

    /// Decodes the keys present; missing ones keep their defaults (`init()`).
    /// - Throws: `DecodingError` for a key of the wrong type or an unknown enum value.
    /// - Complexity: O(1).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init()
        if let v = try c.decodeIfPresent(TextAutocapitalization.self, forKey: .autocapitalization) { autocapitalization = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .smartQuotes) { smartQuotes = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .smartDashes) { smartDashes = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .smartInsertDelete) { smartInsertDelete = v }
        if let v = try c.decodeIfPresent(TextKeyboardType.self, forKey: .keyboardType) { keyboardType = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .isSecureTextEntry) { isSecureTextEntry = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .enablesReturnKeyAutomatically) {
            enablesReturnKeyAutomatically = v
        }
    }
}
