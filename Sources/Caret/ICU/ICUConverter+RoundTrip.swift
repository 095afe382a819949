internal import CaretICU

// Which characters of a legacy encoding's bytes do not come back to the same bytes: ICU decodes
// some sequences one way only (Shift_JIS's NEC and IBM duplicates, Big5's duplicated
// ideographs), so a loader keeps their bytes to write them back unchanged.

/// Decodes and encodes again pieces of one table-based legacy encoding, to find the characters
/// whose bytes do not round-trip.
final class ICURoundTripCheck {
    /// A character whose bytes differ from what its code points encode to.
    struct OneWay: Equatable {
        /// Its bytes.
        var bytes: [UInt8]
        /// Its text in UTF-8 (the code points its bytes decode to).
        var text: [UInt8]
        /// The UTF-8 offset of its text in the piece's decoded text (invalid sequences counted as
        /// U+FFFD).
        var utf8Offset: Int
    }

    private let decoder: ICUConverter
    private let encoder: ICUConverter

    /// A check for `encoding`, or nil when it is not a stateless table-based one (the UTFs
    /// round-trip by definition; stateful encodings cannot be checked a character at a time).
    init?(encoding: String) {
        // One-byte minimum: a line feed or carriage return byte is a character of its own (the
        // loader cuts pieces after one).
        guard let decoder = ICUConverter(encoding: encoding), caret_converter_is_table_based(decoder.converter),
              decoder.minimumCharacterSize == 1, let encoder = ICUConverter(encoding: encoding)
        else { return nil }
        self.decoder = decoder
        self.encoder = encoder
    }

    /// Whether `units` encode back to exactly `bytes` (the common case, checked first). O(n).
    func encodesBack(_ units: UnsafeBufferPointer<UInt16>, to bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        caret_converter_encodes_back(encoder.converter, units.baseAddress, Int32(units.count), bytes.baseAddress,
                                     Int32(bytes.count))
    }

    /// The characters of `bytes` (whole characters) that do not round-trip, in order, and the
    /// UTF-8 length of the decoded text. O(n), a character at a time.
    func oneWayCharacters(in bytes: UnsafeBufferPointer<UInt8>) -> (found: [OneWay], utf8Length: Int) {
        var capacity = 16
        while true {
            var found = [caret_one_way](repeating: caret_one_way(), count: capacity)
            var length: Int64 = 0
            let n = Int(found.withUnsafeMutableBufferPointer {
                caret_converter_find_one_way(decoder.converter, encoder.converter, bytes.baseAddress, Int32(bytes.count),
                                             $0.baseAddress, Int32(capacity), &length)
            })
            if n > capacity {
                capacity = n
                continue
            }
            let result = found[..<n].compactMap { one -> OneWay? in
                let bytes = Array(UnsafeBufferPointer(rebasing: bytes[Int(one.byte_start)..<Int(one.byte_start + one.byte_length)]))
                let text = decodedText(bytes)
                guard text.count == Int(one.utf8_length) else { return nil }
                return OneWay(bytes: bytes, text: text, utf8Offset: Int(one.utf8_before))
            }
            return (result, Int(length))
        }
    }

    /// The UTF-8 text that `bytes` (whole characters) decode to. O(n).
    private func decodedText(_ bytes: [UInt8]) -> [UInt8] {
        var units = [UInt16](repeating: 0, count: 2 * bytes.count + 2)
        let count = bytes.withUnsafeBufferPointer { b in
            units.withUnsafeMutableBufferPointer { u in
                var source = b.baseAddress!
                var target = u.baseAddress!
                _ = decoder.decode(&source, source + b.count, into: &target, target + u.count, flush: true)
                return target - u.baseAddress!
            }
        }
        return Array(String(decoding: units[..<count], as: UTF16.self).utf8)
    }
}
