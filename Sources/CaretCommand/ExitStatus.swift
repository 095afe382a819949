/// The exit statuses of `caret`, as in most Unix tools: 0 success, 1 a failure on the way
/// (unreadable file, bad data, a check that failed), 2 a command line that cannot run.
enum ExitStatus {
    /// Everything done as asked.
    static let success: Int32 = 0
    /// Some input could not be processed, or a check failed; the rest was still done.
    static let failure: Int32 = 1
    /// The command line is wrong (unknown command or option, missing value or argument).
    static let usage: Int32 = 2
}
