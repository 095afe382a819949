// Character properties, read whole to build Caret's own code point tables.
#ifndef CARET_ICU_PROPERTIES_H
#define CARET_ICU_PROPERTIES_H

#include "caret_icu_status.h"

/// The enumerated properties Caret reads whole.
typedef enum caret_icu_property {
    CARET_ICU_PROPERTY_BIDI_CLASS,
    CARET_ICU_PROPERTY_BIDI_PAIRED_BRACKET_TYPE,
    CARET_ICU_PROPERTY_GRAPHEME_CLUSTER_BREAK,
} caret_icu_property;

/// Values of Bidi_Class (UAX #9, Table 4), numbered as ICU numbers them.
typedef enum caret_icu_bidi_class {
    CARET_ICU_BIDI_L = 0, CARET_ICU_BIDI_R, CARET_ICU_BIDI_EN, CARET_ICU_BIDI_ES, CARET_ICU_BIDI_ET,
    CARET_ICU_BIDI_AN, CARET_ICU_BIDI_CS, CARET_ICU_BIDI_B, CARET_ICU_BIDI_S, CARET_ICU_BIDI_WS,
    CARET_ICU_BIDI_ON, CARET_ICU_BIDI_LRE, CARET_ICU_BIDI_LRO, CARET_ICU_BIDI_AL, CARET_ICU_BIDI_RLE,
    CARET_ICU_BIDI_RLO, CARET_ICU_BIDI_PDF, CARET_ICU_BIDI_NSM, CARET_ICU_BIDI_BN, CARET_ICU_BIDI_FSI,
    CARET_ICU_BIDI_LRI, CARET_ICU_BIDI_RLI, CARET_ICU_BIDI_PDI,
} caret_icu_bidi_class;

/// Values of Bidi_Paired_Bracket_Type.
typedef enum caret_icu_bracket_type {
    CARET_ICU_BRACKET_NONE = 0, CARET_ICU_BRACKET_OPEN = 1, CARET_ICU_BRACKET_CLOSE = 2,
} caret_icu_bracket_type;

/// Values of Grapheme_Cluster_Break (UAX #29), numbered as ICU numbers them.
typedef enum caret_icu_grapheme_break {
    CARET_ICU_GCB_OTHER = 0, CARET_ICU_GCB_CONTROL = 1, CARET_ICU_GCB_CR = 2, CARET_ICU_GCB_EXTEND = 3,
    CARET_ICU_GCB_L = 4, CARET_ICU_GCB_LF = 5, CARET_ICU_GCB_LV = 6, CARET_ICU_GCB_LVT = 7,
    CARET_ICU_GCB_T = 8, CARET_ICU_GCB_V = 9, CARET_ICU_GCB_SPACING_MARK = 10, CARET_ICU_GCB_PREPEND = 11,
    CARET_ICU_GCB_REGIONAL_INDICATOR = 12, CARET_ICU_GCB_ZWJ = 17,
} caret_icu_grapheme_break;

/// ICU's map of one enumerated property over all code points; owned by ICU, never freed.
struct caret_icu_property_map;

/// The map of `property`; NULL with a failure in `status` when ICU has no data for it.
const struct caret_icu_property_map *caret_icu_property_map_get(caret_icu_property property,
                                                                caret_icu_status *status);

/// The last code point of the range that starts at `start` and shares one value, which goes to
/// `*value`; negative when `start` is past 0x10FFFF.
int32_t caret_icu_property_map_range(const struct caret_icu_property_map *map, int32_t start, uint32_t *value);

/// A set of code points (ICU's `USet`), from a pattern in UnicodeSet syntax.
struct caret_icu_set;

/// The set `pattern` (UTF-16, `length` units) describes; NULL with a failure in `status` when
/// ICU rejects the pattern. Close it with `caret_icu_set_close`.
struct caret_icu_set *caret_icu_set_open(const uint16_t *pattern, int32_t length, caret_icu_status *status);
void caret_icu_set_close(struct caret_icu_set *set);

/// The number of ranges of code points in `set`.
int32_t caret_icu_set_range_count(const struct caret_icu_set *set);

/// Range `index` (0..<range count) of `set` as `*first...*last`; false when there is none.
bool caret_icu_set_range(const struct caret_icu_set *set, int32_t index, int32_t *first, int32_t *last);

/// Bidi_Paired_Bracket of `c`: the bracket that pairs with it, or `c` itself.
int32_t caret_icu_bidi_paired_bracket(int32_t c);

#endif
