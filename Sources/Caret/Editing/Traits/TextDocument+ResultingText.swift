// The text an edit would produce, as UTF-16 for ICU's regular expressions: read straight from
// the rope's bytes and transcoded in one pass, without applying the edit or going through
// `String`'s UTF-16 view (which builds an index for every new non-ASCII string).

extension TextDocument {
    /// The whole text with bytes `range` replaced by `text`, in UTF-16 code units.
    /// - Precondition: `range` lies within the text, on scalar boundaries.
    /// - Complexity: O(n + m) for n bytes of text and m of `text`, two tight passes.
    func utf16(replacing range: Range<Int>, with text: String) -> [UInt16] {
        let total = count(in: .utf8)
        var inserted = text
        let length = total - range.count + inserted.utf8.count
        var bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            copyUTF8(0..<range.lowerBound, into: buffer)
            let middle = UnsafeMutableBufferPointer(rebasing: buffer[range.lowerBound...])
            let m = inserted.withUTF8 { source in middle.initialize(fromContentsOf: source) }
            let tail = UnsafeMutableBufferPointer(rebasing: buffer[(range.lowerBound + m)...])
            copyUTF8(range.upperBound..<total, into: tail)
            count = length
        }
        return bytes.withUnsafeMutableBufferPointer { Self.utf16(fromValidUTF8: UnsafeBufferPointer($0)) }
    }

    /// `bytes` (well-formed UTF-8) as UTF-16 code units. O(n).
    static func utf16(fromValidUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: bytes.count) { out, count in
            var i = 0, o = 0
            let n = bytes.count
            while i < n {
                let b0 = UInt32(bytes[i])
                if b0 < 0x80 {
                    out[o] = UInt16(b0); i += 1; o += 1
                } else if b0 < 0xE0 {
                    out[o] = UInt16((b0 & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F); i += 2; o += 1
                } else if b0 < 0xF0 {
                    out[o] = UInt16((b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | UInt32(bytes[i + 2]) & 0x3F)
                    i += 3; o += 1
                } else {
                    let scalar = (b0 & 0x07) << 18 | (UInt32(bytes[i + 1]) & 0x3F) << 12
                        | (UInt32(bytes[i + 2]) & 0x3F) << 6 | UInt32(bytes[i + 3]) & 0x3F
                    let v = scalar - 0x10000
                    out[o] = UInt16(0xD800 + (v >> 10)); out[o + 1] = UInt16(0xDC00 + (v & 0x3FF))
                    i += 4; o += 2
                }
            }
            count = o
        }
    }
}
