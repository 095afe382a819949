// Regular expressions (ICU's `URegularExpression`) matched against a whole flat UTF-16 text,
// with ICU's hit-end: whether more text could have changed the answer.
#ifndef CARET_ICU_REGEX_H
#define CARET_ICU_REGEX_H

#include "caret_icu_status.h"

/// A compiled ICU regular expression with its own matcher (not safe to use from two threads
/// at once).
struct caret_regex;

/// Compiles `pattern` (UTF-16, `length` units; ICU's syntax, no flags: write `(?i)` and the
/// like inside the pattern). On a syntax error returns NULL with the failure in `status`
/// (`U_REGEX_…`) and where ICU stopped in `error_line` (1-based; 0 when unknown) and
/// `error_offset` (UTF-16 units into that line; -1 when unknown).
struct caret_regex *caret_regex_open(const uint16_t *pattern, int32_t length, int32_t *error_line,
                                     int32_t *error_offset, caret_icu_status *status);
void caret_regex_close(struct caret_regex *regex);

/// Whether the whole of `text` (UTF-16, `length` units; it need not outlive the call) matches.
/// `hit_end` tells whether the matcher reached the end of the text while deciding (ICU's
/// `uregex_hitEnd`): after a failed match, true means appended text could still make a match.
bool caret_regex_matches(struct caret_regex *regex, const uint16_t *text, int32_t length, bool *hit_end,
                         caret_icu_status *status);

#endif
