import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The code under measurement runs inside this function, whose symbol has a stable name so
/// that `valgrind --tool=callgrind --toggle-collect=caret_bench_measured` counts only it.
@inline(never)
@_silgen_name("caret_bench_measured")
func caretBenchMeasured(_ body: () -> Void) {
    body()
}

/// Monotonic time in nanoseconds.
@inline(__always)
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU time of the calling thread in nanoseconds: on a shared machine, the time the work ran
/// rather than the time it waited for a core.
@inline(__always)
func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs `body` once inside `caretBenchMeasured` and returns the elapsed seconds.
func seconds(_ body: () -> Void) -> Double {
    let start = nowNanoseconds()
    caretBenchMeasured(body)
    return Double(nowNanoseconds() - start) / 1e9
}

/// Keeps values alive and observable so the optimizer cannot drop the measured work.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Heap and resident-memory figures of this process.
enum Memory {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    typealias MallocTrim = @convention(c) (Int) -> Int32

    nonisolated(unsafe) static let handle = dlopen(nil, RTLD_NOW)

    /// Bytes of heap in use (glibc `malloc_info`: system current − free bins + mmapped),
    /// nil when glibc's `malloc_info` is not available.
    static func heapInUse() -> Int? {
        guard let symbol = dlsym(handle, "malloc_info") else { return nil }
        let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        _ = mallocInfo(0, stream)
        fclose(stream)
        defer { free(buffer) }
        guard let buffer else { return nil }
        let xml = String(cString: buffer)
        // The totals over all arenas come last.
        guard let totals = xml.range(of: "</heap>", options: .backwards).map({ xml[$0.upperBound...] }) ?? Optional(xml[...]) else { return nil }
        func value(_ tag: String) -> Int {
            guard let r = totals.range(of: tag) else { return 0 }
            let after = totals[r.upperBound...]
            guard let s = after.range(of: "size=\"") else { return 0 }
            return Int(after[s.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        return value("<system type=\"current\"") - value("<total type=\"fast\"") - value("<total type=\"rest\"") + value("<total type=\"mmap\"")
    }

    /// Returns freed memory to the system (glibc `malloc_trim(0)`), if available.
    static func trim() {
        if let symbol = dlsym(handle, "malloc_trim") {
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        }
    }

    /// Resident set size in bytes from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
