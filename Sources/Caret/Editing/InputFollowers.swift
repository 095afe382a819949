// What a `TextInput` derives from its text and keeps in step with every change of it — its
// range sets and its attribute runs — in one value, followed by one mechanism (CHANGES.md,
// "Every change goes through one path"), as `TextFollowers` is for a document: every place the
// input changes its document (`applyChange`, `applyChanges`, `text` from code, `applyRemote`)
// calls `prepare` before the text changes and `apply` after, with the same replacements. A new
// structure the input keeps in step is one more stored property here and one more line in
// `apply(_:_:insertedCount:oldLength:)`. The selection, marked text and undo steps are mapped by
// the callers (they depend on the kind of change: a remote change keeps carets before it).

/// The structures a `TextInput` keeps in step with its text: the only list of them.
struct InputFollowers {
    /// The range sets the app asked the input to hold (TextInput+RangeSets.swift).
    var rangeSets = RangeSetFollowers()
    /// The attribute runs over the whole text (TextInput+Attributes.swift).
    var attributeRuns = AttributeRuns()

    /// What `prepare` read before the text changed, for `apply`: the attributes the inserted
    /// text takes.
    enum Prepared {
        /// Every inserted text takes these attributes (the typing attributes; nil: nothing to
        /// do, no character has attributes and none are typed).
        case typed(TextAttributes?)
        /// Each inserted text takes the attributes of the character before it (after it at the
        /// start of the text): a change made elsewhere.
        case neighbours
    }

    /// Before the text changes: what the inserted text will take, `typed` (nil: the input's
    /// rule found nothing to do) or, when nil is not meant, the neighbours'. O(1).
    func prepare(typed attributes: TextAttributes?) -> Prepared { .typed(attributes) }

    /// Before a change made elsewhere: its inserted texts take their neighbours' attributes. O(1).
    func prepareForNeighbours() -> Prepared { .neighbours }

    /// After bytes `range` of a text of `oldLength` bytes were replaced by `insertedCount`
    /// bytes: brings every structure in step. The one place each follows a replacement.
    /// - Complexity: O(1) when no set is held and no character has attributes; otherwise what
    ///   `TextRangeSet.apply(_:)` and `AttributeRuns.replace` cost.
    @inline(__always)
    mutating func apply(_ prepared: Prepared, _ range: Range<Int>, insertedCount: Int, oldLength: Int) {
        rangeSets.follow(range, insertedCount: insertedCount)
        switch prepared {
        case .typed(nil):
            return
        case .typed(let attributes?):
            if range == 0..<oldLength {
                // The whole text replaced: fresh runs (the old attribute table goes with it).
                attributeRuns = AttributeRuns(insertedCount == 0 ? [] : [(insertedCount, attributes)])
            } else {
                attributeRuns.replace(range, insertedCount: insertedCount, with: attributes, textLength: oldLength)
            }
        case .neighbours:
            guard !attributeRuns.isPlain else { return }
            let s = range.lowerBound
            let attributes = s > 0 ? attributeRuns.attributes(atByte: s - 1)
                                   : range.upperBound < oldLength ? attributeRuns.attributes(atByte: range.upperBound) : TextAttributes()
            attributeRuns.replace(range, insertedCount: insertedCount, with: attributes, textLength: oldLength)
        }
    }

    /// After `changes` were applied to the text: brings every structure in step, replacement
    /// by replacement, back to front (offsets before a replacement are those of the text it was
    /// made for). O(k) calls of `apply` for k replacements.
    mutating func apply(_ prepared: Prepared, _ changes: ChangeSet) {
        var length = changes.oldUTF8Count
        for r in changes.replacements.reversed() {
            apply(prepared, r.utf8Range, insertedCount: r.inserted.utf8.count, oldLength: length)
            length += r.inserted.utf8.count - r.utf8Range.count
        }
    }
}

extension TextInput {
    /// The range sets the input holds (a follower: `followers`).
    var rangeSets: RangeSetFollowers {
        get { followers.rangeSets }
        _modify { yield &followers.rangeSets }
    }

    /// The attribute runs over the whole text (a follower: `followers`).
    var attributeRuns: AttributeRuns {
        get { followers.attributeRuns }
        _modify { yield &followers.attributeRuns }
    }
}
