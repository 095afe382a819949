// The traits and field rules at the one place every user edit passes (`submit`): stage 1
// shapes the change (TraitPipeline), stage 3 checks the resulting text against the rules, and
// what the traits remember between edits is updated once a change is applied or editing begins.

extension TextInput {
    /// Stage 1 of `submit`: the change as the traits make it — replaced all (secure re-entry,
    /// `clearsOnInsertion`), filtered by the keyboard pad, with smart dashes, quotes and
    /// capitals on typed text, smart spaces on paste and delete, and cut to `maximumLength`.
    /// - Returns: false when nothing is left to do (the change must not happen at all).
    /// - Complexity: O(log n) plus the change and a few clusters around it; a paste cut for
    ///   length O(m log m · log n) for m bytes.
    func transform(_ change: inout ProposedChange) -> Bool {
        let replacesAll = traitState.secureReplacePending && traits.isSecureTextEntry || rules.clearsOnInsertion
        // Traits that can change nothing (`.plain`): typing pays no pipeline at all (nor a copy
        // of the traits and rules into one).
        if TraitPipeline.passesEverythingUnchanged(traits: traits, maximumLength: rules.maximumLength,
                                                   replacesAll: replacesAll) {
            return true
        }
        let pipeline = TraitPipeline(traits: traits, rules: rules, replacesAll: replacesAll)
        let deletesSelection = !change.kind.inserts && !selectionUTF8.isEmpty
        guard let shaped = pipeline.shape(change, in: document, deletesSelection: deletesSelection,
                                          language: traitState.language(for: locale)) else { return false }
        change = shaped
        return true
    }

    /// Stage 3 of `submit`: whether the field rules accept the text `change` would produce:
    /// `pattern` must match it or still be able to (ICU's hit-end). `maximumLength` was
    /// applied in stage 1 (a cut the delegate saw).
    /// - Complexity: O(1) without a pattern; with one, O(n) to read the whole resulting text
    ///   as UTF-16 (straight from the rope's bytes) plus the match.
    func rulesAccept(_ change: ProposedChange) -> Bool {
        guard let pattern = rules.pattern else { return true }
        guard change.range.lowerBound >= 0, change.range.upperBound <= document.count(in: .utf8) else { return false }
        return pattern.accepts(utf16: document.utf16(replacing: change.range, with: change.text))
    }

    /// After a user edit is applied: an insertion used up `clearsOnInsertion` (the flag turns
    /// itself off, as UIKit's does) and any edit ends secure entry's pending replacement.
    func traitsDidApply(_ change: ProposedChange) {
        traitState.secureReplacePending = false
        if rules.clearsOnInsertion && TraitPipeline.replacesAll(change.kind) {
            rules.clearsOnInsertion = false
        }
    }

    /// After editing begins: a secure field's next insertion will replace its text, and
    /// `clearsOnBeginEditing` clears it (when `textInputShouldClear` allows; as the clear
    /// button does: an undoable user edit).
    func traitsDidBeginEditing() {
        traitState.secureReplacePending = traits.isSecureTextEntry && !document.isEmpty
        if rules.clearsOnBeginEditing && !document.isEmpty {
            clear()
        }
    }
}
