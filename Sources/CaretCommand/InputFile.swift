import Caret
import Foundation

/// A FILE argument: a path, or `-` for standard input, read 1 MiB at a time.
///
/// Regular files are read to their end, whatever their size (the size is known, and the
/// document needs about that much memory). Input of unknown size — standard input, a pipe, a
/// device such as `/dev/zero` — is read up to `unknownSizeLimit` bytes and refused beyond, so
/// an endless stream ends with a message instead of taking all memory. A regular file may
/// still grow while it is read, or report size 0 (`/proc`): it gets the same allowance beyond
/// its size.
struct InputFile {
    /// The bytes read from input of unknown size before it is refused: 64 MiB, or
    /// `CARET_INPUT_LIMIT` (bytes) from the environment.
    static var unknownSizeLimit: Int {
        ProcessInfo.processInfo.environment["CARET_INPUT_LIMIT"].flatMap { Int($0) }.map { max($0, 0) } ?? 64 << 20
    }

    /// The size of one `read(2)`.
    private static let readSize = 1 << 20

    /// The argument as given (`-` for standard input).
    let path: String

    /// How messages name the input.
    var name: String { path == "-" ? "standard input" : path }

    /// The text of the input as a document, segmented as it is read (progress on standard
    /// error when that takes over a second).
    /// - Throws: `InputError` with the system's reason for a file that cannot be opened or
    ///   read, the library's `TextError` description for ill-formed UTF-8, or the limit for
    ///   input of unknown size.
    func document(console: Console) throws(InputError) -> TextDocument {
        var loader = TextDocument.Loader()
        try read(console: console) { piece throws(InputError) in
            do { try loader.append(piece) } catch { throw InputError("\(name): \(error)") }
        }
        do { return try loader.finish() } catch { throw InputError("\(name): \(error)") }
    }

    /// Every byte of the input, for formats read whole (traces, scripts).
    /// - Throws: `InputError` as `document(console:)` does, less the UTF-8 check.
    func bytes(console: Console) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        try read(console: console) { piece throws(InputError) in bytes.append(contentsOf: piece) }
        return bytes
    }

    /// Calls `body` with each piece read, in order.
    private func read(console: Console,
                      _ body: (UnsafeBufferPointer<UInt8>) throws(InputError) -> Void) throws(InputError) {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError(path: name, errno: errno) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InputError(path: name, errno: errno) }
        // A directory opens fine and fails at the first read; say so before reading.
        if info.st_mode & S_IFMT == S_IFDIR { throw InputError(path: name, errno: EISDIR) }
        let isRegular = info.st_mode & S_IFMT == S_IFREG
        let size = isRegular ? Int(info.st_size) : nil
        let limit = (size ?? 0) + Self.unknownSizeLimit
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.readSize)
        defer { buffer.deallocate() }
        var progress = Progress("reading \(name)", console: console)
        defer { progress.finish() }
        var total = 0
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(path: name, errno: errno)
            }
            if n == 0 { return }
            total += n
            guard total <= limit else {
                throw InputError(
                    "\(name): more than \(Self.limitText) of input of unknown size (a pipe, a device or standard input"
                        + (isRegular ? ", or a file that keeps growing" : "")
                        + "); save it to a file, or raise the limit with CARET_INPUT_LIMIT=BYTES")
            }
            try body(UnsafeBufferPointer(rebasing: buffer[..<n]))
            progress.update(total >> 20, of: size.map { $0 >> 20 }, unit: " MiB")
        }
    }

    /// The limit in words ("64 MiB", or bytes when it is not a whole number of MiB).
    static var limitText: String {
        let limit = unknownSizeLimit
        return limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(CommandSupport.grouped(limit)) bytes"
    }
}

/// Input that could not be read or decoded, with the reason in words.
struct InputError: Error {
    /// The whole message, naming the input (`missing.txt: No such file or directory`).
    let message: String

    /// `message` as it is.
    init(_ message: String) { self.message = message }

    /// `path: ` and the system's reason for `errno` (`Is a directory`).
    init(path: String, errno code: Int32) {
        message = "\(path): \(String(cString: strerror(code)))"
    }
}
