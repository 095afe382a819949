/// Typed text being rewritten scalar by scalar, with the text before it: the working state of
/// smart dashes, smart quotes and autocapitalization. A rule may replace the last scalar, even
/// one of the old text (then the change widens backwards over it).
struct TypedText {
    /// The old text before the change, a few clusters of it; its consumed tail is gone.
    private(set) var before: [Unicode.Scalar]
    /// Whether `before` starts at the beginning of the text.
    private(set) var reachesStart: Bool
    /// Reads more of the old text before `before` (and whether that reaches the start), once.
    private var earlier: (() -> (text: String, reachesStart: Bool))?
    /// The rewritten typed text so far.
    private(set) var output = String.UnicodeScalarView()
    /// How many bytes of the old text, ending where the change started, it now replaces.
    private(set) var consumedUTF8 = 0

    /// - Parameter earlier: reads the text before `before`, for the rules that need more than
    ///   a few clusters (a sentence start); nil when `before` is all they may see.
    init(before: String, reachesStart: Bool, earlier: (() -> (text: String, reachesStart: Bool))? = nil) {
        self.before = Array(before.unicodeScalars)
        self.reachesStart = reachesStart
        self.earlier = reachesStart ? nil : earlier
    }

    /// Puts the text `earlier` reads in front of `before` (once; later calls do nothing).
    mutating func widen() {
        guard let read = earlier else { return }
        earlier = nil
        let (text, start) = read()
        before = Array(text.unicodeScalars) + before
        reachesStart = start
    }

    /// The scalar just before the next one, in the output or else in the old text; nil at the
    /// start of the text (or of a window that holds nothing more).
    var last: Unicode.Scalar? { output.last ?? before.last }

    /// Whether nothing precedes the next scalar: the start of the text.
    var isAtStart: Bool { output.isEmpty && before.isEmpty && reachesStart }

    /// Appends a scalar or string to the output.
    mutating func append(_ scalar: Unicode.Scalar) { output.append(scalar) }
    mutating func append(_ string: String) { output.append(contentsOf: string.unicodeScalars) }

    /// Removes the scalar `last` names, from the output or (widening the change) the old text.
    mutating func removeLast() {
        if !output.isEmpty {
            output.removeLast()
        } else if let scalar = before.popLast() {
            consumedUTF8 += scalar.utf8.count
        }
    }

    /// The text before the next scalar as far as the window goes: old text, then output.
    var context: String {
        var s = String(String.UnicodeScalarView(before))
        s.unicodeScalars.append(contentsOf: output)
        return s
    }

    /// The scalars before the next one, old text then output, nearest last.
    var contextScalars: [Unicode.Scalar] { before + Array(output) }
}
