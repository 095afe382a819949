#include "caret_icu_case.h"

#include <unicode/ucasemap.h>

struct caret_case_map *caret_case_map_open(const char *locale, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UCaseMap *map = ucasemap_open(locale, 0, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (map != NULL) ucasemap_close(map);
        return NULL;
    }
    return (struct caret_case_map *)map;
}

void caret_case_map_close(struct caret_case_map *map) { ucasemap_close((UCaseMap *)map); }

int32_t caret_case_map_utf8(struct caret_case_map *map, caret_case_mapping mapping, char *dest, int32_t capacity,
                            const char *source, int32_t length, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    int32_t result = 0;
    switch (mapping) {
    case CARET_CASE_UPPER: result = ucasemap_utf8ToUpper((UCaseMap *)map, dest, capacity, source, length, &error); break;
    case CARET_CASE_LOWER: result = ucasemap_utf8ToLower((UCaseMap *)map, dest, capacity, source, length, &error); break;
    case CARET_CASE_TITLE: result = ucasemap_utf8ToTitle((UCaseMap *)map, dest, capacity, source, length, &error); break;
    }
    *status = error;
    return result;
}
