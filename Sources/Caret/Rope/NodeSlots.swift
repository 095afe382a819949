/// A view of the items of one rope node: the first `count` of a fixed number of slots stored
/// inline in the node object (`RopeNode`'s tail). Reading or writing an item goes straight to
/// its address — no copy of the node's storage, no copy-on-write check of an array buffer —
/// and shifting items moves their bits without reference counting.
///
/// A view holds no reference: it is valid while the node it came from is alive, which every
/// caller guarantees by holding that node. Mutation through it requires that the caller holds
/// the node uniquely (the rope's copy-on-write rule).
struct NodeSlots<Element> {
    /// The first slot.
    let base: UnsafeMutablePointer<Element>
    /// The node's count of items in use.
    let countPointer: UnsafeMutablePointer<Int>
    /// The number of slots: one more than the node's fan-out, since a node may hold one item
    /// too many between an insertion and the split that follows it.
    let capacity: Int

    /// The number of items in use.
    @inline(__always)
    var count: Int { countPointer.pointee }

    var isEmpty: Bool { count == 0 }

    /// Item `i` (0..<count).
    @inline(__always)
    subscript(i: Int) -> Element {
        unsafeAddress {
            precondition(i >= 0 && i < count, "node slot out of range")
            return UnsafePointer(base + i)
        }
        nonmutating unsafeMutableAddress {
            precondition(i >= 0 && i < count, "node slot out of range")
            return base + i
        }
    }

    /// Adds `item` after the last one. O(1).
    func append(_ item: Element) {
        precondition(count < capacity, "node over its inline capacity")
        (base + count).initialize(to: item)
        countPointer.pointee += 1
    }

    /// Inserts `item` at `i` (0...count), moving the items after it up by one. O(count).
    func insert(_ item: Element, at i: Int) {
        precondition(i >= 0 && i <= count && count < capacity, "node slot out of range")
        (base + i + 1).moveInitialize(from: base + i, count: count - i)
        (base + i).initialize(to: item)
        countPointer.pointee += 1
    }

    /// Removes and returns item `i`, moving the items after it down by one. O(count).
    @discardableResult
    func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < count, "node slot out of range")
        let item = (base + i).move()
        (base + i).moveInitialize(from: base + i + 1, count: count - i - 1)
        countPointer.pointee -= 1
        return item
    }

    /// Removes the items from `i` on and returns them, in order. O(count - i).
    func removeSuffix(from i: Int) -> [Element] {
        precondition(i >= 0 && i <= count, "node slot out of range")
        let n = count - i
        let suffix = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base + i, count: n)
            initialized = n
        }
        countPointer.pointee = i
        return suffix
    }

    /// Moves every item of `other` (another node's view) after the last one. O(other.count).
    func append(moving other: NodeSlots) {
        precondition(count + other.count <= capacity, "node over its inline capacity")
        (base + count).moveInitialize(from: other.base, count: other.count)
        countPointer.pointee += other.count
        other.countPointer.pointee = 0
    }

    /// Moves the first `n` items of `other` after the last one; `other`'s remaining items move
    /// down. O(other.count).
    func append(movingPrefix n: Int, of other: NodeSlots) {
        precondition(n >= 0 && n <= other.count && count + n <= capacity, "node slot out of range")
        (base + count).moveInitialize(from: other.base, count: n)
        other.base.moveInitialize(from: other.base + n, count: other.count - n)
        countPointer.pointee += n
        other.countPointer.pointee -= n
    }

    /// Moves the last `n` items to the front of `other`, whose items move up. O(other.count).
    func moveSuffix(_ n: Int, toFrontOf other: NodeSlots) {
        precondition(n >= 0 && n <= count && other.count + n <= capacity, "node slot out of range")
        (other.base + n).moveInitialize(from: other.base, count: other.count)
        other.base.moveInitialize(from: base + count - n, count: n)
        countPointer.pointee -= n
        other.countPointer.pointee += n
    }
}
