import CaretCorpus
import Foundation

/// One measured workload: `median`, `min`, `max` over the repetitions in `unit`.
struct Workload {
    var name: String
    var unit: String
    var median: Double
    var min: Double
    var max: Double
    /// The reference figure in the same unit (ICU flat pass, Swift String), if any.
    var baseline: Double?
    /// `median / baseline`: how many times the reference cost (for time units).
    var ratio: Double?
    var note: String = ""

    /// Units where a larger figure is better (throughputs).
    static func higherIsBetter(_ unit: String) -> Bool { unit.hasSuffix("/s") }

    init(name: String, unit: String, samples: [Double], baseline: Double? = nil, note: String = "") {
        let sorted = samples.sorted()
        self.name = name
        self.unit = unit
        self.median = sorted.isEmpty ? .nan : (sorted.count % 2 == 1 ? sorted[sorted.count / 2]
                                               : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2)
        self.min = sorted.first ?? .nan
        self.max = sorted.last ?? .nan
        self.baseline = baseline
        self.ratio = baseline.map { $0 > 0 ? median / $0 : .nan }
        self.note = note
    }
}

/// Statistics of raw samples.
func median(_ samples: [Double]) -> Double {
    Workload(name: "", unit: "", samples: samples).median
}

func format(_ x: Double?) -> String {
    guard let x, x.isFinite else { return "-" }
    let a = abs(x)
    if a == 0 { return "0" }
    if a >= 1000 { return String(format: "%.0f", x) }
    if a >= 100 { return String(format: "%.1f", x) }
    if a >= 10 { return String(format: "%.2f", x) }
    if a >= 1 { return String(format: "%.3f", x) }
    return String(format: "%.4f", x)
}

func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
    let n = s.count
    if n >= width { return s }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + s : s + fill
}

/// The readable table for stdout.
func table(_ workloads: [Workload]) -> String {
    let nameWidth = max(8, workloads.map { $0.name.count }.max() ?? 8)
    var lines: [String] = []
    let header = pad("workload", nameWidth) + "  " + pad("unit", 11) + pad("median", 11, right: true)
        + pad("min", 11, right: true) + pad("max", 11, right: true) + pad("baseline", 11, right: true)
        + pad("ratio", 9, right: true) + "  note"
    lines.append(header)
    lines.append(String(repeating: "-", count: header.count + 20))
    for w in workloads {
        lines.append(pad(w.name, nameWidth) + "  " + pad(w.unit, 11) + pad(format(w.median), 11, right: true)
            + pad(format(w.min), 11, right: true) + pad(format(w.max), 11, right: true)
            + pad(format(w.baseline), 11, right: true) + pad(w.ratio.map { format($0) + "x" } ?? "-", 9, right: true)
            + (w.note.isEmpty ? "" : "  " + w.note))
    }
    return lines.joined(separator: "\n")
}

/// The same table as GitHub Markdown, for Benchmarks/README.md.
func markdownTable(_ workloads: [Workload]) -> String {
    var lines = ["| workload | unit | median | min | max | baseline | ratio | note |",
                 "|---|---|---:|---:|---:|---:|---:|---|"]
    for w in workloads {
        lines.append("| \(w.name) | \(w.unit) | \(format(w.median)) | \(format(w.min)) | \(format(w.max)) | \(format(w.baseline)) | \(w.ratio.map { format($0) + "x" } ?? "-") | \(w.note) |")
    }
    return lines.joined(separator: "\n")
}

func jsonNumber(_ x: Double?) -> String {
    guard let x, x.isFinite else { return "null" }
    return String(format: "%.6g", x)
}

/// `{"config": {...}, "workloads": [...]}` for one run.
func jsonSection(_ workloads: [Workload], config: [String: String]) -> String {
    let configText = config.keys.sorted().map { "\(JSONText.quoted($0)): \(config[$0]!)" }.joined(separator: ", ")
    var lines = ["{", "  \"config\": {\(configText)},", "  \"workloads\": ["]
    for (k, w) in workloads.enumerated() {
        lines.append("    {\"name\": \(JSONText.quoted(w.name)), \"unit\": \(JSONText.quoted(w.unit)), \"median\": \(jsonNumber(w.median)), \"min\": \(jsonNumber(w.min)), \"max\": \(jsonNumber(w.max)), \"baseline\": \(jsonNumber(w.baseline)), \"ratio\": \(jsonNumber(w.ratio))}" + (k + 1 < workloads.count ? "," : ""))
    }
    lines.append("  ]")
    lines.append("}")
    return lines.joined(separator: "\n")
}

/// A recorded run: medians by name, and the options it was recorded with.
struct RecordedRun {
    var config: [String: Any]
    var medians: [String: (unit: String, median: Double)]

    init?(_ object: Any?) {
        guard let dict = object as? [String: Any], let list = dict["workloads"] as? [[String: Any]] else { return nil }
        config = dict["config"] as? [String: Any] ?? [:]
        medians = [:]
        for entry in list {
            guard let name = entry["name"] as? String, let median = (entry["median"] as? NSNumber)?.doubleValue else { continue }
            medians[name] = (entry["unit"] as? String ?? "", median)
        }
    }

    /// True when this run used the same `quick` flag and document size.
    func matches(quick: Bool, sizeMB: Int) -> Bool {
        (config["quick"] as? Bool ?? (config["quick"] as? NSNumber)?.boolValue) == quick
            && (config["sizeMB"] as? NSNumber)?.intValue == sizeMB
    }
}
