import XCTest
@testable import Caret

/// A proposed change applied to its document: what the text becomes.
func applied(_ change: ProposedChange?, to document: TextDocument) throws -> String? {
    guard let change else { return nil }
    var copy = document
    try copy.edit(change.range, in: .utf8, replacingWith: change.text)
    return copy.string
}

/// The change typing (or pasting…) `text` at the end of `old` proposes, all bytes of `old`
/// before the insertion point; `selecting` bytes before the end are replaced.
func proposal(_ text: String, at old: String, replacing selected: Int = 0,
              kind: ProposedChange.Kind = .typing) -> ProposedChange {
    let end = old.utf8.count
    return change((end - selected)..<end, text, kind, in: old)
}

/// A proposed change of `kind` replacing bytes `range` of `old` by `text`.
func change(_ range: Range<Int>, _ text: String, _ kind: ProposedChange.Kind, in old: String) -> ProposedChange {
    ProposedChange(range: range, text: text, kind: kind)
}
