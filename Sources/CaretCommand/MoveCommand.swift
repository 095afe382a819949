import Caret
import Foundation

/// `caret move FILE --from OFFSET --right|--left|--up|--down N [--logical]`: presses an arrow
/// key N times from a grapheme offset and prints every place the caret visits, so that
/// movement through right-to-left and mixed text can be checked by eye.
enum MoveCommand: Subcommand {
    static let spec = CommandSpec(
        name: "move",
        brief: "the places an arrow key visits (visual order in RTL text)",
        summary: "Presses an arrow key N times from a grapheme offset and prints every place the caret\n"
            + "visits: visual order in right-to-left and mixed text, or logical order.",
        usage: ["FILE --right|--left|--up|--down N [--from OFFSET] [--logical]"],
        options: [
            .value("--right", placeholder: "N", help: "press → N times (N ≥ 0)"),
            .value("--left", placeholder: "N", help: "press ← N times"),
            .value("--up", placeholder: "N", help: "press ↑ N times (keeps a goal column)"),
            .value("--down", placeholder: "N", help: "press ↓ N times"),
            .value("--from", placeholder: "OFFSET", help: "where the caret starts, in grapheme clusters (default 0)"),
            .flag("--logical", help: "move in storage order instead of visual order"),
        ],
        positionalCount: 1...1,
        positionalHelp: [("FILE", "a UTF-8 text file; - is standard input")],
        details: """
            output: a row per press: the offset, line:column, affinity, the base direction of the
            paragraph and the text around the caret (⏎ for a line feed). The caret's next place
            depends on its place alone, so a walk that comes back to a place it visited repeats
            from there for ever (two lines of opposite direction can trap a caret): the command
            then prints which earlier press it repeats and stops, however large N is. Exactly one
            direction.

            example:
              caret move Corpus/samples/mixed-bidi.txt --from 10 --right 20
            """)

    static let directions: [(option: String, direction: TextLayoutDirection)] = [
        ("--right", .right), ("--left", .left), ("--up", .up), ("--down", .down),
    ]

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let chosen = directions.filter { arguments.value($0.option) != nil }
        guard chosen.count == 1, let (option, direction) = chosen.first else {
            throw UsageError(command: spec.name, message: chosen.isEmpty
                ? "choose a direction: --right, --left, --up or --down N"
                : "choose one direction, not \(chosen.map(\.option).joined(separator: " and "))")
        }
        let presses = try arguments.integer(option, in: 0...Int.max, command: spec.name) ?? 0
        let from = try arguments.integer("--from", in: 0...Int.max, command: spec.name) ?? 0
        let movement: CaretMovement = arguments.flag("--logical") ? .logical : .visual
        let path = arguments.positionals[0]
        let document: TextDocument
        do { document = try InputFile(path: path).document(console: console) } catch {
            console.error(error.message, command: spec.name)
            return ExitStatus.failure
        }
        guard let start = document.position(at: from) else {
            console.error("offset \(from) is outside the document (0...\(document.count))", command: spec.name)
            return ExitStatus.failure
        }
        walk(document, from: TextCaret(start), direction: direction, presses: presses, movement: movement,
             console: console)
        return ExitStatus.success
    }

    /// Prints the start and each press, stopping early where the walk repeats. The places seen
    /// are kept to find the repeat: at most one per press printed, and at most a few per
    /// grapheme offset (affinity, goal column), so no more than the rows themselves.
    static func walk(_ document: TextDocument, from start: TextCaret, direction: TextLayoutDirection, presses: Int,
                     movement: CaretMovement, console: Console) {
        console.line("press  offset  line:column  affinity    direction  around the caret")
        console.line(describe(start.position, in: document, press: 0))
        var caret = start
        var seen = [start: 0]
        var press = 0
        while press < presses {
            press += 1
            guard let next = document.caret(from: caret, in: direction, offset: 1, movement: movement) else {
                console.line("(stops: no place further \(direction))")
                return
            }
            caret = next
            console.line(describe(caret.position, in: document, press: press))
            if let earlier = seen[caret] {
                let left = presses - press
                console.line("(press \(press) is back where press \(earlier) was: the walk repeats every "
                    + "\(press - earlier) presses from there; \(CommandSupport.grouped(left)) more presses not shown)")
                return
            }
            seen[caret] = press
        }
    }

    static func describe(_ position: TextPosition, in document: TextDocument, press: Int) -> String {
        let offset = document.offset(of: position) ?? -1
        let lc = document.lineAndColumn(of: position).map { "\($0.line):\($0.column)" } ?? "?"
        let direction = document.baseWritingDirection(for: position) == .rightToLeft ? "RTL" : "LTR"
        let before = document.position(from: position, offset: -1).flatMap { document.textRange(from: $0, to: position) }
            .flatMap { document.text(in: $0) } ?? ""
        let after = document.position(from: position, offset: 1).flatMap { document.textRange(from: position, to: $0) }
            .flatMap { document.text(in: $0) } ?? ""
        let visible = { (s: String) in s.replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\r", with: "␍") }
        return [CommandSupport.pad(String(press), 5), CommandSupport.pad(String(offset), 7),
                CommandSupport.pad(lc, 12), "  " + (position.affinity == .upstream ? "upstream  " : "downstream"),
                "  " + CommandSupport.padRight(direction, 9),
                "  …\(visible(before))|\(visible(after))…"].joined(separator: " ")
    }
}
