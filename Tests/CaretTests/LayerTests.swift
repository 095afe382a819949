import Foundation
import XCTest

/// The layer order of docs/ARCHITECTURE.md, checked: `Caret` is one module, so nothing else
/// stops a file from naming a type (or calling a top-level function) of a folder above its own
/// or beside it. Names are read from the sources as identifiers, comments and string literals
/// left out. Members that a higher folder adds in an extension of a lower type are not seen.
final class LayerTests: XCTestCase {
    /// Each folder of Sources/Caret and its layer, lowest 0; folders of one layer may not use
    /// each other either.
    static let layers: [String: Int] = [
        "Support": 0, "Vocabulary": 0, "Rope": 1, "Text": 2, "ICU": 3, "Bidi": 4, "Document": 5,
        "Files": 6, "Geometry": 6, "Ranges": 6, "Search": 6, "Editing": 7,
    ]

    func testNoFolderUsesOneAboveOrBesideIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Caret")
        var files: [(folder: String, path: String, identifiers: Set<Substring>)] = []
        var declared: [Substring: String] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let folder = String(path.prefix { $0 != "/" })
            XCTAssertNotNil(Self.layers[folder], "\(folder)/ has no layer: add it here and to docs/ARCHITECTURE.md")
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            var identifiers: Set<Substring> = []
            for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                let code = Self.code(of: line)
                identifiers.formUnion(Self.identifiers(in: code))
                if let name = Self.topLevelDeclaration(in: line) {
                    XCTAssertNil(declared[name].flatMap { $0 == folder ? nil : $0 }, "\(name) declared in two folders")
                    declared[name] = folder
                }
            }
            files.append((folder, path, identifiers))
        }
        XCTAssertGreaterThan(declared.count, 100)
        var violations: [String] = []
        for file in files {
            guard let own = Self.layers[file.folder] else { continue }
            for name in file.identifiers {
                guard let owner = declared[name], owner != file.folder, let theirs = Self.layers[owner] else { continue }
                if theirs >= own {
                    violations.append("\(file.path) uses \(name) of \(owner)/")
                }
            }
        }
        XCTAssertEqual(violations.sorted(), [])
    }

    /// The line without its string literals and its `//` comment.
    static func code(of line: Substring) -> String {
        var out = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for c in line {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "\"" { inString = true; continue }
            if c == "/" && previous == "/" { out.removeLast(); break }
            out.append(c)
            previous = c
        }
        return out
    }

    static func identifiers(in code: String) -> [Substring] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.filter { !$0.first!.isNumber }
    }

    /// The name a line declares at the top level (no indentation): a type, a type alias or a
    /// function.
    static func topLevelDeclaration(in line: Substring) -> Substring? {
        guard let first = line.first, first.isLetter || first == "@" else { return nil }
        let words = identifiers(in: Self.code(of: line))
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor", "func"]
        let modifiers: Set<Substring> = [
            "public", "internal", "private", "fileprivate", "package", "final", "indirect", "static",
            "inline", "__always", "usableFromInline", "inlinable", "frozen", "unchecked", "Sendable",
            "discardableResult", "_spi", "Testing", "available", "never", "_specialize",
        ]
        var i = 0
        while i < words.count && modifiers.contains(words[i]) { i += 1 }
        guard i + 1 < words.count, kinds.contains(words[i]) else { return nil }
        return words[i + 1]
    }
}
