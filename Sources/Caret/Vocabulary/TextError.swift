#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong, and where. Every error Caret throws is one of these.
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why UTF-8 input was rejected.
    public enum UTF8Problem: Sendable, Hashable {
        /// A continuation byte (0x80–0xBF) where a sequence should start.
        case unexpectedContinuationByte
        /// A longer encoding than needed (0xC0, 0xC1, 0xE0 0x80–0x9F, 0xF0 0x80–0x8F).
        case overlongEncoding
        /// An encoded UTF-16 surrogate, U+D800–U+DFFF (0xED 0xA0–0xBF).
        case surrogate
        /// A code point above U+10FFFF (0xF4 followed by 0x90–0xBF).
        case beyondUnicode
        /// A byte that never occurs in UTF-8 (0xF5–0xFF; 0xC0 and 0xC1 are `overlongEncoding`).
        case invalidByte
        /// A sequence cut short by the end of input or by a byte that is not a continuation.
        case truncatedSequence
    }

    /// The kind of error.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not well-formed UTF-8; `offset` is the byte offset where the bad
        /// sequence starts.
        case invalidUTF8(reason: UTF8Problem)
        /// A position, range or offset outside the document; `offset` is the offending value in
        /// `unit`, `bound` the largest allowed (the document's length in `unit`).
        case outOfBounds(unit: TextUnit, bound: Int)
        /// Reading a file failed (`TextDocument(contentsOfFile:)`, `TextFile(contentsOfFile:)`):
        /// `errno` is the system's error number (`ENOENT`, `EACCES`, `EISDIR`…), `offset` the
        /// bytes read before it.
        case unreadableFile(errno: Int32)
        /// Saving a file failed at `step` ("create", "fchmod", "write", "fsync", "close",
        /// "rename", "fsync directory"): `errno` is the system's error number; `offset` is the
        /// bytes written before it. The target is unchanged (except after "fsync directory":
        /// the new file is in place, its rename perhaps not yet on disk) and no temporary file
        /// is left.
        case unwritableFile(errno: Int32, step: String)
        /// ICU knows no encoding by this name (one forced on load or chosen for a save).
        case unknownEncoding(String)
        /// The file's bytes are not valid in `encoding` (the one forced, or detected, or UTF-8
        /// when no guess decoded the file): `offset` is the byte offset in the file (counted
        /// from its first byte, a byte-order mark included) of the first invalid, unassigned or
        /// cut-off sequence.
        case undecodable(encoding: String)
        /// The file looks binary: not valid UTF-8, with NUL bytes that no UTF-16 or UTF-32
        /// pattern explains, and no encoding was forced; `offset` is its first NUL byte.
        case binaryFile
        /// The text holds a character that `encoding` cannot represent: `scalar` is the first
        /// one, at 1-based `line`, 1-based `column` counted in grapheme clusters (the cluster
        /// that holds it); `offset` is its byte offset in the document's UTF-8.
        case unrepresentable(encoding: String, scalar: Unicode.Scalar, line: Int, column: Int)
        /// A byte-order mark was asked for in an encoding that has none (only the UTFs and
        /// GB18030 have one).
        case noByteOrderMark(encoding: String)
        /// Two edits given to `ChangeSet` overlap (an empty range strictly inside another
        /// counts): `first` and `second` are their indices in the list given (or in the
        /// replacements, for `ChangeSet(replacements:oldUTF8Count:oldUTF16Count:)`), `offset`
        /// the UTF-8 offset where the second starts.
        case overlappingEdits(first: Int, second: Int)
        /// A change set does not fit the text it is applied to, or the change set it is composed
        /// or rebased with; `offset` is the UTF-8 offset where the difference is.
        case changeSetMismatch(reason: ChangeSetProblem)
        /// ICU rejects a search's regular expression: `reason` is ICU's name for the problem
        /// (`U_REGEX_MISSING_CLOSE_BRACKET`…); `offset` is the UTF-16 offset in the pattern
        /// where ICU found it (0 when ICU gives none).
        case invalidPattern(reason: String)
        /// A replacement template refers to a capture group the pattern does not have, or ends
        /// in a lone `$` or backslash; `offset` is the UTF-16 offset in the template.
        case invalidTemplate(reason: String)
        /// A search asks for what Caret does not do (`reason` says what: a regular expression
        /// that ignores diacritics or normalisation, a text over 2 GiB for ICU); `offset` is 0.
        case unsupportedSearch(reason: String)
    }

    /// Why a change set does not fit a text or another change set.
    public enum ChangeSetProblem: Sendable, Hashable {
        /// The text's length in `unit` is `actual`; the change set was made for `expected`.
        case lengthDiffers(unit: TextUnit, expected: Int, actual: Int)
        /// Replacement `index` does not fit: the text there is not its `removed` text, it starts
        /// inside a scalar, or its UTF-16 offset is not the text's.
        case replacementDiffers(index: Int)
        /// Replacement `index` is malformed: its ranges do not have the lengths of its removed
        /// text, or they are negative (a decoded or hand-made change set).
        case malformedReplacement(index: Int)
        /// The lengths given for the old text cannot be one text's: a UTF-16 length longer than
        /// the UTF-8 length, or less than a third of it.
        case impossibleLengths
        /// Two change sets composed or rebased together disagree about the text between them:
        /// what one removes is not what the other holds there (or a UTF-16 length differs).
        case textsDiffer
    }

    /// What went wrong: ill-formed UTF-8 (with the reason), an offset out of bounds (with its
    /// unit and the bound), a file that could not be read, decoded, encoded or written,
    /// overlapping edits, or a change set that does not fit (with the reason).
    public let kind: Kind
    /// The offset the error names: the byte offset of the bad sequence for UTF-8 and
    /// `undecodable` errors, the offending offset in its `unit` for bounds errors, the bytes read
    /// or written before the failure for file errors, the first NUL byte of a binary file, the
    /// UTF-8 offset of an unrepresentable character (0 when there is no place), the byte offset
    /// where edits overlap or a change set does not fit.
    public let offset: Int

    init(_ kind: Kind, byteOffset: Int) {
        self.kind = kind
        self.offset = byteOffset
    }

    /// A one-line English message naming the problem and the offset, for logs and test output.
    /// - Complexity: O(1).
    public var description: String {
        switch kind {
        case .invalidUTF8(let reason):
            let what: String
            switch reason {
            case .unexpectedContinuationByte: what = "unexpected continuation byte"
            case .overlongEncoding: what = "overlong encoding"
            case .surrogate: what = "encoded surrogate (U+D800–U+DFFF)"
            case .beyondUnicode: what = "code point beyond U+10FFFF"
            case .invalidByte: what = "byte that never occurs in UTF-8"
            case .truncatedSequence: what = "truncated sequence"
            }
            return "invalid UTF-8 at byte offset \(offset): \(what)"
        case .outOfBounds(let unit, let bound):
            return "offset \(offset) (\(unit)) is outside the document (0...\(bound))"
        case .unreadableFile(let code):
            return "cannot read the file after byte offset \(offset): \(String(cString: strerror(code))) (errno \(code))"
        case .unwritableFile(let code, let step):
            return "cannot write the file (\(step)) after byte \(offset): \(String(cString: strerror(code))) (errno \(code))"
        case .unknownEncoding(let name):
            return "unknown encoding \"\(name)\""
        case .undecodable(let encoding):
            return "invalid \(encoding) at byte offset \(offset)"
        case .binaryFile:
            return "binary file (NUL byte at byte offset \(offset), not UTF-16 or UTF-32)"
        case .unrepresentable(let encoding, let scalar, let line, let column):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "\(encoding) cannot represent U+\(code) at line \(line), column \(column)"
        case .noByteOrderMark(let encoding):
            return "\(encoding) has no byte-order mark"
        case .overlappingEdits(let first, let second):
            return "edits \(first) and \(second) overlap (at byte offset \(offset)); a change set's edits must not overlap"
        case .changeSetMismatch(let reason):
            let what: String
            switch reason {
            case .lengthDiffers(let unit, let expected, let actual):
                what = "it was made for a text of \(expected) (\(unit)), this one has \(actual)"
            case .replacementDiffers(let index):
                what = "replacement \(index) does not fit: the text there is not the text it removes, or its offsets are not the text's"
            case .malformedReplacement(let index):
                what = "replacement \(index) is malformed: its ranges do not match its removed text"
            case .impossibleLengths:
                what = "its UTF-8 and UTF-16 lengths cannot be those of one text"
            case .textsDiffer:
                what = "the two change sets disagree about the text there"
            }
            return "the change set does not fit the text at byte offset \(offset): \(what)"
        case .invalidPattern(let reason):
            return "invalid regular expression at offset \(offset) (UTF-16): \(reason)"
        case .invalidTemplate(let reason):
            return "invalid replacement template at offset \(offset) (UTF-16): \(reason)"
        case .unsupportedSearch(let reason):
            return "unsupported search: \(reason)"
        }
    }
}
