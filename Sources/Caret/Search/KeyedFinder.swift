// The insensitive literal engine: the text is read cluster by cluster (chunks start and end on
// cluster boundaries, so each chunk is segmented fresh), each cluster turned into its search
// key (SearchKeys), and the pattern's key found in that stream of key bytes by
// Knuth–Morris–Pratt, which sees every occurrence. An occurrence is a match when it starts
// where a cluster's key starts and ends where one ends: so no match splits a cluster, and
// none takes half of a cluster's key (`s` does not find `ß`, whose key is `ss`). A ring
// remembers where the keys of the last clusters start; for a key position shared by clusters
// with empty keys (marks a diacritic-insensitive search drops) the last such cluster is the
// match's start, and a match ends with the cluster whose key completes it.
//
// While no match is under way (the KMP state is 0) at a cluster boundary, the finder skips to
// the next scalar that can start one (KeyPrefilter) and resumes segmentation at the nearest
// boundary before it that holds whatever came earlier (`breaksRegardlessOfContext`): the
// clusters in between have keys no match starts in. The prefilter is built once a search has
// read `prefilterAfter` bytes, so short searches do not pay for it.

final class KeyedFinder: MatchFinder {
    private let rope: Rope<TextChunk>
    private let keys: SearchKeys
    private let needle: [UInt8]
    // Raw memory owned by the object (read and written without exclusivity checks): the KMP
    // failure function; the ring of key positions and the UTF-8 offsets of the clusters whose
    // keys start there.
    private let failure: UnsafeMutablePointer<Int>
    private let table = GraphemeClassTable.shared
    private let ringSize: Int
    private let ringKey: UnsafeMutablePointer<Int>
    private let ringOrigin: UnsafeMutablePointer<Int>
    // The prefilter, once built; the bytes read cluster by cluster before it is.
    private let prefilterAfter: Int
    @exclusivity(unchecked) private var prefilter: KeyPrefilter?
    @exclusivity(unchecked) private var readWithoutPrefilter = 0
    @exclusivity(unchecked) private var prefilterBuilt = false

    /// Bytes read cluster by cluster before a finder builds its prefilter (a few milliseconds).
    #if TinyShapes
    static let defaultPrefilterAfter = 0
    #else
    static let defaultPrefilterAfter = 256 * 1024
    #endif

    /// A finder of `pattern` (a key by `keys`) in `rope`, with a prefilter once it has read
    /// `prefilterAfter` bytes (`Int.max`: never).
    init(rope: Rope<TextChunk>, keys: SearchKeys, pattern: [UInt8], prefilterAfter: Int = KeyedFinder.defaultPrefilterAfter) {
        self.rope = rope
        self.keys = keys
        needle = pattern
        self.prefilterAfter = prefilterAfter
        failure = .allocate(capacity: max(pattern.count, 1))
        failure.initialize(repeating: 0, count: max(pattern.count, 1))
        var k = 0
        for i in pattern.indices.dropFirst() {
            while k > 0 && pattern[i] != pattern[k] { k = failure[k - 1] }
            if pattern[i] == pattern[k] { k += 1 }
            failure[i] = k
        }
        // A power of two (indexes by mask, not division) holding at least the last m + 1 key
        // positions a match of m key bytes can start at.
        var size = 4
        while size < pattern.count + 2 { size *= 2 }
        ringSize = size
        ringKey = .allocate(capacity: ringSize)
        ringKey.initialize(repeating: -1, count: ringSize)
        ringOrigin = .allocate(capacity: ringSize)
        ringOrigin.initialize(repeating: -1, count: ringSize)
    }

    deinit {
        failure.deallocate()
        ringKey.deallocate()
        ringOrigin.deallocate()
    }

    @inline(__always)
    private func push(_ key: Int, _ origin: Int, _ count: inout Int) {
        let mask = ringSize - 1
        if count > 0 && ringKey[(count - 1) & mask] == key {
            ringOrigin[(count - 1) & mask] = origin
            return
        }
        ringKey[count & mask] = key
        ringOrigin[count & mask] = origin
        count += 1
    }

    /// The offset of the last cluster whose key starts at key position `key`, if the ring
    /// (of `count` clusters pushed) still holds it.
    private func origin(ofKey key: Int, _ count: Int) -> Int? {
        let mask = ringSize - 1
        var t = count - 1
        while t >= 0 && t >= count - ringSize {
            let k = ringKey[t & mask]
            if k == key { return ringOrigin[t & mask] }
            if k < key { return nil }
            t -= 1
        }
        return nil
    }

    func first(from: Int, limit: Int, accept: SearchAcceptance) -> SearchHit? {
        let m = needle.count
        guard m > 0, from >= 0, from < limit, limit <= rope.summary.utf8 else { return nil }
        var ring = 0            // clusters pushed into the ring
        var state = 0            // KMP: pattern bytes matched
        var fed = 0              // key bytes fed so far
        var c = rope.cursor(at: from, in: UTF8Metric.self)
        return needle.withUnsafeBufferPointer { n -> SearchHit? in
            while c.prefix.utf8 < limit {
                let base = c.prefix.utf8
                let chunk = c.chunkAddress
                let count = chunk.pointee.bytes.count
                let lo = max(from - base, 0)
                let hi = min(count, limit - base)
                let everyByte = chunk.pointee.summary.graphemes == count
                let found = chunk.pointee.bytes.withUnsafeBufferPointer { p -> SearchHit? in
                    // Every byte a cluster: all ASCII (a longer scalar or CR LF is one cluster of several).
                    if everyByte && keys.asciiIsSingleByte {
                        return scanSingleBytes(p, base: base, lo: lo, hi: hi, n: n, state: &state, fed: &fed, ring: &ring, accept)
                    }
                    return scanClusters(p, base: base, lo: lo, hi: hi, n: n, state: &state, fed: &fed, ring: &ring, accept)
                }
                if let found { return found }
                guard rope.moveToNext(&c) else { return nil }
            }
            return nil
        }
    }

    /// A chunk of one-byte clusters with one-byte keys: key position and offset advance together.
    private func scanSingleBytes(_ p: UnsafeBufferPointer<UInt8>, base: Int, lo: Int, hi: Int,
                                 n: UnsafeBufferPointer<UInt8>, state: inout Int, fed: inout Int, ring: inout Int,
                                 _ accept: SearchAcceptance) -> SearchHit? {
        let m = n.count
        let keyStart = fed
        let first = n[0]
        var s = state
        var i = lo
        let table = keys.ascii
        let failure = self.failure
        let result: SearchHit? = {
            while i < hi {
                if s == 0 {
                    // Skip to the next byte whose key is the pattern's first.
                    while i < hi && UInt8(truncatingIfNeeded: table[Int(p[i])]) != first { i += 1 }
                    if i == hi { break }
                }
                let b = UInt8(truncatingIfNeeded: table[Int(p[i])])
                while s > 0 && n[s] != b { s = failure[s - 1] }
                if n[s] == b { s += 1 }
                i += 1
                if s == m {
                    let startKey = keyStart + (i - lo) - m
                    let origin = startKey >= keyStart ? base + lo + (startKey - keyStart) : self.origin(ofKey: startKey, ring)
                    if let origin, accept(origin..<(base + i), true) {
                        return SearchHit(range: origin..<(base + i))
                    }
                    s = failure[m - 1]
                }
            }
            return nil
        }()
        state = s
        fed = keyStart + (hi - lo)
        // The ring keeps the last clusters of the chunk for matches that end after it.
        for t in max(lo, hi - m - 1)..<hi { push(keyStart + (t - lo), base + t, &ring) }
        return result
    }

    /// The prefilter, built once the finder has read `prefilterAfter` bytes (counting `bytes`).
    private func prefilter(reading bytes: Int) -> KeyPrefilter? {
        if let prefilter { return prefilter }
        guard !prefilterBuilt else { return nil }                     // ICU failed
        guard readWithoutPrefilter >= prefilterAfter else {
            readWithoutPrefilter += bytes
            return nil
        }
        prefilterBuilt = true
        let first = needle.withUnsafeBufferPointer { UTF8Scalars.decode($0, at: 0).value }
        prefilter = KeyPrefilter(flags: keys.flags, first: first)
        return prefilter
    }

    /// Any chunk: cluster by cluster. Kept out of line: inlined into `first`, its prefilter
    /// code slowed the one-byte loop there (`search.ignore-case.ascii`).
    @inline(never)
    private func scanClusters(_ p: UnsafeBufferPointer<UInt8>, base: Int, lo: Int, hi: Int,
                              n: UnsafeBufferPointer<UInt8>, state: inout Int, fed: inout Int, ring: inout Int,
                              _ accept: SearchAcceptance) -> SearchHit? {
        let m = n.count
        let failure = self.failure
        let prefilter = prefilter(reading: hi - lo)
        var breaker = GraphemeBreaker()
        var start = lo
        var j = lo
        // The first scalar of the current cluster has been fed to the breaker once `j > start`.
        while start < hi {
            if state == 0, let prefilter {
                // No match under way: none starts before the cluster holding the next candidate.
                let q = prefilter.next(p, from: start, to: hi)
                if q == hi { return nil }
                if q > start {
                    // A boundary at or before the cluster holding q, not before `start`.
                    let resume = stableBoundary(in: p, before: q + 1, floor: start)
                    if resume > start {
                        start = resume
                        j = resume
                        breaker = GraphemeBreaker()
                    }
                }
            }
            var end = p.count
            while j < p.count {
                let (boundary, length) = breaker.step(p, at: j, table: table)
                if boundary && j > start {
                    end = j
                    j += length
                    break
                }
                j += length
            }
            if j >= p.count && end == p.count { j = p.count }
            guard end <= hi else { return nil }                     // runs past the limit
            let clusterKey = keys.clusterKey(p, start, end)
            push(fed, base + start, &ring)
            let last = clusterKey.count - 1
            var t = 0
            while t <= last {
                let b = clusterKey[t]
                while state > 0 && n[state] != b { state = failure[state - 1] }
                if n[state] == b { state += 1 }
                fed += 1
                if state == m {
                    if t == last, let origin = origin(ofKey: fed - m, ring), accept(origin..<(base + end), true) {
                        return SearchHit(range: origin..<(base + end))
                    }
                    state = failure[m - 1]
                }
                t += 1
            }
            start = end
        }
        return nil
    }
}
