import Caret

/// One FuzzInput run: decodes the calls (see `InputFuzz`), makes each on the `TextInput` and
/// on the model, and compares them.
struct InputSession {
    var input: FuzzBytes
    let kind: InputModel.Kind
    var model: InputModel
    let subject: TextInput
    let delegate: InputFuzzDelegate
    var step = 0
    /// The calls made so far with the state after each, for the failure message: kept only when
    /// `verbose` (a failing input is run again with it).
    var log: [String] = []
    let verbose: Bool

    init(_ data: [UInt8], verbose: Bool = false) {
        self.verbose = verbose
        input = FuzzBytes(data)
        let flags = input.byte()
        kind = flags & 1 == 1 ? .singleLine : .multiLine
        let editable = flags & 0x0E != 0x0E
        var text = ""
        for _ in 0..<input.int(in: 0...7) { text += troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }
        model = InputModel(text, kind: kind, isEditable: editable)
        // Traits off: issue 11's typing transforms are not part of this model.
        let traits = TextInputTraits(autocapitalization: .none, smartQuotes: false, smartDashes: false,
                                     smartInsertDelete: false)
        subject = TextInput(text, kind: kind == .singleLine ? .singleLine : .multiLine, traits: traits)
        subject.isEditable = editable
        delegate = InputFuzzDelegate(text: text)
        subject.delegate = delegate
        if verbose { log.append("\(kind == .singleLine ? "field" : "view")\(editable ? "" : " read-only") \(Self.show(text))") }
    }

    static func show(_ s: String) -> String {
        "\"" + s.unicodeScalars.map { $0.value < 0x7F && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    mutating func run() throws(FuzzFailure) {
        try check("start")
        while !input.isAtEnd && step < InputFuzz.maxSteps {
            step += 1
            let op = input.byte()
            let a = input.byte()
            var answers = InputModel.Answers()
            answers.shouldChange = a & 0x07 != 0x07
            answers.shouldBegin = a & 0x18 != 0x18
            answers.shouldEnd = a & 0x60 != 0x60
            answers.shouldClear = a & 0x80 == 0
            answers.shouldReturn = a & 0x80 == 0
            let name = try call(Int(op) % 27, answers)
            if verbose { log.append(name + (answers == InputModel.Answers() ? "" : " [\(Self.describe(answers))]")) }
            try check(name)
            if verbose { log[log.count - 1] += "  → \(state)" }
            if op >= 128 && model.canUndo && model.composition == nil {
                try roundTrip()
            }
        }
        // Everything back, then everything forward, checking each state.
        var guardSteps = 0
        while model.canUndo && guardSteps < 1000 {
            guardSteps += 1
            try both("final undo", answers: .init()) { $0.undo() } subject: { $0.undo() }
        }
        while model.canRedo && guardSteps < 2000 {
            guardSteps += 1
            try both("final redo", answers: .init()) { $0.redo() } subject: { $0.redo() }
        }
    }

    /// The model's state in a few words, for the log.
    var state: String {
        var s = Self.show(model.text)
        s += model.selection.map { " sel \($0.anchor.index)→\($0.focus.index)" } ?? " no sel"
        if let m = model.marked { s += " marked \(m)" }
        if !model.isEditing { s += " not editing" }
        return s
    }

    static func describe(_ a: InputModel.Answers) -> String {
        var no: [String] = []
        if !a.shouldChange { no.append("change") }
        if !a.shouldBegin { no.append("begin") }
        if !a.shouldEnd { no.append("end") }
        if !a.shouldClear { no.append("clear/return") }
        return "refuse " + no.joined(separator: ",")
    }

    /// Undo then redo, each checked; both break coalescing in model and subject alike.
    mutating func roundTrip() throws(FuzzFailure) {
        try both("round-trip undo", answers: .init()) { $0.undo() } subject: { $0.undo() }
        try both("round-trip redo", answers: .init()) { $0.redo() } subject: { $0.redo() }
    }

    /// Makes one call on both sides with the delegate's `answers`, then compares.
    mutating func both(_ name: String, answers: InputModel.Answers, model change: (inout InputModel) -> Void,
                       subject call: (TextInput) -> Void) throws(FuzzFailure) {
        prepare(answers)
        change(&model)
        call(subject)
        if verbose { log.append(name) }
        try check(name)
        if verbose { log[log.count - 1] += "  → \(state)" }
    }

    mutating func prepare(_ answers: InputModel.Answers) {
        model.answers = answers
        model.offers = []
        model.events = []
        delegate.answers = answers
        delegate.offers = []
        delegate.events = []
    }

    // MARK: Decoding arguments

    mutating func piece() -> String { troubleAlphabet[Int(input.byte()) % troubleAlphabet.count] }

    mutating func pieces(_ range: ClosedRange<Int>) -> String {
        var s = ""
        for _ in 0..<input.int(in: range) { s += piece() }
        return s
    }

    var full: Bool { model.scalars.count > InputFuzz.maxScalars }

    /// A grapheme range of the subject's document, in order.
    mutating func graphemeRange() -> (Int, Int) {
        let n = subject.document.count
        let a = input.int(in: 0...n), b = input.int(in: 0...n)
        return (min(a, b), max(a, b))
    }

    /// The scalar index of grapheme offset `k` in the model.
    func scalarIndex(ofGrapheme k: Int) -> Int { model.flat.boundaries[k] }
}
