// Rewriting LF, CRLF and CR to one style in a stream of UTF-8 pieces (normalising line endings
// on load or on save). Other terminators (VT, FF, NEL, U+2028, U+2029) are left as they are.

/// Rewrites every LF, CR LF and CR of a stream of UTF-8 pieces to one `LineEnding`. A CR at
/// the end of a piece is held back until the next piece says whether an LF follows.
struct LineEndingRewriter {
    /// The style every LF, CRLF and CR becomes.
    let ending: LineEnding
    /// Whether the last piece ended in a CR not yet written.
    private(set) var pendingCR = false

    init(_ ending: LineEnding) { self.ending = ending }

    /// Appends `input` to `output` with its line endings rewritten. O(input), runs without CR
    /// or LF copied in bulk.
    mutating func rewrite(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let newline = ending.utf8
        let n = input.count
        var i = 0
        if pendingCR && n > 0 {
            // The CR held back from the last piece: an LF here is the rest of the same ending.
            pendingCR = false
            output.append(contentsOf: newline)
            if input[0] == 0x0A { i = 1 }
        }
        var runStart = i
        while i < n {
            let b = input[i]
            if b != 0x0A && b != 0x0D {
                i += 1
                continue
            }
            if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<i])) }
            if b == 0x0A {
                output.append(contentsOf: newline)
                i += 1
            } else if i + 1 < n {
                output.append(contentsOf: newline)
                i += input[i + 1] == 0x0A ? 2 : 1
            } else {
                pendingCR = true
                i += 1
            }
            runStart = i
        }
        if runStart < n { output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<n])) }
    }

    /// Writes a held CR (the stream ended, or what follows cannot be an LF). O(1).
    mutating func flush(into output: inout [UInt8]) {
        if pendingCR {
            pendingCR = false
            output.append(contentsOf: ending.utf8)
        }
    }
}
