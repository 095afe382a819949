// One edit description applied by one mechanism to every structure derived from the text.
// Every edit of a document — the general path, the typing path at the edit place, a change
// set's replacements — runs through `following`: the followers are listed once
// (`TextFollowers.forEach`), prepared in one loop on the old text and brought in step in one
// loop on the new text. A new follower is one more stored property and one more line in
// `forEach`; every edit then reaches it.
//
// Not on the list, by design: the `Finger` (with its cluster-start cache and the place of the
// last edit). It indexes the tree itself rather than deriving from the text: the rope edit
// writes it with the cursor the edit leaves (`finger.recordEdit`), which no `TextEdit` carries,
// and a stale snapshot is recognised by its root and edit count, never mapped through an edit.

/// What the followers are told of an edit: bytes only. Every follower works in byte offsets;
/// a `TextEdit` would also need the edit's UTF-16 offsets, a tree descent and chunk scans per
/// keystroke, so the one follower that wants them (the test recorder) works them out itself.
struct ByteEdit: Sendable, Hashable {
    /// Bytes of the old text replaced.
    let replacedUTF8Range: Range<Int>
    /// Bytes of the new text inserted in their place.
    let insertedUTF8Range: Range<Int>

    init(replacing range: Range<Int>, insertedCount: Int) {
        replacedUTF8Range = range
        insertedUTF8Range = range.lowerBound..<(range.lowerBound + insertedCount)
    }
}

/// A structure derived from a document's text that follows every edit of it.
protocol TextEditFollower {
    /// Makes the follower the edited document's own before its text changes (a box shared
    /// with copies of the document is copied: the copies keep the old one). O(1) when owned.
    static func own(_ follower: inout Self)
    /// True when there is nothing to follow (the edit need not even be described for it).
    var followsNothing: Bool { get }
    /// Before the text changes: reads what it needs from the old document and keeps it until
    /// `apply`.
    mutating func prepare(for edit: ByteEdit, in old: TextDocument)
    /// After the text changed: brings the structure in step with `new`.
    mutating func apply(_ edit: ByteEdit, in new: TextDocument)
}

extension TextEditFollower {
    static func own(_ follower: inout Self) {}
    mutating func prepare(for edit: ByteEdit, in old: TextDocument) {}
}

/// What is done to every follower, in `TextFollowers.forEach`'s order.
protocol TextEditFollowerVisitor {
    mutating func visit<F: TextEditFollower>(_ follower: inout F)
}

/// Every structure derived from a document's text, in one value: the only list of them.
struct TextFollowers: Sendable {
    /// Bidi layouts of recently used paragraphs (see `BidiCache` and docs/ARCHITECTURE.md).
    var bidiCache = BidiCache()
    /// Paragraph directions set by the caller; they follow their paragraphs through edits.
    var directionOverrides = DirectionOverrides()
    /// Every edit, while switched on (tests, debugging).
    var recorder = EditRecorder()

    /// Visits every follower once: THE list. O(followers) besides the visitor.
    @inline(__always)
    mutating func forEach<V: TextEditFollowerVisitor>(_ visitor: inout V) {
        visitor.visit(&bidiCache)
        visitor.visit(&directionOverrides)
        visitor.visit(&recorder)
    }

    /// Stands in for a document's followers while they are taken out to read its new text
    /// (so that they are not shared, and copied, while they change). Never edited.
    static let placeholder = TextFollowers()

    /// Makes every follower the document's own; true when none has anything to follow.
    @inline(__always)
    mutating func ownAndCheckIdle() -> Bool {
        var visitor = OwnAndCheck()
        forEach(&visitor)
        return visitor.idle
    }

    private struct OwnAndCheck: TextEditFollowerVisitor {
        var idle = true
        @inline(__always)
        mutating func visit<F: TextEditFollower>(_ follower: inout F) {
            F.own(&follower)
            idle = idle && follower.followsNothing
        }
    }

    fileprivate struct Prepare: TextEditFollowerVisitor {
        let edit: ByteEdit
        let old: TextDocument
        @inline(__always)
        mutating func visit<F: TextEditFollower>(_ follower: inout F) {
            if !follower.followsNothing { follower.prepare(for: edit, in: old) }
        }
    }

    fileprivate struct Apply: TextEditFollowerVisitor {
        let edit: ByteEdit
        let new: TextDocument
        /// Whether each follower, in order, was prepared (it followed something before the edit).
        var prepared: UInt64
        var index = 0
        @inline(__always)
        mutating func visit<F: TextEditFollower>(_ follower: inout F) {
            if prepared & (1 << index) != 0 { follower.apply(edit, in: new) }
            index += 1
        }
    }

    fileprivate struct Following: TextEditFollowerVisitor {
        var mask: UInt64 = 0
        var index = 0
        @inline(__always)
        mutating func visit<F: TextEditFollower>(_ follower: inout F) {
            if !follower.followsNothing { mask |= 1 << index }
            index += 1
        }
    }
}

/// A follower that records every edit it sees while `isRecording` (off by default: then it
/// follows nothing and costs the edit paths one test of a flag). In the library, not the tests,
/// because the list is one concrete value: it is how EditFollowerTests checks that every entry
/// (the typing path included) reaches the followers through `following`.
struct EditRecorder: TextEditFollower, Sendable {
    var isRecording = false
    private(set) var edits: [TextEdit] = []
    /// The UTF-16 offsets of the replaced bytes, read from the old text by `prepare`.
    private var replacedUTF16: Range<Int> = 0..<0

    var followsNothing: Bool { !isRecording }

    mutating func prepare(for edit: ByteEdit, in old: TextDocument) {
        let range = edit.replacedUTF8Range
        let start = old.count(.utf16, beforeUTF8: range.lowerBound)
        replacedUTF16 = start..<(range.isEmpty ? start : old.count(.utf16, beforeUTF8: range.upperBound))
    }

    mutating func apply(_ edit: ByteEdit, in new: TextDocument) {
        let start = replacedUTF16.lowerBound
        edits.append(TextEdit(replacedUTF8Range: edit.replacedUTF8Range, insertedUTF8Range: edit.insertedUTF8Range,
                              replacedUTF16Range: replacedUTF16,
                              insertedUTF16Range: start..<new.count(.utf16, beforeUTF8: edit.insertedUTF8Range.upperBound)))
    }

    mutating func removeAll() { edits.removeAll() }
}

extension TextDocument {
    /// The caller-set paragraph directions (a follower: `followers`).
    var directionOverrides: DirectionOverrides {
        get { followers.directionOverrides }
        _modify { yield &followers.directionOverrides }
    }

    /// The bidi layouts of recently used paragraphs (a follower: `followers`).
    var bidiCache: BidiCache {
        get { followers.bidiCache }
        _modify { yield &followers.bidiCache }
    }

    /// THE mechanism every edit of the text goes through: applies `change` to the text and
    /// makes every follower follow it — each owned by this document, the ones that follow
    /// something prepared on the old text (one loop), the rope changed, those brought in step
    /// with the new text (one loop), each told the replaced bytes (`ByteEdit`). Returns what
    /// `change` returns.
    /// O(followers) when none follows anything.
    @inline(__always)
    mutating func following<R>(_ range: Range<Int>, inserted: UnsafeBufferPointer<UInt8>,
                               _ change: (inout TextDocument) -> R) -> R {
        if followers.ownAndCheckIdle() { return change(&self) }
        return followingSome(ByteEdit(replacing: range, insertedCount: inserted.count), change)
    }

    /// `following` when some follower follows something: the two loops.
    private mutating func followingSome<R>(_ edit: ByteEdit, _ change: (inout TextDocument) -> R) -> R {
        var which = TextFollowers.Following()
        followers.forEach(&which)
        // The followers are taken out while they read the old and the new document (so that
        // neither they nor the text are shared, and copied, while they change), then put back.
        var taken = followers
        followers = .placeholder
        do {
            var prepare = TextFollowers.Prepare(edit: edit, old: self)
            taken.forEach(&prepare)
        }
        followers = taken
        let result = change(&self)
        taken = followers
        followers = .placeholder
        do {
            var apply = TextFollowers.Apply(edit: edit, new: self, prepared: which.mask)
            taken.forEach(&apply)
        }
        followers = taken
        return result
    }
}
