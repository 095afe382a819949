/// The traits and field rules in the order a user edit meets them — the one place they are
/// applied (CodeMirror's transaction filters, Flutter's input formatters):
///
/// 1. replace all — the first insertion after a secure field begins editing again, or while
///    `clearsOnInsertion` is set, replaces the whole text;
/// 2. the keyboard pad's filter (nothing left: no change);
/// 3. smart dashes, smart quotes and autocapitalization on typed text;
/// 4. smart insert (spaces around a pasted word) and smart delete (a doubled space), except
///    on the keyboard pads;
/// 5. the length limit's cut (nothing fits and nothing replaced: no change).
///
/// The delegate is then offered the change as `shape` returns it; after it accepts,
/// `accepts` checks the rules on the resulting text (the pattern). Each step looks at no more
/// than a few clusters around the change, except the pattern, which matches the whole text.
struct TraitPipeline {
    var traits: TextInputTraits
    var rules: TextInputRules
    /// Whether the next insertion replaces the whole text (secure re-entry or
    /// `clearsOnInsertion`); the input clears it once such an insertion is applied.
    var replacesAll: Bool

    /// The change as it will be offered and applied, or nil when the traits leave nothing to
    /// do. `deletesSelection`: the change deletes a non-empty selection (smart delete).
    func shape(_ proposed: ProposedChange, in document: TextDocument, deletesSelection: Bool,
               language: @autoclosure () -> any InputLanguage) -> ProposedChange? {
        var change = proposed
        if replacesAll && Self.replacesAll(change.kind) {
            change.range = 0..<document.count(in: .utf8)
        }
        let pad = KeyboardFilter(traits.keyboardType, decimalSeparator: { language().decimalSeparator })
        if let pad {
            guard let filtered = pad.filter(change) else { return nil }
            change = filtered
        }
        change = TypingTransform(traits).apply(change, in: document, language: language())
        // Not on the pads: spaces between pasted digits would be text the pad cannot type.
        if traits.smartInsertDelete && pad == nil {
            change = SmartInsertDelete.apply(change, in: document, deletesSelection: deletesSelection)
        }
        if let maximum = rules.maximumLength, change.kind != .clear {
            guard let fitting = LengthLimit(maximum).apply(change, in: document) else { return nil }
            change = fitting
        }
        return change.isEmpty ? nil : change
    }

    /// True when `shape` returns every change as it is (and so need not run): nothing
    /// replaces all the text, no keyboard pad filters, no typing rule (dashes, quotes,
    /// capitals), no smart insert or delete, no length limit. O(1).
    var passesEverythingUnchanged: Bool {
        Self.passesEverythingUnchanged(traits: traits, maximumLength: rules.maximumLength, replacesAll: replacesAll)
    }

    /// `passesEverythingUnchanged` of a pipeline of `traits` and rules with `maximumLength`,
    /// without making one (the rules hold references: a copy of them costs a keystroke retains
    /// and releases). O(1).
    static func passesEverythingUnchanged(traits: TextInputTraits, maximumLength: Int?, replacesAll: Bool) -> Bool {
        !replacesAll && !traits.smartDashes && !traits.smartQuotes && traits.autocapitalization == .none
            && !traits.smartInsertDelete && maximumLength == nil
            && KeyboardFilter(traits.keyboardType, decimalSeparator: { "" }) == nil
    }

    /// Whether the insertions that replace all the text (typing, paste, a commit) do so for
    /// this kind of change.
    static func replacesAll(_ kind: ProposedChange.Kind) -> Bool {
        switch kind {
        case .typing, .lineBreak, .paste, .commit: return true
        default: return false
        }
    }
}
