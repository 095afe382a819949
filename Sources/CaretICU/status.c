#include "caret_icu_status.h"
#include "same_value.h"

#include <unicode/uchar.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

CARET_SAME_VALUE(CARET_ICU_OK, U_ZERO_ERROR);
CARET_SAME_VALUE(CARET_ICU_BUFFER_OVERFLOW, U_BUFFER_OVERFLOW_ERROR);
_Static_assert(sizeof(caret_icu_status) == sizeof(UErrorCode), "status codes are ICU's");

const char *caret_icu_status_name(caret_icu_status status) { return u_errorName((UErrorCode)status); }

void caret_icu_unicode_version(uint8_t version[4]) { u_getUnicodeVersion(version); }

void caret_icu_version(uint8_t version[4]) { u_getVersion(version); }
