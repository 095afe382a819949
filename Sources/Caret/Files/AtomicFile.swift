// Replacing a file atomically: the new bytes go to a temporary file beside the target, which is
// flushed (`fsync`), renamed over the target (`rename(2)` is atomic within a file system), and
// the directory flushed so that the rename itself survives a crash. At every moment the target
// is the old file or the new one, never a mix; a failure removes the temporary file. A killed
// save cannot remove its own: the next save of the same target does (AtomicFile+StaleTemporaries).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file that replaces `target` on `commit()`; removed when dropped uncommitted.
final class AtomicFile {
    /// The file replaced: `path`, or what it links to when it is a symbolic link (so the link
    /// stays a link).
    private let target: String
    private let directory: String
    private let temporary: String
    private var fd: Int32
    /// The bytes written so far.
    private(set) var written = 0

    /// Creates the temporary file beside the target, with the target's permission bits (and
    /// owner and group where the process may set them) when the target exists; a new file gets
    /// 0666 less the umask, as `open(2)` gives. The file is locked (`flock`) until the rename;
    /// the stale temporary files of earlier saves of the same target (killed ones: unlocked,
    /// a minute old) are removed.
    /// - Throws: `.unwritableFile(errno:step:)`.
    init(replacing path: String) throws(TextError) {
        var target = path
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) {
            target = String(cString: real)
            free(real)
        }
        self.target = target
        let slash = target.lastIndex(of: "/")
        directory = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var fd: Int32 = -1
        var temporary = ""
        for _ in 0..<100 {
            let tag = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporary = (directory == "/" ? "" : directory) + "/." + name + ".caret-" + tag
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw TextError(.unwritableFile(errno: errno, step: "create"), byteOffset: 0) }
        self.fd = fd
        self.temporary = temporary
        // Held until the rename: a later save sees that this writer is alive (the kernel drops
        // the lock when the process dies, so a killed save's file is recognisably stale).
        _ = flock(fd, LOCK_EX | LOCK_NB)
        AtomicFile.removeStaleTemporaries(in: directory, of: name)
        if stat(target, &info) == 0 {
            if fchmod(fd, info.st_mode & 0o7777) != 0 {
                let code = errno
                abandon()
                throw TextError(.unwritableFile(errno: code, step: "fchmod"), byteOffset: 0)
            }
            if info.st_uid != geteuid() || info.st_gid != getegid() {
                // Only root (or the owner, for a group it belongs to) may: else the new file is
                // the writer's, as any editor's save by replacement makes it.
                _ = fchown(fd, info.st_uid, info.st_gid)
            }
        }
    }

    deinit { abandon() }

    /// Appends `bytes` to the temporary file.
    /// - Throws: `.unwritableFile(errno:step:)` ("write"), offset: bytes written before.
    func write(_ bytes: [UInt8]) throws(TextError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TextError(.unwritableFile(errno: errno, step: "write"), byteOffset: written)
            }
            done += n
            written += n
        }
    }

    /// Flushes the temporary file, renames it over the target and flushes the directory.
    /// - Throws: `.unwritableFile(errno:step:)` ("fsync" or "rename" — the target is then the old
    ///   file — or "close" or "fsync directory": the new file is in place, perhaps not yet
    ///   durable).
    func commit() throws(TextError) {
        if fsync(fd) != 0 { throw failure("fsync") }
        // Renamed while still open and locked, so that no cleaning of stale temporary files
        // takes it for a dead writer's between the close and the rename.
        if rename(temporary, target) != 0 { throw failure("rename") }
        temporaryExists = false
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw failure("close") }
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw failure("fsync directory") }
        defer { close(dir) }
        // Some file systems cannot flush a directory (EINVAL): the rename is as durable as
        // they make it.
        if fsync(dir) != 0 && errno != EINVAL { throw failure("fsync directory") }
    }

    private var temporaryExists = true

    /// The error for a failed `step`, with the current `errno`; removes the temporary file.
    private func failure(_ step: String) -> TextError {
        let code = errno
        abandon()
        return TextError(.unwritableFile(errno: code, step: step), byteOffset: written)
    }

    /// Closes and removes the temporary file (nothing once committed). O(1).
    func abandon() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        if temporaryExists {
            unlink(temporary)
            temporaryExists = false
        }
    }
}

/// `write(2)`, named apart from `AtomicFile.write`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
