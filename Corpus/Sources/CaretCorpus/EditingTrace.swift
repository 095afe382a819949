import Caret
import Foundation

/// A real editing session (josephg/editing-traces format): the text it starts from, every
/// edit in order, and the text it must end with.
///
/// Units: `Patch.position` and `Patch.deleted` count **Unicode scalars** (code points), as in
/// the upstream files; nothing here is a byte or UTF-16 offset.
public struct EditingTrace: Sendable {
    /// One splice: delete `deleted` scalars at scalar offset `position`, then insert
    /// `inserted` there.
    public struct Patch: Sendable, Hashable {
        /// Offset of the edit, in Unicode scalars from the start of the document.
        public var position: Int
        /// Number of Unicode scalars removed at `position`.
        public var deleted: Int
        /// The text inserted at `position` after the deletion.
        public var inserted: String

        /// A patch deleting `deleted` scalars at scalar offset `position`, then inserting
        /// `inserted` there.
        public init(position: Int, deleted: Int, inserted: String) {
            self.position = position
            self.deleted = deleted
            self.inserted = inserted
        }
    }

    /// A short name: the file name without `.json.gz` (for example "automerge-paper").
    public var name: String
    /// Every patch of every transaction, flattened, in the order they must be applied.
    public var patches: [Patch]
    /// The document before the first patch.
    public var startContent: String
    /// The document after the last patch.
    public var endContent: String
    /// The number of transactions in the file (patches are flattened across them).
    public var transactionCount: Int

    /// A trace from its parts (`load(path:)` reads one from a file).
    public init(name: String, patches: [Patch], startContent: String, endContent: String, transactionCount: Int = 0) {
        self.name = name
        self.patches = patches
        self.startContent = startContent
        self.endContent = endContent
        self.transactionCount = transactionCount
    }

    /// Why a trace could not be loaded or replayed.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        /// What went wrong, with the trace's name or the offending JSON where known.
        public let description: String
        /// An error saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The name a trace file gets: its last path component without `.json.gz` / `.json`.
    public static func name(forPath path: String) -> String {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".json.gz", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    /// Loads a trace file: gzip-compressed JSON (`.json.gz`) or plain JSON (`.json`),
    /// `{startContent, endContent, txns: [{patches: [[pos, numDeleted, insertedText]]}]}`.
    /// - Throws: `Gzip.Error` for a bad gzip stream, `EditingTrace.Error` for unreadable
    ///   files or JSON that does not have this shape.
    public static func load(path: String) throws -> EditingTrace {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Error("cannot read \(path)")
        }
        return try load(bytes: [UInt8](data), name: name(forPath: path))
    }

    /// A trace from the bytes of a trace file: gzip-compressed (found by its magic number) or
    /// plain JSON; for input that is not a file (`caret replay -` reads standard input).
    /// - Throws: `Gzip.Error` for a bad gzip stream, `EditingTrace.Error` for JSON that does
    ///   not have the shape of a trace.
    public static func load(bytes: [UInt8], name: String) throws -> EditingTrace {
        if bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b {
            return try parse(json: Gzip.decompress(bytes), name: name)
        }
        return try parse(json: bytes, name: name)
    }

    /// Parses the JSON text of a trace (UTF-8 bytes). A hand-written parser: several times
    /// faster than `JSONSerialization` on the 10 MB of automerge-paper.
    public static func parse(json: [UInt8], name: String) throws -> EditingTrace {
        try json.withUnsafeBufferPointer { buffer in
            var parser = TraceJSONParser(bytes: buffer)
            return try parser.parseTrace(name: name)
        }
    }

    /// The number of Unicode scalars inserted and deleted over the whole trace.
    public var scalarTotals: (inserted: Int, deleted: Int) {
        var ins = 0, del = 0
        for p in patches {
            ins += p.inserted.unicodeScalars.count
            del += p.deleted
        }
        return (ins, del)
    }

    /// Applies every patch, in order, to `doc` with
    /// `replace(position..<position + deleted, in: .unicodeScalar, withText: inserted)`
    /// (no snapping to grapheme boundaries). `doc` should hold `startContent`.
    /// - Throws: `TextError` when a patch falls outside the document.
    public func replay(into doc: inout TextDocument) throws(TextError) {
        for p in patches {
            try doc.replace(p.position..<(p.position + p.deleted), in: .unicodeScalar, withText: p.inserted)
        }
    }

    /// A new document holding `startContent` with every patch applied (see `replay(into:)`).
    public func replayed() throws(TextError) -> TextDocument {
        var doc = TextDocument(startContent)
        try replay(into: &doc)
        return doc
    }

    /// The naive baseline: applies every patch to a Swift `String`, finding each scalar
    /// offset by walking `String.unicodeScalars` from the start (O(n) per patch), and
    /// returns the final text. Slow by design (about 11 s for automerge-paper).
    public func replayOnString() -> String {
        var text = startContent
        for p in patches {
            let scalars = text.unicodeScalars
            let from = scalars.index(scalars.startIndex, offsetBy: p.position)
            let to = scalars.index(from, offsetBy: p.deleted)
            text.unicodeScalars.replaceSubrange(from..<to, with: p.inserted.unicodeScalars)
        }
        return text
    }
}

/// A minimal JSON reader for the editing-trace shape; unknown keys are skipped.
struct TraceJSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        scratch.reserveCapacity(256)
    }

    func fail(_ what: String) -> EditingTrace.Error {
        EditingTrace.Error("trace JSON: \(what) at byte \(i)")
    }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    mutating func expect(_ c: UInt8) throws {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { throw fail("expected '\(Character(Unicode.Scalar(c)))'") }
        i += 1
    }

    /// True (and consumed) when the next non-space byte is `c`.
    mutating func consume(_ c: UInt8) -> Bool {
        skipSpace()
        if i < bytes.count && bytes[i] == c { i += 1; return true }
        return false
    }

    mutating func parseTrace(name: String) throws -> EditingTrace {
        var trace = EditingTrace(name: name, patches: [], startContent: "", endContent: "")
        try expect(UInt8(ascii: "{"))
        // Any JSON object would otherwise pass as an empty trace that "replays" to its (empty)
        // final text: the three keys of the format must all be there.
        var missing: Set = ["startContent", "endContent", "txns"]
        if !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try parseString()
                try expect(UInt8(ascii: ":"))
                missing.remove(key)
                switch key {
                case "startContent": trace.startContent = try parseString()
                case "endContent": trace.endContent = try parseString()
                case "txns": try parseTransactions(into: &trace)
                default: try skipValue()
                }
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        }
        guard missing.isEmpty else {
            let names = missing.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw EditingTrace.Error("not an editing trace: no \(names) (a trace is {startContent, endContent, txns})")
        }
        return trace
    }

    mutating func parseTransactions(into trace: inout EditingTrace) throws {
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            trace.transactionCount += 1
            try expect(UInt8(ascii: "{"))
            if !consume(UInt8(ascii: "}")) {
                repeat {
                    let key = try parseString()
                    try expect(UInt8(ascii: ":"))
                    if key == "patches" {
                        try parsePatches(into: &trace.patches)
                    } else {
                        try skipValue()
                    }
                } while consume(UInt8(ascii: ","))
                try expect(UInt8(ascii: "}"))
            }
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    mutating func parsePatches(into patches: inout [EditingTrace.Patch]) throws {
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            try expect(UInt8(ascii: "["))
            let position = try parseInt()
            try expect(UInt8(ascii: ","))
            let deleted = try parseInt()
            var inserted = ""
            if consume(UInt8(ascii: ",")) {
                inserted = try parseString()
            }
            try expect(UInt8(ascii: "]"))
            guard position >= 0, deleted >= 0 else { throw fail("negative position or count") }
            patches.append(EditingTrace.Patch(position: position, deleted: deleted, inserted: inserted))
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    mutating func parseInt() throws -> Int {
        skipSpace()
        var negative = false
        if i < bytes.count && bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        let start = i
        var value = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value &* 10 &+ Int(bytes[i] &- 0x30)
            i += 1
        }
        guard i > start else { throw fail("expected an integer") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            throw fail("expected an integer, found a fraction or exponent")
        }
        return negative ? -value : value
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("bad hex digit in \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    mutating func appendScalar(_ v: UInt32) {
        let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }

    mutating func parseString() throws -> String {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string") }
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            i += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if c != UInt8(ascii: "\\") {
                scratch.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"): scratch.append(0x2F)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                let high = try hex4()
                if high >= 0xD800 && high < 0xDC00,
                   i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    let low = try hex4()
                    if low >= 0xDC00 && low < 0xE000 {
                        appendScalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    } else {
                        appendScalar(0xFFFD)
                        i = save
                    }
                } else {
                    appendScalar(high) // lone surrogates become U+FFFD
                }
            default: throw fail("bad escape")
            }
        }
        throw fail("unterminated string")
    }

    mutating func skipValue() throws {
        skipSpace()
        guard i < bytes.count else { throw fail("expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "{"):
            i += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try parseString()
                try expect(UInt8(ascii: ":"))
                try skipValue()
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            i += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat { try skipValue() } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        default:
            // number, true, false, null
            let start = i
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
                    if i == start { throw fail("expected a value") }
                    return
                default: i += 1
                }
            }
        }
    }
}
