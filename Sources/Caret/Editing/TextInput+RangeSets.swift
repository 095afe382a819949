// Range sets a `TextInput` holds, following its every change: user edits, marked text, undo,
// redo, `text` from code and `applyRemote` (CHANGES.md, "Every change goes through one path").
// The input tells them of a change through its followers (InputFollowers.swift) where it changes
// its document (`applyChange`, `setTextFromCode`, `applyRemote`), before it tells the delegate, so
// a delegate reads range sets already in step with the text.

/// Names a range set held by a `TextInput` (`TextInput.addRangeSet(_:)`), with the type of its
/// values.
public struct TextRangeSetKey<Value: Sendable>: Hashable, Sendable {
    let number: Int
}

/// A range set in a box, so the input can move every set it holds without knowing their types.
protocol RangeSetFollowing: AnyObject {
    /// Moves the ranges for the replacement of bytes `range` by `insertedCount` bytes.
    func follow(_ range: Range<Int>, insertedCount: Int)
}

final class RangeSetBox<Value: Sendable>: RangeSetFollowing {
    var set: TextRangeSet<Value>
    init(_ set: TextRangeSet<Value>) { self.set = set }
    func follow(_ range: Range<Int>, insertedCount: Int) { set.replace(range, insertedCount: insertedCount) }
}

/// The range sets an input holds, by key number.
struct RangeSetFollowers {
    var boxes: [(number: Int, box: any RangeSetFollowing)] = []
    var nextNumber = 0

    /// Moves every set for one replacement. O(1) when there is none.
    @inline(__always)
    func follow(_ range: Range<Int>, insertedCount: Int) {
        for (_, box) in boxes { box.follow(range, insertedCount: insertedCount) }
    }

    func box<Value>(_ key: TextRangeSetKey<Value>) -> RangeSetBox<Value>? {
        boxes.first { $0.number == key.number }?.box as? RangeSetBox<Value>
    }
}

extension TextInput {
    /// Starts holding `set` (ranges of this input's text): from now on it follows every change
    /// of the text, whatever makes it. Read it with `rangeSet(_:)`, change it with
    /// `updateRangeSet(_:_:)`.
    /// - Complexity: O(1); each change of the text then costs what `TextRangeSet.apply(_:)` does.
    public func addRangeSet<Value>(_ set: TextRangeSet<Value> = TextRangeSet<Value>()) -> TextRangeSetKey<Value> {
        let key = TextRangeSetKey<Value>(number: rangeSets.nextNumber)
        rangeSets.nextNumber += 1
        rangeSets.boxes.append((key.number, RangeSetBox(set)))
        return key
    }

    /// The range set `key` names, as it is now (a value: it does not follow later changes); nil
    /// when the input does not hold it (removed, or a key of another input).
    /// - Complexity: O(number of sets held).
    public func rangeSet<Value>(_ key: TextRangeSetKey<Value>) -> TextRangeSet<Value>? {
        rangeSets.box(key)?.set
    }

    /// Changes the range set `key` names in place (add, remove, read ranges) without copying it.
    /// - Returns: what `body` returns; nil, calling nothing, when the input does not hold the set.
    /// - Complexity: O(number of sets held) plus `body`.
    @discardableResult
    public func updateRangeSet<Value, Result>(_ key: TextRangeSetKey<Value>,
                                              _ body: (inout TextRangeSet<Value>) throws -> Result) rethrows -> Result? {
        guard let box = rangeSets.box(key) else { return nil }
        return try body(&box.set)
    }

    /// Stops holding the set `key` names and returns it (nil when not held).
    /// - Complexity: O(number of sets held).
    @discardableResult
    public func removeRangeSet<Value>(_ key: TextRangeSetKey<Value>) -> TextRangeSet<Value>? {
        guard let i = rangeSets.boxes.firstIndex(where: { $0.number == key.number }),
              let box = rangeSets.boxes[i].box as? RangeSetBox<Value> else { return nil }
        rangeSets.boxes.remove(at: i)
        return box.set
    }
}
