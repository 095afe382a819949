/// The pads' filter: typed and pasted text keeps only the grapheme clusters the keyboard could
/// have produced; the others are dropped and the rest is inserted. Nothing left means no change.
struct KeyboardFilter: Sendable, Hashable {
    /// What a pad lets through.
    enum Allowed: Sendable, Hashable {
        /// Decimal digits of any script (general category `Nd`).
        case decimalDigits
        /// `0`–`9`.
        case asciiDigits
        /// `Nd` digits and the locale's decimal separator (a cluster equal to it).
        case decimal(separator: String)
        /// `Nd` digits, `+*#,;()-` and the space.
        case phone
    }

    let allowed: Allowed

    /// The filter of a keyboard type, or nil for the keyboards that filter nothing.
    /// `decimalSeparator` is asked only for the decimal pad.
    init?(_ keyboard: TextKeyboardType, decimalSeparator: () -> String) {
        switch keyboard {
        case .numberPad: allowed = .decimalDigits
        case .asciiCapableNumberPad: allowed = .asciiDigits
        case .decimalPad: allowed = .decimal(separator: decimalSeparator())
        case .phonePad: allowed = .phone
        case .default, .asciiCapable, .emailAddress, .url, .numbersAndPunctuation: return nil
        }
    }

    init(allowed: Allowed) { self.allowed = allowed }

    /// The change with its text filtered, or nil (no change at all) when nothing of a
    /// non-empty insertion is left: an insertion filtered away never deletes the selection it
    /// would have replaced. Deletions pass untouched.
    /// - Complexity: O(length of the inserted text).
    func filter(_ change: ProposedChange) -> ProposedChange? {
        guard change.kind.inserts, !change.text.isEmpty else { return change }
        let kept = filter(change.text)
        if kept.isEmpty { return nil }
        var result = change
        result.text = kept
        return result
    }

    /// `text` without the clusters this pad does not allow. Clusters are the engine's.
    /// - Complexity: O(m) for m bytes: one load and one walk of the clusters, each cut from the
    ///   text's own bytes (reading it back from the document would cost O(log m) a cluster).
    func filter(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy(allows) { return text }
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        for range in TextDocument(text).graphemeRanges {
            let cluster = bytes[range.start.utf8Offset..<range.end.utf8Offset]
            if allows(String(decoding: cluster, as: UTF8.self)) { kept += cluster }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Whether one grapheme cluster is allowed: all its scalars are, or it is the separator.
    func allows(_ cluster: String) -> Bool {
        if case .decimal(let separator) = allowed, cluster == separator { return true }
        return cluster.unicodeScalars.allSatisfy(allows)
    }

    /// Whether a scalar is allowed on its own. The decimal separator is matched as a whole
    /// cluster by `allows(_: String)`; a one-scalar separator is also allowed here.
    func allows(_ scalar: Unicode.Scalar) -> Bool {
        switch allowed {
        case .decimalDigits:
            return scalar.properties.generalCategory == .decimalNumber
        case .asciiDigits:
            return ("0"..."9").contains(scalar)
        case .decimal(let separator):
            if scalar.properties.generalCategory == .decimalNumber { return true }
            let s = separator.unicodeScalars
            return s.count == 1 && s.first == scalar
        case .phone:
            return scalar.properties.generalCategory == .decimalNumber || "+*#,;()- ".unicodeScalars.contains(scalar)
        }
    }
}
