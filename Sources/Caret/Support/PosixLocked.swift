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
struct PosixLocked<Value>: @unchecked Sendable {
    /// The one object: a holder that keeps a lock in an atomic word (made lazily) keeps this.
    let storage: PosixLockStorage<Value>

    /// A lock holding `value`: one allocation. O(1).
    init(_ value: consuming sending Value) {
        storage = PosixLockStorage.make(value)
    }

    /// The lock whose object is `storage`. O(1).
    init(storage: PosixLockStorage<Value>) {
        self.storage = storage
    }

    /// Runs `body` with the value while holding the lock. Not reentrant.
    @inline(__always)
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}

/// `PosixLocked`'s one object: the value is the header of a `ManagedBuffer` and the mutex its
/// one element (an object never moves, so the mutex keeps its address). The value is reached
/// through its address, not through a stored property, which would pay a dynamic exclusivity
/// check on every access.
final class PosixLockStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    /// A new object holding `value` and an initialised mutex.
    static func make(_ value: Value) -> PosixLockStorage {
        let buffer = create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return unsafeDowncast(buffer, to: PosixLockStorage.self)
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}
