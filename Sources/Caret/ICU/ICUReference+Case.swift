// Flat-buffer case mapping: the baseline of caret-bench's `case.*` workloads: one ICU
// `ucasemap_utf8To*` call (through `ICUCaseMap`, the thin wrapper the engine uses too) on one
// contiguous UTF-8 buffer, where the engine maps text it first copies out of the rope.

@_spi(Reference)
extension ICUReference {
    /// `bytes` (valid UTF-8) mapped by `mapping` for `locale` with one
    /// `ucasemap_utf8ToUpper/Lower/Title` call on the flat buffer (titlecasing with ICU's word
    /// iterator for the locale): the text a `TextDocument` holding `bytes` gives for its whole
    /// range. nil when ICU fails. O(n).
    public static func caseMappedUTF8(_ mapping: CaseMapping, _ bytes: [UInt8], locale: String) -> [UInt8]? {
        guard let map = ICUCaseMap(locale: locale) else { return nil }
        return bytes.withUnsafeBufferPointer { map.map(mapping, $0) }
    }

    /// The length in bytes of `bytes` (valid UTF-8) uppercased for `locale` by one flat
    /// `ucasemap_utf8ToUpper` call (map opened, output allocated, mapped); -1 when ICU fails.
    /// O(n).
    public static func uppercaseUTF8(_ bytes: [UInt8], locale: String) -> Int {
        caseMappedUTF8(.upper, bytes, locale: locale)?.count ?? -1
    }

    /// The length in bytes of `bytes` titlecased for `locale` by one flat
    /// `ucasemap_utf8ToTitle` call (ICU's word iterator for the locale); -1 when ICU fails.
    /// O(n).
    public static func titlecaseUTF8(_ bytes: [UInt8], locale: String) -> Int {
        caseMappedUTF8(.title, bytes, locale: locale)?.count ?? -1
    }
}
