import Caret

/// Replays a session script (`SessionScript`) on a `TextInput` and words what happens: after
/// each line its action, the text, selection and marked range (grapheme offsets, UTF-16 in
/// parentheses), editing and undo state, what the delegate was asked and told, and what the
/// call returned. `caret session` prints it; `Corpus/sessions/*.expected` keep it.
public final class SessionRunner {
    /// The transcript of a run and the lines that could not be run.
    public struct Transcript: Sendable, Equatable {
        /// The transcript's lines, without line ends.
        public var lines: [String]
        /// The lines that could not be run (they are in `lines` too, as `N error: …`).
        public var errors: [SessionScript.LineError]
        /// The transcript as text, one line each, ending in a newline.
        public var text: String { lines.map { $0 + "\n" }.joined() }

        /// The first line (1-based) where this transcript and a kept one differ, with both
        /// versions ("(end)" past either's end); nil when they are the same text. O(length).
        public func firstDifference(from expected: String) -> (line: Int, expected: String, got: String)? {
            if expected == text { return nil }
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let got = lines + [""]
            var i = 0
            while i < want.count && i < got.count && want[i] == got[i] { i += 1 }
            return (i + 1, i < want.count ? want[i] : "(end)", i < got.count ? got[i] : "(end)")
        }
    }

    /// The input the script drives (the contract's default traits and rules unless the settings
    /// give others).
    public let input: TextInput
    let recorder = SessionRecorder()

    /// A new input as `settings` describe it. O(length of the initial text).
    public init(settings: SessionSettings) {
        input = TextInput(settings.text, kind: settings.isField ? .singleLine : .multiLine,
                          traits: settings.traits ?? TextInputTraits(), rules: settings.rules ?? TextInputRules())
        input.isEditable = settings.isEditable
        if let locale = settings.locale { input.locale = locale }
        input.delegate = recorder
    }

    /// Runs every line of `script` in file order. A bad line (one that did not parse, or whose
    /// offsets do not fit the text) is written into the transcript as `N error: …`; the run
    /// stops there unless `keepGoing`. `settings` (default: the script's) describe the input.
    /// - Complexity: the calls the script makes, plus wording the state after each line
    ///   (O(text length) per line).
    public static func run(_ script: SessionScript, settings: SessionSettings? = nil, keepGoing: Bool) -> Transcript {
        let runner = SessionRunner(settings: settings ?? script.settings)
        var transcript = Transcript(lines: [runner.header(settings ?? script.settings)], errors: [])
        var errors = script.errors[...]
        for line in script.lines {
            while let e = errors.first, e.line < line.number {
                transcript.lines.append("\(e.line) error: \(e.message)")
                transcript.errors.append(e)
                errors = errors.dropFirst()
                if !keepGoing { return transcript }
            }
            do {
                transcript.lines += try runner.step(line)
            } catch {
                transcript.lines.append("\(line.number) error: \(error.message)")
                transcript.errors.append(error)
                if !keepGoing { return transcript }
            }
        }
        for e in errors {
            transcript.lines.append("\(e.line) error: \(e.message)")
            transcript.errors.append(e)
            if !keepGoing { break }
        }
        return transcript
    }

    /// The first transcript line: what kind of input, and its text.
    func header(_ s: SessionSettings) -> String {
        "0 \(s.isField ? "field" : "view")\(s.isEditable ? "" : " (read-only)")\(s.locale.map { " locale \($0)" } ?? "")"
            + (s.traits.map { " traits " + SessionFormat.describe($0) } ?? "")
            + (s.rules.map { " rules " + SessionFormat.describe($0) } ?? "")
            + " · " + state()
    }

    /// Runs one line; its transcript lines.
    func step(_ line: SessionScript.Line) throws(SessionScript.LineError) -> [String] {
        recorder.traffic = []
        var out = ["\(line.number) \(SessionFormat.describe(line.action))"]
        let returned: String?
        do {
            returned = try perform(line.action)
        } catch {
            throw SessionScript.LineError(line: line.number, message: error.message)
        }
        switch line.action {
        case .note, .delegate, .settings: return out
        default: break
        }
        out.append("  = " + state())
        if let returned { out.append("  returned \(returned)") }
        if !recorder.traffic.isEmpty { out.append("  delegate: " + recorder.traffic.joined(separator: "; ")) }
        return out
    }

    /// The input's state in one line.
    func state() -> String {
        let doc = input.document
        func place(_ r: TextRange) -> String {
            guard let a = doc.offset(of: r.start), let b = doc.offset(of: r.end),
                  let u = doc.offset(of: r.start, unit: .utf16), let v = doc.offset(of: r.end, unit: .utf16) else { return "?" }
            return "\(SessionFormat.range(a..<b)) (utf16 \(SessionFormat.range(u..<v)))"
        }
        var parts = [SessionFormat.quoted(input.text)]
        let ranges = input.selectedTextRanges
        if ranges.count > 1 {
            // Several selections: all of them in document order, the main one marked.
            let main = input.mainSelectionIndex
            parts.append("selections " + ranges.indices.map { place(ranges[$0]) + ($0 == main ? " (main)" : "") }
                .joined(separator: ", "))
        } else {
            parts.append("selection " + (input.selectedTextRange.map(place) ?? "none"))
        }
        if let marked = input.markedTextRange { parts.append("marked " + place(marked)) }
        parts.append(input.isEditing ? "editing" : "not editing")
        parts.append("undo \(input.canUndo ? "yes" : "no"), redo \(input.canRedo ? "yes" : "no")")
        parts += SessionFormat.shown(input)
        return parts.joined(separator: " · ")
    }
}
