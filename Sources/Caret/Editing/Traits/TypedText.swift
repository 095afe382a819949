/// Typed text being rewritten scalar by scalar, with the text before it: the working state of
/// smart dashes, smart quotes and autocapitalization. A rule may replace the last scalar, even
/// one of the old text (then the change widens backwards over it).
///
/// Every scalar sees what it would see if it had been typed alone: the last few grapheme
/// clusters of the old text followed by the output so far — at most `TypingTransform.window`
/// clusters, never the whole output. So one `insertText` of a long string gives the same text as
/// typing it scalar by scalar, and costs O(length × window) rather than O(length²): the
/// context lives in `tail`, which is cut back to the last `window` clusters whenever it holds
/// twice that many, and cluster starts are found by the engine's own `GraphemeBreaker` as the
/// scalars arrive (its boundaries are the document's).
struct TypedText {
    /// The rewritten typed text so far, as UTF-8. Bytes, not a `String`: appending a scalar to
    /// a `String` costs a call into the standard library's string storage each time, and
    /// `String.UnicodeScalarView.append(contentsOf:)` copies the whole string on every call.
    private var outputUTF8: [UInt8] = []
    /// Scalars in `output`, so `removeLast` knows whether the last scalar is typed or old text.
    private var outputScalarCount = 0
    /// How many bytes of the old text, ending where the change started, it now replaces.
    private(set) var consumedUTF8 = 0

    /// The text before the next scalar, as far back as the rules may look: old text, then
    /// output. It starts at a grapheme boundary of the text.
    private var tail: [Unicode.Scalar] = []
    /// Indices in `tail` where grapheme clusters start, ascending (0 first when `tail` is not
    /// empty).
    private var clusterStarts: [Int] = []
    /// The grapheme rules' state after the last scalar of `tail`.
    private var breaker = GraphemeBreaker()
    /// Whether `tail` starts at the beginning of the text: all the old text before the change
    /// was read and nothing has been cut off the front since.
    private var tailReachesStart: Bool
    /// Reads the old text before what `tail` holds of it (and whether that reaches the start),
    /// once; nil after it ran or when there is no more.
    private var earlier: (() -> (text: String, reachesStart: Bool))?

    /// - Parameters:
    ///   - before: the old text just before the change, starting at a grapheme boundary (a few
    ///     clusters of it: what `nearContext` may see).
    ///   - earlier: reads the text before `before`, for the rules that need up to
    ///     `TypingTransform.window` clusters (a sentence start); nil when `before` is all they
    ///     may see.
    init(before: String, reachesStart: Bool, earlier: (() -> (text: String, reachesStart: Bool))? = nil) {
        tailReachesStart = reachesStart
        self.earlier = reachesStart ? nil : earlier
        // Room for the whole window at once: growing from empty reallocated both arrays three
        // or four times per typed key.
        tail.reserveCapacity(Self.initialCapacity)
        clusterStarts.reserveCapacity(Self.initialCapacity)
        for scalar in before.unicodeScalars { feed(scalar) }
    }

    /// Appends `scalar` to `tail`, noting whether a cluster starts at it.
    private mutating func feed(_ scalar: Unicode.Scalar) {
        if breaker.isBoundary(before: GraphemeClassTable.shared(scalar.value)) { clusterStarts.append(tail.count) }
        tail.append(scalar)
    }

    /// Scalars (and cluster starts) `tail` and `clusterStarts` make room for at first: a full
    /// window of clusters of one or two scalars each.
    private static let initialCapacity = 2 * TypingTransform.window

    /// The scalar just before the next one, in the output or else in the old text; nil at the
    /// start of the text (or of a window that holds nothing more).
    var last: Unicode.Scalar? { tail.last }

    /// Whether nothing precedes the next scalar: the start of the text.
    var isAtStart: Bool { tail.isEmpty && tailReachesStart }

    /// The rewritten typed text. O(length).
    var output: String { String(decoding: outputUTF8, as: UTF8.self) }

    /// Appends a scalar to the output. Amortized O(1); every `window` clusters, O(window) to
    /// cut `tail` back.
    mutating func append(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            outputUTF8.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            outputUTF8.append(contentsOf: scalar.utf8)
        }
        outputScalarCount += 1
        feed(scalar)
        let limit = TypingTransform.window
        if clusterStarts.count > 2 * limit {
            // Keep the last `limit` clusters: no rule looks further back.
            let cut = clusterStarts[clusterStarts.count - limit]
            tail.removeFirst(cut)
            clusterStarts.removeFirst(clusterStarts.count - limit)
            for k in clusterStarts.indices { clusterStarts[k] -= cut }
            tailReachesStart = false
            earlier = nil
        }
    }

    /// Appends a string to the output, scalar by scalar.
    mutating func append(_ string: String) {
        for scalar in string.unicodeScalars { append(scalar) }
    }

    /// Removes the scalar `last` names, from the output or (widening the change) the old text.
    /// O(length of `tail`): the grapheme state is rebuilt from `tail`'s start, a boundary.
    mutating func removeLast() {
        guard let scalar = tail.popLast() else { return }
        if outputScalarCount > 0 {
            outputUTF8.removeLast(scalar.utf8.count)
            outputScalarCount -= 1
        } else {
            consumedUTF8 += scalar.utf8.count
        }
        if clusterStarts.last == tail.count { clusterStarts.removeLast() }
        breaker = GraphemeBreaker()
        for s in tail { _ = breaker.isBoundary(before: GraphemeClassTable.shared(s.value)) }
    }

    /// The last `clusters` grapheme clusters before the next scalar (fewer at the start of the
    /// text), and whether they start at the beginning of the text. Reads more old text when
    /// `tail` holds too little of it. O(the window's length), plus the read.
    mutating func context(clusters: Int) -> (scalars: ArraySlice<Unicode.Scalar>, reachesStart: Bool) {
        readEarlierText(for: clusters)
        return heldContext(clusters: clusters).window
    }

    /// What `context(clusters:)` would return, from what is held now, without reading more of
    /// the old text; `isWhole` tells whether it is all of that answer (else it is a suffix of
    /// it: `tail` holds fewer clusters and more old text is there to read). O(1).
    func heldContext(clusters: Int) -> (window: (scalars: ArraySlice<Unicode.Scalar>, reachesStart: Bool), isWhole: Bool) {
        if clusterStarts.count > clusters {
            return ((tail[clusterStarts[clusterStarts.count - clusters]...], false), true)
        }
        return ((tail[...], tailReachesStart), clusterStarts.count == clusters || earlier == nil)
    }

    /// Reads the old text before `tail` once, when `tail` holds fewer than `clusters` clusters
    /// and there is more. O(the read's length).
    private mutating func readEarlierText(for clusters: Int) {
        if clusterStarts.count < clusters, let read = earlier {
            earlier = nil
            let (text, start) = read()
            // `text` ends where `tail` starts, a boundary: feed it, then `tail` again.
            let old = tail
            tail = []
            clusterStarts = []
            tail.reserveCapacity(Self.initialCapacity + old.count)
            clusterStarts.reserveCapacity(Self.initialCapacity + old.count)
            breaker = GraphemeBreaker()
            for scalar in text.unicodeScalars { feed(scalar) }
            for scalar in old { feed(scalar) }
            tailReachesStart = start
        }
    }
}
