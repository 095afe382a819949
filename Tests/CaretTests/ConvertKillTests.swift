import Foundation
import Glibc
import XCTest

@testable import CaretCorpus

/// Crash safety of the save (issue 25): `caret convert` killed with SIGKILL at random moments
/// while it replaces an existing target leaves the target byte-identical to the old file or to
/// the new one, never a mix, and nothing beside it but its own temporary file, recognisable by
/// name (`.NAME.caret-RANDOM`: a killed process cannot remove it).
///
/// Each kill spawns the built `caret` (`posix_spawn`, no Foundation `Process` in between, so the
/// timing is the test's) and kills it either at a random moment of its whole run or — three
/// kills in four — at a random moment after its temporary file appears, up to the end of the
/// save (write, `fsync`, `rename`, `fsync` of the directory), which is where a mix could come
/// from. Two workers run side by side, each on a target of its own.
///
/// The defaults keep `swift test` short (200 kills on files of 1–8 MB, mostly 1 MB: the debug
/// `caret` spends ~130 ms starting, building its grapheme tables, so 200 runs cannot take much
/// less than 30 s; 38 s measured at load average 7 on the 2-core machine). The 100 MB run is
/// `Tests/Scripts/convert-kill.sh` (a release `caret`), through the environment:
/// `CARET_KILLS` (number of kills), `CARET_KILL_SIZES_MB` (comma-separated sizes, used in turn),
/// `CARET_KILL_DIRECTORY` (where the files go; default the system's temporary directory, a disk,
/// so that `fsync` does real work) and `CARET_EXECUTABLE`.
final class ConvertKillTests: XCTestCase {
    /// What one kill found.
    enum Outcome: String, CaseIterable {
        /// Killed before the temporary file appeared (reading, decoding): the target is the old file.
        case beforeSave = "killed before the save began"
        /// Killed while the temporary file existed: the target must be the old or the new file.
        case duringSave = "killed during the save"
        /// The process ended before the kill: the target must be the new file.
        case finished = "finished before the kill"
    }

    /// The tallies of a run.
    struct Tally {
        var outcomes: [Outcome: Int] = [:]
        var targetOld = 0
        var targetNew = 0
        var leftovers: [String] = []
        var failures: [String] = []
        var kills = 0

        mutating func add(_ other: Tally) {
            outcomes.merge(other.outcomes, uniquingKeysWith: +)
            targetOld += other.targetOld
            targetNew += other.targetNew
            leftovers += other.leftovers
            failures += other.failures
            kills += other.kills
        }
    }

    func testKilledConvertLeavesTheOldOrTheNewFile() throws {
        let executable = try XCTUnwrap(CommandLineTests.executable, "caret not found next to the test bundle").path
        let environment = ProcessInfo.processInfo.environment
        let kills = environment["CARET_KILLS"].flatMap { Int($0) } ?? 200
        // Small files more often: the debug `caret` spends ~130 ms starting and ~80 ms a MB
        // loading before each save, and the test should stay within ~30 s.
        let sizes = (environment["CARET_KILL_SIZES_MB"] ?? "1,1,1,2,1,1,1,4,1,1,1,8").split(separator: ",").compactMap { Int($0) }
        XCTAssertFalse(sizes.isEmpty)
        let base = environment["CARET_KILL_DIRECTORY"] ?? NSTemporaryDirectory()
        var template = Array((base + "/caret-kill-XXXXXX").utf8CString)
        let root = try XCTUnwrap(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { FileTestSupport.cleanUp(root) }

        // The inputs, one a size, mostly ASCII with Latin, Cyrillic, CJK and Arabic lines, and
        // what a full run of convert makes of each (UTF-16LE with CRLF endings: a different
        // size and different bytes from the old target, UTF-8 with LF).
        let samples = Dictionary(uniqueKeysWithValues: FileTestSupport.samples.map { ($0.name, $0.text) })
        let block = Array(repeating: samples["en"]!, count: 8).joined() + ["fr", "ru", "ja", "ar"].map { samples[$0]! }.joined()
        var cases: [(size: Int, input: String, old: [UInt8], new: [UInt8], seconds: Double, saveSeconds: Double)] = []
        let start = KillTestClock.now()
        for size in Set(sizes).sorted() {
            var text = ""
            while text.utf8.count < size << 20 { text += block }
            let input = "\(root)/input-\(size)MB.txt"
            FileTestSupport.write(Array(text.utf8), to: input)
            let old = Array(("old version\n" + text.prefix(text.count / 2)).utf8)
            let probe = "\(root)/probe-\(size)MB.txt"
            FileTestSupport.write(old, to: probe)
            let timing = try XCTUnwrap(Self.run(executable, input: input, target: probe, killAfter: nil), "calibration run")
            XCTAssertEqual(timing.status, 0, "calibration run of \(size) MB")
            let new = FileTestSupport.read(probe)
            XCTAssertNotEqual(new, old)
            XCTAssertEqual(new.count, 2 * text.utf16.count + 2 * text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
            unlink(probe)
            cases.append((size, input, old, new, timing.seconds, timing.saveSeconds ?? timing.seconds))
        }
        let setUp = KillTestClock.now() - start

        // Two workers, each killing on a target of its own in turn through the sizes.
        let results = Results()
        let items = cases
        let sizeIndex = sizes.map { size in cases.firstIndex { $0.size == size }! }
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            var tally = Tally()
            var generator = SystemRandomNumberGenerator()
            let directory = "\(root)/worker\(worker)"
            mkdir(directory, 0o755)
            let target = "\(directory)/target.txt"
            for k in stride(from: worker, to: kills, by: 2) {
                let item = items[sizeIndex[(k / 2) % sizes.count]]
                if !Self.holds(target, item.old) { FileTestSupport.write(item.old, to: target) }
                // A kill in four anywhere in the run; three in four within the save, from the
                // moment its temporary file appears to 1.2× the save's calibrated length.
                let anywhere = Int.random(in: 0..<4, using: &generator) == 0
                let delay = Double.random(in: 0...(anywhere ? item.seconds : 1.2 * item.saveSeconds), using: &generator)
                guard let result = Self.run(executable, input: item.input, target: target,
                                       killAfter: (delay, afterTemporary: !anywhere)) else {
                    tally.failures.append("kill \(k): could not spawn caret")
                    continue
                }
                tally.kills += 1
                tally.outcomes[result.outcome, default: 0] += 1
                let isOld = Self.holds(target, item.old), isNew = !isOld && Self.holds(target, item.new)
                if isOld {
                    tally.targetOld += 1
                } else if isNew {
                    tally.targetNew += 1
                } else {
                    tally.failures.append("kill \(k) (\(item.size) MB, \(result.outcome.rawValue)): the target is neither "
                        + "the old file (\(item.old.count) bytes) nor the new one (\(item.new.count)): \(FileTestSupport.read(target).count) bytes")
                }
                if result.outcome == .finished && !isNew {
                    tally.failures.append("kill \(k): caret finished (status \(result.status)) but the target is not the new file")
                }
                for name in FileTestSupport.listing(directory) where name != "target.txt" {
                    if name.wholeMatch(of: /\.target\.txt\.caret-[0-9a-z]+/) != nil {
                        tally.leftovers.append(name)
                        unlink("\(directory)/\(name)")
                    } else {
                        tally.failures.append("kill \(k): unexpected file \(name) beside the target")
                    }
                }
            }
            results.add(tally)
        }
        let total = results.total
        let elapsed = KillTestClock.now() - start
        print("convert kill test: \(total.kills) kills on files of \(sizes.map { "\($0)" }.joined(separator: ", ")) MB in turn "
            + "(\(cases.map { String(format: "%d MB: run %.2f s, save %.3f s", $0.size, $0.seconds, $0.saveSeconds) }.joined(separator: "; ")))"
            + String(format: ", set-up %.1f s, total %.1f s", setUp, elapsed))
        print("  outcomes: " + Outcome.allCases.map { "\($0.rawValue) \(total.outcomes[$0, default: 0])" }.joined(separator: ", "))
        print("  target afterwards: old file \(total.targetOld), new file \(total.targetNew), neither \(total.kills - total.targetOld - total.targetNew)")
        print("  temporary files left by killed processes: \(total.leftovers.count), all named .target.txt.caret-RANDOM"
            + (total.leftovers.isEmpty ? "" : " (e.g. \(total.leftovers[0]))"))
        for failure in total.failures.prefix(20) { print("  FAILURE: \(failure)") }
        XCTAssertEqual(total.failures, [])
        XCTAssertEqual(total.kills, kills)
        XCTAssertEqual(total.targetOld + total.targetNew, total.kills)
        // The kills must have hit saves, or the test proves nothing.
        XCTAssertGreaterThanOrEqual(total.outcomes[.duringSave, default: 0], kills / 4)
        XCTAssertLessThanOrEqual(total.leftovers.count, total.kills - total.outcomes[.finished, default: 0])
    }

    /// The workers' tallies, summed under a lock.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var sum = Tally()

        func add(_ tally: Tally) {
            lock.lock()
            sum.add(tally)
            lock.unlock()
        }

        var total: Tally {
            lock.lock()
            defer { lock.unlock() }
            return sum
        }
    }

    /// The result of one run of convert.
    struct RunResult {
        var status: Int32
        var outcome: Outcome
        /// From spawn to exit, and from the temporary file's appearance to exit (nil when none
        /// was seen).
        var seconds: Double
        var saveSeconds: Double?
    }

    /// Runs `caret convert --encoding UTF-16LE --line-endings crlf input target`; with
    /// `killAfter`, sends SIGKILL that many seconds after the spawn, or after the temporary file
    /// appears beside the target (when it never does, the process runs to its end).
    static func run(_ executable: String, input: String, target: String,
             killAfter: (seconds: Double, afterTemporary: Bool)?) -> RunResult? {
        let arguments = [executable, "convert", "--encoding", "UTF-16LE", "--line-endings", "crlf", input, target]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = KillTestClock.now()
        guard posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0 else { return nil }
        let directory = (target as NSString).deletingLastPathComponent
        let prefix = "." + (target as NSString).lastPathComponent + ".caret-"
        var temporarySeen: Double?
        var status: Int32 = 0
        var killed = false
        var outcome = Outcome.finished
        while true {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            let now = KillTestClock.now()
            if temporarySeen == nil && hasEntry(directory, prefix: prefix) { temporarySeen = now }
            if let kill = killAfter, !killed {
                let from = kill.afterTemporary ? temporarySeen : start
                if let from, now - from >= kill.seconds {
                    // Whether the save had begun, decided before the kill (the temporary file may
                    // already be renamed, which still counts as during the save).
                    outcome = temporarySeen != nil || hasEntry(directory, prefix: prefix) ? .duringSave : .beforeSave
                    Glibc.kill(pid, SIGKILL)
                    killed = true
                }
            }
            // Finely near the kill, coarsely before (the polling must not take the cores
            // `caret` needs).
            usleep(killAfter != nil && !killed && (temporarySeen != nil || !(killAfter!.afterTemporary)) ? 200 : 1000)
        }
        let end = KillTestClock.now()
        if !killed { outcome = .finished }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return RunResult(status: exitStatus, outcome: outcome, seconds: end - start,
                         saveSeconds: temporarySeen.map { end - $0 })
    }

    /// Whether the file at `path` holds exactly `bytes` (sizes first, then `memcmp`: an
    /// element-wise `==` of 200 MB arrays takes seconds in a debug build).
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) == bytes.count else { return false }
        guard let data = FileManager.default.contents(atPath: path), data.count == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return data.withUnsafeBytes { file in bytes.withUnsafeBytes { memcmp(file.baseAddress!, $0.baseAddress!, bytes.count) == 0 } }
    }

    /// Whether `directory` has an entry whose name starts with `prefix`.
    static func hasEntry(_ directory: String, prefix: String) -> Bool {
        guard let dir = opendir(directory) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(prefix) { return true }
        }
        return false
    }
}

/// A monotonic clock in seconds.
enum KillTestClock {
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
