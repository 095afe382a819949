// Break iterators (UAX #29 characters, words and sentences; UAX #14 lines), over a flat UTF-16
// buffer or over a `caret_text`. Offsets are UTF-16 units in both cases.
#ifndef CARET_ICU_BREAK_H
#define CARET_ICU_BREAK_H

#include "caret_icu_status.h"
#include "caret_icu_text.h"

/// The kinds of boundary ICU finds.
typedef enum caret_break_kind {
    CARET_BREAK_CHARACTER = 0,
    CARET_BREAK_WORD = 1,
    CARET_BREAK_LINE = 2,
    CARET_BREAK_SENTENCE = 3,
} caret_break_kind;

/// What the moving calls return when there is no further boundary.
#define CARET_BREAK_DONE (-1)

/// An ICU break iterator (`UBreakIterator`).
struct caret_break_iterator;

/// An iterator of `kind` for `locale` (a C string, "" for the root locale; ICU's keywords such
/// as "@ss=standard" work), with no text yet. NULL with a failure in `status`.
struct caret_break_iterator *caret_break_open(caret_break_kind kind, const char *locale, caret_icu_status *status);
void caret_break_close(struct caret_break_iterator *iterator);

/// A copy of `iterator` (its kind, locale and rules; its text is the same, so set a new one).
/// Much cheaper than `caret_break_open`, which reads the rules afresh. `iterator` is only read.
/// NULL with a failure in `status`.
struct caret_break_iterator *caret_break_clone(const struct caret_break_iterator *iterator, caret_icu_status *status);

/// Sets a flat UTF-16 text. The buffer must outlive its use by the iterator.
void caret_break_set_utf16(struct caret_break_iterator *iterator, const uint16_t *text, int32_t length,
                           caret_icu_status *status);

/// Sets a text read in pieces. The iterator keeps its own clone of `text` (and so a retain of
/// its source); `text` may be closed afterwards.
void caret_break_set_text(struct caret_break_iterator *iterator, struct caret_text *text, caret_icu_status *status);

/// The first boundary (0), then each following one, then `CARET_BREAK_DONE`.
int32_t caret_break_first(struct caret_break_iterator *iterator);
int32_t caret_break_next(struct caret_break_iterator *iterator);
/// The first boundary after `offset`, or `CARET_BREAK_DONE`.
int32_t caret_break_following(struct caret_break_iterator *iterator, int32_t offset);
/// The last boundary before `offset`, or `CARET_BREAK_DONE`.
int32_t caret_break_preceding(struct caret_break_iterator *iterator, int32_t offset);
/// True when `offset` is a boundary; leaves the iterator at or after `offset`.
bool caret_break_is_boundary(struct caret_break_iterator *iterator, int32_t offset);
/// The status of the rule that made the boundary last returned: for words, the kind of the
/// segment before it (0..<100 none, 100..<200 number, 200..<300 letter, 300..<400 kana,
/// 400..<500 ideographic); for lines, 0..<100 soft and 100..<200 mandatory.
int32_t caret_break_rule_status(struct caret_break_iterator *iterator);

#endif
