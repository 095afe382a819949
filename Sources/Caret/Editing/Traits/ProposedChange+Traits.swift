/// What the traits need to know of a change's kind.
extension ProposedChange.Kind {
    /// Typed text (`insertText`, a line break included): the only text autocapitalization,
    /// smart quotes and smart dashes touch.
    var isTyped: Bool { self == .typing || self == .lineBreak }

    /// The kinds that put new text in, and so can be filtered, cut for length, or replace all.
    var inserts: Bool {
        switch self {
        case .typing, .lineBreak, .paste, .replace, .commit: return true
        case .deleteBackward, .deleteForward, .cut, .clear: return false
        }
    }
}
