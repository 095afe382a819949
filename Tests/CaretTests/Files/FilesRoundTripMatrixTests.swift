import XCTest
@testable import Caret

/// The round-trip matrix of issue 25: every shipped sample (as it is, and made mostly ASCII)
/// that an encoding can hold — its lines that the encoding holds, when at least 3 — in 15
/// encodings × {LF, CRLF, CR, mixed} × {byte-order mark, none} (a mark only where the encoding
/// has one: the UTFs and GB18030), written by glibc's iconv, loaded with detection and saved
/// with the detected format: byte-identical (also the files whose characters ICU decodes one way
/// only, where ICU's text is not iconv's: see also FilesOneWayRoundTripTests). Also measures detection on the files without a
/// mark in the legacy encodings (and GB18030): the right encoding, or one that decodes them to
/// the same text (ISO-8859-1 and windows-1252 agree on most Latin text), for ≥ 95 %.
final class FilesRoundTripMatrixTests: XCTestCase {
    /// (ICU's name, iconv's name, has a byte-order mark, counts for detection).
    static let encodings: [(icu: String, iconv: String, mark: Bool, legacy: Bool)] = [
        ("UTF-8", "UTF-8", true, false),
        ("UTF-16LE", "UTF-16LE", true, false),
        ("UTF-16BE", "UTF-16BE", true, false),
        ("UTF-32LE", "UTF-32LE", true, false),
        ("UTF-32BE", "UTF-32BE", true, false),
        ("windows-1252", "WINDOWS-1252", false, true),
        ("ISO-8859-1", "ISO-8859-1", false, true),
        ("Shift_JIS", "SHIFT_JIS", false, true),
        ("EUC-JP", "EUC-JP", false, true),
        ("GB18030", "GB18030", true, true),
        ("Big5", "BIG5", false, true),
        ("EUC-KR", "EUC-KR", false, true),
        ("KOI8-R", "KOI8-R", false, true),
        ("ISO-8859-5", "ISO-8859-5", false, true),
        ("windows-1251", "WINDOWS-1251", false, true),
    ]
    static let endings = ["lf", "crlf", "cr", "mixed"]
    /// The shipped samples, and each also mostly ASCII (4 lines of code after each line: "+ascii",
    /// for the legacy encodings only: the UTFs need no detector).
    static let samples: [(name: String, text: String)] = FileTestSupport.samples.flatMap { sample in
        [sample, (sample.name + "+ascii", FileTestSupport.mostlyASCII(sample.text))]
    }
    /// The samples in each legacy encoding's own scripts: the files users have. The others that
    /// an encoding can hold (Latin text in EUC-JP, Hindi in GB18030) are counted apart.
    static let native: [String: Set<String>] = {
        let western: Set = ["de", "en", "es", "fr", "it", "nl", "pt-BR", "sv", "crlf"]
        let cyrillic: Set = ["ru", "uk"]
        return [
            "windows-1252": western, "ISO-8859-1": western, "Shift_JIS": ["ja"], "EUC-JP": ["ja"],
            "GB18030": ["zh-Hans", "zh-Hant"], "Big5": ["zh-Hant"], "EUC-KR": ["ko"], "KOI8-R": cyrillic,
            "ISO-8859-5": cyrillic, "windows-1251": cyrillic,
        ]
    }()

    func testMatrixRoundTripsAndDetection() throws {
        let directory = FileTestSupport.makeDirectory(inMemory: true)
        defer { FileTestSupport.cleanUp(directory) }
        var files = 0
        var perEncoding: [String: Int] = [:]
        var detection = [(files: 0, right: 0), (files: 0, right: 0)]  // native, foreign
        var icuAlone = [0, 0]
        var misses: [String] = []
        var oneWayFiles = 0
        for encoding in Self.encodings {
            for sample in Self.samples where encoding.legacy || !sample.name.hasSuffix("+ascii") {
                guard let lines = FileTestSupport.holdableLines(sample.text, in: encoding.iconv) else { continue }
                for ending in Self.endings {
                    let text = FileTestSupport.withEndings(lines, ending)
                    for mark in encoding.mark ? [false, true] : [false] {
                        guard let bytes = FileTestSupport.iconvEncode((mark ? "\u{FEFF}" : "") + text,
                                                                      to: encoding.iconv) else { continue }
                        // iconv's mappings differ from ICU's for a few characters (ICU decodes
                        // them one way only): such files must round-trip too, but only text that
                        // ICU decodes back to the original counts for detection.
                        let path = "\(directory)/\(encoding.icu)-\(sample.name)-\(ending)\(mark ? "-bom" : "").txt"
                        FileTestSupport.write(bytes, to: path)
                        guard let forced = try? TextFile(contentsOfFile: path,
                                                         options: .init(encoding: encoding.icu)) else { continue }
                        let sameText = forced.document.string == text
                        if !sameText { oneWayFiles += 1 }
                        XCTAssertEqual(forced.format.hasByteOrderMark, mark, path)
                        let file: TextFile
                        do { file = try TextFile(contentsOfFile: path) } catch {
                            XCTFail("\(path): \(error)")
                            continue
                        }
                        let copy = path + ".saved"
                        try file.write(toFile: copy)
                        XCTAssertEqual(FileTestSupport.read(copy), bytes, "round trip of \(path) as \(file.format)")
                        if file.format.encoding != forced.format.encoding {
                            let forcedCopy = path + ".forced"
                            try forced.write(toFile: forcedCopy)
                            XCTAssertEqual(FileTestSupport.read(forcedCopy), bytes, "forced round trip of \(path)")
                            try? FileManager.default.removeItem(atPath: forcedCopy)
                        }
                        try? FileManager.default.removeItem(atPath: copy)
                        files += 1
                        perEncoding[encoding.icu, default: 0] += 1
                        if !encoding.legacy || mark || !sameText { continue }
                        let right = file.format.encoding == encoding.icu || file.document.string == text
                        let native = Self.native[encoding.icu]?.contains(sample.name.replacingOccurrences(of: "+ascii", with: "")) ?? false
                        detection[native ? 0 : 1].files += 1
                        // The baseline: ICU's detector given the whole file, its first guess taken.
                        let alone = bytes.withUnsafeBufferPointer { ICUCharsetDetector.guesses($0) }.first?.name ?? "?"
                        let aloneText = try? TextFile(contentsOfFile: path, options: .init(encoding: alone)).document.string
                        if alone == encoding.icu || aloneText == text { icuAlone[native ? 0 : 1] += 1 }
                        if right {
                            detection[native ? 0 : 1].right += 1
                        } else {
                            let said = EncodingSniffing.detectorSample(bytes).withUnsafeBufferPointer {
                                ICUCharsetDetector.guesses($0)
                            }.prefix(3).map { "\($0.name) \($0.confidence)" }.joined(separator: ", ")
                            misses.append("\(native ? "" : "(foreign) ")\(encoding.icu) \(sample.name) \(ending): took "
                                              + "\(file.format.encoding) (\(file.format.detection)); ICU on the non-ASCII lines: \(said)")
                        }
                    }
                }
            }
        }
        func rate(_ d: (files: Int, right: Int)) -> String {
            "\(d.right)/\(d.files) = \(String(format: "%.1f", 100 * Double(d.right) / Double(max(d.files, 1)))) %"
        }
        let all = (files: detection[0].files + detection[1].files, right: detection[0].right + detection[1].right)
        print("round-trip matrix: \(files) files (\(oneWayFiles) with characters ICU decodes one way only), "
                  + "\(perEncoding.count) encodings: \(perEncoding.sorted { $0.key < $1.key })")
        print("detection, legacy files without a mark: own-script samples \(rate(detection[0])), "
                  + "other samples the encoding holds \(rate(detection[1])), all \(rate(all))")
        print("ICU's detector alone (whole file, first guess): own-script \(rate((detection[0].files, icuAlone[0]))), "
                  + "other \(rate((detection[1].files, icuAlone[1])))")
        for miss in misses { print("  miss: \(miss)") }
        XCTAssertGreaterThanOrEqual(perEncoding.count, 10)
        XCTAssertGreaterThanOrEqual(100 * detection[0].right, 95 * detection[0].files)
        XCTAssertGreaterThanOrEqual(100 * all.right, 95 * all.files)
    }
}
