import Caret
import Foundation

// Files as users have them (issue 25): saving the generated document through `TextFile` in
// UTF-8 and UTF-16, and loading it back from each, the UTF-16 load against the UTF-8 one.

extension Bench {
    /// Where the file workloads write: /dev/shm when there is one (tmpfs: the figures are the
    /// pipeline's — encoding, copying, system calls — and `fsync` costs nothing), else the
    /// temporary directory (then they include the disk). `CARET_BENCH_DIR` overrides both.
    static var fileDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["CARET_BENCH_DIR"] { return dir }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue {
            return "/dev/shm"
        }
        return NSTemporaryDirectory()
    }

    /// `file.save.utf8`, `file.save.utf16` (GB/s of the document's UTF-8, atomic save with
    /// `fsync`; baseline: `write(2)` of as many bytes in 1 MiB calls and `fsync`, the floor), `file.load.utf8` (ms; baseline `TextDocument(contentsOfFile:)` of the same
    /// file) and `file.load.utf16` (ms; baseline `file.load.utf8`: the ratio is the UTF-16 load
    /// against the UTF-8 one). Every save is checked by loading it back.
    mutating func fileWorkloads(_ doc: TextDocument) {
        let directory = Bench.fileDirectory + "/caret-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let utf8Path = directory + "/generated-utf8.txt"
        let utf16Path = directory + "/generated-utf16.txt"
        let file = TextFile(document: doc)
        let megabytes = Double(doc.count(in: .utf8)) / 1e6
        var failure: (any Error)?
        // The floor: the same number of bytes written by write(2) in 1 MiB calls, then fsync.
        let rawPath = directory + "/raw.bin"
        let raw = [UInt8](repeating: 0x61, count: doc.count(in: .utf8))
        let rawTimes = timed(anySelected(["file.save"]) ? reps : 0, measured: false) {
            let fd = open(rawPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            raw.withUnsafeBytes { bytes in
                for start in stride(from: 0, to: bytes.count, by: 1 << 20) {
                    _ = write(fd, bytes.baseAddress! + start, min(1 << 20, bytes.count - start))
                }
            }
            fsync(fd)
            close(fd)
            unlink(rawPath)
        }
        for (name, path, encoding) in [("file.save.utf8", utf8Path, "UTF-8"), ("file.save.utf16", utf16Path, "UTF-16LE")] {
            // Saved once at least when only the loads run: they read these files.
            let times = timed(selected(name) ? reps : (anySelected(["file.load"]) ? 1 : 0)) {
                do { try file.write(toFile: path, options: .init(encoding: encoding)) } catch { failure = error }
            }
            check(failure == nil, "\(name) threw \(String(describing: failure))")
            guard selected(name) else { continue }
            record(Workload(name: name, unit: "GB/s", samples: times.map { megabytes / 1e3 / $0 },
                            baseline: megabytes / 1e3 / median(rawTimes),
                            note: String(format: "%.0f MB of UTF-8 text to %@ in %@, atomic; baseline: write(2) + fsync "
                                             + "of as many bytes", megabytes, encoding, Bench.fileDirectory)))
        }
        guard anySelected(["file.load"]) else { return }
        var plain = TextDocument()
        let plainTimes = timed(reps, measured: false) {
            do { plain = try TextDocument(contentsOfFile: utf8Path) } catch { failure = error }
        }
        var loaded = TextFile(document: TextDocument())
        let utf8Times = timed(reps) {
            do { loaded = try TextFile(contentsOfFile: utf8Path) } catch { failure = error }
        }
        check(failure == nil && loaded.document == doc && plain == doc, "file.load.utf8: not the saved document")
        record(Workload(name: "file.load.utf8", unit: "ms", samples: utf8Times.map { $0 * 1e3 },
                        baseline: median(plainTimes) * 1e3,
                        note: "detected UTF-8, line endings counted; baseline: TextDocument(contentsOfFile:)"))
        let utf16Times = timed(reps) {
            do { loaded = try TextFile(contentsOfFile: utf16Path) } catch { failure = error }
        }
        check(failure == nil && loaded.format.encoding == "UTF-16LE" && loaded.document == doc,
              "file.load.utf16: not the saved document (\(loaded.format.encoding))")
        record(Workload(name: "file.load.utf16", unit: "ms", samples: utf16Times.map { $0 * 1e3 },
                        baseline: median(utf8Times) * 1e3,
                        note: "UTF-16LE without a mark (NUL pattern), CaretSIMD to UTF-8; baseline: file.load.utf8"))
    }
}
