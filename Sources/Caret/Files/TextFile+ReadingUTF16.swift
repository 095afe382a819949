internal import CaretSIMD

// Loading UTF-16 without a converter: the file's units go to UTF-8 in one step (CaretSIMD's
// transcoder), where ICU's path takes two (the converter to UTF-16 units, then those to UTF-8).
// The first unit that is not part of a well-formed scalar hands the rest of the file to ICU's
// path, which reports it (or keeps it as U+FFFD) exactly as a whole load through ICU would.

extension TextFile {
    /// Reads UTF-16 (`bigEndian` or little-endian) from the file's byte `start` into the sink, a
    /// read at a time, until the end of the file or the first unit that does not begin a
    /// well-formed scalar: returns that unit's file offset (nil when the whole file was read),
    /// from where the converter's path goes on. A read that ends inside a unit or after a lead
    /// surrogate keeps those bytes for the next. O(n) for n bytes read.
    static func decodeUTF16(_ file: InputFile, from start: Int, bigEndian: Bool, encodingName: String,
                            into sink: inout DocumentSink) throws(TextError) -> Int? {
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: readSize)
        defer { input.deallocate() }
        // Three bytes a unit at most, and the transcoder's last sixteen-byte store.
        let utf8 = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 3 * (readSize / 2) + 16)
        defer { utf8.deallocate() }
        var offset = start  // the file offset of input[0]
        var kept = 0  // bytes at the start of `input` kept from the last read
        while true {
            let read = try file.read(at: offset + kept, into: UnsafeMutableBufferPointer(rebasing: input[kept...]))
            let n = kept + read
            let units = n / 2
            let (written, transcoded) = transcodeUTF16(UnsafeBufferPointer(rebasing: input[..<(2 * units)]),
                                                       bigEndian: bigEndian, into: utf8.baseAddress!)
            do {
                try sink.append(UnsafeBufferPointer(rebasing: utf8[..<written]))
            } catch {
                throw TextError(.undecodable(encoding: encodingName), byteOffset: offset)
            }
            let consumed = 2 * transcoded
            // At the end of the file whatever is left (a lone half, an odd byte) is ICU's to
            // report; before it, a stop short of the last unit is a unit that cannot start a
            // scalar, and a stop at the last one may be a lead whose trail comes next.
            if read == 0 { return consumed == n ? nil : offset + consumed }
            if transcoded < units - 1 { return offset + consumed }
            kept = n - consumed
            if kept > 0 {
                UnsafeMutableRawPointer(input.baseAddress!).copyMemory(from: input.baseAddress! + consumed, byteCount: kept)
            }
            offset += consumed
        }
    }

    /// Writes the UTF-8 of the UTF-16 units in `bytes` (an even count, `bigEndian` or little-endian
    /// order) to `out`, which has room for `3 * bytes.count / 2 + 16` bytes, up to the first unit
    /// that does not begin a well-formed scalar within `bytes` (a lone surrogate, or a lead that
    /// is the last unit); returns the bytes written and the units transcoded. Bytes past the
    /// result may be overwritten. O(n).
    static func transcodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool,
                               into out: UnsafeMutablePointer<UInt8>) -> (bytes: Int, units: Int) {
        var units = 0
        let written = caret_simd_utf16_to_utf8(bytes.baseAddress, bytes.count / 2, bigEndian, out, &units)
        return (written, units)
    }
}
