import Foundation

/// Standard output through one buffer, and messages on standard error.
///
/// Output is written as a command produces it, 64 KiB at a time, so a command that lists
/// millions of rows keeps one buffer in memory, never the whole listing in a String; and a
/// message on standard error first flushes what is pending, so the two streams stay in order
/// on a terminal. One console per run, passed to the command (no global state).
final class Console {
    /// Bytes written to standard output at once.
    private static let bufferSize = 1 << 16
    private var pending: [UInt8] = []
    /// The first error `write(2)` returned on standard output, if any.
    private(set) var outputError: Int32?

    /// A console with nothing pending.
    init() {
        pending.reserveCapacity(Self.bufferSize)
    }

    /// Appends `text` to standard output.
    func write(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.bufferSize { flush() }
    }

    /// Appends `text` and a line feed to standard output.
    func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    /// Writes what is pending.
    func flush() {
        if outputError == nil, let failure = Self.writeAll(pending, to: STDOUT_FILENO) { outputError = failure }
        pending.removeAll(keepingCapacity: true)
    }

    /// `caret COMMAND: message` on standard error, after flushing standard output.
    func error(_ message: String, command: String?) {
        flush()
        let prefix = command.map { "caret \($0): " } ?? "caret: "
        _ = Self.writeAll(Array((prefix + message + "\n").utf8), to: STDERR_FILENO)
    }

    /// `caret COMMAND: warning: message` on standard error.
    func warning(_ message: String, command: String?) {
        error("warning: " + message, command: command)
    }

    /// Raw text on standard error (a progress line), with nothing added.
    func status(_ text: String) {
        _ = Self.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Flushes and gives the exit status for `status`: a failed write to standard output
    /// turns success into failure, with the system's reason (a full disk must not look like a
    /// complete listing). A closed pipe (`caret lines big.txt | head`) is not worth a message.
    func finish(_ status: Int32) -> Int32 {
        flush()
        guard let failure = outputError else { return status }
        if failure != EPIPE {
            _ = Self.writeAll(Array("caret: cannot write to standard output: \(String(cString: strerror(failure)))\n".utf8),
                              to: STDERR_FILENO)
        }
        return status == ExitStatus.success ? ExitStatus.failure : status
    }

    /// Writes every byte, retrying short writes and interruptions; the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }
}
