#include "caret_icu_properties.h"
#include "same_value.h"

#include <unicode/uchar.h>
#include <unicode/ucpmap.h>
#include <unicode/uset.h>

// Caret's names carry ICU's numbers: checked here, where both are visible.
CARET_SAME_VALUE(CARET_ICU_BIDI_L, U_LEFT_TO_RIGHT);
CARET_SAME_VALUE(CARET_ICU_BIDI_R, U_RIGHT_TO_LEFT);
CARET_SAME_VALUE(CARET_ICU_BIDI_EN, U_EUROPEAN_NUMBER);
CARET_SAME_VALUE(CARET_ICU_BIDI_ES, U_EUROPEAN_NUMBER_SEPARATOR);
CARET_SAME_VALUE(CARET_ICU_BIDI_ET, U_EUROPEAN_NUMBER_TERMINATOR);
CARET_SAME_VALUE(CARET_ICU_BIDI_AN, U_ARABIC_NUMBER);
CARET_SAME_VALUE(CARET_ICU_BIDI_CS, U_COMMON_NUMBER_SEPARATOR);
CARET_SAME_VALUE(CARET_ICU_BIDI_B, U_BLOCK_SEPARATOR);
CARET_SAME_VALUE(CARET_ICU_BIDI_S, U_SEGMENT_SEPARATOR);
CARET_SAME_VALUE(CARET_ICU_BIDI_WS, U_WHITE_SPACE_NEUTRAL);
CARET_SAME_VALUE(CARET_ICU_BIDI_ON, U_OTHER_NEUTRAL);
CARET_SAME_VALUE(CARET_ICU_BIDI_LRE, U_LEFT_TO_RIGHT_EMBEDDING);
CARET_SAME_VALUE(CARET_ICU_BIDI_LRO, U_LEFT_TO_RIGHT_OVERRIDE);
CARET_SAME_VALUE(CARET_ICU_BIDI_AL, U_RIGHT_TO_LEFT_ARABIC);
CARET_SAME_VALUE(CARET_ICU_BIDI_RLE, U_RIGHT_TO_LEFT_EMBEDDING);
CARET_SAME_VALUE(CARET_ICU_BIDI_RLO, U_RIGHT_TO_LEFT_OVERRIDE);
CARET_SAME_VALUE(CARET_ICU_BIDI_PDF, U_POP_DIRECTIONAL_FORMAT);
CARET_SAME_VALUE(CARET_ICU_BIDI_NSM, U_DIR_NON_SPACING_MARK);
CARET_SAME_VALUE(CARET_ICU_BIDI_BN, U_BOUNDARY_NEUTRAL);
CARET_SAME_VALUE(CARET_ICU_BIDI_FSI, U_FIRST_STRONG_ISOLATE);
CARET_SAME_VALUE(CARET_ICU_BIDI_LRI, U_LEFT_TO_RIGHT_ISOLATE);
CARET_SAME_VALUE(CARET_ICU_BIDI_RLI, U_RIGHT_TO_LEFT_ISOLATE);
CARET_SAME_VALUE(CARET_ICU_BIDI_PDI, U_POP_DIRECTIONAL_ISOLATE);
CARET_SAME_VALUE(CARET_ICU_BRACKET_NONE, U_BPT_NONE);
CARET_SAME_VALUE(CARET_ICU_BRACKET_OPEN, U_BPT_OPEN);
CARET_SAME_VALUE(CARET_ICU_BRACKET_CLOSE, U_BPT_CLOSE);
CARET_SAME_VALUE(CARET_ICU_GCB_OTHER, U_GCB_OTHER);
CARET_SAME_VALUE(CARET_ICU_GCB_CONTROL, U_GCB_CONTROL);
CARET_SAME_VALUE(CARET_ICU_GCB_CR, U_GCB_CR);
CARET_SAME_VALUE(CARET_ICU_GCB_EXTEND, U_GCB_EXTEND);
CARET_SAME_VALUE(CARET_ICU_GCB_L, U_GCB_L);
CARET_SAME_VALUE(CARET_ICU_GCB_LF, U_GCB_LF);
CARET_SAME_VALUE(CARET_ICU_GCB_LV, U_GCB_LV);
CARET_SAME_VALUE(CARET_ICU_GCB_LVT, U_GCB_LVT);
CARET_SAME_VALUE(CARET_ICU_GCB_T, U_GCB_T);
CARET_SAME_VALUE(CARET_ICU_GCB_V, U_GCB_V);
CARET_SAME_VALUE(CARET_ICU_GCB_SPACING_MARK, U_GCB_SPACING_MARK);
CARET_SAME_VALUE(CARET_ICU_GCB_PREPEND, U_GCB_PREPEND);
CARET_SAME_VALUE(CARET_ICU_GCB_REGIONAL_INDICATOR, U_GCB_REGIONAL_INDICATOR);
CARET_SAME_VALUE(CARET_ICU_GCB_ZWJ, U_GCB_ZWJ);

static UProperty icu_property(caret_icu_property property) {
    switch (property) {
    case CARET_ICU_PROPERTY_BIDI_CLASS: return UCHAR_BIDI_CLASS;
    case CARET_ICU_PROPERTY_BIDI_PAIRED_BRACKET_TYPE: return UCHAR_BIDI_PAIRED_BRACKET_TYPE;
    case CARET_ICU_PROPERTY_GRAPHEME_CLUSTER_BREAK: return UCHAR_GRAPHEME_CLUSTER_BREAK;
    }
    return UCHAR_INVALID_CODE;
}

const struct caret_icu_property_map *caret_icu_property_map_get(caret_icu_property property,
                                                                caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    const UCPMap *map = u_getIntPropertyMap(icu_property(property), &error);
    *status = error;
    return (const struct caret_icu_property_map *)map;
}

int32_t caret_icu_property_map_range(const struct caret_icu_property_map *map, int32_t start, uint32_t *value) {
    return ucpmap_getRange((const UCPMap *)map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, value);
}

struct caret_icu_set *caret_icu_set_open(const uint16_t *pattern, int32_t length, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    USet *set = uset_openPattern(pattern, length, &error);
    *status = error;
    return (struct caret_icu_set *)set;
}

void caret_icu_set_close(struct caret_icu_set *set) { uset_close((USet *)set); }

int32_t caret_icu_set_range_count(const struct caret_icu_set *set) { return uset_getRangeCount((const USet *)set); }

bool caret_icu_set_range(const struct caret_icu_set *set, int32_t index, int32_t *first, int32_t *last) {
    UErrorCode error = U_ZERO_ERROR;
    // With no string buffer, an item that is a string gives a positive length; a range gives 0.
    int32_t length = uset_getItem((const USet *)set, index, first, last, NULL, 0, &error);
    return length == 0 && U_SUCCESS(error);
}

int32_t caret_icu_bidi_paired_bracket(int32_t c) { return u_getBidiPairedBracket(c); }
