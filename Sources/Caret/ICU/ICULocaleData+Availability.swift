internal import CaretICU

extension ICULocaleData {
    /// True when ICU has data for `locale` or a parent of it ("" and "root" included); false
    /// when ICU would silently use its default locale instead (`"xx"`, `"klingon"`).
    /// O(length of the id) after ICU's bundle cache is warm.
    static func hasData(locale: String) -> Bool {
        locale.withCString { caret_locale_has_data($0) }
    }
}
