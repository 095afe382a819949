@_spi(Testing) import Caret

/// The FuzzMovement harness: the input builds a mixed-direction document, then presses keys in
/// it — visual and logical left/right, up/down with a goal column, word/sentence/paragraph
/// boundaries in storage and layout directions — with occasional edits and direction overrides
/// in between. Every answer is checked against `FuzzModel` (ICU's grapheme boundaries and the
/// hard lines of the flat text) and against the movement contract.
///
/// Input format: numbers as in `FuzzBytes` (one byte, two for ranges over 256 values; reads past
/// the end give 0).
///
/// 1. Byte 0: read and ignored (it chose the storage when that was a runtime choice; now the
///    build does, see `fuzzStorage`).
/// 2. A piece count 0...63, then that many pieces, each one byte indexing `MovementFuzz.alphabet`
///    modulo `alphabet.count + 1`; the extra index is a deep nest: an opener (LRE, RLE, LRO,
///    RLO, LRI, RLI) repeated 60...315 times, then `x\u{5D0}1`, then (odd byte) half as many
///    closers.
/// 3. An override count 0...3, each a line and a direction (natural, LTR, RTL) for
///    `setBaseWritingDirection`.
/// 4. Operations until the input ends (at most `maxSteps`), one byte each modulo 10:
///
/// | op | what |
/// | --- | --- |
/// | 0 | a visual `.left`/`.right` press from the caret; `.left` retraces it within the line (and the reverse); in a pure-LTR line it equals a logical press |
/// | 1 | a logical press, checked against the model (one grapheme) |
/// | 2 | `offset: n` (1...8; visual/logical, any of the four directions) equals n single presses, and `offset: -n` the other way |
/// | 3 | `.up`/`.down` with `caret(from:in:offset:movement:)` keeping the goal column, checked against the model's lines |
/// | 4 | `position(from:toBoundary:in:)` for a granularity and direction, plus `isPosition(_:atBoundary:in:)` |
/// | 5 | `rangeEnclosing` and `isPosition(_:withinTextUnit:in:)` |
/// | 6 | move the caret to a grapheme boundary, either affinity |
/// | 7 | an edit at the caret: insert 1–3 pieces, a line break, or delete 1–4 graphemes |
/// | 8 | `setBaseWritingDirection` on a line or a range |
/// | 9 | sweep the caret's line: pure LTR ⇒ visual `.right` = logical forward at every grapheme |
///
/// Every position returned is checked to be inside the document, exactly on one of ICU's
/// grapheme boundaries of the flat text (not only after snapping).
public enum MovementFuzz {
    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var session = MovementSession(data)
        try session.run()
    }

    static let maxSteps = 128
    static let maxBytes = 4096

    /// Mixed-direction trouble: strong LTR and RTL letters (with harakat and points), European
    /// and Arabic digits, neutrals and brackets, every line terminator, isolates, embeddings and
    /// overrides, marks, emoji ZWJ sequences and flags, Thai and CJK (dictionary words).
    static let alphabet: [String] = [
        "a", "b", "Z", "q", "word", "Hello", "e\u{301}",
        "\u{627}", "\u{644}", "\u{645}\u{64E}", "\u{628}\u{650}\u{651}", "\u{645}\u{631}\u{62D}\u{628}\u{627}",
        "\u{5D0}", "\u{5D1}\u{5BC}", "\u{5E9}\u{5B8}", "\u{5E9}\u{5DC}\u{5D5}\u{5DD}",
        "1", "2", "42", "\u{661}", "\u{6F5}",
        " ", " ", "  ", "\t", "\u{A0}", "!", ".", ". ", "? ", ",", "-", "+", "$", "%", "(", ")", "[", "]", "\"",
        "\r", "\n", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{200E}", "\u{200F}", "\u{61C}",
        "\u{300}", "\u{301}", "\u{200D}", "\u{AD}",
        "👨‍👩‍👧", "👋🏽", "❤\u{FE0F}", "🇺🇦", "🇫🇷", "🇯",
        "ก", "ำ", "่", "สวัสดีครับ", "中", "文字", "日本語です", "。", "カタカナ",
    ]

    static let deepOpeners: [String] = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}"]

    /// True for scalars that can make a line other than plain left-to-right: strong RTL and
    /// Arabic letters and digits (whole blocks, conservatively), and the explicit bidi formats.
    static func mayBeRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        case 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

struct MovementSession {
    var input: FuzzBytes
    var doc: TextDocument
    var model: FuzzModel
    /// UTF-8 offsets of the grapheme boundaries, sorted.
    var bounds: [Int] = []
    var caret: TextCaret
    /// The caret came from a visual press on the current text: it is the canonical position
    /// of its slot, so a press and the opposite press return to it exactly.
    var canonical = false
    /// `setBaseWritingDirection` was called in this session (overrides may exist).
    var overridden = false
    var step = 0
    var what = "start"

    init(_ data: [UInt8]) {
        input = FuzzBytes(data)
        _ = input.byte()
        var text = ""
        for _ in 0..<input.int(in: 0...63) where text.utf8.count < MovementFuzz.maxBytes {
            let i = Int(input.byte()) % (MovementFuzz.alphabet.count + 1)
            if i < MovementFuzz.alphabet.count {
                text += MovementFuzz.alphabet[i]
            } else {
                let o = Int(input.byte()) % MovementFuzz.deepOpeners.count
                let depth = 60 + Int(input.byte())
                let opener = MovementFuzz.deepOpeners[o]
                text += String(repeating: opener, count: depth) + "x\u{5D0}1"
                if input.byte() & 1 == 1 {
                    text += String(repeating: o >= 4 ? "\u{2069}" : "\u{202C}", count: depth / 2)
                }
            }
        }
        doc = TextDocument(text)
        model = FuzzModel([])
        caret = TextCaret(doc.beginningOfDocument)
    }

    var label: String {
        "FuzzMovement step \(step) (\(fuzzStorage), \(model.utf8.last!) bytes, \(model.lineStarts.count) lines) \(what)"
    }

    mutating func run() throws(FuzzFailure) {
        try refreshModel()
        for _ in 0..<input.int(in: 0...3) {
            try setDirection(wholeLine: true)
        }
        while !input.isAtEnd && step < MovementFuzz.maxSteps {
            step += 1
            switch input.byte() % 10 {
            case 0: try visualPress()
            case 1: try logicalPress()
            case 2: try repeatedPresses()
            case 3: try verticalPress()
            case 4: try boundaryMotion()
            case 5: try enclosingRange()
            case 6: try jump()
            case 7: try edit()
            case 8: try setDirection(wholeLine: input.byte() & 1 == 0)
            default: try sweepLine()
            }
        }
    }

    // MARK: Model

    mutating func refreshModel() throws(FuzzFailure) {
        model = FuzzModel(Array(doc.string.unicodeScalars))
        try expect(model.isConsistent, "\(label): ICU gave boundaries off scalar starts")
        bounds = model.boundaries.map { model.utf8[$0] }
        canonical = false
    }

    var length: Int { model.utf8.last! }

    /// The hard line holding UTF-8 offset `x` (a boundary).
    func line(ofUTF8 x: Int) -> Int { model.line(ofScalar: FuzzModel.lastIndex(in: model.utf8, atOrBelow: x)) }

    func lineStartUTF8(_ l: Int) -> Int { model.utf8[model.lineStarts[l]] }
    func lineEndUTF8(_ l: Int) -> Int { model.utf8[model.lineEnds[l]] }

    /// Grapheme index of boundary UTF-8 offset `x`.
    func grapheme(ofUTF8 x: Int) -> Int { FuzzModel.lastIndex(in: bounds, atOrBelow: x) }

    /// The grapheme boundary after / before `x` (a boundary), nil at the ends.
    func boundary(after x: Int) -> Int? { let k = grapheme(ofUTF8: x); return k + 1 < bounds.count ? bounds[k + 1] : nil }
    func boundary(before x: Int) -> Int? { let k = grapheme(ofUTF8: x); return k > 0 ? bounds[k - 1] : nil }

    func position(utf8 x: Int, _ affinity: TextAffinity = .downstream) throws(FuzzFailure) -> TextPosition {
        guard var p = doc.position(at: x, unit: .utf8) else {
            throw FuzzFailure(message: "\(label): position(at: \(x), unit: .utf8) is nil, length \(length)")
        }
        p.affinity = affinity
        return p
    }

    /// Checks that `p` (returned by `call`) lies inside the document exactly on a grapheme
    /// boundary (ICU's, over the flat text), and returns its UTF-8 offset.
    @discardableResult
    func check(_ p: TextPosition, _ call: @autoclosure () -> String) throws(FuzzFailure) -> Int {
        guard let x = doc.offset(of: p, unit: .utf8) else {
            throw FuzzFailure(message: "\(label): \(call()) returned \(p), outside the document (\(length) bytes)")
        }
        var exact = doc.position(at: x, unit: .utf8)
        exact?.affinity = p.affinity
        try expect(exact == p, "\(label): \(call()) returned \(p), not on a grapheme boundary (snaps to \(x))")
        try expect(bounds[grapheme(ofUTF8: x)] == x, "\(label): \(call()) returned \(p); ICU has no grapheme boundary at \(x)")
        return x
    }

    func describe(_ p: TextPosition) -> String {
        let x = doc.offset(of: p, unit: .utf8) ?? -1
        return "\(p) (line \(x >= 0 ? line(ofUTF8: x) : -1))"
    }

    /// A line is pure left to right when its paragraph resolves LTR and it has no character that
    /// could raise a level: every cluster then runs left to right at level 0.
    func isPureLTR(line l: Int) throws(FuzzFailure) -> Bool {
        guard model.scalars[model.lineStarts[l]..<model.lineEnds[l]].allSatisfy({ !MovementFuzz.mayBeRightToLeft($0) }) else {
            return false
        }
        return doc.baseWritingDirection(for: try position(utf8: lineStartUTF8(l))) == .leftToRight
    }

    // MARK: Left and right

    /// One press; checks the answer's bounds and, for nil, that it is at a document edge.
    func press(_ p: TextPosition, _ direction: TextLayoutDirection, _ movement: CaretMovement) throws(FuzzFailure) -> TextPosition? {
        let call = "position(from: \(describe(p)), in: .\(direction), offset: 1, movement: .\(movement))"
        guard let q = doc.position(from: p, in: direction, offset: 1, movement: movement) else {
            let x = try check(p, "(caret)")
            let l = line(ofUTF8: x)
            switch movement {
            case .logical:
                try expect(direction == .left ? x == 0 : x == length, "\(label): \(call) is nil inside the document")
            case .visual:
                try expect(l == 0 || l == model.lineStarts.count - 1, "\(label): \(call) is nil on a middle line")
            }
            return nil
        }
        try check(q, call)
        return q
    }

    mutating func visualPress() throws(FuzzFailure) {
        let right = input.byte() & 1 == 0
        let p = caret.position
        let x = try check(p, "caret")
        what = "visual \(right ? "right" : "left") from \(describe(p))"
        let l = line(ofUTF8: x)
        guard let q = try press(p, right ? .right : .left, .visual) else { return }
        let y = try check(q, "press")
        let ql = line(ofUTF8: y)
        if ql == l {
            // Within the line the opposite press retraces, from a canonical caret.
            if canonical {
                let back = try press(q, right ? .left : .right, .visual)
                try expect(back == p, "\(label): .\(right ? "right" : "left") went to \(describe(q)), the opposite press to \(back.map { describe($0) } ?? "nil"), not back to \(describe(p))")
            }
            // The answer is canonical: the opposite press and this one again come back to it
            // when the opposite press stays on the line.
            if let r = try press(q, right ? .left : .right, .visual), line(ofUTF8: try check(r, "press")) == l {
                let again = try press(r, right ? .right : .left, .visual)
                try expect(again == q, "\(label): from \(describe(q)) the opposite press went to \(describe(r)), pressing again to \(again.map { describe($0) } ?? "nil"), not back")
            }
        }
        let nextIsPureLTR = l + 1 < model.lineStarts.count ? try isPureLTR(line: l + 1) : false
        if right, try isPureLTR(line: l), x < lineEndUTF8(l) || nextIsPureLTR {
            let logical = try press(p, .right, .logical)
            try expect(logical == q, "\(label): in a pure-LTR line visual .right went to \(describe(q)), logical forward to \(logical.map { describe($0) } ?? "nil")")
        }
        caret = TextCaret(q)
        canonical = true
    }

    mutating func logicalPress() throws(FuzzFailure) {
        let right = input.byte() & 1 == 0
        let p = caret.position
        let x = try check(p, "caret")
        what = "logical \(right ? "right" : "left") from \(describe(p))"
        guard let q = try press(p, right ? .right : .left, .logical) else { return }
        let y = try check(q, "press")
        let want = right ? boundary(after: x) : boundary(before: x)
        try expect(y == want, "\(label): logical press went to UTF-8 \(y), expected \(String(describing: want))")
        caret = TextCaret(q)
        canonical = false
    }

    mutating func repeatedPresses() throws(FuzzFailure) {
        let direction: TextLayoutDirection = [.left, .right, .up, .down][Int(input.byte()) % 4]
        let movement: CaretMovement = input.byte() & 1 == 0 ? .visual : .logical
        let n = input.int(in: 1...8)
        let p = caret.position
        try check(p, "caret")
        what = "\(n) presses .\(direction) .\(movement) from \(describe(p))"
        let opposite: TextLayoutDirection = [.left: .right, .right: .left, .up: .down, .down: .up][direction]!
        if direction == .left || direction == .right {
            var single: TextPosition? = p
            for _ in 0..<n { single = single.flatMap { doc.position(from: $0, in: direction, offset: 1, movement: movement) } }
            let many = doc.position(from: p, in: direction, offset: n, movement: movement)
            try expect(many == single, "\(label): offset \(n) gave \(many.map { describe($0) } ?? "nil"), \(n) single presses \(single.map { describe($0) } ?? "nil")")
            let negative = doc.position(from: p, in: opposite, offset: -n, movement: movement)
            try expect(negative == many, "\(label): .\(opposite) offset \(-n) gave \(negative.map { describe($0) } ?? "nil"), not \(many.map { describe($0) } ?? "nil")")
            if let many { try check(many, "offset \(n)") }
        } else {
            var single: TextCaret? = caret
            for _ in 0..<n { single = single.flatMap { doc.caret(from: $0, in: direction, offset: 1, movement: movement) } }
            let many = doc.caret(from: caret, in: direction, offset: n, movement: movement)
            try expect(many == single, "\(label): caret offset \(n) gave \(String(describing: many)), \(n) single presses \(String(describing: single))")
            let negative = doc.caret(from: caret, in: opposite, offset: -n, movement: movement)
            try expect(negative == many, "\(label): .\(opposite) offset \(-n) gave \(String(describing: negative)), not \(String(describing: many))")
            // The plain call starts from the position's own column.
            let plain = doc.position(from: p, in: direction, offset: n, movement: movement)
            let fresh = doc.caret(from: TextCaret(p), in: direction, offset: n, movement: movement)?.position
            try expect(plain == fresh, "\(label): position(from:in: .\(direction), offset: \(n)) gave \(String(describing: plain)), caret(from:) \(String(describing: fresh))")
        }
    }

    // MARK: Up and down

    mutating func verticalPress() throws(FuzzFailure) {
        let down = input.byte() & 1 == 0
        let n = input.int(in: 0...4)
        let x = try check(caret.position, "caret")
        what = "\(down ? "down" : "up") \(n) from \(describe(caret.position)) goal \(String(describing: caret.goalColumn))"
        guard let c = doc.caret(from: caret, in: down ? .down : .up, offset: n) else {
            throw FuzzFailure(message: "\(label): caret(from:in:offset:) is nil")
        }
        let y = try check(c.position, "caret(from:in:offset:)")
        let l = line(ofUTF8: x)
        let column = grapheme(ofUTF8: x) - grapheme(ofUTF8: lineStartUTF8(l))
        let goal = max(caret.goalColumn ?? column, 0)
        try expect(c.goalColumn == goal, "\(label): goal column \(String(describing: c.goalColumn)), expected \(goal)")
        let target = l + (down ? n : -n)
        let want: Int
        if n == 0 { want = x }
        else if target < 0 { want = 0 }
        else if target >= model.lineStarts.count { want = length }
        else {
            let first = grapheme(ofUTF8: lineStartUTF8(target))
            let count = grapheme(ofUTF8: lineEndUTF8(target)) - first
            want = bounds[first + min(goal, count)]
        }
        try expect(y == want, "\(label): went to UTF-8 \(y) (\(describe(c.position))), expected \(want)")
        caret = c
        canonical = n == 0 && canonical
    }

    // MARK: Boundaries

    mutating func granularity() -> TextGranularity {
        [.word, .word, .sentence, .paragraph, .line, .character, .document][Int(input.byte()) % 7]
    }

    mutating func direction() -> TextDirection {
        [.storage(.forward), .storage(.backward), .layout(.left), .layout(.right), .layout(.up), .layout(.down)][Int(input.byte()) % 6]
    }

    /// What `direction` means in storage order at `p`.
    func storage(_ direction: TextDirection, at p: TextPosition) throws(FuzzFailure) -> TextStorageDirection {
        switch direction {
        case .storage(let d): return d
        case .layout(.down): return .forward
        case .layout(.up): return .backward
        case .layout(let side):
            guard let base = doc.baseWritingDirection(for: p) else {
                throw FuzzFailure(message: "\(label): baseWritingDirection(for: \(p)) is nil")
            }
            try expect(base != .natural, "\(label): baseWritingDirection is .natural")
            return (side == .right) == (base == .leftToRight) ? .forward : .backward
        }
    }

    mutating func boundaryMotion() throws(FuzzFailure) {
        let g = granularity(), dir = direction()
        let p = caret.position
        let x = try check(p, "caret")
        what = "position(from: \(describe(p)), toBoundary: .\(g), in: \(dir))"
        let d = try storage(dir, at: p)
        let r = doc.position(from: p, toBoundary: g, in: dir)
        let plain = doc.position(from: p, toBoundary: g, in: .storage(d))
        try expect(r == plain, "\(label): gave \(String(describing: r)), in storage direction .\(d) \(String(describing: plain))")
        let forward = d == .forward
        if let r {
            let y = try check(r, what)
            try expect(forward ? y > x : y < x, "\(label): went to UTF-8 \(y) from \(x), not \(d)")
            try expect(doc.isPosition(r, atBoundary: g, in: .storage(d)), "\(label): isPosition(\(r), atBoundary: .\(g), in: .\(d)) is false at its own answer")
            // No unit ends (starts) strictly between: sample up to eight boundaries.
            let between = forward ? (grapheme(ofUTF8: x) + 1)..<grapheme(ofUTF8: y) : (grapheme(ofUTF8: y) + 1)..<grapheme(ofUTF8: x)
            let stride = max(1, between.count / 8)
            for k in Swift.stride(from: between.lowerBound, to: between.upperBound, by: stride) {
                let b = try position(utf8: bounds[k])
                try expect(!doc.isPosition(b, atBoundary: g, in: .storage(d)),
                           "\(label): went to UTF-8 \(y), but isPosition(UTF-8 \(bounds[k]), atBoundary: .\(g), in: .\(d)) is true before it")
            }
        }
        // Exact answers where the model knows them.
        let y = r.flatMap { doc.offset(of: $0, unit: .utf8) }
        switch g {
        case .character:
            let want = forward ? boundary(after: x) : boundary(before: x)
            try expect(y == want, "\(label): gave UTF-8 \(String(describing: y)), expected \(String(describing: want))")
        case .document:
            let want: Int? = forward ? (x < length ? length : nil) : (x > 0 ? 0 : nil)
            try expect(y == want, "\(label): gave UTF-8 \(String(describing: y)), expected \(String(describing: want))")
        case .paragraph, .line:
            let lines = 0..<model.lineStarts.count
            let want = forward
                ? lines.map { lineEndUTF8($0) }.enumerated().first { lineStartUTF8($0.offset) < $0.element && $0.element > x }?.element
                : lines.reversed().map { ($0, lineStartUTF8($0)) }.first { lineStartUTF8($0.0) < lineEndUTF8($0.0) && $0.1 < x }?.1
            try expect(y == want, "\(label): gave UTF-8 \(String(describing: y)), expected the \(forward ? "end" : "start") of a non-empty line at \(String(describing: want))")
        case .word, .sentence:
            // Monotone: from a later place (any boundary), the next unit end is not earlier;
            // from an earlier place the previous unit start is not later.
            let other = bounds[input.int(in: 0...(bounds.count - 1))]
            let o = try position(utf8: other)
            let s = doc.position(from: o, toBoundary: g, in: .storage(d)).flatMap { doc.offset(of: $0, unit: .utf8) }
            if forward {
                let (a, b) = other >= x ? (y, s) : (s, y)
                try expect(a == nil ? b == nil : b == nil || a! <= b!,
                           "\(label): not monotone: forward from \(min(x, other)) gives \(String(describing: a)), from \(max(x, other)) \(String(describing: b))")
            } else {
                let (a, b) = other <= x ? (s, y) : (y, s)
                try expect(b == nil ? a == nil : a == nil || a! <= b!,
                           "\(label): not monotone: backward from \(min(x, other)) gives \(String(describing: a)), from \(max(x, other)) \(String(describing: b))")
            }
        }
        if r != nil && input.byte() & 1 == 0 {
            caret = TextCaret(r!)
            canonical = false
        }
    }

    mutating func enclosingRange() throws(FuzzFailure) {
        let g = granularity(), dir = direction()
        let p = caret.position
        let x = try check(p, "caret")
        what = "rangeEnclosing(\(describe(p)), with: .\(g), in: \(dir))"
        let d = try storage(dir, at: p)
        let range = doc.rangeEnclosing(p, with: g, in: dir)
        let within = doc.isPosition(p, withinTextUnit: g, in: dir)
        try expect(range == doc.rangeEnclosing(p, with: g, in: .storage(d)), "\(label): differs from storage direction .\(d)")
        guard let range else {
            try expect(!within, "\(label): nil, but isPosition(withinTextUnit:) is true")
            try expect(g == .word || g == .sentence || g == .character, "\(label): nil")
            if g == .character { try expect(d == .forward ? x == length : x == 0, "\(label): nil inside the text") }
            return
        }
        let a = try check(range.start, what), b = try check(range.end, what)
        try expect(a <= x && x <= b, "\(label): \(a)..<\(b) does not hold \(x)")
        switch g {
        case .character, .word, .sentence:
            try expect(within, "\(label): \(a)..<\(b), but isPosition(withinTextUnit:) is false")
            try expect(d == .forward ? x < b : a < x, "\(label): \(a)..<\(b) is not on the .\(d) side of \(x)")
            try expect(doc.isPosition(range.end, atBoundary: g, in: .storage(.forward)), "\(label): a unit \(a)..<\(b), but no forward boundary at its end")
            try expect(doc.isPosition(range.start, atBoundary: g, in: .storage(.backward)), "\(label): a unit \(a)..<\(b), but no backward boundary at its start")
            if g == .character {
                let want = d == .forward ? x..<boundary(after: x)! : boundary(before: x)!..<x
                try expect(a..<b == want, "\(label): \(a)..<\(b), expected \(want)")
            }
        case .paragraph, .line:
            let l = line(ofUTF8: x)
            try expect(a == lineStartUTF8(l) && b == lineEndUTF8(l), "\(label): \(a)..<\(b), expected line \(l): \(lineStartUTF8(l))..<\(lineEndUTF8(l))")
        case .document:
            try expect(a == 0 && b == length, "\(label): \(a)..<\(b), expected the whole text")
        }
    }

    // MARK: Caret, edits, directions

    mutating func jump() throws(FuzzFailure) {
        let k = input.int(in: 0...(bounds.count - 1))
        caret = TextCaret(try position(utf8: bounds[k], input.byte() & 1 == 0 ? .downstream : .upstream))
        canonical = false
    }

    mutating func edit() throws(FuzzFailure) {
        let p = caret.position
        let x = try check(p, "caret")
        let byte = input.byte()
        let kind = byte % 4
        // Sometimes edit while a copy shares the storage and the bidi cache: the copy must
        // keep moving as its own text says.
        let copy: (TextDocument, FuzzModel, Int)? = byte & 4 != 0 ? (doc, model, x) : nil
        do {
            switch kind {
            case 0, 1:
                var text = kind == 1 ? ["\n", "\r\n", "\u{2029}", "\r"][Int(input.byte()) % 4] : ""
                if kind == 0 {
                    for _ in 0..<input.int(in: 1...3) { text += MovementFuzz.alphabet[Int(input.byte()) % MovementFuzz.alphabet.count] }
                }
                if length > MovementFuzz.maxBytes { text = "" }
                what = "insert(\(text.debugDescription), at: \(describe(p)))"
                let r = try doc.insert(text, at: p)
                caret = TextCaret(r.end)
            case 2:
                let k = grapheme(ofUTF8: x), n = input.int(in: 1...4)
                let from = bounds[max(0, k - n)]
                what = "delete(\(from)..<\(x))"
                guard let range = doc.textRange(from: try position(utf8: from), to: p) else {
                    throw FuzzFailure(message: "\(label): textRange is nil")
                }
                caret = TextCaret(try doc.delete(range).start)
            default:
                let k = grapheme(ofUTF8: x), n = input.int(in: 1...4)
                let to = bounds[min(bounds.count - 1, k + n)]
                let text = MovementFuzz.alphabet[Int(input.byte()) % MovementFuzz.alphabet.count]
                what = "replace(\(x)..<\(to), withText: \(text.debugDescription))"
                guard let range = doc.textRange(from: p, to: try position(utf8: to)) else {
                    throw FuzzFailure(message: "\(label): textRange is nil")
                }
                caret = TextCaret(try doc.replace(range, withText: text).end)
            }
        } catch {
            throw FuzzFailure(message: "\(label): threw \(error)")
        }
        try refreshModel()
        try check(caret.position, "the edit")
        if let (before, beforeModel, at) = copy {
            let l = beforeModel.line(ofScalar: FuzzModel.lastIndex(in: beforeModel.utf8, atOrBelow: at))
            for line in [l, l + 1] where line < beforeModel.lineStarts.count {
                try compareWithFresh(before, line: line, "the copy kept across \(what)")
            }
        }
        let l = line(ofUTF8: try check(caret.position, "the edit"))
        for line in [l - 1, l] where line >= 0 {
            try compareWithFresh(doc, line: line, "after \(what)")
        }
    }

    /// The visual slots of `line` in `d`, left to right (the left edge found by pressing
    /// `.left`), without checks; at most 66 (lines longer than 64 graphemes are not swept).
    static func slots(_ d: TextDocument, line: Int) -> [TextPosition]? {
        guard var p = d.position(line: line, column: 0), let lineRange = d.lineRange(containing: p),
              let count = d.offset(from: lineRange.start, to: lineRange.end), count <= 64 else { return nil }
        func sameLine(_ q: TextPosition?) -> TextPosition? {
            guard let q, d.lineAndColumn(of: q)?.line == line else { return nil }
            return q
        }
        for _ in 0...count {
            guard let q = sameLine(d.position(from: p, in: .left, offset: 1)) else { break }
            p = q
        }
        var slots: [TextPosition] = []
        for _ in 0...(count + 1) {
            slots.append(p)
            guard let q = sameLine(d.position(from: p, in: .right, offset: 1)) else { break }
            p = q
        }
        return slots
    }

    /// `d` (perhaps with warm, adjusted layouts) must lay `line` out exactly as a document
    /// built fresh from its text, given the same paragraph directions (forced only when this
    /// session set overrides; otherwise P2–P3 must agree too): the same direction, the same
    /// slots, the same answer to a press from each slot.
    func compareWithFresh(_ d: TextDocument, line: Int, _ context: String) throws(FuzzFailure) {
        guard d.lineCount <= 64 else { return }
        var fresh = TextDocument(d.string)
        if overridden {
            for l in 0..<d.lineCount {
                guard let start = d.position(line: l, column: 0), let range = d.lineRange(containing: start),
                      let direction = d.baseWritingDirection(for: start) else { continue }
                try? fresh.setBaseWritingDirection(direction, for: range)
            }
        }
        guard let start = d.position(line: line, column: 0) else {
            throw FuzzFailure(message: "\(label): \(context): position(line: \(line), column: 0) is nil")
        }
        let a = d.baseWritingDirection(for: start), b = fresh.baseWritingDirection(for: start)
        try expect(a == b, "\(label): \(context): line \(line) resolves \(String(describing: a)), a fresh document \(String(describing: b))")
        let warm = Self.slots(d, line: line), cold = Self.slots(fresh, line: line)
        try expect(warm == cold, "\(label): \(context): line \(line) has slots \(String(describing: warm)), a fresh document \(String(describing: cold))")
        for p in warm ?? [] {
            for direction in [TextLayoutDirection.left, .right] {
                let w = d.position(from: p, in: direction, offset: 1), c = fresh.position(from: p, in: direction, offset: 1)
                try expect(w == c, "\(label): \(context): .\(direction) from \(p) gives \(String(describing: w)), in a fresh document \(String(describing: c))")
            }
        }
    }

    mutating func setDirection(wholeLine: Bool) throws(FuzzFailure) {
        let value: WritingDirection = [.natural, .leftToRight, .rightToLeft][Int(input.byte()) % 3]
        let range: TextRange?
        if wholeLine {
            let l = input.int(in: 0...(model.lineStarts.count - 1))
            range = doc.textRange(from: try position(utf8: lineStartUTF8(l)), to: try position(utf8: lineEndUTF8(l)))
        } else {
            let a = bounds[input.int(in: 0...(bounds.count - 1))], b = bounds[input.int(in: 0...(bounds.count - 1))]
            range = doc.textRange(from: try position(utf8: a), to: try position(utf8: b))
        }
        guard let range else { throw FuzzFailure(message: "\(label): textRange is nil") }
        what = "setBaseWritingDirection(.\(value), for: \(range))"
        overridden = true
        do { try doc.setBaseWritingDirection(value, for: range) } catch {
            throw FuzzFailure(message: "\(label): threw \(error)")
        }
        if value != .natural {
            let got = doc.baseWritingDirection(for: range.start)
            try expect(got == value, "\(label): baseWritingDirection is now \(String(describing: got))")
        }
        canonical = false
    }

    /// In a pure-LTR line visual `.right` is logical forward everywhere; in any line a sweep
    /// from the left edge visits count + 1 distinct slots and `.left` retraces it.
    mutating func sweepLine() throws(FuzzFailure) {
        let x = try check(caret.position, "caret")
        let l = line(ofUTF8: x)
        let first = grapheme(ofUTF8: lineStartUTF8(l)), last = grapheme(ofUTF8: lineEndUTF8(l))
        what = "sweep line \(l) (graphemes \(first)..<\(last))"
        guard last - first <= 64 else { return }
        if try isPureLTR(line: l) {
            for k in first..<last {
                let p = try position(utf8: bounds[k])
                let v = try press(p, .right, .visual), g = try press(p, .right, .logical)
                try expect(v == g, "\(label): pure LTR, from grapheme \(k) visual .right \(v.map { describe($0) } ?? "nil"), logical \(g.map { describe($0) } ?? "nil")")
            }
        }
        // Find the left edge: press .left until the line is left or the slots run out.
        var p = try position(utf8: bounds[first])
        for _ in 0...(last - first) {
            guard let q = try press(p, .left, .visual), line(ofUTF8: try check(q, "press")) == l else { break }
            p = q
        }
        var slots: [TextPosition] = []
        // From the left edge, `.left` leaves the line (or the document).
        if let q = try press(p, .left, .visual) {
            try expect(line(ofUTF8: try check(q, "press")) != l, "\(label): the left edge \(describe(p)) has a slot on its left")
        }
        for _ in 0...(last - first + 1) {
            slots.append(p)
            guard let q = try press(p, .right, .visual), line(ofUTF8: try check(q, "press")) == l else { break }
            p = q
        }
        try expect(slots.count == last - first + 1, "\(label): the sweep visited \(slots.count) slots for \(last - first) graphemes")
        try expect(Set(slots).count == slots.count, "\(label): the sweep visited a slot twice: \(slots.map { describe($0) })")
        try compareWithFresh(doc, line: l, "sweep")
        for j in 1..<slots.count {
            let back = try press(slots[j], .left, .visual)
            try expect(back == slots[j - 1], "\(label): .left from slot \(j) \(describe(slots[j])) went to \(back.map { describe($0) } ?? "nil"), not \(describe(slots[j - 1]))")
        }
    }
}
