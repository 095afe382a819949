import Caret

// The streaming load and the one-pass line walk (issue 13's `caret stats` target): both
// reported as a ratio to the whole-buffer load of the same generated document.

extension Bench {
    /// `load.streaming`: the generated document fed to `TextDocument.Loader` in 1 MiB pieces
    /// (as `init(contentsOfFile:)` reads a file), against `init(validatingUTF8:)` of the whole
    /// buffer. `stats.walk-lines`: every line's range and base direction through
    /// `TextDocument.lines` (what `caret stats` does), against that whole-buffer load.
    mutating func streamingWorkloads(_ doc: TextDocument, bytes: [UInt8]) {
        var whole = TextDocument()
        let wholeTimes = timed(reps, measured: false) { whole = (try? TextDocument(validatingUTF8: bytes)) ?? TextDocument() }
        let load = median(wholeTimes)
        if selected("load.streaming") {
            let piece = 1 << 20
            var streamed = TextDocument()
            var error: (any Error)?
            let times = timed(reps) {
                var loader = TextDocument.Loader()
                do {
                    for start in stride(from: 0, to: bytes.count, by: piece) {
                        try loader.append(bytes[start..<min(start + piece, bytes.count)])
                    }
                    streamed = try loader.finish()
                } catch let e { error = e }
            }
            check(error == nil, "load.streaming threw \(String(describing: error))")
            check(streamed == whole, "load.streaming: the document differs from init(validatingUTF8:)")
            record(Workload(name: "load.streaming", unit: "ms", samples: times.map { $0 * 1e3 }, baseline: load * 1e3,
                            note: "\(sizeMB) MB in 1 MiB pieces; baseline: init(validatingUTF8:) of the whole buffer"))
        }
        if selected("stats.walk-lines") {
            var lines = 0, rtl = 0
            let times = timed(reps) {
                lines = 0
                rtl = 0
                for line in doc.lines {
                    lines += 1
                    if !line.range.isEmpty && line.baseWritingDirection == .rightToLeft { rtl += 1 }
                }
            }
            check(lines == doc.lineCount, "stats.walk-lines: \(lines) lines != lineCount \(doc.lineCount)")
            check(rtl > 0, "stats.walk-lines: no right-to-left paragraph in the generated document")
            record(Workload(name: "stats.walk-lines", unit: "ms", samples: times.map { $0 * 1e3 }, baseline: load * 1e3,
                            note: "lines with range and base direction, whole document; baseline: init(validatingUTF8:)"))
        }
    }
}
