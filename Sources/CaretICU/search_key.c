#include "caret_icu_search_key.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

// Work buffers: a cluster's key fits in the stack ones; a longer text (a pattern, a cluster of
// hundreds of marks) gets heap buffers of the size ICU asks for.
enum { small = 256 };

typedef struct buffer {
    UChar *units;
    int32_t length;
    int32_t capacity;
    UChar stack[small];
} buffer;

static void buffer_init(buffer *b) {
    b->units = b->stack;
    b->length = 0;
    b->capacity = small;
}

static void buffer_free(buffer *b) {
    if (b->units != b->stack) free(b->units);
}

static int buffer_reserve(buffer *b, int32_t capacity) {
    if (capacity <= b->capacity) return 1;
    UChar *units = malloc(sizeof(UChar) * (size_t)capacity);
    if (units == NULL) return 0;
    buffer_free(b);
    b->units = units;
    b->capacity = capacity;
    return 1;
}

/// `from` decomposed (NFD) into `to`.
static void decompose(const buffer *from, buffer *to, UErrorCode *error) {
    if (U_FAILURE(*error)) return;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(error);
    if (U_FAILURE(*error)) return;
    to->length = unorm2_normalize(nfd, from->units, from->length, to->units, to->capacity, error);
    if (*error == U_BUFFER_OVERFLOW_ERROR) {
        *error = U_ZERO_ERROR;
        if (!buffer_reserve(to, to->length)) { *error = U_MEMORY_ALLOCATION_ERROR; return; }
        to->length = unorm2_normalize(nfd, from->units, from->length, to->units, to->capacity, error);
    }
}

/// `from` case-folded (full folding) into `to`.
static void fold(const buffer *from, buffer *to, uint32_t options, UErrorCode *error) {
    if (U_FAILURE(*error)) return;
    to->length = u_strFoldCase(to->units, to->capacity, from->units, from->length, options, error);
    if (*error == U_BUFFER_OVERFLOW_ERROR) {
        *error = U_ZERO_ERROR;
        if (!buffer_reserve(to, to->length)) { *error = U_MEMORY_ALLOCATION_ERROR; return; }
        to->length = u_strFoldCase(to->units, to->capacity, from->units, from->length, options, error);
    }
}

int32_t caret_search_key_utf8(uint32_t flags, const char *source, int32_t length, char *dest, int32_t capacity,
                              caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    buffer a, b;
    buffer_init(&a);
    buffer_init(&b);
    int32_t result = 0;
    u_strFromUTF8(a.units, a.capacity, &a.length, source, length, &error);
    if (error == U_BUFFER_OVERFLOW_ERROR) {
        error = U_ZERO_ERROR;
        if (!buffer_reserve(&a, a.length)) error = U_MEMORY_ALLOCATION_ERROR;
        else u_strFromUTF8(a.units, a.capacity, &a.length, source, length, &error);
    }
    // `a` holds the text; each step writes the other buffer, and `current` follows.
    buffer *current = &a, *spare = &b, *swap;
    if (flags & (CARET_KEY_DECOMPOSE | CARET_KEY_STRIP_MARKS)) {
        decompose(current, spare, &error);
        swap = current; current = spare; spare = swap;
    }
    if (flags & CARET_KEY_FOLD_CASE) {
        fold(current, spare, (flags & CARET_KEY_TURKIC) ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT, &error);
        swap = current; current = spare; spare = swap;
        if (flags & (CARET_KEY_DECOMPOSE | CARET_KEY_STRIP_MARKS)) {
            decompose(current, spare, &error);
            swap = current; current = spare; spare = swap;
        }
    }
    if ((flags & CARET_KEY_STRIP_MARKS) && U_SUCCESS(error)) {
        int32_t kept = 0, i = 0;
        while (i < current->length) {
            int32_t start = i;
            UChar32 c;
            U16_NEXT(current->units, i, current->length, c);
            if (u_getCombiningClass(c) != 0) continue;
            while (start < i) current->units[kept++] = current->units[start++];
        }
        current->length = kept;
    }
    if (U_SUCCESS(error)) u_strToUTF8(dest, capacity, &result, current->units, current->length, &error);
    if (error == U_STRING_NOT_TERMINATED_WARNING) error = U_ZERO_ERROR;
    buffer_free(&a);
    buffer_free(&b);
    *status = error;
    return result;
}

uint8_t caret_combining_class(uint32_t scalar) { return u_getCombiningClass((UChar32)scalar); }
