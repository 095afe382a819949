#include "caret_icu_break.h"
#include "same_value.h"

#include <unicode/ubrk.h>
#include <unicode/utext.h>

CARET_SAME_VALUE(CARET_BREAK_CHARACTER, UBRK_CHARACTER);
CARET_SAME_VALUE(CARET_BREAK_WORD, UBRK_WORD);
CARET_SAME_VALUE(CARET_BREAK_LINE, UBRK_LINE);
CARET_SAME_VALUE(CARET_BREAK_SENTENCE, UBRK_SENTENCE);
CARET_SAME_VALUE(CARET_BREAK_DONE, UBRK_DONE);

static UBreakIterator *icu(struct caret_break_iterator *iterator) { return (UBreakIterator *)iterator; }

struct caret_break_iterator *caret_break_open(caret_break_kind kind, const char *locale, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, locale, NULL, 0, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return (struct caret_break_iterator *)iterator;
}

void caret_break_close(struct caret_break_iterator *iterator) { ubrk_close(icu(iterator)); }

struct caret_break_iterator *caret_break_clone(const struct caret_break_iterator *iterator, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBreakIterator *clone = ubrk_clone((const UBreakIterator *)iterator, &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (clone != NULL) ubrk_close(clone);
        return NULL;
    }
    return (struct caret_break_iterator *)clone;
}

void caret_break_set_utf16(struct caret_break_iterator *iterator, const uint16_t *text, int32_t length,
                           caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    ubrk_setText(icu(iterator), text, length, &error);
    *status = error;
}

void caret_break_set_text(struct caret_break_iterator *iterator, struct caret_text *text, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    ubrk_setUText(icu(iterator), (UText *)text, &error);
    *status = error;
}

int32_t caret_break_first(struct caret_break_iterator *iterator) { return ubrk_first(icu(iterator)); }
int32_t caret_break_next(struct caret_break_iterator *iterator) { return ubrk_next(icu(iterator)); }
int32_t caret_break_following(struct caret_break_iterator *iterator, int32_t offset) {
    return ubrk_following(icu(iterator), offset);
}
int32_t caret_break_preceding(struct caret_break_iterator *iterator, int32_t offset) {
    return ubrk_preceding(icu(iterator), offset);
}
bool caret_break_is_boundary(struct caret_break_iterator *iterator, int32_t offset) {
    return ubrk_isBoundary(icu(iterator), offset) != 0;
}
int32_t caret_break_rule_status(struct caret_break_iterator *iterator) { return ubrk_getRuleStatus(icu(iterator)); }
