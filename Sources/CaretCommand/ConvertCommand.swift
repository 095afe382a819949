import Caret
import Foundation

/// `caret convert [--encoding E] [--line-endings lf|crlf|cr|keep] [--bom yes|no] IN OUT`: loads
/// IN as `TextFile` does (encoding detected, every line's ending kept), edits nothing, and saves
/// OUT atomically in the form asked — by default IN's own, so that OUT gets IN's exact bytes.
enum ConvertCommand: Subcommand {
    static let spec = CommandSpec(
        name: "convert",
        brief: "rewrite a text file in another encoding, line-ending style or BOM (atomic save)",
        summary: "Loads a text file (encoding detected, every line's ending kept) and saves it atomically in\n"
            + "the encoding, line endings and byte-order mark asked; by default exactly as it was.",
        usage: ["[--encoding E] [--line-endings lf|crlf|cr|keep] [--bom yes|no] [--from E] [--keep-undecodable]\n"
            + "                     [--substitute] IN OUT"],
        options: [
            .value("--encoding", placeholder: "E", help: "the encoding to write (any ICU name or alias: UTF-8,\n"
                + "UTF-16LE, windows-1252, sjis…); default: IN's"),
            .value("--line-endings", placeholder: "STYLE", help: "lf, crlf or cr: every LF, CRLF and CR becomes\n"
                + "that; keep (the default): each line's own"),
            .value("--bom", placeholder: "yes|no", help: "start with a byte-order mark or not; default: as IN\n"
                + "when the encoding is IN's or a UTF"),
            .value("--from", placeholder: "E", help: "decode IN with this encoding instead of detecting it"),
            .flag("--keep-undecodable", help: "load bytes that do not decode as U+FFFD and write\n"
                + "them back unchanged (same encoding) instead of failing"),
            .flag("--substitute", help: "write the encoding's substitute for characters it\n"
                + "cannot hold, instead of failing (lossy)"),
        ],
        positionalCount: 2...2,
        positionalHelp: [
            ("IN", "the text file to read (not standard input: detection may read it\nmore than once)"),
            ("OUT", "the file to write (replaced atomically; may be IN)"),
        ],
        details: """
            With no options OUT gets exactly IN's bytes: same encoding, byte-order mark and line
            endings. The save writes a temporary file .OUT.caret-RANDOM beside OUT, flushes it,
            renames it over OUT and flushes the directory: OUT is at every moment the old file or
            the new one, never a mix, and keeps its permissions. A process killed during the save
            (kill -9) can leave its temporary file behind, named so.

            output: one line, `IN (FORMAT) -> OUT (FORMAT): N bytes`.

            IN that cannot be read or decoded (invalid bytes, a binary file), and text that the
            encoding cannot hold (the message names the first such character, its line and
            column), stop with the library's reason and exit status 1; OUT is then untouched.
            An encoding ICU does not know is a usage error (exit status 2).

            example:
              caret convert --encoding UTF-16LE --bom yes --line-endings lf Corpus/samples/crlf.txt /tmp/crlf16.txt
              caret convert /tmp/crlf16.txt /tmp/copy.txt      # the same bytes again
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let (input, output) = (arguments.positionals[0], arguments.positionals[1])
        if input == "-" || output == "-" {
            throw UsageError(command: spec.name, message: "IN and OUT must be files, not - (standard input or output)")
        }
        var lineEndings: LineEnding?
        if let style = arguments.value("--line-endings"), style != "keep" {
            guard let chosen = LineEnding(rawValue: style) else {
                throw UsageError(command: spec.name, message: "option '--line-endings' takes lf, crlf, cr or keep, not '\(style)'")
            }
            lineEndings = chosen
        }
        var byteOrderMark: Bool?
        if let mark = arguments.value("--bom") {
            guard mark == "yes" || mark == "no" else {
                throw UsageError(command: spec.name, message: "option '--bom' takes yes or no, not '\(mark)'")
            }
            byteOrderMark = mark == "yes"
        }
        let readOptions = TextFile.ReadOptions(encoding: arguments.value("--from"),
                                               keepsUndecodableBytes: arguments.flag("--keep-undecodable"))
        let writeOptions = TextFile.WriteOptions(encoding: arguments.value("--encoding"), byteOrderMark: byteOrderMark,
                                                 lineEndings: lineEndings,
                                                 substitutesUnrepresentable: arguments.flag("--substitute"))
        let file: TextFile
        do { file = try TextFile(contentsOfFile: input, options: readOptions) } catch {
            if case .unknownEncoding = error.kind { throw UsageError(command: spec.name, message: "\(error)") }
            console.error("\(input): \(error)", command: spec.name)
            return ExitStatus.failure
        }
        do { try file.write(toFile: output, options: writeOptions) } catch {
            if case .unknownEncoding = error.kind { throw UsageError(command: spec.name, message: "\(error)") }
            console.error("\(output): \(error)", command: spec.name)
            return ExitStatus.failure
        }
        // OUT's form as the save resolves it (the library's rule: a mark when asked, else when IN
        // had one and the encoding is IN's or a UTF); the encoding named as it was given.
        var size = stat()
        let bytes = stat(output, &size) == 0 ? Int(size.st_size) : 0
        let encoding = writeOptions.encoding ?? file.format.encoding
        let sameEncoding = encoding.caseInsensitiveCompare(file.format.encoding) == .orderedSame
        let written = TextFileFormat(
            encoding: encoding,
            hasByteOrderMark: byteOrderMark ?? (file.format.hasByteOrderMark && (sameEncoding || encoding.uppercased().hasPrefix("UTF"))),
            lineEndings: lineEndings.map { file.format.lineEndings.normalised(to: $0) } ?? file.format.lineEndings)
        console.line("\(input) (\(describe(file.format))) -> \(output) (\(describe(written))): \(CommandSupport.grouped(bytes)) bytes")
        if file.undecodableSequenceCount > 0 {
            console.warning("\(input): \(file.undecodableSequenceCount) undecodable byte sequences kept as U+FFFD",
                            command: spec.name)
        }
        return ExitStatus.success
    }

    /// `UTF-16LE, BOM, CRLF 12 LF 1`: the encoding, the mark, and the line endings present.
    static func describe(_ format: TextFileFormat) -> String {
        let endings = format.lineEndings
        let counts = [("LF", endings.lf), ("CRLF", endings.crlf), ("CR", endings.cr), ("other", endings.other)]
            .filter { $0.1 > 0 }.map { "\($0.0) \(CommandSupport.grouped($0.1))" }
        return ([format.encoding, format.hasByteOrderMark ? "BOM" : "no BOM"] + (counts.isEmpty ? ["one line"] : counts))
            .joined(separator: ", ")
    }
}

extension LineEndingCounts {
    /// The counts once every LF, CRLF and CR is `style` (the other endings stay).
    fileprivate func normalised(to style: LineEnding) -> LineEndingCounts {
        let total = lf + crlf + cr
        return LineEndingCounts(lf: style == .lf ? total : 0, crlf: style == .crlf ? total : 0,
                                cr: style == .cr ? total : 0, other: other)
    }
}
