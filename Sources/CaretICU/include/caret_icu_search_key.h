// The search key of a piece of text (a grapheme cluster, or a whole pattern): what a
// case-, diacritic- or normalisation-insensitive search compares. Canonical decomposition
// (NFD), then full Unicode case folding (default or Turkic), NFD again (folding can produce
// decomposable text), then, for diacritic-insensitive search, every scalar with a non-zero
// canonical combining class removed. Unicode's canonical caseless match (D145) is exactly
// "same key with folding and decomposition".
#ifndef CARET_ICU_SEARCH_KEY_H
#define CARET_ICU_SEARCH_KEY_H

#include "caret_icu_status.h"

/// Flags for `caret_search_key_utf8`, combined with `|`.
#define CARET_KEY_DECOMPOSE 1u
#define CARET_KEY_FOLD_CASE 2u
/// Turkic folding: I folds to dotless ı and İ to i (ICU's U_FOLD_CASE_EXCLUDE_SPECIAL_I).
#define CARET_KEY_TURKIC 4u
#define CARET_KEY_STRIP_MARKS 8u

/// The key of `source` (valid UTF-8, `length` bytes) for `flags`, as UTF-8 into `dest`
/// (`capacity` bytes); returns its length. When it is longer than `capacity`, `status` is
/// `CARET_ICU_BUFFER_OVERFLOW` and the return value the capacity needed.
int32_t caret_search_key_utf8(uint32_t flags, const char *source, int32_t length, char *dest, int32_t capacity,
                              caret_icu_status *status);

/// The scalars other than `target` whose key for `flags` contains the scalar `target`, into
/// `out` (`capacity` scalars, in no particular order); returns how many there are, which may
/// exceed `capacity` (then call again with room for them). Every scalar not returned has a key
/// without `target` unless it is `target`: a text's key starts with `target` only where a
/// cluster holds `target` or one of these. A few milliseconds: about 3,000 keys computed.
int32_t caret_search_key_sources(uint32_t flags, uint32_t target, uint32_t *out, int32_t capacity,
                                 caret_icu_status *status);

/// The canonical combining class of `scalar` (0 for starters).
uint8_t caret_combining_class(uint32_t scalar);

#endif
