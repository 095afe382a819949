#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a POSIX mutex, for state shared across threads: the bidi cache that reads of a
/// document fill, the break-iterator prototypes, a text pattern's compiled expression.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with futex system calls made inside the
/// standard library, which ThreadSanitizer does not see, so it reported "Swift access race"
/// between two closures that each held the lock (`DirectionTests.testConcurrentReaders`), and
/// a client testing its own app under ThreadSanitizer would have seen the same reports from
/// Caret. ThreadSanitizer intercepts `pthread_mutex_lock`, so it sees the order the lock gives.
///
/// Sendable whatever the value, like `Mutex`: the value is handed over at `init` (`sending`)
/// and only reached under the lock.
final class PosixLocked<Value>: @unchecked Sendable {
    /// Allocated on its own: a `pthread_mutex_t` must not move once initialised.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Only read or written while `mutex` is held. Behind a pointer rather than a stored
    /// property, which would pay a dynamic exclusivity check on every access.
    private let value: UnsafeMutablePointer<Value>

    init(_ value: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock. Not reentrant.
    @inline(__always)
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
