// A change set read as a stream over its old text — keep so many units, remove these bytes,
// insert those — the form in which composing and rebasing walk two change sets side by side
// (the classic operational-transformation walk). A kept stretch carries its length in both
// units, since the change sets do not hold the unchanged text; removed and inserted stretches
// carry their bytes. Splitting a stretch where the other stream's step ends checks that both
// describe the same text there (same bytes, a scalar boundary, the same UTF-16 length), so
// that two change sets made for different texts give an error rather than a wrong result.

/// One step of a change stream.
enum ChangeStep {
    /// Unchanged text of this length.
    case keep(utf8: Int, utf16: Int)
    /// Old text that goes.
    case remove(ArraySlice<UInt8>)
    /// New text that comes.
    case insert(ArraySlice<UInt8>)

    /// Its length in bytes (of old text for `keep` and `remove`, of new text for `insert`).
    var utf8Count: Int {
        switch self {
        case .keep(let utf8, _): return utf8
        case .remove(let bytes), .insert(let bytes): return bytes.count
        }
    }
}

/// Reads the steps of a change stream, taking pieces off the current one.
struct ChangeStepReader {
    private let steps: [ChangeStep]
    private var index = 0
    /// The step being read (what is left of it), or nil at the end.
    private(set) var current: ChangeStep?

    init(_ steps: [ChangeStep]) {
        self.steps = steps
        current = steps.first
    }

    /// Moves to the next step.
    mutating func next() {
        index += 1
        current = index < steps.count ? steps[index] : nil
    }

    /// Takes the first `piece` units off the current step, which `ChangeStepReader.piece`
    /// found to be a shared length of it; moves on when nothing is left.
    mutating func take(_ piece: (utf8: Int, utf16: Int)) {
        switch current {
        case .keep(let utf8, let utf16)?:
            current = utf8 == piece.utf8 ? nil : .keep(utf8: utf8 - piece.utf8, utf16: utf16 - piece.utf16)
        case .remove(let bytes)?:
            current = bytes.count == piece.utf8 ? nil : .remove(bytes.dropFirst(piece.utf8))
        case .insert(let bytes)?:
            current = bytes.count == piece.utf8 ? nil : .insert(bytes.dropFirst(piece.utf8))
        case nil:
            break
        }
        if current == nil { next() }
    }

    /// The longest piece that both `x` and `y` (steps over the same text) start with, in bytes
    /// and UTF-16 units, after checking that they agree on it: the same bytes where both hold
    /// bytes, a scalar boundary where one is cut, the same UTF-16 length.
    /// - Throws: `.changeSetMismatch(reason: .textsDiffer)` at `offset` when they disagree.
    static func piece(_ x: ChangeStep, _ y: ChangeStep, at offset: Int) throws(TextError) -> (utf8: Int, utf16: Int) {
        let n = min(x.utf8Count, y.utf8Count)
        var utf16: Int?
        for step in [x, y] {
            switch step {
            case .keep(let utf8, let units):
                if utf8 == n {
                    if utf16 != nil && utf16 != units { throw differ(at: offset) }
                    utf16 = units
                }
            case .remove(let bytes), .insert(let bytes):
                guard n == bytes.count || bytes[bytes.startIndex + n] & 0xC0 != 0x80 else { throw differ(at: offset) }
                let units = ChangeSet.utf16Count(bytes.prefix(n))
                if utf16 != nil && utf16 != units { throw differ(at: offset) }
                utf16 = units
            }
        }
        if case .remove(let a) = x, case .remove(let b) = y, !a.prefix(n).elementsEqual(b.prefix(n)) { throw differ(at: offset) }
        if case .insert(let a) = x, case .remove(let b) = y, !a.prefix(n).elementsEqual(b.prefix(n)) { throw differ(at: offset) }
        // A longer kept stretch must have UTF-16 units left for its bytes left.
        for case .keep(let utf8, let units) in [x, y] where utf8 > n && units <= utf16! { throw differ(at: offset) }
        return (n, utf16!)
    }

    private static func differ(at offset: Int) -> TextError {
        TextError(.changeSetMismatch(reason: .textsDiffer), byteOffset: offset)
    }
}

/// Collects a change stream's steps into a change set's replacements, in canonical form:
/// everything removed and inserted between two kept stretches is one replacement, and nothing
/// empty is kept.
struct ChangeSetBuilder {
    private var replacements: [ChangeSet.Replacement] = []
    /// Where the builder is in the old text.
    private(set) var utf8 = 0, utf16 = 0
    private var open: (utf8: Int, utf16: Int, removed: [UInt8], inserted: [UInt8])?

    /// Unchanged text: ends the open replacement. Nothing for an empty stretch.
    mutating func keep(utf8 n8: Int, utf16 n16: Int) {
        guard n8 > 0 else { return }
        close()
        utf8 += n8
        utf16 += n16
    }

    /// Old text that goes, joining the open replacement.
    mutating func remove(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        if open == nil { open = (utf8, utf16, [], []) }
        open!.removed.append(contentsOf: bytes)
        utf8 += bytes.count
        utf16 += ChangeSet.utf16Count(bytes)
    }

    /// New text that comes, joining the open replacement.
    mutating func insert(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        if open == nil { open = (utf8, utf16, [], []) }
        open!.inserted.append(contentsOf: bytes)
    }

    private mutating func close() {
        guard let r = open else { return }
        open = nil
        let removed = String(decoding: r.removed, as: UTF8.self)
        replacements.append(ChangeSet.Replacement(utf8Range: r.utf8..<utf8, utf16Range: r.utf16..<utf16, removed: removed,
                                                  inserted: String(decoding: r.inserted, as: UTF8.self)))
    }

    /// The change set, once the whole old text has been read.
    mutating func finish() -> ChangeSet {
        close()
        return ChangeSet(canonical: replacements, oldUTF8Count: utf8, oldUTF16Count: utf16)
    }
}

extension ChangeSet {
    /// The change set as a stream over its old text. `insertAt[i]`, when given, is where in its
    /// removed bytes replacement i's inserted text goes (a scalar boundary); else after them.
    /// O(k + length of the texts).
    func steps(insertAt: [Int]? = nil) -> [ChangeStep] {
        var steps: [ChangeStep] = []
        steps.reserveCapacity(3 * replacements.count + 1)
        var end8 = 0, end16 = 0
        for (i, r) in replacements.enumerated() {
            if r.utf8Range.lowerBound > end8 {
                steps.append(.keep(utf8: r.utf8Range.lowerBound - end8, utf16: r.utf16Range.lowerBound - end16))
            }
            let removed = ArraySlice(r.removed.utf8), inserted = ArraySlice(r.inserted.utf8)
            let split = insertAt?[i] ?? removed.count
            for step in [ChangeStep.remove(removed.prefix(split)), .insert(inserted), .remove(removed.dropFirst(split))]
            where step.utf8Count > 0 {
                steps.append(step)
            }
            end8 = r.utf8Range.upperBound
            end16 = r.utf16Range.upperBound
        }
        if oldUTF8Count > end8 { steps.append(.keep(utf8: oldUTF8Count - end8, utf16: oldUTF16Count - end16)) }
        return steps
    }

    /// UTF-16 code units of valid UTF-8 `bytes`. O(length).
    static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { p in
            let counts = UTF8Scalars.countScalars(in: p)
            return counts.scalars + counts.supplementary
        }
    }
}
