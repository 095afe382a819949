#include "caret_icu_locale_data.h"
#include "same_value.h"

#include <unicode/ulocdata.h>

CARET_SAME_VALUE(CARET_QUOTATION_START, ULOCDATA_QUOTATION_START);
CARET_SAME_VALUE(CARET_QUOTATION_END, ULOCDATA_QUOTATION_END);
CARET_SAME_VALUE(CARET_QUOTATION_ALTERNATE_START, ULOCDATA_ALT_QUOTATION_START);
CARET_SAME_VALUE(CARET_QUOTATION_ALTERNATE_END, ULOCDATA_ALT_QUOTATION_END);

int32_t caret_locale_quotation_mark(const char *locale, caret_quotation_mark mark, uint16_t *dest, int32_t capacity,
                                    caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    ULocaleData *data = ulocdata_open(locale, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) length = ulocdata_getDelimiter(data, (ULocaleDataDelimiterType)mark, dest, capacity, &error);
    if (data != NULL) ulocdata_close(data);
    *status = error;
    return length;
}
