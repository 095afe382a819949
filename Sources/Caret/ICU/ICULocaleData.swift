internal import CaretICU

/// A locale's data from ICU (CLDR): quotation marks (`ulocdata`) and number symbols (`unum`),
/// for the editing model's smart quotes and number input (issue 11). Unknown locales fall back
/// to the root locale's data, as in ICU.
enum ICULocaleData {
    /// The quotation marks of `locale` ("de": „ “ ‚ ‘). nil when ICU fails.
    static func quotationMarks(locale: String) -> QuotationMarks? {
        func mark(_ which: caret_quotation_mark) -> String? {
            icuString { buffer, capacity, status in
                locale.withCString { caret_locale_quotation_mark($0, which, buffer, capacity, &status) }
            }
        }
        guard let start = mark(CARET_QUOTATION_START), let end = mark(CARET_QUOTATION_END),
              let alternateStart = mark(CARET_QUOTATION_ALTERNATE_START),
              let alternateEnd = mark(CARET_QUOTATION_ALTERNATE_END) else { return nil }
        return QuotationMarks(open: start, close: end, alternateOpen: alternateStart, alternateClose: alternateEnd)
    }

    /// A string ICU writes as UTF-16 into a buffer, asked again with the capacity it needs when
    /// the first buffer is too small. nil when ICU fails.
    static func icuString(_ call: (UnsafeMutablePointer<UInt16>, Int32, inout caret_icu_status) -> Int32) -> String? {
        var capacity = 16
        while true {
            var status: caret_icu_status = CARET_ICU_OK
            var units = [UInt16](repeating: 0, count: capacity)
            let length = Int(units.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32(capacity), &status) })
            if status == CARET_ICU_BUFFER_OVERFLOW && length > capacity {
                capacity = length
                continue
            }
            guard caret_icu_succeeded(status), length >= 0, length <= capacity else { return nil }
            return String(decoding: units[..<length], as: UTF16.self)
        }
    }
}
