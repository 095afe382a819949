import Foundation
import Caret

/// `caret move FILE --from OFFSET --right|--left|--up|--down N [--logical]`: presses an arrow
/// key N times from a grapheme offset and prints every place the caret visits, so that
/// movement through right-to-left and mixed text can be checked by eye.
enum MoveCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var file: String?
        var from = 0
        var direction: TextLayoutDirection?
        var presses = 1
        var movement = CaretMovement.visual
        var k = 0
        func value() -> Int? {
            k += 1
            return k < arguments.count ? Int(arguments[k]) : nil
        }
        while k < arguments.count {
            switch arguments[k] {
            case "--from": guard let v = value() else { return usage() }; from = v
            case "--right", "--left", "--up", "--down":
                direction = ["--right": .right, "--left": .left, "--up": .up, "--down": .down][arguments[k]]
                guard let v = value() else { return usage() }
                presses = v
            case "--logical": movement = .logical
            default: file = arguments[k]
            }
            k += 1
        }
        guard let file, let direction, presses >= 0 else { return usage() }
        guard let document = CommandSupport.load(file) else { return 1 }
        guard let start = document.position(at: from) else {
            CommandSupport.printError("move: offset \(from) is outside the document (0...\(document.count))")
            return 1
        }
        var caret = TextCaret(start)
        print("press  offset  line:column  affinity    direction  around the caret")
        print(describe(caret.position, in: document, press: 0))
        for press in 1...max(presses, 1) where presses > 0 {
            guard let next = document.caret(from: caret, in: direction, offset: 1, movement: movement) else {
                print("(stops: no place further \(direction))")
                break
            }
            caret = next
            print(describe(caret.position, in: document, press: press))
        }
        return 0
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
                "  " + direction.padding(toLength: 9, withPad: " ", startingAt: 0),
                "  …\(visible(before))|\(visible(after))…"].joined(separator: " ")
    }

    static func usage() -> Int32 {
        CommandSupport.printError("usage: caret move FILE --from OFFSET --right|--left|--up|--down N [--logical]")
        return 2
    }
}
