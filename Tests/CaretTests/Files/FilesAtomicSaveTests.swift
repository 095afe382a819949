import Foundation
import Glibc
import XCTest
@testable import Caret

/// Saving replaces the target atomically: permissions kept, links followed, no temporary file
/// left by a success or a failure, the old file intact after a failure.
final class FilesAtomicSaveTests: XCTestCase {
    var directory = ""

    override func setUp() { directory = FileTestSupport.makeDirectory() }
    override func tearDown() { FileTestSupport.cleanUp(directory) }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return info.st_mode & 0o7777
    }

    func testSaveKeepsPermissionsAndLeavesOnlyTheTarget() throws {
        let path = "\(directory)/notes.txt"
        FileTestSupport.write(Array("old\n".utf8), to: path)
        XCTAssertEqual(chmod(path, 0o640), 0)
        try TextFile(document: "new text\n").write(toFile: path)
        XCTAssertEqual(FileTestSupport.read(path), Array("new text\n".utf8))
        XCTAssertEqual(mode(path), 0o640)
        XCTAssertEqual(FileTestSupport.listing(directory), ["notes.txt"])
        // An executable script stays executable.
        XCTAssertEqual(chmod(path, 0o755), 0)
        try TextFile(document: "#!/bin/sh\n").write(toFile: path)
        XCTAssertEqual(mode(path), 0o755)
    }

    func testNewFileGetsTheUmasksMode() throws {
        let old = umask(0o027)
        defer { umask(old) }
        let path = "\(directory)/fresh.txt"
        try TextFile(document: "x").write(toFile: path)
        XCTAssertEqual(mode(path), 0o640)
    }

    func testSymbolicLinkStaysALink() throws {
        let real = "\(directory)/real.txt"
        let link = "\(directory)/link.txt"
        FileTestSupport.write(Array("old".utf8), to: real)
        XCTAssertEqual(symlink(real, link), 0)
        try TextFile(document: "new").write(toFile: link)
        XCTAssertEqual(FileTestSupport.read(real), Array("new".utf8))
        var info = stat()
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK)
    }

    func testFailuresLeaveTheOldFileAndNoTemporaryFile() throws {
        let path = "\(directory)/keep.txt"
        FileTestSupport.write(Array("precious".utf8), to: path)
        // A character the encoding cannot hold, found after more than one write buffer.
        let big = TextDocument(String(repeating: "abcdefgh\n", count: 300_000) + "Ω")
        XCTAssertThrowsError(try TextFile(document: big).write(toFile: path, options: .init(encoding: "ISO-8859-1")))
        XCTAssertEqual(FileTestSupport.read(path), Array("precious".utf8))
        XCTAssertEqual(FileTestSupport.listing(directory), ["keep.txt"])
        // A directory that cannot be written: the error names the step.
        let locked = "\(directory)/locked"
        XCTAssertEqual(mkdir(locked, 0o500), 0)
        defer { chmod(locked, 0o700) }
        if geteuid() != 0 {  // root writes anywhere
            XCTAssertThrowsError(try TextFile(document: "x").write(toFile: "\(locked)/a.txt")) { error in
                guard case .unwritableFile(let code, let step)? = (error as? TextError)?.kind else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(code, EACCES)
                XCTAssertEqual(step, "create")
            }
        }
        // The target is a directory: rename fails, the temporary file is removed.
        let dir = "\(directory)/adir"
        XCTAssertEqual(mkdir(dir, 0o700), 0)
        XCTAssertThrowsError(try TextFile(document: "x").write(toFile: dir))
        XCTAssertEqual(FileTestSupport.listing(directory), ["adir", "keep.txt", "locked"])
    }
}
