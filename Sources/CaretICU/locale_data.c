#include "caret_icu_locale_data.h"
#include "same_value.h"

#include <unicode/ulocdata.h>
#include <unicode/unum.h>

CARET_SAME_VALUE(CARET_QUOTATION_START, ULOCDATA_QUOTATION_START);
CARET_SAME_VALUE(CARET_QUOTATION_END, ULOCDATA_QUOTATION_END);
CARET_SAME_VALUE(CARET_ALTERNATE_QUOTATION_START, ULOCDATA_ALT_QUOTATION_START);
CARET_SAME_VALUE(CARET_ALTERNATE_QUOTATION_END, ULOCDATA_ALT_QUOTATION_END);

int32_t caret_locale_quotation_mark(const char *locale, caret_quotation_mark kind, uint16_t *dest,
                                    int32_t capacity, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    ULocaleData *data = ulocdata_open(locale, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) length = ulocdata_getDelimiter(data, (ULocaleDataDelimiterType)kind, dest, capacity, &error);
    if (data != NULL) ulocdata_close(data);
    *status = error;
    return length;
}

int32_t caret_locale_decimal_separator(const char *locale, uint16_t *dest, int32_t capacity,
                                       caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) length = unum_getSymbol(format, UNUM_DECIMAL_SEPARATOR_SYMBOL, dest, capacity, &error);
    if (format != NULL) unum_close(format);
    *status = error;
    return length;
}
