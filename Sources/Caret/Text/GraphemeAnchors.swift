/// Up to three known cluster starts inside a chunk, at about a quarter, half and three
/// quarters of it, each with the number of clusters before it. A scan for the k-th cluster,
/// or for the boundary at or before a byte, starts at the nearest anchor instead of the
/// chunk's first byte (a fresh `GraphemeBreaker` is exact at any cluster start), so it reads a
/// quarter of the chunk at most instead of all of it.
///
/// Twelve bytes per chunk. Built when a chunk is measured whole; an in-place edit shifts the
/// anchors after it and drops those inside its re-measured window.
struct GraphemeAnchors: Equatable {
    static let count = 3
    static let none: UInt16 = .max

    private(set) var bytes: (UInt16, UInt16, UInt16) = (none, none, none)
    private(set) var graphemes: (UInt16, UInt16, UInt16) = (0, 0, 0)

    static func == (a: GraphemeAnchors, b: GraphemeAnchors) -> Bool {
        a.bytes == b.bytes && a.graphemes == b.graphemes
    }

    @inline(__always)
    func anchor(_ k: Int) -> (byte: Int, graphemes: Int)? {
        let (b, g): (UInt16, UInt16)
        switch k {
        case 0: (b, g) = (bytes.0, graphemes.0)
        case 1: (b, g) = (bytes.1, graphemes.1)
        default: (b, g) = (bytes.2, graphemes.2)
        }
        return b == Self.none ? nil : (Int(b), Int(g))
    }

    mutating func set(_ k: Int, byte: Int, graphemes g: Int) {
        let valid = byte < Int(Self.none) && g < Int(Self.none)
        let b = valid ? UInt16(byte) : Self.none, c = valid ? UInt16(g) : 0
        switch k {
        case 0: bytes.0 = b; graphemes.0 = c
        case 1: bytes.1 = b; graphemes.1 = c
        default: bytes.2 = b; graphemes.2 = c
        }
    }

    /// The byte where anchor `k` should sit in a chunk of `length` bytes.
    @inline(__always)
    static func target(_ k: Int, length: Int) -> Int { length * (k + 1) / (count + 1) }

    /// The best place to start a scan for the cluster with index `k`: the last anchor with at
    /// most `k` clusters before it, else the chunk's start.
    @inline(__always)
    func start(forGrapheme k: Int) -> (byte: Int, graphemes: Int) { latest { $0.graphemes <= k } }

    /// The best place to start a scan for the boundary at or before byte `x`.
    @inline(__always)
    func start(forByte x: Int) -> (byte: Int, graphemes: Int) { latest { $0.byte <= x } }

    /// The furthest anchor that `admits`, else the chunk's start.
    @inline(__always)
    private func latest(_ admits: ((byte: Int, graphemes: Int)) -> Bool) -> (byte: Int, graphemes: Int) {
        var best = (byte: 0, graphemes: 0)
        for i in 0..<Self.count {
            guard let a = anchor(i), admits(a), a.byte >= best.byte else { continue }
            best = a
        }
        return best
    }

    /// After an in-place edit that re-measured old bytes `window` (now `window.lowerBound
    /// ..< window.upperBound + byteDelta`): anchors before it stay, anchors after it move,
    /// anchors inside it are dropped.
    @inline(__always)
    mutating func edit(window: Range<Int>, byteDelta: Int, graphemeDelta: Int) {
        let lower = window.lowerBound, upper = window.upperBound
        // One anchor, in place: before the window (or at its start, a stable boundary) it
        // stays; after the window it moves (an empty window is an insertion at a boundary, the
        // clusters after it unchanged); inside the window it is dropped.
        @inline(__always) func follow(_ b: inout UInt16, _ g: inout UInt16) {
            guard b != Self.none else { return }
            let byte = Int(b)
            if byte <= lower { return }
            if byte >= upper {
                let newByte = byte + byteDelta, newGraphemes = Int(g) + graphemeDelta
                if newByte < Int(Self.none) && newGraphemes < Int(Self.none) {
                    b = UInt16(newByte)
                    g = UInt16(newGraphemes)
                    return
                }
            }
            b = Self.none
            g = 0
        }
        follow(&bytes.0, &graphemes.0)
        follow(&bytes.1, &graphemes.1)
        follow(&bytes.2, &graphemes.2)
    }
}
