/// A user edit on its way through the traits and field rules: which text it replaces, with
/// what, and what the user did. Traits rewrite it (filter the text, widen the range, cut it
/// for length) before the delegate sees it; the delegate and the rules see it as it will be
/// applied.
struct ProposedChange: Hashable, Sendable, CustomStringConvertible {
    /// What the user did; traits act on some kinds only.
    enum Origin: Hashable, Sendable {
        /// `insertText`: the only text that autocapitalization, smart quotes and smart dashes touch.
        case typing
        /// `paste`: filtered by the keyboard pads; smart insert adds spaces.
        case paste
        /// `replace(_:withText:)` (autocorrect, dictation).
        case replacement
        /// Committing marked text: the range the composition started from, replaced by the
        /// committed text.
        case commit
        /// `deleteBackward`/`deleteForward` at a caret (one cluster or one scalar).
        case deleteCharacter
        /// `deleteBackward`/`deleteForward` with a non-empty selection: smart delete applies.
        case deleteSelection
        /// `cut`: smart delete applies.
        case cut
        /// `clear()` or `clearsOnBeginEditing`.
        case clear

        /// True for the kinds that put new text in (and so can be filtered, cut or replace all).
        var inserts: Bool {
            switch self {
            case .typing, .paste, .replacement, .commit: return true
            case .deleteCharacter, .deleteSelection, .cut, .clear: return false
            }
        }
    }

    /// The replaced bytes of the current text (UTF-8 offsets).
    var range: Range<Int>
    /// The new text.
    var text: String
    var origin: Origin

    init(range: Range<Int>, text: String, origin: Origin) {
        self.range = range
        self.text = text
        self.origin = origin
    }

    /// True when applying the change would leave the text as it is.
    var isNoChange: Bool { range.isEmpty && text.isEmpty }

    var description: String { "\(origin) \(range) -> \(text.debugDescription)" }
}
