#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written as text, and where. `TextFile` throws these;
/// nothing is lost by a failed load or save (a failed save leaves the old file as it was and no
/// temporary file behind).
public struct TextFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error.
    public enum Kind: Sendable, Hashable {
        /// Opening or reading the file failed: `errno` is the system's error number (`ENOENT`,
        /// `EACCES`, `EISDIR`…); `offset` is the bytes read before the failure.
        case unreadable(errno: Int32)
        /// Writing failed at `step` ("open", "write", "fsync", "rename"…): `errno` is the
        /// system's error number; `offset` is the bytes written before the failure.
        case unwritable(errno: Int32, step: String)
        /// ICU knows no encoding by this name (a forced encoding on load or save).
        case unknownEncoding(String)
        /// The bytes are not valid in `encoding` (the one forced, detected, or UTF-8 when no
        /// detection was confident): `offset` is the file's byte offset (from the file's first
        /// byte, a byte-order mark included) of the first invalid or cut-off sequence.
        case undecodable(encoding: String)
        /// The file looks binary: it is not valid UTF-8, holds NUL bytes that no UTF-16 or
        /// UTF-32 pattern explains, and no encoding was forced; `offset` is its first NUL byte.
        case binary
        /// The text holds a character that `encoding` cannot represent: `scalar` is the first
        /// one, at 1-based `line` and 1-based `column` counted in grapheme clusters (the
        /// cluster that holds it); `offset` is its byte offset in the document's UTF-8.
        case unrepresentable(encoding: String, scalar: Unicode.Scalar, line: Int, column: Int)
        /// A byte-order mark was asked for in an encoding that has none (only the UTFs and
        /// GB18030 have one).
        case noByteOrderMark(encoding: String)
    }

    /// What went wrong.
    public let kind: Kind
    /// The offset the error names (see each `Kind`): a byte offset in the file for reading
    /// errors, in the document's UTF-8 for `unrepresentable`, the bytes written for write errors.
    public let offset: Int
    /// The file's path, as given.
    public let path: String

    init(_ kind: Kind, offset: Int, path: String) {
        self.kind = kind
        self.offset = offset
        self.path = path
    }

    /// A one-line English message naming the file, the problem and the place, for users and
    /// logs.
    /// - Complexity: O(1).
    public var description: String {
        switch kind {
        case .unreadable(let code):
            return "\(path): cannot read after byte \(offset): \(Self.message(code)) (errno \(code))"
        case .unwritable(let code, let step):
            return "\(path): cannot write (\(step)) after byte \(offset): \(Self.message(code)) (errno \(code))"
        case .unknownEncoding(let name):
            return "\(path): unknown encoding \"\(name)\""
        case .undecodable(let encoding):
            return "\(path): invalid \(encoding) at byte offset \(offset)"
        case .binary:
            return "\(path): looks binary (NUL byte at byte offset \(offset), not UTF-16 or UTF-32)"
        case .unrepresentable(let encoding, let scalar, let line, let column):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "\(path): \(encoding) cannot represent U+\(code) at line \(line), column \(column)"
        case .noByteOrderMark(let encoding):
            return "\(path): \(encoding) has no byte-order mark"
        }
    }

    private static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}
