import CZlib

/// gzip (RFC 1952) decompression through zlib.
public enum Gzip {
    /// Why decompression failed.
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        /// The zlib return code (`Z_DATA_ERROR`, `Z_MEM_ERROR`, …).
        public let code: Int32
        /// zlib's message, when it gave one.
        public let message: String
        /// The code and zlib's message, for logs.
        public var description: String { "gzip: zlib error \(code)\(message.isEmpty ? "" : ": \(message)")" }
    }

    /// The decompressed bytes of `data`, a gzip stream (several concatenated members are
    /// decoded one after another). Sizes are in bytes.
    /// - Throws: `Gzip.Error` when the data is not valid gzip or is truncated.
    /// - Complexity: O(compressed + decompressed size).
    public static func decompress(_ data: [UInt8]) throws(Gzip.Error) -> [UInt8] {
        if data.isEmpty { return [] }
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header and trailer.
        var rc = inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else { throw Gzip.Error(code: rc, message: "inflateInit2 failed") }
        defer { inflateEnd(&stream) }

        var output = [UInt8](repeating: 0, count: max(data.count * 4, 64 * 1024))
        var produced = 0
        var failure: Gzip.Error? = nil
        data.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!)
            stream.avail_in = UInt32(input.count)
            while true {
                if produced == output.count {
                    output.append(contentsOf: repeatElement(0, count: output.count))
                }
                let room = output.count - produced
                rc = output.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(min(room, Int(UInt32.max)))
                    let before = stream.avail_out
                    let r = inflate(&stream, Z_NO_FLUSH)
                    produced += Int(before - stream.avail_out)
                    return r
                }
                if rc == Z_STREAM_END {
                    // Another gzip member may follow.
                    if stream.avail_in == 0 { break }
                    rc = inflateReset(&stream)
                    if rc != Z_OK { failure = Gzip.Error(code: rc, message: "inflateReset failed"); break }
                    continue
                }
                if rc == Z_BUF_ERROR && stream.avail_in == 0 {
                    failure = Gzip.Error(code: rc, message: "truncated gzip stream")
                    break
                }
                if rc != Z_OK && rc != Z_BUF_ERROR {
                    let message = stream.msg.map { String(cString: $0) } ?? ""
                    failure = Gzip.Error(code: rc, message: message)
                    break
                }
            }
        }
        if let failure { throw failure }
        output.removeSubrange(produced...)
        return output
    }
}
