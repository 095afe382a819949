// Number symbols of a locale's default decimal format (ICU's `unum`, in libicui18n).
#ifndef CARET_ICU_NUMBER_H
#define CARET_ICU_NUMBER_H

#include "caret_icu_status.h"

/// Number symbols of a locale's default decimal format.
typedef enum caret_number_symbol {
    CARET_NUMBER_DECIMAL_SEPARATOR = 0,
    CARET_NUMBER_GROUPING_SEPARATOR = 1,
    CARET_NUMBER_MINUS_SIGN = 6,
    CARET_NUMBER_PLUS_SIGN = 7,
} caret_number_symbol;

/// Writes number symbol `symbol` of `locale` into `dest` (UTF-16, `capacity` units; `locale` a
/// C string, unknown ones falling back to the root) and returns its length. When it is
/// longer than `capacity`, `status` is `CARET_ICU_BUFFER_OVERFLOW` and the return value the
/// length needed.
int32_t caret_locale_number_symbol(const char *locale, caret_number_symbol symbol, uint16_t *dest, int32_t capacity,
                                   caret_icu_status *status);

#endif
