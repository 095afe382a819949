import Caret
import Foundation
@_spi(Reference) import Caret

// Display width and soft wrap over the generated document (issue 26): per-cluster cost of the
// width measure, and a whole-document wrap at 80 columns as a ratio to the document's load.

extension Bench {
    /// `geometry.width-per-cluster`: `displayWidth(of:)` of every hard line (`.terminal`), in
    /// ns per grapheme cluster (target ≤ 20). `geometry.wrap-80`: every visual line of the
    /// document at 80 columns through `visualLines(options:)`, against `init(validatingUTF8:)`
    /// of the same bytes (target ratio ≤ 2). `geometry.visual-index-80`: a `VisualLineIndex`
    /// of the whole document built (`wrapAll`), against the same load. `geometry.visual-locate`:
    /// `location(of:)` of random positions and `position(atVisualLine:column:)` back, µs per
    /// pair; `geometry.location-of` and `geometry.position-at-visual`: each direction alone,
    /// µs per call (target ≤ 2 each). `geometry.rewrap-keystroke`: one character typed into a
    /// 2,000-character paragraph and its change set applied to the index, µs per keystroke (target ≤ 10).
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
        if anySelected(["geometry.visual-", "geometry.location-of", "geometry.position-at-visual"]) || selected("geometry.rewrap-keystroke") {
            visualIndexWorkloads(doc, bytes: bytes)
        }
    }

    private mutating func visualIndexWorkloads(_ doc: TextDocument, bytes: [UInt8]) {
        let options = SoftWrapOptions(width: 80)
        var index = VisualLineIndex(document: doc, options: options)
        if selected("geometry.visual-index-80") {
            let load = median(timed(reps, measured: false) { _ = try? TextDocument(validatingUTF8: bytes) })
            var rows = 0
            let times = timed(reps) {
                index = VisualLineIndex(document: doc, options: options)
                index.wrapAll()
                rows = index.visualLineCount
            }
            record(Workload(name: "geometry.visual-index-80", unit: "ms", samples: times.map { $0 * 1e3 }, baseline: load * 1e3,
                            note: "VisualLineIndex.wrapAll at 80 columns: \(rows) visual lines; baseline: init(validatingUTF8:)"))
        } else {
            index.wrapAll()
        }
        if selected("geometry.visual-locate") || selected("geometry.location-of") || selected("geometry.position-at-visual") {
            var state: UInt64 = 26
            let count = doc.count
            let positions = (0..<20_000).compactMap { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return doc.position(at: Int((state >> 33) % UInt64(max(1, count))))
            }
            if selected("geometry.visual-locate") {
                var mismatches = 0
                var cpu: [Double] = []
                let times = timed(reps) {
                    mismatches = 0
                    let cpuStart = threadCPUNanoseconds()
                    defer { cpu.append(Double(threadCPUNanoseconds() - cpuStart) / 1e3 / Double(positions.count)) }
                    for p in positions {
                        guard let location = index.location(of: p),
                              let back = index.position(atVisualLine: location.visualLine, column: location.column)
                        else {
                            mismatches += 1
                            continue
                        }
                        // Zero-width clusters share a column with the next one; anything else comes back.
                        if back != p, index.location(of: back)?.column != location.column { mismatches += 1 }
                    }
                }
                check(mismatches == 0, "geometry.visual-locate: \(mismatches) positions did not come back")
                record(Workload(name: "geometry.visual-locate", unit: "µs/pair", samples: times.map { $0 * 1e6 / Double(positions.count) },
                                baseline: nil, note: "location(of:) + position(atVisualLine:column:) of \(positions.count) random positions; "
                                    + String(format: "thread CPU time %.2f µs/pair", median(cpu))))
            }
            // Each direction alone (issue 26's target: ≤ 2 µs each), the positions in the same
            // random order, so that no query finds its row laid out by the one before.
            var locations: [VisualLocation] = []
            var cpuOf: [Double] = [], cpuAt: [Double] = []
            var missing = 0
            let timesOf = timed(reps) {
                locations.removeAll(keepingCapacity: true)
                missing = 0
                let cpuStart = threadCPUNanoseconds()
                for p in positions {
                    if let location = index.location(of: p) { locations.append(location) } else { missing += 1 }
                }
                cpuOf.append(Double(threadCPUNanoseconds() - cpuStart) / 1e3 / Double(positions.count))
            }
            check(missing == 0, "geometry.location-of: \(missing) positions without a location")
            var found = 0
            let timesAt = timed(reps) {
                found = 0
                let cpuStart = threadCPUNanoseconds()
                for l in locations where index.position(atVisualLine: l.visualLine, column: l.column) != nil { found += 1 }
                cpuAt.append(Double(threadCPUNanoseconds() - cpuStart) / 1e3 / Double(positions.count))
            }
            check(found == positions.count, "geometry.position-at-visual: \(positions.count - found) locations not found")
            record(Workload(name: "geometry.location-of", unit: "µs", samples: timesOf.map { $0 * 1e6 / Double(positions.count) },
                            baseline: nil, note: "location(of:) of \(positions.count) random positions; "
                                + String(format: "thread CPU time %.2f µs", median(cpuOf))))
            record(Workload(name: "geometry.position-at-visual", unit: "µs", samples: timesAt.map { $0 * 1e6 / Double(positions.count) },
                            baseline: nil, note: "position(atVisualLine:column:) of those locations; "
                                + String(format: "thread CPU time %.2f µs", median(cpuAt))))
        }
        if selected("geometry.rewrap-keystroke") {
            // A 2,000-character paragraph of the document's own mixed text, put in the middle.
            var document = doc
            let source = doc.text(in: doc.textRange(from: doc.position(at: 1000)!, to: doc.position(at: 40_000)!)!)!
            let paragraph = String(source.filter { !$0.isNewline }.prefix(2000))
            let middle = doc.position(line: doc.lineCount / 2, column: 0)!
            let insertion = try! ChangeSet.replacing(document.textRange(from: middle, to: middle)!, with: paragraph + "\n", in: document)
            try! document.apply(insertion)
            let keystrokes = 500
            var samples: [Double] = []
            var cpu: [Double] = []
            for _ in 0..<reps {
                let edited = VisualLineIndex(document: doc, options: options)
                edited.wrapAll()
                try! edited.apply(insertion)
                var typed = document
                var total = 0.0, totalCPU = 0.0
                for k in 0..<keystrokes {
                    let at = typed.position(from: middle, offset: 1000 + k)!
                    let change = try! ChangeSet.replacing(typed.textRange(from: at, to: at)!, with: k % 6 == 5 ? " " : "x", in: typed)
                    try! typed.apply(change)
                    let start = nowNanoseconds(), cpuStart = threadCPUNanoseconds()
                    try! edited.apply(change)
                    total += Double(nowNanoseconds() - start)
                    totalCPU += Double(threadCPUNanoseconds() - cpuStart)
                }
                check(edited.visualLine(at: edited.visualLineCount - 1) == Array(typed.visualLines(options: options)).last,
                      "geometry.rewrap-keystroke: the index and the walk end differently")
                samples.append(total / 1e3 / Double(keystrokes))
                cpu.append(totalCPU / 1e3 / Double(keystrokes))
            }
            record(Workload(name: "geometry.rewrap-keystroke", unit: "µs", samples: samples, baseline: nil,
                            note: "VisualLineIndex.apply of one character typed into a 2,000-character paragraph; "
                                + String(format: "thread CPU time %.2f µs", median(cpu))))
        }
    }
}
