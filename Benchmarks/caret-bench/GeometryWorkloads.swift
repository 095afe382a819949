import Caret
import Foundation
@_spi(Reference) import Caret

// Display width and soft wrap over the generated document (issue 26): per-cluster cost of the
// width measure, and a whole-document wrap at 80 columns as a ratio to the document's load.

extension Bench {
    /// `geometry.width-per-cluster`: `displayWidth(of:)` of every hard line (`.terminal`), in
    /// ns per grapheme cluster (target ≤ 20). `geometry.wrap-80`: every visual line of the
    /// document at 80 columns through `visualLines(options:)`, against `init(validatingUTF8:)`
    /// of the same bytes (target ratio ≤ 2).
    mutating func geometryWorkloads(_ doc: TextDocument, bytes: [UInt8]) {
        if selected("geometry.width-per-cluster") {
            var total = 0
            let times = timed(reps) {
                total = 0
                for line in doc.lines { total += doc.displayWidth(of: line.range) ?? 0 }
            }
            check(total >= doc.count - doc.lineCount, "geometry.width-per-cluster: \(total) columns for \(doc.count) clusters")
            record(Workload(name: "geometry.width-per-cluster", unit: "ns/grapheme",
                            samples: times.map { $0 * 1e9 / Double(max(1, doc.count)) }, baseline: nil,
                            note: "displayWidth(of:) of every hard line, .terminal; \(total) columns"))
        }
        if selected("geometry.wrap-80") {
            let load = median(timed(reps, measured: false) { _ = try? TextDocument(validatingUTF8: bytes) })
            var visual = 0, overflow = 0
            let options = SoftWrapOptions(width: 80)
            let times = timed(reps) {
                visual = 0
                overflow = 0
                for line in doc.visualLines(options: options) {
                    visual += 1
                    if line.width > 80 { overflow += 1 }
                }
            }
            // For scale: ICU's line iterator alone over the flat UTF-16 (built untimed), the part
            // of the wrap no amount of work on Caret's side removes.
            let utf16 = Array(String(decoding: bytes, as: UTF8.self).utf16)
            var breaks = 0
            let icu = median(timed(1, measured: false) { breaks = ICUReference.boundariesUTF16("line", utf16).count })
            check(visual >= doc.lineCount, "geometry.wrap-80: \(visual) visual lines for \(doc.lineCount) hard lines")
            record(Workload(name: "geometry.wrap-80", unit: "ms", samples: times.map { $0 * 1e3 }, baseline: load * 1e3,
                            note: "\(visual) visual lines of \(doc.lineCount) hard lines (\(overflow) over-wide clusters); "
                                + String(format: "ICU's flat line pass alone: %.0f ms (%d breaks); ", icu * 1e3, breaks)
                                + "baseline: init(validatingUTF8:)"))
        }
    }
}
