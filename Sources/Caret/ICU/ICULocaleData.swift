internal import CaretICU

/// A locale's data from ICU: its quotation marks (`ulocdata`) and decimal separator (`unum`
/// number symbols). Each call opens and closes ICU's data, so callers keep what they read
/// (`InputLocale` does, per input).
enum ICULocaleData {
    /// The locale's quotation marks; English ones (`“ ” ‘ ’`) if ICU has none to give.
    static func quotationMarks(locale: String) -> QuotationMarks {
        func mark(_ kind: caret_quotation_mark, _ fallback: String) -> String {
            read(fallback) { dest, capacity, status in
                locale.withCString { caret_locale_quotation_mark($0, kind, dest, capacity, &status) }
            }
        }
        return QuotationMarks(open: mark(CARET_QUOTATION_START, "\u{201C}"),
                              close: mark(CARET_QUOTATION_END, "\u{201D}"),
                              alternateOpen: mark(CARET_ALTERNATE_QUOTATION_START, "\u{2018}"),
                              alternateClose: mark(CARET_ALTERNATE_QUOTATION_END, "\u{2019}"))
    }

    /// The locale's decimal separator; `.` if ICU has none to give.
    static func decimalSeparator(locale: String) -> String {
        read(".") { dest, capacity, status in
            locale.withCString { caret_locale_decimal_separator($0, dest, capacity, &status) }
        }
    }

    /// A short UTF-16 string from ICU, or `fallback` when ICU fails or gives nothing.
    private static func read(_ fallback: String,
                             _ call: (UnsafeMutablePointer<UInt16>, Int32, inout caret_icu_status) -> Int32) -> String {
        var buffer = [UInt16](repeating: 0, count: 16)
        var status: caret_icu_status = CARET_ICU_OK
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count), &status) }
        guard caret_icu_succeeded(status), length > 0, length <= buffer.count else { return fallback }
        return String(decoding: buffer[..<Int(length)], as: UTF16.self)
    }
}
