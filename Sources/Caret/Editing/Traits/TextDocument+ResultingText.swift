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
        guard !bytes.isEmpty else { return [] }
        return [UInt16](unsafeUninitializedCapacity: bytes.count) { out, count in
            count = UTF8Scalars.transcodeToUTF16(bytes, into: out.baseAddress!)
        }
    }
}
