/// The attributes of a stretch of text: the app's own keys and values (a font name, a colour, a
/// link), as `NSAttributedString`'s attributes are for UIKit. Caret stores and moves them with
/// the text (`TextInput.setAttributes(_:range:)`, `typingAttributes`); it never reads them.
public struct TextAttributes: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The attributes as a dictionary.
    public var values: [String: String]

    /// No attributes. O(1).
    public init() { values = [:] }

    /// Attributes from a dictionary. O(1).
    public init(_ values: [String: String]) { self.values = values }

    /// Attributes from a literal (`["weight": "bold"]`). O(k) for k pairs; a key given twice
    /// keeps its last value.
    public init(dictionaryLiteral elements: (String, String)...) {
        values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The value of `key`, nil when unset; setting nil removes it. O(1) expected.
    public subscript(key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// True when no attribute is set. O(1).
    public var isEmpty: Bool { values.isEmpty }

    /// A debugging description: the pairs sorted by key. O(k log k).
    public var description: String {
        "[" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
