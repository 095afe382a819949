@_spi(Testing) import Caret
import Foundation

/// A keystroke at 1,000 selections (issue 23's target: ≤ 1 ms, one undo step): carets spread
/// evenly over the generated document, one character typed at all of them per
/// `insertText`, traits `.plain`, in one timed loop; then the undo of one such keystroke (each
/// keystroke its own step), one timed loop. Checked: the text grows by one character a caret
/// per keystroke, the typed run is ONE undo step, and each undo takes back 1,000 characters.
extension Bench {
    mutating func multiCursorWorkloads(_ generated: [UInt8]) {
        guard !generated.isEmpty, anySelected(["input.multicursor"]) else { return }
        let text = String(decoding: generated, as: UTF8.self)
        let carets = 1_000
        let n = quick ? 50 : 200
        var typeSamples: [Double] = [], undoSamples: [Double] = []
        var ok = true
        for _ in 0..<reps {
            let input = TextInput(text, kind: .multiLine, traits: .plain)
            input.beginEditing()
            let doc = input.document
            input.selectedTextRanges = (0..<carets).map { i in
                let p = doc.position(at: doc.count / carets * i + doc.count / (2 * carets))!
                return doc.textRange(from: p, to: p)!
            }
            ok = ok && input.selectedTextRanges.count == carets
            let before = input.document.count(in: .utf8)
            typeSamples.append(seconds { for _ in 0..<n { input.insertText("x") } } * 1e9 / Double(n))
            ok = ok && input.document.count(in: .utf8) == before + n * carets
            // The typed run is one step: one undo takes all of it back, a second has nothing.
            input.undo()
            ok = ok && input.document.count(in: .utf8) == before && !input.canUndo
            for _ in 0..<n {
                input.insertText("y")
                input.breakUndoCoalescing()
            }
            undoSamples.append(seconds { for _ in 0..<n { input.undo() } } * 1e9 / Double(n))
            ok = ok && input.document.count(in: .utf8) == before
        }
        check(ok, "input.multicursor: the typed or undone text has the wrong length, or typing made more than one step")
        if selected("input.multicursor-keystroke") {
            record(Workload(name: "input.multicursor-keystroke", unit: "ns/op", samples: typeSamples,
                            note: "insertText of one character at \(carets) carets spread over the document, \(n) keystrokes, traits .plain, one timed loop; the run is one undo step"))
        }
        if selected("input.multicursor-undo") {
            record(Workload(name: "input.multicursor-undo", unit: "ns/op", samples: undoSamples,
                            note: "undo() of one keystroke at \(carets) carets (each keystroke its own step), one timed loop"))
        }
    }
}
