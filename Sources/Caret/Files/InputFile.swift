// A file open for reading by offset (`pread(2)`), so that detection can read it more than once
// without holding it: the first bytes for sniffing, then whole passes with a converter.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor open for reading, closed in `deinit`.
final class InputFile {
    private let fd: Int32

    /// Opens `path` for reading.
    /// - Throws: `.unreadableFile(errno:)` at offset 0.
    init(_ path: String) throws(TextError) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TextError(.unreadableFile(errno: errno), byteOffset: 0) }
    }

    deinit { close(fd) }

    /// Reads up to `buffer.count` bytes at `offset` into `buffer`; 0 at the end of the file.
    /// - Throws: `.unreadableFile(errno:)` with `offset`.
    func read(at offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) throws(TextError) -> Int {
        while true {
            let n = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw TextError(.unreadableFile(errno: errno), byteOffset: offset)
        }
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    /// - Throws: `.unreadableFile(errno:)`.
    func bytes(at offset: Int, count: Int) throws(TextError) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = try result.withUnsafeMutableBufferPointer { buffer throws(TextError) in
                try read(at: offset + filled, into: UnsafeMutableBufferPointer(rebasing: buffer[filled...]))
            }
            if n == 0 { break }
            filled += n
        }
        result.removeLast(count - filled)
        return result
    }
}
