/// A caret: a position plus the goal column that consecutive up/down presses keep, so that a
/// caret moving down through a short line comes back to its column on the next long one.
///
/// Editors keep one `TextCaret` per insertion point and move it with
/// `TextDocument.caret(from:in:offset:movement:)`; any left/right move, click or edit starts a
/// new caret (goal column nil).
public struct TextCaret: Sendable, Hashable, Codable {
    /// Where the caret stands.
    public var position: TextPosition
    /// The column, in grapheme clusters from the start of the line, that `.up` and `.down`
    /// aim for; nil until the first vertical move, which sets it to the column it starts from.
    public var goalColumn: Int?

    /// A caret at `position` with no goal column yet (or `goalColumn`, in grapheme clusters).
    /// - Complexity: O(1).
    public init(_ position: TextPosition, goalColumn: Int? = nil) {
        self.position = position
        self.goalColumn = goalColumn
    }
}
