import Foundation

/// The package's own short multilingual samples (`Corpus/samples/*.txt`).
public enum CorpusSamples {
    /// One sample file: its name without `.txt` (a BCP 47 tag such as "zh-Hans", or a special
    /// name: "emoji", "mixed-bidi", "crlf", "combining") and its text, byte for byte.
    public struct Sample: Sendable, Hashable {
        /// The file name without `.txt`.
        public var name: String
        /// The file's text, byte for byte (not normalized; `crlf.txt` keeps its CR LF).
        public var text: String
    }

    /// Every `*.txt` file in `directory` (not recursive), sorted by name, so the order and
    /// therefore generated documents are reproducible.
    /// - Throws: when the directory cannot be listed or a file is not valid UTF-8.
    public static func load(directory: String) throws -> [Sample] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".txt") }
            .sorted()
        return try names.map { name in
            let path = directory + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw EditingTrace.Error("cannot read \(path)")
            }
            guard let text = String(validatingUTF8Bytes: [UInt8](data)) else {
                throw EditingTrace.Error("\(path) is not valid UTF-8")
            }
            return Sample(name: String(name.dropLast(4)), text: text)
        }
    }

    /// `load(directory:)` on `CorpusLocator.samplesDirectory`.
    public static func loadDefault() throws -> [Sample] {
        guard let dir = CorpusLocator.samplesDirectory else {
            throw EditingTrace.Error("Corpus/samples not found")
        }
        return try load(directory: dir)
    }
}

extension String {
    /// Decodes `bytes` as UTF-8, nil when they are not well-formed.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
