#include "caret_icu_search_key.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
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

/// The key of `a`'s text for `flags`, computed in `a` and `b`: returns the one holding it.
static buffer *key_of(uint32_t flags, buffer *a, buffer *b, UErrorCode *error) {
    buffer *current = a, *spare = b, *swap;
    if (flags & (CARET_KEY_DECOMPOSE | CARET_KEY_STRIP_MARKS)) {
        decompose(current, spare, error);
        swap = current; current = spare; spare = swap;
    }
    if (flags & CARET_KEY_FOLD_CASE) {
        fold(current, spare, (flags & CARET_KEY_TURKIC) ? U_FOLD_CASE_EXCLUDE_SPECIAL_I : U_FOLD_CASE_DEFAULT, error);
        swap = current; current = spare; spare = swap;
        if (flags & (CARET_KEY_DECOMPOSE | CARET_KEY_STRIP_MARKS)) {
            decompose(current, spare, error);
            swap = current; current = spare; spare = swap;
        }
    }
    if ((flags & CARET_KEY_STRIP_MARKS) && U_SUCCESS(*error)) {
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
    return current;
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
    buffer *current = key_of(flags, &a, &b, &error);
    if (U_SUCCESS(error)) u_strToUTF8(dest, capacity, &result, current->units, current->length, &error);
    if (error == U_STRING_NOT_TERMINATED_WARNING) error = U_ZERO_ERROR;
    buffer_free(&a);
    buffer_free(&b);
    *status = error;
    return result;
}

// Sources of a scalar: which scalars' keys contain it. A scalar that is inert under NFD and
// unchanged by every case mapping is its own key under any flags; the others are few (about
// 3,000 besides the Hangul syllables, whose NFD is algorithmic: L V or L V T jamo, which no
// folding or mark stripping changes), so each has its key computed here.

enum { hangul_base = 0xAC00, hangul_count = 11172, jamo_l = 0x1100, jamo_v = 0x1161, jamo_t = 0x11A7,
       jamo_v_count = 21, jamo_t_count = 28 };

typedef struct sources {
    uint32_t flags;
    UChar32 target;
    uint32_t *out;
    int32_t capacity;
    int32_t count;
    UErrorCode error;
} sources;

static void add_source(sources *s, UChar32 c) {
    if (s->count < s->capacity) s->out[s->count] = (uint32_t)c;
    s->count += 1;
}

/// Adds `c` when it is not the target and its key contains the target.
static void check_source(sources *s, UChar32 c) {
    if (c == s->target || (c >= hangul_base && c < hangul_base + hangul_count)) return;
    if (U_IS_SURROGATE(c) || U_FAILURE(s->error)) return;
    buffer a, b;
    buffer_init(&a);
    buffer_init(&b);
    a.length = 0;
    U16_APPEND_UNSAFE(a.units, a.length, c);
    buffer *key = key_of(s->flags, &a, &b, &s->error);
    int32_t i = 0;
    int found = 0;
    while (U_SUCCESS(s->error) && i < key->length && !found) {
        UChar32 k;
        U16_NEXT(key->units, i, key->length, k);
        found = k == s->target;
    }
    buffer_free(&a);
    buffer_free(&b);
    if (found) add_source(s, c);
}

/// Checks every scalar of `set`, or of its complement when `complement` is set.
static void check_set(sources *s, const USet *set, int complement) {
    UChar32 next = 0;
    int32_t ranges = uset_getRangeCount(set);
    for (int32_t r = 0; r < ranges && U_SUCCESS(s->error); r++) {
        UChar32 start, end;
        UErrorCode error = U_ZERO_ERROR;
        uset_getItem(set, r, &start, &end, NULL, 0, &error);
        if (U_FAILURE(error)) { s->error = error; return; }
        if (complement) {
            for (UChar32 c = next; c < start; c++) check_source(s, c);
            next = end + 1;
        } else {
            for (UChar32 c = start; c <= end; c++) check_source(s, c);
        }
    }
    if (complement) for (UChar32 c = next; c <= 0x10FFFF; c++) check_source(s, c);
}

int32_t caret_search_key_sources(uint32_t flags, uint32_t target, uint32_t *out, int32_t capacity,
                                 caret_icu_status *status) {
    sources s = { flags, (UChar32)target, out, capacity, 0, U_ZERO_ERROR };
    // The scalars that are not NFD-inert (a decomposition, or a combining class)...
    const USet *inert = u_getBinaryPropertySet(UCHAR_NFD_INERT, &s.error);
    if (U_SUCCESS(s.error)) check_set(&s, inert, 1);
    // ...the inert ones some case mapping changes (a superset of those folding changes)...
    if ((flags & CARET_KEY_FOLD_CASE) && U_SUCCESS(s.error)) {
        const UProperty cased[] = { UCHAR_CHANGES_WHEN_CASEFOLDED, UCHAR_CHANGES_WHEN_LOWERCASED,
                                    UCHAR_CHANGES_WHEN_UPPERCASED, UCHAR_CHANGES_WHEN_TITLECASED };
        USet *changing = uset_openEmpty();
        for (int p = 0; p < 4 && U_SUCCESS(s.error); p++) {
            const USet *set = u_getBinaryPropertySet(cased[p], &s.error);
            if (U_SUCCESS(s.error)) uset_addAll(changing, set);
        }
        if (U_SUCCESS(s.error)) {
            uset_retainAll(changing, inert);
            check_set(&s, changing, 0);
        }
        uset_close(changing);
    }
    // ...and the Hangul syllables, whose key (decomposing) is their jamo: the syllables with
    // the target as leading consonant, vowel or trailing consonant.
    if ((flags & (CARET_KEY_DECOMPOSE | CARET_KEY_STRIP_MARKS)) && U_SUCCESS(s.error)) {
        UChar32 t = s.target;
        for (int32_t i = 0; i < hangul_count; i++) {
            int32_t l = i / (jamo_v_count * jamo_t_count);
            int32_t v = (i / jamo_t_count) % jamo_v_count;
            int32_t tail = i % jamo_t_count;
            if (t == jamo_l + l || t == jamo_v + v || (tail != 0 && t == jamo_t + tail)) add_source(&s, hangul_base + i);
        }
    }
    *status = (caret_icu_status)s.error;
    return s.count;
}

uint8_t caret_combining_class(uint32_t scalar) { return u_getCombiningClass((UChar32)scalar); }
