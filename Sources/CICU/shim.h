// Version-independent entry points into ICU.
//
// Debian's ICU renames every C entry point (`ubrk_open` is exported as `ubrk_open_72`) through
// macros the Swift importer cannot follow. Each wrapper below has a stable `cicu_` name and
// calls the renamed function, so Swift code never depends on the ICU version.
#ifndef CARET_CICU_SHIM_H
#define CARET_CICU_SHIM_H

#include <unicode/utypes.h>
#include <unicode/uchar.h>
#include <unicode/ucpmap.h>
#include <unicode/uset.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/ubidi.h>
#include <unicode/ucasemap.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

// MARK: Errors and versions

static inline const char *cicu_u_errorName(UErrorCode code) { return u_errorName(code); }
static inline void cicu_u_getUnicodeVersion(uint8_t *versionArray) { u_getUnicodeVersion(versionArray); }

// MARK: Character properties

static inline const UCPMap *cicu_u_getIntPropertyMap(UProperty property, UErrorCode *error) {
    return u_getIntPropertyMap(property, error);
}
static inline UChar32 cicu_ucpmap_getRange(const UCPMap *map, UChar32 start, uint32_t *pValue) {
    return ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, pValue);
}
static inline int32_t cicu_u_getIntPropertyValue(UChar32 c, UProperty which) {
    return u_getIntPropertyValue(c, which);
}
static inline UBool cicu_u_hasBinaryProperty(UChar32 c, UProperty which) {
    return u_hasBinaryProperty(c, which);
}
static inline const USet *cicu_u_getBinaryPropertySet(UProperty property, UErrorCode *error) {
    return u_getBinaryPropertySet(property, error);
}
static inline USet *cicu_uset_openPattern(const UChar *pattern, int32_t length, UErrorCode *error) {
    return uset_openPattern(pattern, length, error);
}
static inline void cicu_uset_close(USet *set) { uset_close(set); }
static inline int32_t cicu_uset_getRangeCount(const USet *set) { return uset_getRangeCount(set); }
static inline int32_t cicu_uset_getItem(const USet *set, int32_t itemIndex, UChar32 *start, UChar32 *end,
                                        UChar *str, int32_t strCapacity, UErrorCode *error) {
    return uset_getItem(set, itemIndex, start, end, str, strCapacity, error);
}

// MARK: Break iterators

static inline UBreakIterator *cicu_ubrk_open(UBreakIteratorType type, const char *locale,
                                             const UChar *text, int32_t textLength, UErrorCode *error) {
    return ubrk_open(type, locale, text, textLength, error);
}
static inline void cicu_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline void cicu_ubrk_setText(UBreakIterator *bi, const UChar *text, int32_t textLength, UErrorCode *error) {
    ubrk_setText(bi, text, textLength, error);
}
static inline void cicu_ubrk_setUText(UBreakIterator *bi, UText *text, UErrorCode *error) {
    ubrk_setUText(bi, text, error);
}
static inline int32_t cicu_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t cicu_ubrk_last(UBreakIterator *bi) { return ubrk_last(bi); }
static inline int32_t cicu_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t cicu_ubrk_previous(UBreakIterator *bi) { return ubrk_previous(bi); }
static inline int32_t cicu_ubrk_following(UBreakIterator *bi, int32_t offset) { return ubrk_following(bi, offset); }
static inline int32_t cicu_ubrk_preceding(UBreakIterator *bi, int32_t offset) { return ubrk_preceding(bi, offset); }
static inline UBool cicu_ubrk_isBoundary(UBreakIterator *bi, int32_t offset) { return ubrk_isBoundary(bi, offset); }
static inline int32_t cicu_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }

// MARK: UText over UTF-8

static inline UText *cicu_utext_openUTF8(UText *ut, const char *s, int64_t length, UErrorCode *error) {
    return utext_openUTF8(ut, s, length, error);
}
static inline UText *cicu_utext_close(UText *ut) { return utext_close(ut); }

// MARK: - Text units and case (issue 6: UText over the rope, case mapping)

static inline UText *cicu_utext_setup(UText *ut, int32_t extraSpace, UErrorCode *error) {
    return utext_setup(ut, extraSpace, error);
}
static inline int64_t cicu_utext_nativeLength(UText *ut) { return utext_nativeLength(ut); }
static inline int32_t cicu_utext_extract(UText *ut, int64_t nativeStart, int64_t nativeLimit,
                                         UChar *dest, int32_t destCapacity, UErrorCode *error) {
    return utext_extract(ut, nativeStart, nativeLimit, dest, destCapacity, error);
}
static inline UChar32 cicu_utext_char32At(UText *ut, int64_t nativeIndex) { return utext_char32At(ut, nativeIndex); }
static inline UChar32 cicu_utext_next32From(UText *ut, int64_t nativeIndex) { return utext_next32From(ut, nativeIndex); }
static inline UChar32 cicu_utext_previous32From(UText *ut, int64_t nativeIndex) { return utext_previous32From(ut, nativeIndex); }
static inline int64_t cicu_utext_getNativeIndex(const UText *ut) { return utext_getNativeIndex(ut); }

static inline UCaseMap *cicu_ucasemap_open(const char *locale, uint32_t options, UErrorCode *error) {
    return ucasemap_open(locale, options, error);
}
static inline void cicu_ucasemap_close(UCaseMap *csm) { ucasemap_close(csm); }
static inline int32_t cicu_ucasemap_utf8ToLower(const UCaseMap *csm, char *dest, int32_t destCapacity,
                                                const char *src, int32_t srcLength, UErrorCode *error) {
    return ucasemap_utf8ToLower(csm, dest, destCapacity, src, srcLength, error);
}
static inline int32_t cicu_ucasemap_utf8ToUpper(const UCaseMap *csm, char *dest, int32_t destCapacity,
                                                const char *src, int32_t srcLength, UErrorCode *error) {
    return ucasemap_utf8ToUpper(csm, dest, destCapacity, src, srcLength, error);
}
static inline int32_t cicu_ucasemap_utf8ToTitle(UCaseMap *csm, char *dest, int32_t destCapacity,
                                                const char *src, int32_t srcLength, UErrorCode *error) {
    return ucasemap_utf8ToTitle(csm, dest, destCapacity, src, srcLength, error);
}

// MARK: - Bidi (issue 5: direction and movement)
//
// Paragraph levels and L2 reordering. `ubidi.h` is included above.

static inline UBiDi *cicu_ubidi_open(UErrorCode *error) {
    return ubidi_openSized(0, 0, error);
}
static inline void cicu_ubidi_close(UBiDi *bidi) { ubidi_close(bidi); }
/// The `paraLevel` that asks for P2–P3 (first strong character outside isolates; none → 0).
static inline UBiDiLevel cicu_ubidi_defaultLTR(void) { return UBIDI_DEFAULT_LTR; }
static inline void cicu_ubidi_setPara(UBiDi *bidi, const UChar *text, int32_t length, UBiDiLevel paraLevel,
                                      UErrorCode *error) {
    ubidi_setPara(bidi, text, length, paraLevel, NULL, error);
}
static inline UBiDiLevel cicu_ubidi_getParaLevel(const UBiDi *bidi) { return ubidi_getParaLevel(bidi); }
static inline const UBiDiLevel *cicu_ubidi_getLevels(UBiDi *bidi, UErrorCode *error) {
    return ubidi_getLevels(bidi, error);
}
static inline void cicu_ubidi_getVisualMap(UBiDi *bidi, int32_t *indexMap, UErrorCode *error) {
    ubidi_getVisualMap(bidi, indexMap, error);
}
static inline void cicu_ubidi_reorderVisual(const UBiDiLevel *levels, int32_t length, int32_t *indexMap) {
    ubidi_reorderVisual(levels, length, indexMap);
}
/// Bidi_Paired_Bracket of `c` (its own value when it has none).
static inline UChar32 cicu_u_getBidiPairedBracket(UChar32 c) { return u_getBidiPairedBracket(c); }

#endif
