#include "caret_icu_regex.h"
#include "same_value.h"

#include <unicode/uregex.h>
#include <unicode/utext.h>

CARET_SAME_VALUE(CARET_REGEX_CASE_INSENSITIVE, UREGEX_CASE_INSENSITIVE);
CARET_SAME_VALUE(CARET_REGEX_COMMENTS, UREGEX_COMMENTS);
CARET_SAME_VALUE(CARET_REGEX_MULTILINE, UREGEX_MULTILINE);
CARET_SAME_VALUE(CARET_REGEX_LITERAL, UREGEX_LITERAL);
CARET_SAME_VALUE(CARET_REGEX_DOTALL, UREGEX_DOTALL);
CARET_SAME_VALUE(CARET_REGEX_UNICODE_WORD, UREGEX_UWORD);

static URegularExpression *icu(struct caret_regex *regex) { return (URegularExpression *)regex; }

struct caret_regex *caret_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags, int32_t *error_offset,
                                     caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UParseError parse = {0};
    parse.offset = -1;
    URegularExpression *regex = uregex_open(pattern, length, flags, &parse, &error);
    *status = error;
    if (error_offset != NULL) *error_offset = U_FAILURE(error) ? parse.offset : -1;
    if (U_FAILURE(error)) {
        if (regex != NULL) uregex_close(regex);
        return NULL;
    }
    return (struct caret_regex *)regex;
}

struct caret_regex *caret_regex_clone(struct caret_regex *regex, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    URegularExpression *clone = uregex_clone(icu(regex), &error);
    *status = error;
    if (U_FAILURE(error)) {
        if (clone != NULL) uregex_close(clone);
        return NULL;
    }
    return (struct caret_regex *)clone;
}

void caret_regex_close(struct caret_regex *regex) { uregex_close(icu(regex)); }

void caret_regex_set_utf16(struct caret_regex *regex, const uint16_t *text, int32_t length, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    uregex_setText(icu(regex), text, length, &error);
    *status = error;
}

void caret_regex_set_text(struct caret_regex *regex, struct caret_text *text, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    uregex_setUText(icu(regex), (UText *)text, &error);
    *status = error;
}

void caret_regex_set_region(struct caret_regex *regex, int64_t start, int64_t limit, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    uregex_setRegion64(icu(regex), start, limit, &error);
    *status = error;
}

bool caret_regex_find(struct caret_regex *regex, int64_t start, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBool found = uregex_find64(icu(regex), start, &error);
    *status = error;
    return found != 0 && U_SUCCESS(error);
}

/* The find-progress callback's context: the last start position worth trying. */
typedef struct {
    int64_t stop;
} find_limit;

static UBool keep_finding(const void *context, int64_t index) {
    return index <= ((const find_limit *)context)->stop;
}

int32_t caret_regex_find_until(struct caret_regex *regex, int64_t start, int64_t limit, int64_t stop,
                               caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    uregex_setRegion64(icu(regex), start, limit, &error);
    find_limit context = {stop};
    uregex_setFindProgressCallback(icu(regex), stop >= 0 ? keep_finding : NULL, &context, &error);
    UBool found = uregex_findNext(icu(regex), &error);
    int32_t result = found ? 1 : 0;
    if (error == U_REGEX_STOPPED_BY_CALLER) {
        error = U_ZERO_ERROR;
        result = -1;
    }
    /* The context lives on this stack frame only. */
    UErrorCode ignored = U_ZERO_ERROR;
    uregex_setFindProgressCallback(icu(regex), NULL, NULL, &ignored);
    *status = error;
    return U_SUCCESS(error) ? result : 0;
}

bool caret_regex_find_next(struct caret_regex *regex, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBool found = uregex_findNext(icu(regex), &error);
    *status = error;
    return found != 0 && U_SUCCESS(error);
}

bool caret_regex_looking_at(struct caret_regex *regex, int64_t start, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBool found = uregex_lookingAt64(icu(regex), start, &error);
    *status = error;
    return found != 0 && U_SUCCESS(error);
}

int32_t caret_regex_group_count(struct caret_regex *regex, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    int32_t count = uregex_groupCount(icu(regex), &error);
    *status = error;
    return count;
}

int64_t caret_regex_start(struct caret_regex *regex, int32_t group, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    int64_t start = uregex_start64(icu(regex), group, &error);
    *status = error;
    return start;
}

int64_t caret_regex_end(struct caret_regex *regex, int32_t group, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    int64_t end = uregex_end64(icu(regex), group, &error);
    *status = error;
    return end;
}

bool caret_regex_matches(struct caret_regex *regex, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBool matched = uregex_matches64(icu(regex), -1, &error);
    *status = error;
    return matched != 0 && U_SUCCESS(error);
}

bool caret_regex_hit_end(struct caret_regex *regex, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBool hit = uregex_hitEnd(icu(regex), &error);
    *status = error;
    return hit != 0;
}

bool caret_regex_require_end(struct caret_regex *regex, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UBool required = uregex_requireEnd(icu(regex), &error);
    *status = error;
    return required != 0;
}

void caret_regex_set_bounds(struct caret_regex *regex, bool transparent, bool anchoring, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    uregex_useTransparentBounds(icu(regex), transparent, &error);
    uregex_useAnchoringBounds(icu(regex), anchoring, &error);
    *status = error;
}

int32_t caret_regex_group_number(struct caret_regex *regex, const uint16_t *name, int32_t length,
                                 caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    int32_t number = uregex_groupNumberFromName(icu(regex), name, length, &error);
    *status = error;
    return number;
}
