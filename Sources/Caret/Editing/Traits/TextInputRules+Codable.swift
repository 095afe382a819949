// Decoding that accepts any subset of the keys (see TextInputTraits+Codable.swift).

extension TextInputRules {
    private enum Key: String, CodingKey {
        case maximumLength, pattern, placeholder, clearsOnBeginEditing, clearsOnInsertion,
             clearButtonMode, leftViewMode, rightViewMode
    }

    /// Decodes the keys present; missing ones keep their defaults (`init()`).
    /// - Throws: `DecodingError` for a key of the wrong type, an unknown mode, or a pattern
    ///   ICU rejects (`dataCorrupted`, with ICU's reason and offset).
    /// - Complexity: O(size of the encoded rules), plus compiling the pattern.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        self.init()
        maximumLength = try c.decodeIfPresent(Int.self, forKey: .maximumLength)
        pattern = try c.decodeIfPresent(TextPattern.self, forKey: .pattern)
        placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
        if let v = try c.decodeIfPresent(Bool.self, forKey: .clearsOnBeginEditing) { clearsOnBeginEditing = v }
        if let v = try c.decodeIfPresent(Bool.self, forKey: .clearsOnInsertion) { clearsOnInsertion = v }
        if let v = try c.decodeIfPresent(OverlayViewMode.self, forKey: .clearButtonMode) { clearButtonMode = v }
        if let v = try c.decodeIfPresent(OverlayViewMode.self, forKey: .leftViewMode) { leftViewMode = v }
        if let v = try c.decodeIfPresent(OverlayViewMode.self, forKey: .rightViewMode) { rightViewMode = v }
    }
}
