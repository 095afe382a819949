import Caret
import Foundation

/// A script of input events for `caret session`: one JSON object per line, each naming one
/// action of the editing model (`TextInput`), so that a session can be tried by hand and kept
/// as a scenario file under `Corpus/sessions/`.
///
/// The format, line by line (keys are exact; an unknown key is an error, so a typo never
/// passes silently):
///
/// | line | what |
/// | --- | --- |
/// | `{"settings": {"kind": "field", "editable": true, "text": "…", "locale": "en", "traits": {…}, "rules": {…}}}` | first line only, every key optional: `kind` `field`/`singleLine` or `view`/`multiLine` (default), the initial text, editability, locale, traits and rules (as below) |
/// | `{"traits": {"keyboardType": "numberPad", "isSecureTextEntry": true}}`, `{"traits": "off"}` | sets `traits` from code: `TextInputTraits`' keys (`autocapitalization` `none`/`words`/`sentences`/`allCharacters`, `smartQuotes`, `smartDashes`, `smartInsertDelete`, `keyboardType` `default`/`numberPad`/`asciiCapableNumberPad`/`decimalPad`/`phonePad`/…, `isSecureTextEntry`, `enablesReturnKeyAutomatically`); a missing key takes its default (not the value before); `"off"` (or `"plain"`) is `TextInputTraits.plain` (no capitals, smart quotes, dashes, insert and delete), `"default"` the contract's defaults |
/// | `{"rules": {"maximumLength": 4, "pattern": "^[0-9]*$"}}` | sets `rules` from code: `maximumLength`, `pattern` (ICU syntax; a bad one is an error with ICU's reason), `placeholder`, `clearsOnBeginEditing`, `clearsOnInsertion`, `clearButtonMode`/`leftViewMode`/`rightViewMode` (`never`, `whileEditing`, `unlessEditing`, `always`) |
/// | `{"locale": "de"}` | sets `locale` from code |
/// | `{"insert": "text"}` | `insertText` (`"\n"` is Return) |
/// | `{"return": 1}` | Return, as `insertText("\n")`, N times |
/// | `{"delete": 1}`, `{"deleteForward": 1}` | `deleteBackward` / `deleteForward`, N presses |
/// | `{"mark": "にほ", "selected": [2, 2], "unit": "utf16"}` | `setMarkedText`; `selected` defaults to the end, `unit` to UTF-16; `"mark": null` removes it |
/// | `{"unmark": true}` | `unmarkText` |
/// | `{"move": "left", "by": "word", "extend": true, "count": 2}` | `move(_:by:extendingSelection:)`; `by` is `character` (default), `word`, `sentence`, `paragraph`, `line` or `document` |
/// | `{"select": [1, 4], "unit": "grapheme"}` | sets `selectedTextRange` (programmatic); `"select": "all"` is `selectAll()`, `"select": null` no selection |
/// | `{"addSelection": [5, 9], "unit": "grapheme"}` | `addSelection`: one more selection, the main one from then on (the state line then lists `selections`, the main one marked) |
/// | `{"paste": "text"}`, `{"cut": true}`, `{"copy": true}` | the clipboard calls (`cut`/`copy` print what they return) |
/// | `{"replace": [0, 3], "with": "text", "unit": "grapheme"}` | `replace(_:withText:)`, a user edit |
/// | `{"clear": true}` | `clear()` |
/// | `{"undo": 1}`, `{"redo": 1}` | N times |
/// | `{"break": true}` | `breakUndoCoalescing()` |
/// | `{"begin": true}`, `{"end": true}` / `{"end": "force"}` | `beginEditing()`, `endEditing(force:)` |
/// | `{"text": "…"}` | sets `text` (programmatic: asks nobody, clears undo) |
/// | `{"delegate": {"change": false, "begin": true, "end": true, "clear": true, "return": true}}` | the delegate's answers from here on (all `true` at the start) |
/// | `{"note": "…"}` | a comment, echoed in the output |
///
/// Blank lines are skipped. Offsets count grapheme clusters unless `unit` says otherwise
/// (`grapheme`, `utf16`, `utf8`, `scalar`).
public struct SessionScript: Sendable {
    /// One script line that parsed, with its 1-based line number in the file.
    public struct Line: Sendable, Equatable {
        /// The 1-based line number in the file.
        public var number: Int
        /// What the line asks for.
        public var action: SessionAction
    }

    /// A line that did not parse: its number and why.
    public struct LineError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line number in the file.
        public var line: Int
        /// What is wrong with it, in words.
        public var message: String
        /// `line N: message`.
        public var description: String { "line \(line): \(message)" }
    }

    /// The settings (the first line's, if it has them; else the defaults).
    public var settings: SessionSettings
    /// The lines that parsed, in file order.
    public var lines: [Line]
    /// The lines that did not parse, in file order.
    public var errors: [LineError]
    /// Lines that parsed but probably do not mean what they say, in file order: a locale ICU
    /// has no data for (it would use its default locale's rules without a word).
    public var warnings: [LineError]

    /// Parses `text` line by line; bad lines are collected, not fatal (the caller decides
    /// whether a run goes on). A `settings` line after the first action is an error.
    /// - Complexity: O(n) for n bytes of script.
    public init(_ text: String) {
        settings = SessionSettings()
        lines = []
        errors = []
        warnings = []
        var sawAction = false
        // Split on LF bytes: in a String, CR LF is one Character and would not split on "\n".
        for (index, bytes) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let source = String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes[...], as: UTF8.self)
            if source.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            do {
                let action = try SessionAction.parse(source)
                if let warning = Self.warning(about: action) {
                    warnings.append(LineError(line: index + 1, message: warning))
                }
                if case .settings(let s) = action {
                    guard !sawAction else {
                        throw SessionAction.ParseError("settings must come before the first action")
                    }
                    settings = s
                    sawAction = true
                    continue
                }
                sawAction = true
                lines.append(Line(number: index + 1, action: action))
            } catch let error as SessionAction.ParseError {
                errors.append(LineError(line: index + 1, message: error.message))
            } catch {
                errors.append(LineError(line: index + 1, message: "\(error)"))
            }
        }
    }
}

extension SessionScript {
    /// What is suspicious about an action that parsed, or nil: an unknown locale (see
    /// `TextDocument.isKnownLocale`).
    static func warning(about action: SessionAction) -> String? {
        let locale: String?
        switch action {
        case .settings(let s): locale = s.locale
        case .locale(let id): locale = id
        default: locale = nil
        }
        guard let locale, !TextDocument.isKnownLocale(locale) else { return nil }
        return "unknown locale \"\(locale)\": ICU has no data for it (its default locale's rules apply)"
    }
}

/// The settings of a session: the kind of input, editability, initial text and locale.
public struct SessionSettings: Sendable, Equatable {
    /// True for a single-line field (`.singleLine`), false for a multi-line view.
    public var isField = false
    /// False makes the input refuse every input call.
    public var isEditable = true
    /// The initial text.
    public var text = ""
    /// The ICU locale id of the input (nil: the default, ICU's root).
    public var locale: String?
    /// The input's traits (nil: the defaults, `TextInputTraits()`).
    public var traits: TextInputTraits?
    /// The input's rules (nil: the defaults, `TextInputRules()`).
    public var rules: TextInputRules?

    /// True when the settings turn off the traits that rewrite typed and pasted text
    /// (`TextInputTraits.plain`: no autocapitalization, smart quotes, dashes, insert and delete).
    public var traitsOff: Bool { traits == .plain }

    /// Settings with the given values (by default a multi-line, editable, empty view with the
    /// default traits and rules); `traitsOff` is `traits: .plain`. O(1).
    public init(isField: Bool = false, isEditable: Bool = true, text: String = "", locale: String? = nil,
                traitsOff: Bool = false, traits: TextInputTraits? = nil, rules: TextInputRules? = nil) {
        self.isField = isField
        self.isEditable = isEditable
        self.text = text
        self.locale = locale
        self.traits = traitsOff ? .plain : traits
        self.rules = rules
    }
}
