// Status codes and versions.
#ifndef CARET_ICU_STATUS_H
#define CARET_ICU_STATUS_H

#include <stdbool.h>
#include <stdint.h>

/// The outcome of an ICU call: ICU's `UErrorCode` value. Zero or negative (a warning) is
/// success; positive is a failure. Calls that take a `caret_icu_status *` do nothing when it
/// already holds a failure, as in ICU.
typedef int32_t caret_icu_status;

/// Success.
#define CARET_ICU_OK 0
/// The output did not fit; the call returned the length it needs.
#define CARET_ICU_BUFFER_OVERFLOW 15

/// True when `status` is a success or a warning.
static inline bool caret_icu_succeeded(caret_icu_status status) { return status <= CARET_ICU_OK; }

/// ICU's name of `status` ("U_ZERO_ERROR", "U_BUFFER_OVERFLOW_ERROR", …); a static string.
const char *caret_icu_status_name(caret_icu_status status);

/// The Unicode version of ICU's data, as four numbers (15, 0, 0, 0 for ICU 72).
void caret_icu_unicode_version(uint8_t version[4]);

/// ICU's own version, as four numbers (72, 1, 0, 0 for ICU 72.1).
void caret_icu_version(uint8_t version[4]);

#endif
