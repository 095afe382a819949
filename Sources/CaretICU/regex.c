#include "caret_icu_regex.h"

#include <unicode/uregex.h>

static URegularExpression *icu(struct caret_regex *regex) { return (URegularExpression *)regex; }

struct caret_regex *caret_regex_open(const uint16_t *pattern, int32_t length, int32_t *error_line,
                                     int32_t *error_offset, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UParseError parse = {0};
    parse.line = 0;
    parse.offset = -1;
    URegularExpression *regex = uregex_open(pattern, length, 0, &parse, &error);
    *status = error;
    *error_line = parse.line;
    *error_offset = parse.offset;
    if (U_FAILURE(error)) {
        if (regex != NULL) uregex_close(regex);
        return NULL;
    }
    return (struct caret_regex *)regex;
}

void caret_regex_close(struct caret_regex *regex) { uregex_close(icu(regex)); }

bool caret_regex_matches(struct caret_regex *regex, const uint16_t *text, int32_t length, bool *hit_end,
                         caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    // ICU wants a non-NULL buffer even for an empty text.
    static const UChar empty[1] = {0};
    uregex_setText(icu(regex), length == 0 ? empty : text, length, &error);
    UBool matched = uregex_matches(icu(regex), -1, &error);
    *hit_end = uregex_hitEnd(icu(regex), &error) != 0;
    // Drop the pointer to the caller's buffer, which need not outlive the call.
    uregex_setText(icu(regex), empty, 0, &error);
    *status = error;
    return U_SUCCESS(error) && matched;
}
