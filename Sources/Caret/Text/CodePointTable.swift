/// One byte per code point, stored as a two-stage table: 4,352 block indexes (one per 256 code
/// points) into deduplicated 256-byte blocks. Built once from a flat array or from runs of equal
/// values; immutable after, so shared freely between threads. A few tens of kilobytes for ICU's
/// property data.
struct CodePointTable: @unchecked Sendable {
    private let blockIndex: UnsafeMutablePointer<UInt16>
    private let blocks: UnsafeMutablePointer<UInt8>

    /// `flat` holds the value of every code point, 0x110000 entries. O(0x110000).
    init(flat: [UInt8]) {
        precondition(flat.count == 0x110000, "a code point table needs 0x110000 values")
        var builder = Builder()
        for b in 0..<Self.blockCount {
            let slice = flat[(b << 8)..<((b + 1) << 8)]
            let first = slice[slice.startIndex]
            if Self.isUniform(slice, first) {
                builder.add(uniform: first)
            } else {
                builder.add(slice)
            }
        }
        (blockIndex, blocks) = builder.finish()
    }

    /// The table whose values `runs` give (`CaretUnicodeData.h`: each entry a first code point
    /// shifted left by 8 with the value from it on; in order, the first at U+0000). O(runs +
    /// blocks holding more than one run × 256): no flat array of every code point.
    init(runs: UnsafeBufferPointer<UInt32>) {
        precondition(!runs.isEmpty && runs[0] >> 8 == 0, "runs start at U+0000")
        var builder = Builder()
        var block = [UInt8](repeating: 0, count: 256)
        var r = 0                                           // the run holding the block's start
        for b in 0..<Self.blockCount {
            let start = UInt32(b << 8), end = start + 256
            while r + 1 < runs.count && runs[r + 1] >> 8 <= start { r += 1 }
            if r + 1 == runs.count || runs[r + 1] >> 8 >= end {
                builder.add(uniform: UInt8(truncatingIfNeeded: runs[r]))
                continue
            }
            // Each run's part of the block, filled whole.
            var k = r
            while k < runs.count && runs[k] >> 8 < end {
                let from = max(runs[k] >> 8, start), to = k + 1 < runs.count ? min(runs[k + 1] >> 8, end) : end
                let value = UInt8(truncatingIfNeeded: runs[k])
                for c in Int(from - start)..<Int(to - start) { block[c] = value }
                k += 1
            }
            builder.add(block[...])
        }
        (blockIndex, blocks) = builder.finish()
    }

    /// The runs of `flat` (0x110000 values) in the form `init(runs:)` reads. O(0x110000).
    static func runs(of flat: [UInt8]) -> [UInt32] {
        precondition(flat.count == 0x110000, "a code point table needs 0x110000 values")
        var runs: [UInt32] = []
        for c in flat.indices where c == 0 || flat[c] != flat[c - 1] {
            runs.append(UInt32(c) << 8 | UInt32(flat[c]))
        }
        return runs
    }

    private static var blockCount: Int { 0x110000 >> 8 }

    /// The two stages made block by block, in order: a block of one value throughout (most of
    /// them: unassigned planes, whole scripts of one class) is found by that value, any other by
    /// a hash of its 32 words taken once, then compared (a dictionary keyed by the block's bytes
    /// would hash them byte by byte at every lookup and again at every growth).
    private struct Builder {
        var index: [UInt16] = []
        var stored: [UInt8] = []
        var uniform = [UInt16?](repeating: nil, count: 256)
        /// The blocks stored, by the hash of their bytes.
        var byHash: [UInt64: [UInt16]] = [:]

        /// The next block, every value of which is `value`.
        mutating func add(uniform value: UInt8) {
            if let existing = uniform[Int(value)] {
                index.append(existing)
            } else {
                let id = UInt16(stored.count >> 8)
                uniform[Int(value)] = id
                stored.append(contentsOf: repeatElement(value, count: 256))
                index.append(id)
            }
        }

        /// The next block, 256 values.
        mutating func add(_ block: ArraySlice<UInt8>) {
            let hash = Self.hash(block)
            for id in byHash[hash, default: []] where stored[(Int(id) << 8)..<((Int(id) + 1) << 8)].elementsEqual(block) {
                index.append(id)
                return
            }
            let id = UInt16(stored.count >> 8)
            byHash[hash, default: []].append(id)
            stored.append(contentsOf: block)
            index.append(id)
        }

        /// A hash of a block's bytes, eight at a time. O(block).
        private static func hash(_ block: ArraySlice<UInt8>) -> UInt64 {
            block.withUnsafeBytes { raw in
                var h: UInt64 = 0x9E37_79B9_7F4A_7C15
                for k in stride(from: 0, to: raw.count, by: 8) {
                    h = (h ^ raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                    h ^= h >> 29
                }
                return h
            }
        }

        /// The two stages, allocated for the table's lifetime (the process's).
        func finish() -> (UnsafeMutablePointer<UInt16>, UnsafeMutablePointer<UInt8>) {
            precondition(index.count == CodePointTable.blockCount, "a block index of \(index.count) blocks")
            let blockIndex = UnsafeMutablePointer<UInt16>.allocate(capacity: index.count)
            blockIndex.initialize(from: index, count: index.count)
            let blocks = UnsafeMutablePointer<UInt8>.allocate(capacity: stored.count)
            blocks.initialize(from: stored, count: stored.count)
            return (blockIndex, blocks)
        }
    }

    /// True when every byte of `block` is `value`, compared eight at a time. O(block).
    private static func isUniform(_ block: ArraySlice<UInt8>, _ value: UInt8) -> Bool {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        return block.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != pattern { return false }
                offset += 8
            }
            return raw[offset...].allSatisfy { $0 == value }
        }
    }

    /// The value of scalar `c` (0...0x10FFFF). O(1).
    @inline(__always)
    subscript(c: UInt32) -> UInt8 {
        blocks[Int(blockIndex[Int(c >> 8)]) << 8 | Int(c & 0xFF)]
    }
}
