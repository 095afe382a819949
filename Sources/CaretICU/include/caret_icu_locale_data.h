// Locale data: a locale's quotation marks (CLDR delimiters, ICU's `ulocdata`, in libicui18n).
#ifndef CARET_ICU_LOCALE_DATA_H
#define CARET_ICU_LOCALE_DATA_H

#include "caret_icu_status.h"

/// The four quotation delimiters of a locale.
typedef enum caret_quotation_mark {
    CARET_QUOTATION_START = 0,
    CARET_QUOTATION_END = 1,
    CARET_QUOTATION_ALTERNATE_START = 2,
    CARET_QUOTATION_ALTERNATE_END = 3,
} caret_quotation_mark;

/// Writes quotation mark `mark` of `locale` (a C string; unknown locales fall back to the root)
/// into `dest` (UTF-16, `capacity` units) and returns its length. When it is longer than
/// `capacity`, `status` is `CARET_ICU_BUFFER_OVERFLOW` and the return value the length needed.
int32_t caret_locale_quotation_mark(const char *locale, caret_quotation_mark mark, uint16_t *dest, int32_t capacity,
                                    caret_icu_status *status);

#endif
