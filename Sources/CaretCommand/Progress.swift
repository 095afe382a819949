import Foundation

/// A progress line on standard error for work that takes more than a second: shown only when
/// standard error is a terminal (never in a pipe, a log or a test's captured output), redrawn
/// at most ten times a second, and erased when the work is done.
struct Progress {
    /// Work shorter than this shows nothing.
    private static let delay = 1.0
    /// The shortest time between two redraws.
    private static let interval = 0.1

    private let console: Console
    private let label: String
    private let enabled: Bool
    private let start: Double
    private var lastDraw: Double = 0
    private var drawn = false

    /// Progress of `label` ("reading big.txt"). Pass `enabled: false` where the output itself
    /// goes to the same terminal, whose rows would be torn by a progress line.
    init(_ label: String, console: Console, enabled: Bool = true) {
        self.console = console
        self.label = label
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.start = CommandSupport.now()
    }

    /// Reports `done` units of `total` (nil when the total is unknown), in `unit` ("MB").
    mutating func update(_ done: Int, of total: Int?, unit: String = "") {
        guard enabled else { return }
        let now = CommandSupport.now()
        guard now - start >= Self.delay, now - lastDraw >= Self.interval else { return }
        lastDraw = now
        var text = "\(label): \(CommandSupport.grouped(done))"
        if let total, total > 0 {
            text += " of \(CommandSupport.grouped(total))\(unit) (\(Int(Double(done) / Double(total) * 100))%)"
        } else {
            text += unit
        }
        console.status("\r\u{1B}[K" + text)
        drawn = true
    }

    /// Erases the line, if one was drawn.
    mutating func finish() {
        if drawn { console.status("\r\u{1B}[K") }
        drawn = false
    }
}
