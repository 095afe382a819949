import Caret
import Foundation

/// The state of `caret edit` and what each key does to it, without a terminal: a `TextInput`
/// holding the file, the wrap index the screen and vertical movement read, the viewport, the
/// editor's own clipboard, find, and the quit prompt. `screen()` is what to draw now.
final class EditorSession: TextInputDelegate {
    let path: String
    let input: TextInput
    private(set) var index: VisualLineIndex
    private(set) var format: TextFileFormat
    /// Viewport: the first visual line shown, and the size of the text area.
    private(set) var top = 0
    private(set) var height: Int
    private(set) var width: Int
    /// The goal display column of consecutive up/down presses.
    private var goalColumn: Int?
    private var clipboard = ""
    /// The status line's message, until the next key.
    private(set) var message = ""
    private(set) var modified = false
    /// True after a Ctrl-Q refused for unsaved changes: a second one quits.
    private var quitArmed = false
    private(set) var finished = false
    /// The find prompt's text while it is open, and the last search.
    private(set) var findQuery: String?
    private var lastQuery = ""

    init(path: String, file: TextFile, width: Int, height: Int) {
        self.path = path
        format = file.format
        input = TextInput(document: file.document)
        self.width = max(1, width)
        self.height = max(1, height)
        index = VisualLineIndex(document: file.document, options: Self.wrapOptions(width: self.width))
        input.delegate = self
        input.traits = TextInputTraits(autocapitalization: .none, smartQuotes: false, smartDashes: false, smartInsertDelete: false)
        input.setSelection(anchor: file.document.beginningOfDocument, focus: file.document.beginningOfDocument)
        _ = input.beginEditing()
    }

    static func wrapOptions(width: Int) -> SoftWrapOptions {
        SoftWrapOptions(width: width, display: DisplayWidthOptions(model: .terminal, tabWidth: 8))
    }

    /// Shows `text` on the status line until the next key.
    func note(_ text: String) { message = text }

    // MARK: TextInputDelegate

    /// Every change of the text — typing, undo, redo, paste, cut, the find's selection aside —
    /// reaches the wrap index here, as the change set the input made.
    func textInput(_ input: TextInput, didApply changes: ChangeSet) {
        modified = true
        // A change set always fits the document it was made from; were it not so, start over.
        do { try index.apply(changes) } catch { index = VisualLineIndex(document: input.document, options: index.options) }
    }

    // MARK: Screen

    /// What to draw: the text rows and the cursor.
    func screen() -> TextScreen {
        TextScreen(index: index, top: top, height: height, width: width, selection: input.selectedTextRange, caret: input.selectionFocus)
    }

    /// The status line: the modified mark, line and column (1-based, column in clusters),
    /// encoding and line endings, then the find prompt, the message or the file name.
    func statusLine() -> String {
        let caret = input.selectionFocus ?? input.document.endOfDocument
        let line = input.document.lineAndColumn(of: caret) ?? (line: 0, column: 0)
        let endings = format.lineEndings.dominant.map { $0.rawValue.uppercased() } ?? "LF"
        // What must stay visible on a narrow window first; the message or the file name last.
        var status = "\(modified ? " [+]" : "") Ln \(line.line + 1), Col \(line.column + 1)  \(format.encoding) \(endings)  "
        if let findQuery {
            status += "Find: \(findQuery)"
        } else {
            status += message.isEmpty ? (path as NSString).lastPathComponent : message
        }
        return status
    }

    /// Resizes the viewport (a terminal resize): the text re-wraps at the new width.
    func resize(width: Int, height: Int) {
        let width = max(1, width)
        self.height = max(1, height)
        if width != self.width {
            self.width = width
            index = VisualLineIndex(document: input.document, options: Self.wrapOptions(width: width))
            top = 0
        }
        scrollToCaret()
    }

    // MARK: Keys

    /// Acts on one key.
    func handle(_ key: EditorKey) {
        if findQuery != nil {
            handleFind(key)
            return
        }
        if key != .control("q") { quitArmed = false }
        message = ""
        var keepsGoal = false
        switch key {
        case .text(let text): input.insertText(text)
        case .paste(let text):
            // Terminals send CR for a line break: pasted lines end as the file's lines do.
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            input.paste(newline == "\n" ? lines : lines.replacingOccurrences(of: "\n", with: newline))
        case .enter: input.insertText(newline)
        case .tab: input.insertText("\t")
        case .backspace: input.deleteBackward()
        case .delete: input.deleteForward()
        case .left(let shift): input.move(.left, extendingSelection: shift)
        case .right(let shift): input.move(.right, extendingSelection: shift)
        case .up(let shift): moveVertically(.up, by: 1, extending: shift); keepsGoal = true
        case .down(let shift): moveVertically(.down, by: 1, extending: shift); keepsGoal = true
        case .pageUp(let shift): moveVertically(.up, by: max(1, height - 1), extending: shift); keepsGoal = true
        case .pageDown(let shift): moveVertically(.down, by: max(1, height - 1), extending: shift); keepsGoal = true
        case .home(let shift): moveToVisualLineEdge(end: false, extending: shift)
        case .end(let shift): moveToVisualLineEdge(end: true, extending: shift)
        case .control("s"): save()
        case .control("q"): quit()
        case .control("z"): input.undo()
        case .control("y"): input.redo()
        case .control("c"): if let text = input.copy(), !text.isEmpty { clipboard = text }
        case .control("x"): if let text = input.cut(), !text.isEmpty { clipboard = text }
        case .control("v"): if !clipboard.isEmpty { input.paste(clipboard) }
        case .control("f"): findQuery = ""
        case .control("a"): input.selectAll()
        case .escape, .control, .unknown: break
        }
        if !keepsGoal { goalColumn = nil }
        scrollToCaret()
    }

    /// The line ending Enter inserts: the file's most common one (LF for a new file).
    private var newline: String { format.lineEndings.dominant.map { String(decoding: $0.utf8, as: UTF8.self) } ?? "\n" }

    /// Brings the viewport to the caret.
    private func scrollToCaret() {
        guard let focus = input.selectionFocus, let location = index.location(of: focus) else { return }
        if location.visualLine < top { top = location.visualLine }
        if location.visualLine >= top + height { top = location.visualLine - height + 1 }
    }

    private func moveVertically(_ direction: TextLayoutDirection, by count: Int, extending: Bool) {
        guard let focus = input.selectionFocus, let anchor = input.selectionAnchor else { return }
        var from = focus
        if !extending, let range = input.selectedTextRange, !range.isEmpty {
            from = direction == .up ? range.start : range.end
        }
        guard let caret = index.caret(from: VisualCaret(from, goalColumn: goalColumn), in: direction, offset: count) else { return }
        input.setSelection(anchor: extending ? anchor : caret.position, focus: caret.position)
        goalColumn = caret.goalColumn
        // Page moves scroll the view with the caret.
        if count > 1 {
            let delta = direction == .down ? count : -count
            top = max(0, top + delta)
            if let location = index.location(of: caret.position), location.visualLine < top { top = location.visualLine }
        }
    }

    private func moveToVisualLineEdge(end: Bool, extending: Bool) {
        guard let focus = input.selectionFocus, let anchor = input.selectionAnchor else { return }
        let target = end ? index.endOfVisualLine(containing: focus) : index.startOfVisualLine(containing: focus)
        guard let target else { return }
        input.setSelection(anchor: extending ? anchor : target, focus: target)
    }

    // MARK: Find

    private func handleFind(_ key: EditorKey) {
        switch key {
        case .text(let text), .paste(let text): findQuery! += text
        case .backspace: if !findQuery!.isEmpty { findQuery!.removeLast() }
        case .escape, .control("q"): findQuery = nil
        case .enter, .control("f"):
            let query = findQuery!.isEmpty ? lastQuery : findQuery!
            findQuery = nil
            find(query)
        default: break
        }
    }

    /// Selects the next occurrence of `query` (literal, case-sensitive) after the selection,
    /// wrapping around once: the search API's forward find from the selection's end.
    private func find(_ query: String) {
        guard !query.isEmpty else { return }
        lastQuery = query
        let from = input.selectedTextRange?.end ?? input.document.beginningOfDocument
        guard let found = try? input.document.firstMatch(of: TextSearchQuery(query), from: from, wrapping: true) else {
            message = "not found: \(query)"
            return
        }
        input.setSelection(anchor: found.range.start, focus: found.range.end)
        scrollToCaret()
    }

    // MARK: Save and quit

    /// Saves atomically in the loaded encoding with each line's own ending (`TextFile`).
    func save() {
        do {
            try TextFile(document: input.document, format: format).write(toFile: path)
            modified = false
            message = "saved"
        } catch {
            message = "not saved: \(error)"
        }
    }

    private func quit() {
        if !modified || quitArmed {
            finished = true
            return
        }
        quitArmed = true
        message = "unsaved changes: Ctrl-Q again discards them, Ctrl-S saves"
    }
}
