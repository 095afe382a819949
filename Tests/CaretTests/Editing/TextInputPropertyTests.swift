import XCTest
@testable import Caret

/// Random input sequences against `TextInputReference` (the contract's rules the obvious way):
/// after every step the text, selection, marked range, undo/redo availability, what was offered
/// to the delegate and the `.editingChanged` count must agree. Seeded (`SEED`); prints its seed.
final class TextInputPropertyTests: XCTestCase {
    /// The trouble alphabet: clusters the rules treat differently, pieces that join clusters
    /// across an edit (a lone mark, a lone regional indicator, CR before LF), and "!" (vetoed).
    static let pieces = ["a", "é", "e\u{301}", "\u{301}", "👨‍👩‍👧", "🇩🇪", "🇫", "\r", "\n", "\r\n", "क्षि", "्", "ष",
                         "ש", "ָ", "น้ำ", "한", "\u{1112}\u{1161}", "\u{11AB}", "!", " ", "日本", "1\u{FE0F}\u{20E3}",
                         "مَ", "𝒜"]

    private final class Delegate: TextInputDelegate {
        var vetoAll = false
        var offers: [String] = []
        var editingChanged = 0
        func textInput(_ input: TextInput, shouldChangeTextIn range: TextRange, utf16Range: Range<Int>,
                       replacementText: String) -> Bool {
            offers.append("\(utf16Range.lowerBound)..<\(utf16Range.upperBound) \(replacementText.debugDescription)")
            return !vetoAll && !replacementText.contains("!")
        }
        func textInput(_ input: TextInput, didSend event: TextInputEvent) {
            if event == .editingChanged { editingChanged += 1 }
        }
    }

    func testRandomSessionsAgreeWithTheReference() {
        var (rng, seed) = SeededGenerator.fromEnvironment(default: 0x1A7E)
        print("TextInputPropertyTests seed \(seed)")
        for run in 0..<40 {
            let multiLine = run % 3 != 0
            let start = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            // The reference models the editing core; the traits have their own tests.
            let input = TextInput(start, kind: multiLine ? .multiLine : .singleLine, traits: .plain)
            let delegate = Delegate()
            input.delegate = delegate
            var model = TextInputReference(start, multiLine: multiLine)
            var trail: [String] = []
            for step in 0..<120 {
                let op = operation(&rng, model: model)
                trail.append(op.name)
                op.input(input)
                op.model(&model)
                delegate.vetoAll = model.vetoAll
                let context = "seed \(seed) run \(run) step \(step) start \(start.debugDescription) ops \(trail.suffix(12))"
                XCTAssertEqual(input.text, model.string, context)
                XCTAssertEqual(input.utf16Selection, model.anchor.map { _ in model.selection }, context)
                XCTAssertEqual(input.utf16Marked, model.marked.flatMap { $0.isEmpty ? nil : $0 }, context)
                XCTAssertEqual(input.canUndo, model.canUndo, context)
                XCTAssertEqual(input.canRedo, model.canRedo, context)
                XCTAssertEqual(delegate.offers, model.offers, context)
                XCTAssertEqual(delegate.editingChanged, model.editingChanged, context)
                XCTAssertEqual(input.history.undoSteps.count, model.undoSteps.count, context)
                if input.history.undoSteps.count != model.undoSteps.count { return }
                if input.text != model.string || delegate.offers != model.offers { return }
            }
            // Undo everything, then redo everything: each step comes back exactly.
            var seen = [model.snapshot]
            var undos = 0
            while input.canUndo {
                input.undo()
                model.undo()
                undos += 1
                XCTAssertEqual(input.text, model.string, "seed \(seed) run \(run) undo \(undos) ops \(trail.suffix(30))")
                if input.text != model.string { return }
                seen.append(model.snapshot)
            }
            while input.canRedo {
                input.redo()
                model.redo()
                XCTAssertEqual(input.text, model.string, "seed \(seed) run \(run) redo")
                XCTAssertEqual(input.utf16Selection, model.anchor.map { _ in model.selection }, "seed \(seed) run \(run) redo")
            }
        }
    }

    private struct Operation {
        var name: String
        var input: (TextInput) -> Void
        var model: (inout TextInputReference) -> Void
    }

    private func operation(_ rng: inout SeededGenerator, model: TextInputReference) -> Operation {
        func piece() -> String { Self.pieces.randomElement(using: &rng)! }
        let length = model.text.count
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<30:
            let s = piece()
            return Operation(name: "insert \(s.debugDescription)", input: { $0.insertText(s) }, model: { $0.insert(s) })
        case 30..<45:
            return Operation(name: "deleteBackward", input: { $0.deleteBackward() }, model: { $0.deleteBackward() })
        case 45..<50:
            return Operation(name: "deleteForward", input: { $0.deleteForward() }, model: { $0.deleteForward() })
        case 50..<54:
            let s = piece() + piece()
            return Operation(name: "paste \(s.debugDescription)", input: { $0.paste(s) }, model: { $0.paste(s) })
        case 54..<56:
            return Operation(name: "cut", input: { _ = $0.cut() }, model: { $0.cut() })
        case 56..<64:
            let a = Int.random(in: 0...length, using: &rng)
            let b = Bool.random(using: &rng) ? a : Int.random(in: 0...length, using: &rng)
            return Operation(name: "select \(a) \(b)", input: { input in
                let doc = input.document
                input.selectedTextRange = doc.textRange(from: doc.position(at: a, unit: .utf16)!,
                                                        to: doc.position(at: b, unit: .utf16)!)
            }, model: { $0.select(a, b) })
        case 64..<67:
            let forward = Bool.random(using: &rng)
            return Operation(name: forward ? "end" : "start", input: { $0.move(forward ? .down : .up, by: .document) },
                             model: { $0.moveToDocumentEdge(forward: forward) })
        case 67..<79:
            let s = piece()
            let count = s.utf16.count
            let a = Int.random(in: -1...count + 1, using: &rng)
            let b = max(a, Int.random(in: -1...count + 1, using: &rng))
            let text = Int.random(in: 0..<10, using: &rng) == 0 ? "" : s
            return Operation(name: "mark \(text.debugDescription) \(a)..<\(b)",
                             input: { $0.setMarkedText(text, selectedRange: a..<b) }, model: { $0.setMarked(text, a..<b) })
        case 79..<83:
            return Operation(name: "unmark", input: { $0.unmarkText() }, model: { $0.unmark() })
        case 83..<91:
            return Operation(name: "undo", input: { $0.undo() }, model: { $0.undo() })
        case 91..<95:
            return Operation(name: "redo", input: { $0.redo() }, model: { $0.redo() })
        case 95..<96:
            let a = Int.random(in: 0...length, using: &rng), b = Int.random(in: 0...length, using: &rng)
            let s = Bool.random(using: &rng) ? "" : piece()
            return Operation(name: "replace \(a) \(b) \(s.debugDescription)", input: { input in
                let doc = input.document
                input.replace(doc.textRange(from: doc.position(at: a, unit: .utf16)!, to: doc.position(at: b, unit: .utf16)!)!,
                              withText: s)
            }, model: { $0.replace(a, b, s) })
        case 96..<97:
            return Operation(name: "clear", input: { $0.clear() }, model: { $0.clear() })
        case 97..<98:
            return Operation(name: "break", input: { $0.breakUndoCoalescing() }, model: { $0.open = nil })
        default:
            return Operation(name: "veto", input: { _ in }, model: { $0.vetoAll.toggle() })
        }
    }
}
