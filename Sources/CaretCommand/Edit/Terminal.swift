import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the SIGWINCH handler; read and cleared by the editor's loop.
nonisolated(unsafe) private var windowChanged: sig_atomic_t = 0

/// The controlling terminal of `caret edit`: raw mode (termios: no echo, no line editing, no
/// signals or flow control from keys), the alternate screen, bracketed paste, the window
/// size and its changes (SIGWINCH). Restores everything on `close()`.
final class Terminal {
    private var saved = termios()
    private var isRaw = false

    /// Puts the terminal in raw mode on the alternate screen, or throws when standard input
    /// or output is not a terminal.
    init() throws(EditorError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw EditorError("standard input and output must be a terminal") }
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw EditorError("cannot read the terminal's settings") }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 1
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw EditorError("cannot set raw mode") }
        isRaw = true
        signal(SIGWINCH) { _ in windowChanged = 1 }
        // Alternate screen, bracketed paste on.
        write("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
    }

    /// Leaves the alternate screen and restores the terminal's settings.
    func close() {
        guard isRaw else { return }
        write("\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        isRaw = false
    }

    deinit { close() }

    /// Columns and rows of the window.
    var size: (columns: Int, rows: Int) {
        var w = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 { return (Int(w.ws_col), Int(w.ws_row)) }
        return (80, 24)
    }

    /// True once after each window size change.
    func takeResize() -> Bool {
        guard windowChanged != 0 else { return false }
        windowChanged = 0
        return true
    }

    /// Waits up to a tenth of a second for input and returns what arrived (empty on timeout),
    /// or nil once the input has ended (the terminal hung up or closed).
    func read() -> [UInt8]? {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let polled = poll(&ready, 1, 100)
        if polled < 0 { return errno == EINTR ? [] : nil }
        if polled == 0 { return [] }
        guard ready.revents & Int16(POLLIN) != 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        // Readable yet nothing read: the end of the input.
        return count > 0 ? Array(buffer[..<count]) : nil
    }

    /// Writes `text` whole.
    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
        bytes.removeAll()
    }
}

/// A reason `caret edit` cannot run.
struct EditorError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
