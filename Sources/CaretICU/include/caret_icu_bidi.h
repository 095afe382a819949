// The Unicode Bidirectional Algorithm as ICU implements it (`UBiDi`): the reference that
// Caret's own resolver is tested against, and L2 reordering, which the engine uses.
#ifndef CARET_ICU_BIDI_H
#define CARET_ICU_BIDI_H

#include "caret_icu_status.h"

/// The paragraph level that asks for rules P2–P3 (the first strong character outside isolates
/// decides; none gives 0).
#define CARET_BIDI_DEFAULT_LTR 0xFE

/// An ICU bidi object; holds the last paragraph set.
struct caret_bidi;

/// NULL with a failure in `status` when ICU cannot allocate it.
struct caret_bidi *caret_bidi_open(caret_icu_status *status);
void caret_bidi_close(struct caret_bidi *bidi);

/// Resolves one paragraph of UTF-16 `text` (which must outlive the results' use) at
/// `paragraph_level` (0–125, or `CARET_BIDI_DEFAULT_LTR`).
void caret_bidi_set_paragraph(struct caret_bidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraph_level,
                              caret_icu_status *status);

/// The paragraph level of the paragraph last set.
uint8_t caret_bidi_paragraph_level(const struct caret_bidi *bidi);

/// One level per UTF-16 unit of the paragraph last set (L1 applied); owned by `bidi`.
const uint8_t *caret_bidi_levels(struct caret_bidi *bidi, caret_icu_status *status);

/// ICU's visual order of the paragraph last set: `map[visual index] == logical index`, one
/// entry per UTF-16 unit.
void caret_bidi_visual_map(struct caret_bidi *bidi, int32_t *map, caret_icu_status *status);

/// L2: the visual order of `length` items with the given levels (each at most 126), as
/// `map[visual index] == logical index`.
void caret_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *map);

#endif
