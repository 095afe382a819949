/// The editing model of one text field or text view: what `UITextField` and `UITextView` do
/// with keys, input methods and an app's rules, without drawing.
///
/// A `TextInput` owns a `TextDocument` and changes it only through its input calls (typing,
/// deleting, pasting, marked text, undo) or through `text` from code. Every user edit passes
/// one place (`submit(_:)`, see docs/ARCHITECTURE.md, "The editing model") where it is shaped
/// by the traits and rules, offered to the delegate and recorded for undo.
///
/// - Units: positions and ranges are the document's `TextPosition`/`TextRange`; counts are
///   grapheme clusters unless a parameter names another `TextUnit`.
/// - Bad input: ranges outside the text are refused (a `false` result or no change), never a
///   trap.
/// - Not `Sendable`: one isolation domain (an app's main actor, say) owns it; its `document`
///   is a value any thread may read.
public final class TextInput {
    // The stored properties are exempt from the runtime's exclusivity checks (each access to
    // a class's property otherwise registers with a thread-local access set, a large share of
    // a keystroke's instructions: callgrind on `input.keystroke-plain`, Benchmarks/README.md).
    // Nothing overlaps an access to them: the input calls no delegate, trait or rule while it
    // mutates one (no `inout` or mutating call on them reaches a callback; callbacks run
    // between changes, TextInput+Notifications.swift), and the class is not `Sendable`, so one
    // isolation domain owns it. A new property a callback may change while it is being
    // mutated must go without the attribute.
    /// The text with its positions, segmentation and movement. Read-only: edits go through the
    /// input calls or `text`.
    @exclusivity(unchecked) public internal(set) var document: TextDocument

    /// A field (`.singleLine`) or a view (`.multiLine`); decides what Return and pasted line
    /// breaks do.
    @exclusivity(unchecked) public var kind: TextInputKind
    /// How typed and pasted text is shaped (see `TextInputTraits`).
    @exclusivity(unchecked) public var traits: TextInputTraits
    /// The field rules every user edit is checked against (see `TextInputRules`).
    @exclusivity(unchecked) public var rules: TextInputRules
    /// False refuses every input call that would change the text (typing, deleting, paste,
    /// cut, `replace`, `clear`, marked text) and keeps editing from beginning; selection,
    /// movement and `copy` still work. O(1).
    @exclusivity(unchecked) public var isEditable: Bool = true
    /// Asked before user edits and told after every change; held weakly.
    @exclusivity(unchecked) public weak var delegate: (any TextInputDelegate)? {
        didSet { delegateWasSet = delegate != nil }
    }
    /// False while no delegate has been set since the last time it was set to nil: then
    /// `delegate` is nil without loading the weak reference (an atomic load and a release,
    /// several times a keystroke). True says only that one was set; it may be gone since.
    @exclusivity(unchecked) private(set) var delegateWasSet = false
    /// The delegate, read through `delegateWasSet` first: what the hot paths ask.
    var currentDelegate: (any TextInputDelegate)? {
        @inline(__always) get { delegateWasSet ? delegate : nil }
    }

    /// The marked text of an input method's composition, or nil. Its ends are exactly where the
    /// marked text is, so one may fall inside a grapheme cluster when the marked text joins the
    /// text around it (a marked combining mark); the document snaps such a position when it is
    /// used.
    @exclusivity(unchecked) public internal(set) var markedTextRange: TextRange?
    /// True between an accepted `beginEditing()` and `endEditing`.
    @exclusivity(unchecked) public internal(set) var isEditing = false

    /// The selection (nil = none): `anchor` is the end that stays put while the selection is
    /// extended, `focus` the end that moves. Both are grapheme boundaries of `document`.
    @exclusivity(unchecked) var anchor: TextPosition?
    @exclusivity(unchecked) var focus: TextPosition? {
        didSet { selectionMoves &+= 1 }
    }
    /// Counts settings of the selection (every one sets `focus`): typing attributes set by the
    /// app hold until the selection is next set (TextInput+Attributes.swift).
    var selectionMoves = 0
    /// The column up/down presses aim for; nil after any other change of the selection.
    @exclusivity(unchecked) var goalColumn: Int?
    /// The selections besides the main one (`anchor`/`focus`), in document order, apart from
    /// each other and from the main one (TextInput+Selections.swift). Empty with one selection.
    @exclusivity(unchecked) var otherSelections: [SelectionMark] = []
    /// The goal columns of `otherSelections` while up/down presses keep them; empty otherwise.
    @exclusivity(unchecked) var otherGoalColumns: [Int?] = []
    /// Where the current composition started, while there is marked text.
    @exclusivity(unchecked) var composition: Composition?
    /// Undo and redo steps.
    @exclusivity(unchecked) var history = UndoHistory()
    /// What the traits keep between edits (Traits/TraitState.swift).
    @exclusivity(unchecked) var traitState = TraitState()
    /// Ranges a call in progress holds across changes it makes (a range given before a
    /// composition is committed, mapped through the commit): every change maps them
    /// (`follow`, TextInput+Changes.swift).
    @exclusivity(unchecked) var pendingRanges: [TextRange] = []
    /// Notifications of finished changes not yet sent (TextInput+Notifications.swift).
    @exclusivity(unchecked) var pending: [Notification] = []
    /// How many changes that must not be interrupted by callbacks are running.
    @exclusivity(unchecked) var changeDepth = 0
    /// True while `flush()` sends the queue: a nested flush leaves the sending to it.
    @exclusivity(unchecked) var isFlushing = false
    /// Counts changes of the text, so a change that called the delegate can tell whether the
    /// text changed meanwhile.
    @exclusivity(unchecked) var revision = 0
    /// The range sets and attribute runs, which follow every change of the text
    /// (InputFollowers.swift).
    @exclusivity(unchecked) var followers = InputFollowers()
    /// `typingAttributes` as the app set them, valid while `selectionMoves` is
    /// `typingAttributesSetAt`; otherwise they are read from the runs at the selection.
    var typingAttributesSet: TextAttributes?
    var typingAttributesSetAt = 0
    /// The find session (`find(_:)`), if any: TextInput+Find.swift.
    var findSession: FindSession?

    /// A new input holding `text`, with its caret at the end.
    /// - Complexity: O(n) for n bytes of text.
    public convenience init(_ text: String = "", kind: TextInputKind = .multiLine,
                            traits: TextInputTraits = .init(), rules: TextInputRules = .init()) {
        self.init(document: TextDocument(text), kind: kind, traits: traits, rules: rules)
    }

    /// A new input editing `document` — its text, its `locale` (which becomes the input's)
    /// and its paragraph direction overrides — with its caret at the end: a file loaded with
    /// `TextDocument(contentsOfFile:)` or `TextDocument.Loader` goes in without ever being a
    /// `String`. The document is shared, not copied: `TextDocument` is a copy-on-write value,
    /// so the caller's copy stays as it is and the input's first edit copies only the path
    /// it changes. Positions of `document` are valid in `self.document` until the first edit.
    /// - Complexity: O(1).
    public init(document: TextDocument, kind: TextInputKind = .multiLine,
                traits: TextInputTraits = .init(), rules: TextInputRules = .init()) {
        self.document = document
        self.kind = kind
        self.traits = traits
        self.rules = rules
        anchor = document.endOfDocument
        focus = anchor
    }

    /// The ICU locale id used for word movement, case rules and locale data; also the
    /// document's `locale`. O(1).
    public var locale: String {
        get { document.locale }
        set { document.locale = newValue }
    }

    /// The whole text. Setting it is a change from code: nobody is asked, no `.editingChanged`
    /// is sent (only `didApply` and, if the caret moved, `.selectionChanged`), the caret goes
    /// to the end, marked text is dropped and the undo history is cleared.
    /// - Complexity: get and set O(n).
    public var text: String {
        get { document.string }
        set { setTextFromCode(newValue) }
    }

    /// The selection: nil for none, an empty range for a caret. Setting it is a change from
    /// code: nobody is asked, `.selectionChanged` is sent if it moved; a range outside the text
    /// is ignored (the selection stays), ends inside a grapheme cluster snap back to its start.
    /// A selection outside the marked text ends the composition, keeping its text as typed.
    /// - Complexity: O(log n).
    public var selectedTextRange: TextRange? {
        get {
            guard let anchor, let focus else { return nil }
            return TextRange(start: anchor, end: focus)
        }
        set { setSelectionFromCode(newValue) }
    }

    /// Where a composition started: the text it replaced and the selection before it.
    struct Composition {
        /// Byte offset where the replaced text started (and the marked text starts).
        var start: Int
        /// The text the composition replaced (the selection when it started).
        var replacedText: String
        var anchor: TextPosition?
        var focus: TextPosition?
        /// The attribute runs and typing attributes when it started (nil runs: unknown, after
        /// a change made elsewhere), put back when it is cancelled or committed.
        var attributeRuns: AttributeRuns?
        var typingAttributes = TextAttributes()
    }
}
