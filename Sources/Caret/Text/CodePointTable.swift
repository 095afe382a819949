/// One byte per code point, stored as a two-stage table: 4,352 block indexes (one per 256 code
/// points) into deduplicated 256-byte blocks. Built once from a flat array; immutable after, so
/// shared freely between threads. A few tens of kilobytes for ICU's property data.
struct CodePointTable: @unchecked Sendable {
    private let blockIndex: UnsafeMutablePointer<UInt16>
    private let blocks: UnsafeMutablePointer<UInt8>

    /// `flat` holds the value of every code point, 0x110000 entries. O(0x110000).
    init(flat: [UInt8]) {
        precondition(flat.count == 0x110000, "a code point table needs 0x110000 values")
        let blockCount = 0x110000 >> 8
        blockIndex = .allocate(capacity: blockCount)
        var unique: [ArraySlice<UInt8>: UInt16] = [:]
        // Blocks of one value throughout (most of them: unassigned planes, whole scripts of one
        // class) are found by that value, not hashed: hashing every block's 256 bytes was most
        // of the work of building a table, which the first document of a process waits for.
        var uniform = [UInt16?](repeating: nil, count: 256)
        var stored: [UInt8] = []
        for b in 0..<blockCount {
            let slice = flat[(b << 8)..<((b + 1) << 8)]
            let first = slice[slice.startIndex]
            if Self.isUniform(slice, first) {
                if let existing = uniform[Int(first)] {
                    blockIndex[b] = existing
                } else {
                    let id = UInt16(stored.count >> 8)
                    uniform[Int(first)] = id
                    stored.append(contentsOf: slice)
                    blockIndex[b] = id
                }
                continue
            }
            if let existing = unique[slice] {
                blockIndex[b] = existing
            } else {
                let id = UInt16(stored.count >> 8)
                unique[slice] = id
                stored.append(contentsOf: slice)
                blockIndex[b] = id
            }
        }
        blocks = .allocate(capacity: stored.count)
        blocks.initialize(from: stored, count: stored.count)
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
