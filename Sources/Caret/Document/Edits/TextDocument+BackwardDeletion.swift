// What Backspace removes: the backward-deletion cluster (EDITING.md, "Input"). In the scripts
// of U+0530–U+194F a grapheme cluster is a syllable built of several keystrokes (a consonant,
// a virama, a vowel sign, a tone mark), and users expect Backspace to take back the last one;
// everywhere else a cluster is one thing on screen (an accented letter, an emoji, a flag) and
// goes whole. Hangul syllables go whole too, however they are spelled.

extension TextDocument {
    /// The Unicode scalars that Backspace removes before `position`: the grapheme cluster
    /// before it, except that a cluster whose first scalar lies in U+0530–U+194F (Armenian
    /// through Limbu: Hebrew, Arabic, the Indic scripts, Thai, Tibetan, Myanmar, Georgian,
    /// Hangul Jamo, Ethiopic, Khmer, Mongolian…) gives only its last scalar — unless it is a
    /// Hangul syllable spelled in conjoining jamo (one or more leading jamo, then one or more
    /// vowel jamo, then any trailing jamo and marks), which goes whole. Precomposed Hangul
    /// syllables (U+AC00–U+D7A3), Latin with marks, emoji sequences, flags, keycaps and CR LF
    /// lie outside the range and go whole.
    ///
    /// - Units: the result counts Unicode scalars from the start of the text; pass it to
    ///   `edit(_:in: .unicodeScalar, replacingWith: "")`.
    /// - Returns: nil when `position` lies outside this document or is at its start.
    /// - Complexity: O(log n) plus the length of the cluster.
    public func backwardDeletionRange(before position: TextPosition) -> Range<Int>? {
        guard let x = validated(position), x > 0 else { return nil }
        let bytes = backwardDeletionUTF8Range(before: x)
        let start = count(.unicodeScalar, beforeUTF8: bytes.lowerBound)
        let removed = string(utf8Range: bytes).unicodeScalars.count
        return start..<start + removed
    }

    /// The bytes Backspace removes before byte `x` (a grapheme boundary after the start):
    /// see `backwardDeletionRange(before:)`. O(log n) plus the length of the cluster.
    func backwardDeletionUTF8Range(before x: Int) -> Range<Int> {
        let start = graphemeBoundary(before: x)
        let cluster = string(utf8Range: start..<x).unicodeScalars
        guard let first = cluster.first, let last = cluster.last, cluster.count > 1,
              (0x530...0x194F).contains(first.value),
              !Self.isConjoiningHangulSyllable(cluster) else { return start..<x }
        return (x - Unicode.UTF8.width(last))..<x
    }

    /// True when `scalars` begin with a Hangul syllable in conjoining jamo: L+ V+ (T* follows,
    /// with any marks). Both jamo blocks count (U+1100–U+11FF and the extended A and B blocks).
    static func isConjoiningHangulSyllable(_ scalars: String.UnicodeScalarView) -> Bool {
        func isLeading(_ v: UInt32) -> Bool { (0x1100...0x115F).contains(v) || (0xA960...0xA97C).contains(v) }
        func isVowel(_ v: UInt32) -> Bool { (0x1160...0x11A7).contains(v) || (0xD7B0...0xD7C6).contains(v) }
        var i = scalars.startIndex
        var leading = 0
        while i < scalars.endIndex, isLeading(scalars[i].value) { leading += 1; i = scalars.index(after: i) }
        return leading > 0 && i < scalars.endIndex && isVowel(scalars[i].value)
    }
}
