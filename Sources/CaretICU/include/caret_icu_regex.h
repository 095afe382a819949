// Regular expressions (ICU's `URegularExpression`) over a flat UTF-16 buffer or a `caret_text`;
// offsets are UTF-16 units in both cases. `caret_regex_hit_end` tells whether more text after
// the end could have changed the result (for matching while the user types).
#ifndef CARET_ICU_REGEX_H
#define CARET_ICU_REGEX_H

#include "caret_icu_status.h"
#include "caret_icu_text.h"

/// Pattern flags, combined with `|` (ICU's `URegexpFlag` values).
#define CARET_REGEX_CASE_INSENSITIVE 2u
#define CARET_REGEX_COMMENTS 4u
#define CARET_REGEX_MULTILINE 8u
#define CARET_REGEX_LITERAL 16u
#define CARET_REGEX_DOTALL 32u
#define CARET_REGEX_UNICODE_WORD 256u

/// A compiled pattern with its matcher state and the text last set.
struct caret_regex;

/// Compiles `pattern` (UTF-16, `length` units). On a syntax error returns NULL with a failure in
/// `status` and the UTF-16 offset of the error in `*error_offset` (when not NULL; -1 if unknown).
struct caret_regex *caret_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags, int32_t *error_offset,
                                     caret_icu_status *status);
/// A matcher of the same compiled pattern (ICU's `uregex_clone`: the pattern is shared, not
/// compiled again), with no text; NULL on failure (`status` says why).
struct caret_regex *caret_regex_clone(struct caret_regex *regex, caret_icu_status *status);

void caret_regex_close(struct caret_regex *regex);

/// Sets a flat UTF-16 text; the buffer must outlive its use. Resets the matcher.
void caret_regex_set_utf16(struct caret_regex *regex, const uint16_t *text, int32_t length, caret_icu_status *status);
/// Sets a text read in pieces (the matcher keeps its own clone; `text` may be closed after).
void caret_regex_set_text(struct caret_regex *regex, struct caret_text *text, caret_icu_status *status);

/// Limits matching to `start..<limit` of the text (anchors and lookaround see only the region).
void caret_regex_set_region(struct caret_regex *regex, int64_t start, int64_t limit, caret_icu_status *status);

/// The first match at or after `start`; false when there is none.
bool caret_regex_find(struct caret_regex *regex, int64_t start, caret_icu_status *status);
/// The next match after the last one (or from the region's start); false when there is none.
bool caret_regex_find_next(struct caret_regex *regex, caret_icu_status *status);
/// True when the pattern matches the whole text (the whole region when one is set): ICU's
/// `uregex_matches`, as a field's validation pattern needs it.
bool caret_regex_matches(struct caret_regex *regex, caret_icu_status *status);
/// True when the pattern matches a prefix of the text from `start` (the region's start when -1).
bool caret_regex_looking_at(struct caret_regex *regex, int64_t start, caret_icu_status *status);

/// The number of capture groups of the pattern.
int32_t caret_regex_group_count(struct caret_regex *regex, caret_icu_status *status);
/// Start and end of group `group` (0: the whole match) of the last match; -1 when it took no part.
int64_t caret_regex_start(struct caret_regex *regex, int32_t group, caret_icu_status *status);
int64_t caret_regex_end(struct caret_regex *regex, int32_t group, caret_icu_status *status);

/// Searches the region `start..<limit` (resetting the matcher) for the first match, giving up
/// once every start at or before `stop` failed (`stop` < 0: no such limit; ICU's find-progress
/// callback). Returns 1 for a match, 0 for none in the region, -1 when it gave up: no match
/// starts in `start...stop`. `caret_regex_hit_end` then says whether any attempt read to the
/// end of the text.
int32_t caret_regex_find_until(struct caret_regex *regex, int64_t start, int64_t limit, int64_t stop,
                               caret_icu_status *status);

/// True when the last match attempt reached the end of the text (or region): more text there
/// could have changed the result.
bool caret_regex_hit_end(struct caret_regex *regex, caret_icu_status *status);
/// True when more text could turn the last match into no match.
bool caret_regex_require_end(struct caret_regex *regex, caret_icu_status *status);


/// Lets lookaround and `\b` see the text outside the region (`transparent`) and keeps `^`/`$`
/// from matching at the region's ends unless they are the text's (`anchoring` false), so that
/// a search inside a window of the text answers as it would on the whole text.
void caret_regex_set_bounds(struct caret_regex *regex, bool transparent, bool anchoring, caret_icu_status *status);

/// The number of the capture group named `name` (UTF-16, `length` units); a failure in
/// `status` when the pattern has no such group.
int32_t caret_regex_group_number(struct caret_regex *regex, const uint16_t *name, int32_t length,
                                 caret_icu_status *status);

#endif
