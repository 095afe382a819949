// Removing the temporary files that killed saves left beside a target. A save holds an
// exclusive `flock` on its temporary file from creation to rename, and the kernel drops the lock
// when the process dies: a temporary file of Caret's naming for the same target that can be
// locked, and was last written a while ago, belongs to a writer that is gone.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// How long ago (seconds) an unlocked temporary file must have been last written to count
    /// as stale: it covers the instant between a writer's `open` and its `flock`, and a writer
    /// that locks nothing (Caret 0.1.0).
    static let staleAge: Int = 60

    /// Whether `entry` is a temporary file name of Caret's for the target named `name`:
    /// `.NAME.caret-TAG`, TAG base-36 digits (0-9, a-z), at most 13 of them. O(length).
    static func isTemporaryName(_ entry: String, of name: String) -> Bool {
        let prefix = "." + name + ".caret-"
        guard entry.hasPrefix(prefix) else { return false }
        let tag = entry.utf8.dropFirst(prefix.utf8.count)
        return (1...13).contains(tag.count) && tag.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// Removes from `directory` the temporary files of Caret's naming for the target `name`
    /// whose writer is gone (they can be locked) and that were last written at least
    /// `staleAge` seconds ago; never follows a link, never touches anything else, and ignores
    /// every failure (a cleaning that cannot happen waits for the next save). Returns how many
    /// it removed. O(entries in the directory).
    @discardableResult
    static func removeStaleTemporaries(in directory: String, of name: String) -> Int {
        guard let dir = opendir(directory) else { return 0 }
        defer { closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if isTemporaryName(entryName, of: name) { stale.append(entryName) }
        }
        var removed = 0
        let now = time(nil)
        for entryName in stale {
            let path = (directory == "/" ? "" : directory) + "/" + entryName
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, now - info.st_mtim.tv_sec >= staleAge,
                  flock(fd, LOCK_EX | LOCK_NB) == 0
            else { continue }
            // Locked by us now: no live writer holds it, and none can rename it meanwhile
            // (a writer renames before it lets go of its lock).
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }
}
