// Composition: two change sets in a row as one. The first's steps produce the text the second's
// steps read, so the two streams walk that middle text side by side (ChangeStream.swift).

extension ChangeSet {
    /// This change set, then `next` (made for the text this one makes), as one change set:
    /// applying it is applying this one and then `next`. Stretches that `next` changes inside or
    /// next to this one's replacements become one replacement; text this one inserts and `next`
    /// removes never appears.
    ///
    /// - Throws: `TextError.Kind.changeSetMismatch` when `next` was not made for the text this
    ///   one makes: `.lengthDiffers` when its old lengths are not this one's new lengths,
    ///   `.textsDiffer` when it removes text of this one's that is not what this one inserted.
    /// - Complexity: O(k + m) for k replacements in both and m bytes of their texts.
    public func composed(with next: ChangeSet) throws(TextError) -> ChangeSet {
        try next.expectOld(utf8: newUTF8Count, utf16: newUTF16Count)
        var first = ChangeStepReader(steps()), second = ChangeStepReader(next.steps())
        var out = ChangeSetBuilder()
        // `middle` is where the walk is in the text between the two, for the error's offset.
        var middle = 0
        while true {
            switch (first.current, second.current) {
            case (nil, nil):
                return out.finish()
            case (.remove(let bytes)?, _):
                out.remove(bytes)
                first.next()
            case (_, .insert(let bytes)?):
                out.insert(bytes)
                second.next()
            case (let a?, let b?):
                let piece = try ChangeStepReader.piece(a, b, at: middle)
                switch (a, b) {
                case (.keep, .keep): out.keep(utf8: piece.utf8, utf16: piece.utf16)
                case (.keep, .remove(let bytes)): out.remove(bytes.prefix(piece.utf8))
                case (.insert(let bytes), .keep): out.insert(bytes.prefix(piece.utf8))
                default: break  // inserted by this one, removed by `next`: never there
                }
                first.take(piece)
                second.take(piece)
                middle += piece.utf8
            default:
                // The lengths were checked, so the streams end together; this is a defect.
                throw TextError(.changeSetMismatch(reason: .textsDiffer), byteOffset: middle)
            }
        }
    }

    /// Throws `.changeSetMismatch(reason: .lengthDiffers)` unless the old text's lengths are
    /// these. O(1).
    func expectOld(utf8: Int, utf16: Int) throws(TextError) {
        guard oldUTF8Count == utf8 else {
            throw TextError(.changeSetMismatch(reason: .lengthDiffers(unit: .utf8, expected: oldUTF8Count, actual: utf8)),
                            byteOffset: min(utf8, oldUTF8Count))
        }
        guard oldUTF16Count == utf16 else {
            throw TextError(.changeSetMismatch(reason: .lengthDiffers(unit: .utf16, expected: oldUTF16Count, actual: utf16)),
                            byteOffset: 0)
        }
    }
}
