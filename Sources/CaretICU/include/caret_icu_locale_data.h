// A locale's data from ICU (`ulocdata` in libicui18n, `unum` for number symbols): quotation
// marks and the decimal separator, for the editing model's smart quotes and decimal pad.
#ifndef CARET_ICU_LOCALE_DATA_H
#define CARET_ICU_LOCALE_DATA_H

#include "caret_icu_status.h"

/// The four quotation delimiters (ICU's `ULocaleDataDelimiterType`).
typedef enum caret_quotation_mark {
    CARET_QUOTATION_START = 0,
    CARET_QUOTATION_END = 1,
    CARET_ALTERNATE_QUOTATION_START = 2,
    CARET_ALTERNATE_QUOTATION_END = 3,
} caret_quotation_mark;

/// The locale's quotation mark of `kind` (`locale` a C string; unknown locales fall back as
/// ICU's data does, ending at the root) into `dest` (UTF-16, `capacity` units); returns its
/// length. Longer than `capacity`: `CARET_ICU_BUFFER_OVERFLOW` and the length needed.
int32_t caret_locale_quotation_mark(const char *locale, caret_quotation_mark kind, uint16_t *dest,
                                    int32_t capacity, caret_icu_status *status);

/// The locale's decimal separator for numbers (ICU's `UNUM_DECIMAL_SEPARATOR_SYMBOL` of a
/// decimal format) into `dest` (UTF-16, `capacity` units); returns its length, as above.
int32_t caret_locale_decimal_separator(const char *locale, uint16_t *dest, int32_t capacity,
                                       caret_icu_status *status);

#endif
