#include "caret_icu_bidi.h"
#include "same_value.h"

#include <unicode/ubidi.h>

CARET_SAME_VALUE(CARET_BIDI_DEFAULT_LTR, UBIDI_DEFAULT_LTR);

struct caret_bidi *caret_bidi_open(caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBiDi *bidi = ubidi_openSized(0, 0, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (bidi != NULL) ubidi_close(bidi);
        return NULL;
    }
    return (struct caret_bidi *)bidi;
}

void caret_bidi_close(struct caret_bidi *bidi) { ubidi_close((UBiDi *)bidi); }

void caret_bidi_set_paragraph(struct caret_bidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraph_level,
                              caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    ubidi_setPara((UBiDi *)bidi, text, length, paragraph_level, NULL, &error);
    *status = error;
}

uint8_t caret_bidi_paragraph_level(const struct caret_bidi *bidi) { return ubidi_getParaLevel((const UBiDi *)bidi); }

const uint8_t *caret_bidi_levels(struct caret_bidi *bidi, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &error);
    *status = error;
    return levels;
}

void caret_bidi_visual_map(struct caret_bidi *bidi, int32_t *map, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    ubidi_getVisualMap((UBiDi *)bidi, map, &error);
    *status = error;
}

void caret_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *map) {
    ubidi_reorderVisual(levels, length, map);
}
