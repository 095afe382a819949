#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work split over the machine's cores for a load: the cells of a long text are measured on
/// several threads (see `ChunkCells`).
///
/// The calling thread works too, and takes items until none is left, so a call is never slower
/// than doing the work alone by more than the items other threads are in the middle of: on a
/// busy machine a helper thread that is not scheduled in time simply finds nothing left to do.
/// Plain POSIX threads and a mutex rather than Dispatch: ThreadSanitizer intercepts
/// `pthread_create` and `pthread_mutex_lock`, and so sees that every result written by a helper
/// happens before the caller reads it (it does not see libdispatch's own hand-offs on Linux).
/// Starting a thread costs tens of microseconds; callers use this only for work of hundreds of
/// kilobytes and more.
enum ParallelMap {
    /// The most threads a call uses: the processors online, at most 8 (a load is bound by
    /// memory bandwidth well before that).
    static let threadLimit: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? min(Int(online), 8) : 1
    }()

    /// `transform(i)` for every i in 0..<count, in order, computed on up to `threadLimit`
    /// threads (the calling thread is one of them). `transform` must be safe to run for
    /// different indices at once. O(count) calls.
    static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
        let threads = min(count, threadLimit)
        if threads <= 1 { return (0..<count).map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress!
            run(count, helpers: threads - 1) { i in (base + i).initialize(to: transform(i)) }
            initialized = count
        }
    }

    /// Runs `work(i)` once for every i in 0..<count, on the calling thread and on up to
    /// `helpers` threads started for the call, and returns once every item has finished.
    private static func run(_ count: Int, helpers: Int, _ work: (Int) -> Void) {
        withoutActuallyEscaping(work) { work in
            withUnsafePointer(to: work) { workPointer in
                let batch = Batch(count: count, work: UnsafeRawPointer(workPointer))
                for _ in 0..<helpers {
                    let context = Unmanaged.passRetained(batch).toOpaque()
                    #if canImport(Darwin)
                    var thread: pthread_t? = nil
                    let status = pthread_create(&thread, nil, runHelper, context)
                    if status == 0, let thread { pthread_detach(thread) }
                    #else
                    var thread = pthread_t()
                    let status = pthread_create(&thread, nil, runHelper, context)
                    if status == 0 { pthread_detach(thread) }
                    #endif
                    // Without the thread, the calling thread takes its share.
                    if status != 0 { Unmanaged<Batch>.fromOpaque(context).release() }
                }
                batch.workUntilNoneLeft()
                batch.waitUntilAllFinished()
            }
        }
    }
}

/// The items of one `ParallelMap` call: which is next, how many have finished, and where the
/// work is. Helpers retain it; the work itself lives on the caller's stack and is reached only
/// by a thread holding a claimed, unfinished item, during which the caller is still waiting.
private final class Batch {
    let count: Int
    private let work: UnsafeRawPointer
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let allFinished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Guarded by `mutex`.
    private var next = 0, finished = 0

    init(count: Int, work: UnsafeRawPointer) {
        self.count = count
        self.work = work
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(allFinished, nil)
    }

    deinit {
        pthread_cond_destroy(allFinished)
        pthread_mutex_destroy(mutex)
        allFinished.deallocate()
        mutex.deallocate()
    }

    /// Claims items and runs them until none is left to claim.
    func workUntilNoneLeft() {
        while let i = claim() {
            work.assumingMemoryBound(to: ((Int) -> Void).self).pointee(i)
            pthread_mutex_lock(mutex)
            finished += 1
            if finished == count { pthread_cond_broadcast(allFinished) }
            pthread_mutex_unlock(mutex)
        }
    }

    /// Blocks until every item has finished.
    func waitUntilAllFinished() {
        pthread_mutex_lock(mutex)
        while finished < count { pthread_cond_wait(allFinished, mutex) }
        pthread_mutex_unlock(mutex)
    }

    private func claim() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

#if canImport(Darwin)
private func runHelper(_ raw: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<Batch>.fromOpaque(raw).takeRetainedValue().workUntilNoneLeft()
    return nil
}
#else
private func runHelper(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<Batch>.fromOpaque(raw!).takeRetainedValue().workUntilNoneLeft()
    return nil
}
#endif
