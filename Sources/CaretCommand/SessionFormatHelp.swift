import Caret

/// The session script format as `caret session --help` explains it: every action and setting
/// the parser (`SessionScript`, `SessionAction`, `SessionValues` in CaretCorpus) accepts, with
/// the values of the enumerations read from the library's own types so that they cannot drift.
/// `CommandLineTests` checks that every action key of the parser appears here.
enum SessionFormatHelp {
    /// `a`, `b` or `c` from a type's cases.
    /// Wrapped at 90 columns, later lines indented to the column of the first.
    private static func names<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> String
    where T.RawValue == String {
        let indent = String(repeating: " ", count: 33)
        var lines = [""]
        for name in T.allCases.map(\.rawValue) {
            let item = name == T.allCases.map(\.rawValue).last ? name : name + ","
            if lines[lines.count - 1].count + item.count > 56 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + item
        }
        return lines.joined(separator: "\n" + indent)
    }

    /// The text after the options in `caret session --help`.
    static var text: String {
        """
        script format: JSON lines, one object per line with exactly one action key (plus that
        action's modifiers). An unknown key or a value of the wrong kind is an error naming the
        line; the run stops there (--keep-going: the bad line is skipped). Blank lines are skipped.
        Offsets count grapheme clusters unless "unit" says otherwise: grapheme, utf16, utf8, scalar.

        settings (first line only; every key optional):
          {"settings": {"kind": "field", "editable": true, "text": "…", "locale": "en",
                        "traits": {…}, "rules": {…}}}
            kind      field or singleLine, view or multiLine (default: view)
            editable  false: every input call is refused (default: true)
            text      the initial text (default: "")
            locale    ICU locale id of the input (default: root; one ICU has no data for is a warning)
            traits    as the "traits" action below      rules  as the "rules" action below

        actions:
          {"insert": "text"}                 insertText ("\\n" is Return)
          {"return": N}                      Return N times, as insertText("\\n")
          {"delete": N}                      deleteBackward, N presses
          {"deleteForward": N}               deleteForward, N presses
          {"mark": "にほ", "selected": [2, 2], "unit": "utf16"}
                                             setMarkedText; "selected" defaults to the end, "unit"
                                             to utf16; {"mark": null} removes the marked text
          {"unmark": true}                   unmarkText
          {"move": "left", "by": "word", "extend": true, "count": 2}
                                             move(_:by:extendingSelection:): left, right, up, down;
                                             "by": character (default), word, sentence, paragraph,
                                             line, document
          {"select": [1, 4], "unit": "grapheme"}
                                             selectedTextRange from code; {"select": "all"} is
                                             selectAll(), {"select": null} no selection
          {"addSelection": [5, 9], "unit": "grapheme"}
                                             addSelection: one more selection, the main one from
                                             then on; typing, delete, paste, cut and move act at
                                             every selection (the state lists them, main marked)
          {"paste": "text"}                  paste
          {"cut": true}, {"copy": true}      the clipboard calls (the transcript shows what they return)
          {"replace": [0, 3], "with": "text", "unit": "grapheme"}
                                             replace(_:withText:), a user edit
          {"clear": true}                    clear()
          {"undo": N}, {"redo": N}           N times
          {"break": true}                    breakUndoCoalescing()
          {"begin": true}                    beginEditing()
          {"end": true}, {"end": "force"}    endEditing(force:)
          {"text": "…"}                      sets text from code (asks nobody, clears undo)
          {"delegate": {"change": false, "begin": true, "end": true, "clear": true, "return": true}}
                                             the delegate's answers from here on (all true at first)
          {"traits": {…}}, {"traits": "off"} sets traits from code: an object (a missing key takes
                                             its default), "off" or "plain" (TextInputTraits.plain:
                                             no capitals, smart quotes, dashes, insert, delete),
                                             "default"
          {"rules": {…}}                     sets rules from code: an object (missing keys: defaults)
          {"locale": "de"}                   sets locale from code (unknown to ICU: a warning)
          {"note": "…"}                      a comment, echoed in the transcript
        N is a count from 0 to 100000 (true means 1).

        traits keys:
          autocapitalization             \(names(TextAutocapitalization.self))
          smartQuotes, smartDashes, smartInsertDelete, isSecureTextEntry,
          enablesReturnKeyAutomatically  true or false
          keyboardType                   \(names(TextKeyboardType.self))

        rules keys:
          maximumLength                  grapheme clusters the text may hold after a user edit,
                                         0 or more (a negative one is an error)
          pattern                        ICU regular expression the text must (be able to) match;
                                         one ICU rejects is an error with ICU's reason
          placeholder                    text shown while empty
          clearsOnBeginEditing, clearsOnInsertion
                                         true or false
          clearButtonMode, leftViewMode, rightViewMode
                                         \(names(OverlayViewMode.self))

        output: a header line with the settings, then for each script line its number and the
        action, the text, selection and marked range after it (grapheme offsets, UTF-16 in
        parentheses), editing and undo state, what the delegate was asked and told, and what
        the call returned. --check compares that with NAME.expected beside NAME.jsonl and prints
        `ok FILE` or the first differing line; --record writes it.

        example (Corpus/sessions has more; the paste is cut to the two clusters that fit):
          {"settings": {"kind": "field", "text": "Hello", "traits": "off", "rules": {"maximumLength": 8}}}
          {"move": "left", "by": "document"}
          {"insert": "¡"}
          {"move": "right", "by": "document"}
          {"paste": "👩‍👩‍👧👍🏽abc"}
          {"undo": 1}

          caret session script.jsonl
          printf '{"insert": "abc"}\\n{"delete": 2}\\n' | caret session -
        """
    }
}
