import Foundation

@_spi(Testing) import Caret

/// The FuzzFiles harness (issue 25): any bytes, in any of 15 encodings or detected, through
/// `TextFile`'s load, an edit, a save and a second load, checked against what the library
/// documents (docs/API.md, "Files as users have them"):
///
/// - a lossless load (`keepsUndecodableBytes`) never fails, and a strict load fails exactly when
///   it found undecodable sequences (given an encoding), else gives the same document;
/// - saved unedited in its own format, the file is byte-identical — or, only in a legacy
///   encoding, decodes to the same text (the one-way mappings docs/API.md lists);
/// - after an edit, a save either refuses a character the encoding cannot hold (naming a line
///   and column inside the text) or writes a file that, loaded again in the same encoding, is
///   the edited text (its line endings rewritten when the save asked; a U+FEFF at the start is a
///   byte-order mark to the load when the file has none);
/// - a failed save leaves no temporary file.
///
/// Input: byte 0 picks the encoding (or detection), byte 1 the line-ending options of the load
/// and of the save and whether to ask for a byte-order mark, bytes 2–4 the edit (a grapheme
/// range and a piece of `troubleAlphabet` or plain text, repeated); the rest is the file.
public enum FilesFuzz {
    static let encodings: [String?] = [
        "UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE", "windows-1252", "ISO-8859-1", "Shift_JIS", "EUC-JP",
        "GB18030", "Big5", "EUC-KR", "KOI8-R", "ISO-8859-5", "windows-1251", nil,
    ]
    static let insertions = ["", "a", "\n", "\r\n", "\r", "é", "日本", "Я", "😀", "\u{FEFF}", "\u{2028}", "\u{FFFD}"]
        + troubleAlphabet

    /// A directory of this process for the files (in memory where /dev/shm exists).
    static let directory: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = "\(base)/caret-fuzzfiles-\(getpid())"
        mkdir(path, 0o755)
        return path
    }()

    public static func run(_ data: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(Array(data.prefix(5)))
        let encoding = encodings[input.int(in: 0...encodings.count - 1)]
        let flags = input.byte()
        let styles: [LineEnding?] = [nil, .lf, .crlf, .cr]
        let loadStyle = Int(flags & 0x07)  // 1–3 normalise on load (3 in 8), else keep
        let loadEndings = (1...3).contains(loadStyle) ? styles[loadStyle] : nil
        let saveEndings = styles[Int(flags >> 5) & 3]
        let askMark = flags & 0x80 != 0
        let editStart = Int(input.byte()), editLength = Int(input.byte()) % 4, editPiece = Int(input.byte())
        let bytes = Array(data.dropFirst(5))
        let label = "FuzzFiles (\(encoding ?? "detected"), load \(loadEndings.map(\.rawValue) ?? "keep"), "
            + "save \(saveEndings.map(\.rawValue) ?? "keep")\(askMark ? ", mark" : ""), \(bytes.count) bytes)"

        let path = "\(directory)/in.bin", out = "\(directory)/out.bin"
        try expect(writeFile(path, bytes), "\(label): cannot write \(path)")
        defer {
            unlink(path)
            unlink(out)
        }
        // 1. The lossless load never fails; the strict one fails exactly on undecodable bytes.
        let file: TextFile
        do {
            file = try TextFile(contentsOfFile: path, options: .init(encoding: encoding, lineEndings: loadEndings,
                                                                     keepsUndecodableBytes: true))
        } catch {
            throw FuzzFailure(message: "\(label): the lossless load threw \(error)")
        }
        file.document._checkInvariants()
        if let encoding {
            let strict: Result<TextFile, TextError>
            do {
                strict = .success(try TextFile(contentsOfFile: path, options: .init(encoding: encoding, lineEndings: loadEndings)))
            } catch {
                strict = .failure(error)
            }
            switch strict {
            case .success(let strict):
                try expect(file.undecodableSequenceCount == 0,
                           "\(label): strict load succeeded where the lossless one found \(file.undecodableSequenceCount) undecodable sequences")
                try expect(strict.document == file.document, "\(label): strict and lossless loads differ")
                try expect(strict.format == file.format, "\(label): \(strict.format) against \(file.format)")
            case .failure(let error):
                guard case .undecodable = error.kind else { throw FuzzFailure(message: "\(label): strict load threw \(error)") }
                try expect(file.undecodableSequenceCount > 0, "\(label): strict load threw \(error), lossless found nothing")
                try expect((0..<max(bytes.count, 1)).contains(error.offset), "\(label): \(error) outside the file")
            }
        }

        // 2. Unedited, in its own format: the same bytes (or, in a legacy encoding, the same text).
        if loadEndings == nil {
            do { try file.write(toFile: out) } catch {
                throw FuzzFailure(message: "\(label): the unedited save in \(file.format.encoding) threw \(error)")
            }
            let saved = readFile(out)
            if saved != bytes {
                try expect(!file.format.encoding.hasPrefix("UTF"),
                           "\(label): the unedited save as \(file.format) changed the bytes \(bytes) to \(saved)")
                let again = try load(out, file.format.encoding, lossless: true, label: label)
                try expect(again.document.string == file.document.string,
                           "\(label): the unedited save as \(file.format) is not the same text")
            }
        }

        // 3. An edit, then a save in the file's encoding and a second load.
        var edited = file
        let count = edited.document.count
        let start = count == 0 ? 0 : editStart % (count + 1)
        let end = min(count, start + editLength)
        let piece = String(repeating: insertions[editPiece % insertions.count], count: 1 + editPiece / 128)
        do { _ = try edited.document.replace(start..<end, in: .grapheme, withText: piece) } catch {
            throw FuzzFailure(message: "\(label): replace(\(start)..<\(end)) threw \(error)")
        }
        edited.document._checkInvariants()
        let options = TextFile.WriteOptions(byteOrderMark: askMark ? true : nil, lineEndings: saveEndings)
        unlink(out)
        do {
            try edited.write(toFile: out, options: options)
        } catch {
            try expect(access(out, F_OK) != 0, "\(label): a failed save (\(error)) wrote the target")
            let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".caret-") }
            try expect(leftovers.isEmpty, "\(label): a failed save (\(error)) left \(leftovers)")
            switch error.kind {
            case .unrepresentable(_, let scalar, let line, let column):
                try expect(!file.format.encoding.hasPrefix("UTF"), "\(label): \(error) in a UTF")
                try expect(line >= 1 && line <= edited.document.lineCount && column >= 1, "\(label): \(error) is outside the text")
                try expect(edited.document.string.unicodeScalars.contains(scalar), "\(label): \(error): no such character")
            case .noByteOrderMark:
                try expect(askMark, "\(label): \(error) without a mark asked")
            default:
                throw FuzzFailure(message: "\(label): the save threw \(error)")
            }
            return
        }
        // Raw bytes written back beside an edit may join it (a lone lead byte and a new trail):
        // the text is only predictable when the load found nothing undecodable.
        guard file.undecodableSequenceCount == 0 else { return }
        let mark = askMark || (file.format.hasByteOrderMark)
        var expected = edited.document.string
        if let style = saveEndings { expected = normalised(expected, to: style) }
        if !mark && expected.unicodeScalars.first == "\u{FEFF}" && hasMark(file.format.encoding) {
            expected.unicodeScalars.removeFirst()
        }
        let again = try load(out, file.format.encoding, label: label)
        try expect(again.document.string == expected, "\(label): after replace(\(start)..<\(end), \(piece.debugDescription)) "
            + "the saved file loads as \(again.document.string.debugDescription), not \(expected.debugDescription)")
        again.document._checkInvariants()
    }

    /// A load of `path` in `encoding` (strict unless `lossless`).
    static func load(_ path: String, _ encoding: String, lossless: Bool = false, label: String) throws(FuzzFailure)
        -> TextFile
    {
        do { return try TextFile(contentsOfFile: path, options: .init(encoding: encoding, keepsUndecodableBytes: lossless)) } catch {
            throw FuzzFailure(message: "\(label): the saved file does not load in \(encoding): \(error)")
        }
    }

    // Files through the system calls, not Foundation: `FileManager.contents(atPath:)` leaks a
    // 4 KiB buffer reading an empty file (LeakSanitizer stopped the fuzzer on it).

    /// Writes `bytes` to a new `path`; false on failure.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    }

    /// The bytes of the file at `path` (none when it cannot be read).
    static func readFile(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return result }
            result += buffer[..<n]
        }
    }

    /// Whether a load in `encoding` takes U+FEFF at the start for a byte-order mark.
    static func hasMark(_ encoding: String) -> Bool { encoding.hasPrefix("UTF") || encoding == "GB18030" }

    /// `text` with every LF, CR LF and CR made `style`, left to right.
    static func normalised(_ text: String, to style: LineEnding) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        let ending = String(decoding: style.utf8, as: UTF8.self).unicodeScalars
        var k = 0
        while k < scalars.count {
            let s = scalars[k]
            if s == "\r" {
                out.append(contentsOf: ending)
                if k + 1 < scalars.count && scalars[k + 1] == "\n" { k += 1 }
            } else if s == "\n" {
                out.append(contentsOf: ending)
            } else {
                out.append(s)
            }
            k += 1
        }
        return String(out)
    }
}
