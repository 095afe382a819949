/// A regular expression, in ICU's syntax, that the whole text of a field must match: the
/// `pattern` rule. An edit is accepted while the resulting text matches or could still become
/// a match by appending text (ICU's hit-end), so `^[0-9]{4}$` accepts `12` and refuses `12a`.
///
/// Compiled once when created; a pattern ICU rejects throws, so rules never hold an invalid
/// one. `Codable` as its source string (decoding compiles it and fails on a bad pattern);
/// equal when the sources are equal. `Sendable`: matching takes a lock, since ICU's matcher
/// keeps state.
public struct TextPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Why ICU refused a pattern: ICU's error name and where in the pattern it stopped.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The pattern as given.
        public let source: String
        /// ICU's name of the error: `U_REGEX_MISSING_CLOSE_BRACKET`, `U_REGEX_MISMATCHED_PAREN`,
        /// `U_REGEX_RULE_SYNTAX`…
        public let reason: String
        /// Where ICU stopped, in UTF-16 code units (ICU's `UParseError.offset`: from the start
        /// of the pattern, or of its line in a pattern of several lines), or nil when ICU did
        /// not say.
        public let utf16Offset: Int?

        /// "invalid pattern "ab[c": U_REGEX_MISSING_CLOSE_BRACKET at UTF-16 offset 4".
        public var description: String {
            "invalid pattern \(source.debugDescription): \(reason)" + (utf16Offset.map { " at UTF-16 offset \($0)" } ?? "")
        }
    }

    /// The pattern's source, in ICU's regular-expression syntax (flags inside it: `(?i)`).
    public let source: String
    private let compiled: Compiled

    /// The compiled expression behind a lock.
    private final class Compiled: Sendable {
        let regex: PosixLocked<ICURegex>
        init(_ regex: consuming sending ICURegex) { self.regex = PosixLocked(regex) }
    }

    /// Compiles `source` with ICU (`uregex`).
    /// - Throws: `TextPattern.Error` with ICU's reason and offset when ICU rejects the pattern.
    /// - Complexity: O(length of the pattern).
    public init(_ source: String) throws(TextPattern.Error) {
        let regex: ICURegex
        do {
            regex = try ICURegex(source)
        } catch {
            throw Error(source: source, reason: error.status, utf16Offset: error.offset)
        }
        self.source = source
        compiled = Compiled(regex)
    }

    /// Whether the whole of `text` matches now.
    /// - Complexity: O(n) to read the text as UTF-16, plus what the pattern costs (ICU's
    ///   backtracking matcher; a pathological pattern can be exponential).
    public func matches(_ text: String) -> Bool {
        match(text)?.matches ?? false
    }

    /// Whether `text` matches, or could become a match by appending text: what the rule lets
    /// through. `^[0-9]{4}$` accepts `""`, `12` and `1234`, and refuses `12a` and `12345`.
    /// - Complexity: as `matches(_:)`.
    public func accepts(_ text: String) -> Bool {
        guard let result = match(text) else { return false }
        return result.matches || result.hitEnd
    }

    /// `accepts(_:)` on text given as UTF-16 code units (what the rule checks an edit with).
    func accepts(utf16 units: [UInt16]) -> Bool {
        let result = match(units)
        return result.matches || result.hitEnd
    }

    private func match(_ text: String) -> (matches: Bool, hitEnd: Bool)? {
        match(Array(text.utf16))
    }

    /// ICU's whole-text match and hit-end on `units`, under the lock (the matcher keeps the
    /// text and its state).
    private func match(_ units: [UInt16]) -> (matches: Bool, hitEnd: Bool) {
        compiled.regex.withLock { regex in
            regex.setText(utf16: units)
            let result = regex.wholeMatch()
            return (result.range != nil, result.hitEnd)
        }
    }

    /// Two patterns are equal when their sources are. O(length of the sources).
    public static func == (a: TextPattern, b: TextPattern) -> Bool { a.source == b.source }
    /// Hashes the source. O(length of the source).
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// Encodes the source string.
    /// - Complexity: O(length of the source).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(source)
    }

    /// Decodes a source string and compiles it.
    /// - Throws: `DecodingError.dataCorrupted` carrying the `TextPattern.Error` when ICU rejects it.
    /// - Complexity: O(length of the source).
    public init(from decoder: any Decoder) throws {
        let source = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(source)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description,
                                                    underlyingError: error))
        }
    }

    /// `TextPattern("^[0-9]*$")`.
    public var description: String { "TextPattern(\(source.debugDescription))" }
}
