// Case mapping of UTF-8 text for a locale (ICU's `UCaseMap`).
#ifndef CARET_ICU_CASE_H
#define CARET_ICU_CASE_H

#include "caret_icu_status.h"

/// The three full case mappings.
typedef enum caret_case_mapping {
    CARET_CASE_UPPER = 0,
    CARET_CASE_LOWER = 1,
    CARET_CASE_TITLE = 2,
} caret_case_mapping;

/// A case mapper for one locale; titlecasing finds words with the locale's word iterator.
struct caret_case_map;

/// A mapper for `locale` (a C string; an unknown locale falls back to the root). NULL with a
/// failure in `status`.
struct caret_case_map *caret_case_map_open(const char *locale, caret_icu_status *status);
void caret_case_map_close(struct caret_case_map *map);

/// `source` (valid UTF-8, `length` bytes) mapped into `dest` (`capacity` bytes); returns the
/// mapped length in bytes. When it is longer than `capacity`, `status` is
/// `CARET_ICU_BUFFER_OVERFLOW` and the return value the capacity needed.
int32_t caret_case_map_utf8(struct caret_case_map *map, caret_case_mapping mapping, char *dest, int32_t capacity,
                            const char *source, int32_t length, caret_icu_status *status);

#endif
