import Caret
import Foundation

/// `caret edit FILE`: a terminal editor on `TextInput` — soft wrap at the window's width,
/// movement by visual line, bidi lines in visual order, wide characters, emoji, combining
/// marks and tabs on the cells the terminal gives them.
enum EditCommand: Subcommand {
    static let spec = CommandSpec(
        name: "edit",
        brief: "edit a text file in the terminal",
        summary: "Edits a text file in the terminal: soft-wrapped at the window's width, up/down by visual line,\n"
            + "right-to-left text in visual order, saved atomically in its own encoding and line endings.",
        usage: ["FILE"],
        options: [],
        positionalCount: 1...1,
        positionalHelp: [("FILE", "the file to edit (created on the first save when missing)")],
        details: """
            keys: type to insert; Backspace/Delete; arrows (Shift selects), Home/End of the visual line,
            PageUp/PageDown; Ctrl-S save, Ctrl-Q quit (twice to discard changes), Ctrl-Z undo, Ctrl-Y redo,
            Ctrl-C/Ctrl-X/Ctrl-V copy/cut/paste, Ctrl-F find (Enter finds the next), Ctrl-A select all.
            Widths are counted as wcwidth does (xterm, tmux); tabs every 8 columns.

            A file over 4 MiB shows its first screen from its first mebibyte while the rest loads.

            environment: CARET_EDIT_TIMINGS=PATH appends the first screen's time, the time until keys are
            taken (the whole file loaded) and each key's screen update time (milliseconds) to PATH.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let started = ContinuousClock.now
        let path = arguments.positionals[0]
        let exists = FileManager.default.fileExists(atPath: path)
        let terminal: Terminal
        do { terminal = try Terminal() } catch {
            console.error(error.message, command: spec.name)
            return ExitStatus.failure
        }
        defer { terminal.close() }
        let timings = ProcessInfo.processInfo.environment["CARET_EDIT_TIMINGS"].flatMap { FileHandle(forUpdatingAtPath: $0) ?? create($0) }
        timings?.seekToEndOfFile()
        let size = terminal.size
        // A big file's first screen comes from its first megabyte while the whole loads.
        if exists, let preview = preview(path) {
            let session = EditorSession(path: path, file: TextFile(document: preview), width: size.columns, height: size.rows - 1)
            session.note("loading…")
            terminal.write(ScreenWriter.frame(session.screen(), status: session.statusLine(), width: session.width))
            log(timings, "first-screen-ms", started)
        }
        let file: TextFile
        if exists {
            do { file = try TextFile(contentsOfFile: path) } catch {
                terminal.close()
                console.error("\(path): \(error)", command: spec.name)
                return ExitStatus.failure
            }
        } else {
            file = TextFile(document: TextDocument(""))
        }
        let session = EditorSession(path: path, file: file, width: size.columns, height: size.rows - 1)
        func draw() {
            terminal.write(ScreenWriter.frame(session.screen(), status: session.statusLine(), width: session.width))
        }
        draw()
        log(timings, "ready-ms", started)
        var decoder = EditorKeyDecoder()
        while !session.finished {
            if terminal.takeResize() {
                let size = terminal.size
                session.resize(width: size.columns, height: size.rows - 1)
                terminal.write("\u{1B}[2J")
                draw()
            }
            guard let bytes = terminal.read() else {
                // The terminal went away: nothing more can be typed, nor saved on purpose.
                terminal.close()
                let lost = session.modified ? "; unsaved changes are lost" : ""
                console.error("\(path): the terminal's input ended\(lost)", command: spec.name)
                return ExitStatus.failure
            }
            if bytes.isEmpty { continue }
            let start = ContinuousClock.now
            for key in decoder.feed(bytes) where !session.finished { session.handle(key) }
            if session.finished { break }
            draw()
            log(timings, "key-ms", start)
        }
        return ExitStatus.success
    }

    /// The text of the first mebibyte of a file over 4 MiB, up to its last line feed, when
    /// it is plain UTF-8 (no byte-order mark, no NUL): what the first screen shows while the
    /// file loads. Nil for smaller files and other encodings.
    private static func preview(_ path: String) -> TextDocument? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 4 << 20 else { return nil }
        try? handle.seek(toOffset: 0)
        guard let data = try? handle.read(upToCount: 1 << 20), let first = data.first, first < 0xEF,
              !data.contains(0), let cut = data.lastIndex(of: 0x0A)
        else { return nil }
        return try? TextDocument(validatingUTF8: Array(data[..<cut]))
    }

    private static func create(_ path: String) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forUpdatingAtPath: path)
    }

    private static func log(_ handle: FileHandle?, _ name: String, _ since: ContinuousClock.Instant) {
        guard let handle else { return }
        let elapsed = ContinuousClock.now - since
        let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        handle.write(Data("\(name) \(String(format: "%.3f", ms))\n".utf8))
    }
}
