import XCTest
import Caret

/// Reads a line's visual order through the public movement API only.
enum VisualProbe {
    /// The line of `position`.
    static func line(_ doc: TextDocument, _ position: TextPosition) -> Int {
        doc.lineAndColumn(of: position)!.line
    }

    /// The positions a right-sweep visits on line `line`, from its visual left edge to its
    /// visual right edge: reached by pressing `.left` until the next press would leave the line.
    /// Fails the test if a press inside the line gives nil or the sweep does not end.
    static func sweep(_ doc: TextDocument, line: Int, file: StaticString = #filePath, lineNumber: UInt = #line) -> [TextPosition]? {
        guard let start = doc.position(line: line, column: 0),
              let range = doc.lineRange(containing: start) else { return nil }
        let graphemes = doc.offset(from: range.start, to: range.end)!
        var p = start
        for _ in 0...graphemes {
            guard let q = doc.position(from: p, in: .left, offset: 1), self.line(doc, q) == line else { break }
            p = q
        }
        var visited = [p]
        for _ in 0..<(graphemes + 1) {
            guard let q = doc.position(from: p, in: .right, offset: 1) else { break }
            if self.line(doc, q) != line { break }
            visited.append(q)
            p = q
        }
        if visited.count != graphemes + 1 {
            XCTFail("sweep of line \(line) visited \(visited.count) slots, expected \(graphemes + 1)", file: file, line: lineNumber)
            return nil
        }
        return visited
    }

    /// The visual index of each grapheme of line `line` (logical order), from where the sweep
    /// meets its two edges: the caret before it (downstream) and after it (upstream) must be in
    /// adjacent slots. nil (with a failure) when they are not.
    static func visualIndices(_ doc: TextDocument, line: Int, file: StaticString = #filePath, lineNumber: UInt = #line) -> [Int]? {
        guard let slots = sweep(doc, line: line, file: file, lineNumber: lineNumber) else { return nil }
        let lineStart = doc.position(line: line, column: 0)!
        let n = slots.count - 1
        func slot(of p: TextPosition) -> Int? {
            if let r = doc.position(from: p, in: .right, offset: 1), let i = slots.firstIndex(of: r), i > 0 { return i - 1 }
            if let l = doc.position(from: p, in: .left, offset: 1), let i = slots.firstIndex(of: l), i < n { return i + 1 }
            return nil
        }
        var result: [Int] = []
        for k in 0..<n {
            let before = doc.position(from: lineStart, offset: k)!
            var after = doc.position(from: lineStart, offset: k + 1)!
            after.affinity = .upstream
            guard let a = slot(of: before), let b = slot(of: after), abs(a - b) == 1 else {
                XCTFail("grapheme \(k) of line \(line): edges not in adjacent slots", file: file, line: lineNumber)
                return nil
            }
            result.append(min(a, b))
        }
        guard Set(result).count == n else {
            XCTFail("two graphemes of line \(line) in one visual place", file: file, line: lineNumber)
            return nil
        }
        return result
    }
}

/// Turns a character-level visual order (from the Unicode test files) into a grapheme-level
/// one, or nil when a grapheme's characters are not contiguous in it (its order is undefined
/// for carets).
enum GraphemeOrder {
    /// `graphemeOf[i]` is the grapheme of character i; `visual` the characters left to right
    /// (removed ones skipped). Returns the graphemes left to right, each once.
    static func expected(visual: [Int], graphemeOf: [Int]) -> [Int]? {
        var result: [Int] = []
        var seen = Set<Int>()
        for c in visual {
            let g = graphemeOf[c]
            if result.last == g { continue }
            if seen.contains(g) { return nil }
            seen.insert(g)
            result.append(g)
        }
        return result
    }

    /// Grapheme index of every scalar of `text`.
    static func graphemeOfScalar(_ doc: TextDocument) -> [Int] {
        var result: [Int] = []
        for g in 0..<doc.count {
            let a = doc.position(at: g)!, b = doc.position(at: g + 1)!
            let scalars = doc.offset(from: a, to: b, unit: .unicodeScalar)!
            result.append(contentsOf: repeatElement(g, count: scalars))
        }
        return result
    }
}
