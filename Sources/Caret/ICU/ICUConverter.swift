internal import CaretICU

/// An ICU converter (`UConverter`) for one encoding, with its state between pieces; closed in
/// `deinit`. Decoding stops at every invalid sequence, encoding at every character the encoding
/// cannot hold (unless opened to substitute), so that the caller can name the place.
final class ICUConverter {
    /// ICU's converter (for the round-trip checks of ICUConverter+RoundTrip.swift).
    let converter: OpaquePointer

    /// How a piece of conversion ended.
    enum Outcome: Equatable {
        /// All the input was converted (or kept in the converter's state for the next piece).
        case done
        /// The output buffer is full: call again with the rest of the input.
        case outputFull
        /// An invalid sequence (decoding) or an unmappable character (encoding) ends just
        /// before the input pointer; `status` is ICU's code.
        case stopped(status: Int32)
    }

    /// - Returns: nil when ICU knows no encoding by that name.
    init?(encoding name: String, substitute: Bool = false) {
        var status: caret_icu_status = CARET_ICU_OK
        let opened = name.withCString { caret_converter_open($0, substitute, &status) }
        guard caret_icu_succeeded(status), let opened else { return nil }
        converter = opened
    }

    deinit { caret_converter_close(converter) }

    /// The encoding's MIME name ("ISO-8859-1", "Shift_JIS", "UTF-16LE"), else its IANA name
    /// ("windows-1252"), else ICU's own. O(1).
    var standardName: String { String(cString: caret_converter_standard_name(converter)) }

    /// The smallest size of one character in bytes (2 for UTF-16, 4 for UTF-32). O(1).
    var minimumCharacterSize: Int { Int(caret_converter_min_char_size(converter)) }

    /// Decodes from `source` into `target`, advancing both. O(bytes read).
    func decode(_ source: inout UnsafePointer<UInt8>, _ sourceEnd: UnsafePointer<UInt8>,
                into target: inout UnsafeMutablePointer<UInt16>, _ targetEnd: UnsafeMutablePointer<UInt16>,
                flush: Bool) -> Outcome {
        var s: UnsafePointer<UInt8>? = source
        var t: UnsafeMutablePointer<UInt16>? = target
        let status = caret_converter_decode(converter, &s, sourceEnd, &t, targetEnd, flush)
        source = s!
        target = t!
        return Self.outcome(status)
    }

    /// Encodes from `source` into `target`, advancing both. O(units read).
    func encode(_ source: inout UnsafePointer<UInt16>, _ sourceEnd: UnsafePointer<UInt16>,
                into target: inout UnsafeMutablePointer<UInt8>, _ targetEnd: UnsafeMutablePointer<UInt8>,
                flush: Bool) -> Outcome {
        var s: UnsafePointer<UInt16>? = source
        var t: UnsafeMutablePointer<UInt8>? = target
        let status = caret_converter_encode(converter, &s, sourceEnd, &t, targetEnd, flush)
        source = s!
        target = t!
        return Self.outcome(status)
    }

    private static func outcome(_ status: caret_icu_status) -> Outcome {
        if status == CARET_ICU_BUFFER_OVERFLOW { return .outputFull }
        return caret_icu_succeeded(status) ? .done : .stopped(status: status)
    }

    /// The bytes of the sequence that stopped the last decode. O(1).
    var invalidBytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeMutableBufferPointer { caret_converter_invalid_bytes(converter, $0.baseAddress) }
        return Array(bytes[..<Int(n)])
    }

    /// The UTF-16 units of the character that stopped the last encode. O(1).
    var invalidUnits: [UInt16] {
        var units = [UInt16](repeating: 0, count: 32)
        let n = units.withUnsafeMutableBufferPointer { caret_converter_invalid_units(converter, $0.baseAddress) }
        return Array(units[..<Int(n)])
    }

    /// ICU's name of a status code, for messages. O(1).
    static func statusName(_ status: Int32) -> String { String(cString: caret_icu_status_name(status)) }

    /// Whether `status` says that input did not decode (invalid, unassigned or cut off).
    static func isConversionFailure(_ status: Int32) -> Bool {
        status == CARET_ICU_ILLEGAL_CHAR_FOUND || status == CARET_ICU_INVALID_CHAR_FOUND
            || status == CARET_ICU_TRUNCATED_CHAR_FOUND
    }
}

/// Well-formed UTF-16 to UTF-8 through ICU (the loads of UTF-32 and legacy encodings, after their
/// converters).
enum ICUTranscode {
    /// Writes `source` (well-formed UTF-16) as UTF-8 into `target`, which has room for
    /// `3 * source.count` bytes (never more are needed); returns the number written. O(n).
    static func utf8(from source: UnsafeBufferPointer<UInt16>, into target: UnsafeMutablePointer<UInt8>) -> Int {
        guard !source.isEmpty else { return 0 }
        var status: caret_icu_status = CARET_ICU_OK
        let n = caret_utf16_to_utf8(target, Int32(3 * source.count), source.baseAddress, Int32(source.count), &status)
        return caret_icu_succeeded(status) ? Int(n) : 0
    }
}
