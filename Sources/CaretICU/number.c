#include "caret_icu_number.h"
#include "same_value.h"

#include <unicode/unum.h>

CARET_SAME_VALUE(CARET_NUMBER_DECIMAL_SEPARATOR, UNUM_DECIMAL_SEPARATOR_SYMBOL);
CARET_SAME_VALUE(CARET_NUMBER_GROUPING_SEPARATOR, UNUM_GROUPING_SEPARATOR_SYMBOL);
CARET_SAME_VALUE(CARET_NUMBER_MINUS_SIGN, UNUM_MINUS_SIGN_SYMBOL);
CARET_SAME_VALUE(CARET_NUMBER_PLUS_SIGN, UNUM_PLUS_SIGN_SYMBOL);

int32_t caret_locale_number_symbol(const char *locale, caret_number_symbol symbol, uint16_t *dest, int32_t capacity,
                                   caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) length = unum_getSymbol(format, (UNumberFormatSymbol)symbol, dest, capacity, &error);
    if (format != NULL) unum_close(format);
    *status = error;
    return length;
}
