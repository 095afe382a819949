import Foundation
import Glibc
import XCTest
@testable import Caret

/// A save removes the temporary files that killed saves of the same target left beside it —
/// only files of Caret's naming for that target, only unlocked ones (no live writer) last written
/// a minute ago or more — and nothing else.
final class FilesStaleTemporaryTests: XCTestCase {
    var directory = ""

    override func setUp() { directory = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(directory) }

    /// Sets the modification time of `path` (not following a link) `seconds` into the past.
    func age(_ path: String, by seconds: Int) {
        var times = [timespec(tv_sec: time(nil) - seconds, tv_nsec: 0), timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW), 0, path)
    }

    func testOnlyOldUnlockedTemporariesOfTheTargetGo() throws {
        let target = "\(directory)/notes.txt"
        FileTestSupport.write(Array("old\n".utf8), to: target)
        let old = AtomicFile.staleAge + 5
        // Stale: Caret's naming for this target, unlocked, old.
        for name in [".notes.txt.caret-1a2b3c", ".notes.txt.caret-z"] {
            FileTestSupport.write([1, 2, 3], to: "\(directory)/\(name)")
            age("\(directory)/\(name)", by: old)
        }
        // Kept: a live writer's (locked), a fresh one, another target's, names not Caret's, a
        // link and a directory of Caret's naming, the target of that link.
        let locked = "\(directory)/.notes.txt.caret-live"
        FileTestSupport.write([4], to: locked)
        age(locked, by: old)
        let writer = open(locked, O_RDONLY)
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        XCTAssertEqual(flock(writer, LOCK_EX | LOCK_NB), 0)
        let kept = [".notes.txt.caret-fresh", ".other.txt.caret-abc", ".notes.txt.caret-ABC", ".notes.txt.caret-",
                    ".notes.txt.caret-abc.bak", "notes.txt.caret-abc", ".notes.txt.caret-12345678901234", "elsewhere.txt"]
        for name in kept {
            FileTestSupport.write([5], to: "\(directory)/\(name)")
            if name != ".notes.txt.caret-fresh" { age("\(directory)/\(name)", by: old) }
        }
        XCTAssertEqual(symlink("\(directory)/elsewhere.txt", "\(directory)/.notes.txt.caret-link"), 0)
        age("\(directory)/.notes.txt.caret-link", by: old)
        XCTAssertEqual(mkdir("\(directory)/.notes.txt.caret-dir", 0o755), 0)
        age("\(directory)/.notes.txt.caret-dir", by: old)

        try TextFile(document: "new\n").write(toFile: target)
        XCTAssertEqual(FileTestSupport.read(target), Array("new\n".utf8))
        let expected = (kept + [".notes.txt.caret-live", ".notes.txt.caret-link", ".notes.txt.caret-dir", "notes.txt"]).sorted()
        XCTAssertEqual(FileTestSupport.listing(directory), expected)
        XCTAssertEqual(FileTestSupport.read("\(directory)/elsewhere.txt"), [5])
        // The writer gone (its lock dropped), the next save removes its file too.
        close(dup2(open("/dev/null", O_RDONLY), writer))
        try TextFile(document: "newer\n").write(toFile: target)
        XCTAssertFalse(FileTestSupport.listing(directory).contains(".notes.txt.caret-live"))
    }

    /// A real `caret convert` killed while it writes: its temporary file stays (a killed process
    /// cannot remove it); the next save leaves it while it is fresh, and removes it once old.
    func testTemporaryOfAKilledConvertIsRemovedByALaterSave() throws {
        let executable = try XCTUnwrap(CommandLineTests.executable, "caret not found next to the test bundle").path
        let input = "\(directory)/input.txt"
        FileTestSupport.write(Array(String(repeating: "Grüße, мир, 世界 — a line of text\n", count: 400_000).utf8), to: input)
        let target = "\(directory)/target.txt"
        var leftover: String?
        for attempt in 0..<8 where leftover == nil {
            FileTestSupport.write(Array("old\n".utf8), to: target)
            _ = ConvertKillTests.run(executable, input: input, target: target,
                                     killAfter: (seconds: 0.001 * Double(attempt), afterTemporary: true))
            leftover = FileTestSupport.listing(directory).first { AtomicFile.isTemporaryName($0, of: "target.txt") }
        }
        let name = try XCTUnwrap(leftover, "no kill hit the save")
        try TextFile(document: "saved\n").write(toFile: target)
        XCTAssertTrue(FileTestSupport.listing(directory).contains(name), "a fresh temporary file is left alone")
        age("\(directory)/\(name)", by: AtomicFile.staleAge + 1)
        try TextFile(document: "saved again\n").write(toFile: target)
        XCTAssertEqual(FileTestSupport.listing(directory), ["input.txt", "target.txt"])
    }
}
