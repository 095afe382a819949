import Foundation
import Glibc
@testable import Caret

/// Helpers for the file tests: a scratch directory, the shipped samples, and an encoder that
/// is not ICU (glibc's iconv), so that the files under test are not made by the code under test.
enum FileTestSupport {
    /// A fresh empty directory under the system's temporary directory, or with `inMemory` under
    /// /dev/shm where there is one (tmpfs: its `fsync` returns at once, which makes thousands of
    /// small saves take seconds instead of minutes on a loaded disk); removed by `cleanUp`.
    static func makeDirectory(inMemory: Bool = false) -> String {
        var isDirectory: ObjCBool = false
        let base = inMemory && FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory)
            && isDirectory.boolValue ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array((base + "/caret-files-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    /// Removes `directory` and everything in it.
    static func cleanUp(_ directory: String) { try? FileManager.default.removeItem(atPath: directory) }

    /// The names in `directory`, sorted.
    static func listing(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// Writes `bytes` to `path` (not atomically: test set-up).
    static func write(_ bytes: [UInt8], to path: String) {
        precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    /// The shipped samples (`Corpus/samples/*.txt`), by file stem, in name order; their line
    /// endings made LF (crlf.txt is CRLF) so that the tests choose them.
    static let samples: [(name: String, text: String)] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus/samples").path
        let names = listing(directory).filter { $0.hasSuffix(".txt") }
        return names.map { name in
            let text = try! String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            return (String(name.dropLast(4)), text.replacingOccurrences(of: "\r\n", with: "\n"))
        }
    }()

    /// The lines of `text` (LF endings) that `encoding` (iconv's name) can hold, joined by LF;
    /// nil when fewer than 3 lines are left.
    static func holdableLines(_ text: String, in encoding: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
            iconvEncode(String($0), to: encoding) != nil
        }
        return lines.count >= 3 ? lines.joined(separator: "\n") : nil
    }

    /// `text` (LF endings) with 4 lines of ASCII (source code) after each of its lines: a file
    /// that is mostly ASCII, the case where ICU's detector alone takes Cyrillic for Latin-1.
    static func mostlyASCII(_ text: String) -> String {
        let code = ["let total = items.reduce(0, +)  // sum", "if total > limit { return nil }",
                    "for (i, item) in items.enumerated() { print(i, item) }", "}"]
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { ([String($0)] + code).joined(separator: "\n") }
            .joined(separator: "\n")
    }

    /// `text` (LF endings) with its endings in `style`: "lf", "crlf", "cr", or "mixed" (LF,
    /// CRLF and CR in turn, line by line).
    static func withEndings(_ text: String, _ style: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var out = ""
        for (i, line) in lines.enumerated() {
            out += line
            guard i + 1 < lines.count else { break }
            switch style {
            case "lf": out += "\n"
            case "crlf": out += "\r\n"
            case "cr": out += "\r"
            default: out += ["\n", "\r\n", "\r"][i % 3]
            }
        }
        return out
    }

    /// `text` in `encoding` through glibc's iconv (its names: "SHIFT_JIS", "WINDOWS-1252"…), or
    /// nil when the encoding cannot hold every character.
    static func iconvEncode(_ text: String, to encoding: String) -> [UInt8]? {
        let cd = iconv_open(encoding, "UTF-8")
        guard cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var outLeft = outBuffer.count
                if iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) == -1 { return nil }
                if iconv(cd, nil, nil, &outPtr, &outLeft) == -1 { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let produced else { return nil }
        return Array(output[..<produced])
    }
}

extension FileTestSupport {
    /// The byte sequences of one or two bytes that ICU decodes in `encoding` to one character
    /// which encodes back to other bytes (ICU's one-way mappings: Shift_JIS's NEC and IBM
    /// duplicates, Big5's duplicated ideographs…), found by trying every sequence.
    static func oneWaySequences(in encoding: String) -> [[UInt8]] {
        guard var decoder = ICUConverter(encoding: encoding), var encoder = ICUConverter(encoding: encoding) else {
            return []
        }
        var candidates: [[UInt8]] = (0x80...0xFF).map { [UInt8($0)] }
        for lead in 0x81...0xFE { for trail in 0x30...0xFE { candidates.append([UInt8(lead), UInt8(trail)]) } }
        var found: [[UInt8]] = []
        var units = [UInt16](repeating: 0, count: 16)
        var back = [UInt8](repeating: 0, count: 64)
        for bytes in candidates {
            let decoded: [UInt16]? = bytes.withUnsafeBufferPointer { b in
                units.withUnsafeMutableBufferPointer { u in
                    var source = b.baseAddress!
                    var target = u.baseAddress!
                    guard decoder.decode(&source, source + b.count, into: &target, target + u.count, flush: true) == .done
                    else { return nil }
                    return Array(u[..<(target - u.baseAddress!)])
                }
            }
            guard let decoded else {
                decoder = ICUConverter(encoding: encoding)!  // a failure leaves state behind
                continue
            }
            guard !decoded.isEmpty, String(decoding: decoded, as: UTF16.self).unicodeScalars.count == 1
            else { continue }
            let encoded: [UInt8]? = decoded.withUnsafeBufferPointer { u in
                back.withUnsafeMutableBufferPointer { b in
                    var source = u.baseAddress!
                    var target = b.baseAddress!
                    guard encoder.encode(&source, source + u.count, into: &target, target + b.count, flush: true) == .done
                    else { return nil }
                    return Array(b[..<(target - b.baseAddress!)])
                }
            }
            if encoded == nil { encoder = ICUConverter(encoding: encoding)! }
            if encoded != bytes { found.append(bytes) }
        }
        return found
    }

    /// Lines of `sequences` (ASCII around them, 16 a line), as bytes separated by `\n`.
    static func oneWayLines(_ sequences: [[UInt8]]) -> [[UInt8]] {
        stride(from: 0, to: sequences.count, by: 16).map { start in
            var line = Array("one-way \(start):".utf8)
            for bytes in sequences[start..<min(start + 16, sequences.count)] { line += [0x20] + bytes }
            return line
        }
    }

    /// `lines` joined with endings in `style` ("lf", "crlf", "cr", "mixed": LF, CRLF and CR
    /// in turn), as bytes.
    static func joined(_ lines: [[UInt8]], _ style: String) -> [UInt8] {
        var out: [UInt8] = []
        for (i, line) in lines.enumerated() {
            out += line
            guard i + 1 < lines.count else { break }
            switch style {
            case "lf": out += [0x0A]
            case "crlf": out += [0x0D, 0x0A]
            case "cr": out += [0x0D]
            default: out += [[0x0A], [0x0D, 0x0A], [0x0D]][i % 3]
            }
        }
        return out
    }
}
