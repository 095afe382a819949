// The `UText` provider over a `caret_text_source`. Native indexes are UTF-16 offsets, so a
// chunk's native range is its UTF-16 range and every offset in it maps to itself
// (`nativeIndexingLimit` covers the whole chunk): ICU never needs the two mapping functions,
// which are there for completeness.
#include "caret_icu_text.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/utext.h>
#include <unicode/utf16.h>

/// Each UText's own state, in its `pExtra` (ICU frees that space on close).
///
/// Two pieces are kept: the current one and the one before it. ICU's rules look ahead past a
/// boundary and then come back to it, so a walk that crosses a seam between pieces steps back
/// into the previous piece and forward again: with one buffer each crossing read both pieces
/// again through the source (a callback and a conversion to UTF-16 each), about twice the text
/// in all for a whole-document word walk. With the last piece kept, going back is a swap.
typedef struct piece_state {
    caret_text_source source;
    uint16_t *units;     // the current piece; never NULL, so `chunkContents` never is
    int32_t capacity;    // of `units`, in UTF-16 units
    bool loaded;         // false until the first piece is read
    uint16_t *kept;      // the piece current before it (NULL until there is one)
    int32_t kept_capacity;
    int64_t kept_start;  // its native range, empty when none
    int64_t kept_limit;
} piece_state;

static const UTextFuncs piece_funcs;

static piece_state *state_of(const UText *ut) { return (piece_state *)ut->pExtra; }

static void publish_empty(UText *ut) {
    piece_state *s = state_of(ut);
    ut->chunkContents = s->units;
    ut->chunkLength = 0;
    ut->chunkNativeStart = 0;
    ut->chunkNativeLimit = 0;
    ut->nativeIndexingLimit = 0;
    ut->chunkOffset = 0;
    s->loaded = true;
}

/// Swaps the current piece's buffer with the kept one; the current piece's native range
/// becomes the kept one's. The caller publishes the new current piece.
static void swap_pieces(UText *ut) {
    piece_state *s = state_of(ut);
    uint16_t *units = s->units;
    int32_t capacity = s->capacity;
    s->units = s->kept;
    s->capacity = s->kept_capacity;
    s->kept = units;
    s->kept_capacity = capacity;
    if (s->loaded) {
        s->kept_start = ut->chunkNativeStart;
        s->kept_limit = ut->chunkNativeLimit;
    } else {
        s->kept_start = s->kept_limit = 0;
    }
}

/// Swaps the kept piece in as ICU's chunk: `n` units from native index `start`.
static bool make_current(UText *ut, int64_t start, int32_t n) {
    piece_state *s = state_of(ut);
    swap_pieces(ut);
    ut->chunkContents = s->units;
    ut->chunkLength = n;
    ut->chunkNativeStart = start;
    ut->chunkNativeLimit = start + n;
    ut->nativeIndexingLimit = n;
    ut->chunkOffset = 0;
    s->loaded = true;
    return true;
}

/// Makes the piece that holds unit `index` (0 <= index < length) current: the kept piece when
/// it holds it, else a new read into the kept piece's buffer (the current piece is kept). False
/// when the source misbehaves or memory runs out; the current piece is then left as it was.
static bool load(UText *ut, int64_t index) {
    piece_state *s = state_of(ut);
    if (s->kept != NULL && s->kept_start <= index && index < s->kept_limit) {
        return make_current(ut, s->kept_start, (int32_t)(s->kept_limit - s->kept_start));
    }
    if (s->kept == NULL) {
        s->kept = (uint16_t *)malloc((size_t)s->capacity * sizeof(uint16_t));
        if (s->kept == NULL) return false;
        s->kept_capacity = s->capacity;
        s->kept_start = s->kept_limit = 0;
    }
    // Read into the spare buffer, so that a failure leaves the current piece as it was.
    int64_t start = 0;
    int32_t n = s->source.read(s->source.context, index, s->kept, s->kept_capacity, &start);
    if (n > s->kept_capacity) {
        uint16_t *grown = (uint16_t *)malloc((size_t)n * sizeof(uint16_t));
        if (grown == NULL) return false;
        free(s->kept);
        s->kept = grown;
        s->kept_capacity = n;
        s->kept_start = s->kept_limit = 0;
        n = s->source.read(s->source.context, index, s->kept, s->kept_capacity, &start);
    }
    if (n <= 0 || n > s->kept_capacity || start > index || index >= start + n) {
        s->kept_start = s->kept_limit = 0;   // its contents are no longer the kept piece
        return false;
    }
    return make_current(ut, start, n);
}

static bool holds(const UText *ut, int64_t index) {
    return state_of(ut)->loaded && ut->chunkNativeStart <= index && index < ut->chunkNativeLimit;
}

/// ICU's `access`: forward, make the piece holding `index` current; backward, the piece
/// holding the unit before it. At the two ends, the end piece with ICU's conventions.
static UBool piece_access(UText *ut, int64_t index, UBool forward) {
    piece_state *s = state_of(ut);
    int64_t length = s->source.length;
    if (index < 0) index = 0;
    if (index > length) index = length;
    if (length == 0) {
        publish_empty(ut);
        return false;
    }
    if (forward) {
        if (index >= length) {
            if (!(s->loaded && ut->chunkNativeLimit == length) && !load(ut, length - 1)) return false;
            ut->chunkOffset = ut->chunkLength;
            return false;
        }
        if (!holds(ut, index) && !load(ut, index)) return false;
        ut->chunkOffset = (int32_t)(index - ut->chunkNativeStart);
        return true;
    }
    if (index <= 0) {
        if (!(s->loaded && ut->chunkNativeStart == 0) && !load(ut, 0)) return false;
        ut->chunkOffset = 0;
        return false;
    }
    if (!holds(ut, index - 1) && !load(ut, index - 1)) return false;
    ut->chunkOffset = (int32_t)(index - ut->chunkNativeStart);
    return true;
}

static int64_t piece_native_length(UText *ut) { return state_of(ut)->source.length; }

/// `index` pinned to the text and moved back to the start of its code point.
static int64_t code_point_start(UText *ut, int64_t index) {
    int64_t length = state_of(ut)->source.length;
    if (index <= 0) return 0;
    if (index >= length) return length;
    if (!piece_access(ut, index, true)) return index;
    if (!U16_IS_TRAIL(ut->chunkContents[ut->chunkOffset])) return index;
    if (!piece_access(ut, index, false) || ut->chunkOffset == 0) return index;
    return U16_IS_LEAD(ut->chunkContents[ut->chunkOffset - 1]) ? index - 1 : index;
}

static int32_t piece_extract(UText *ut, int64_t native_start, int64_t native_limit, UChar *dest,
                             int32_t capacity, UErrorCode *status) {
    if (U_FAILURE(*status)) return 0;
    if (native_start > native_limit || capacity < 0 || (capacity > 0 && dest == NULL)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int64_t x = code_point_start(ut, native_start);
    int64_t limit = code_point_start(ut, native_limit);
    int32_t written = 0;
    while (x < limit && piece_access(ut, x, true)) {
        int64_t piece_end = ut->chunkNativeLimit < limit ? ut->chunkNativeLimit : limit;
        int32_t from = ut->chunkOffset, to = (int32_t)(piece_end - ut->chunkNativeStart);
        for (int32_t k = from; k < to; k++, written++) {
            if (written < capacity) dest[written] = ut->chunkContents[k];
        }
        x = piece_end;
    }
    piece_access(ut, limit, true);
    // ICU's convention for output strings: a terminator when there is room, else a warning.
    if (written < capacity) dest[written] = 0;
    else if (written == capacity) *status = U_STRING_NOT_TERMINATED_WARNING;
    else *status = U_BUFFER_OVERFLOW_ERROR;
    return written;
}

static int64_t piece_map_offset_to_native(const UText *ut) { return ut->chunkNativeStart + ut->chunkOffset; }

static int32_t piece_map_native_index_to_utf16(const UText *ut, int64_t index) {
    if (index < ut->chunkNativeStart) return 0;
    if (index > ut->chunkNativeLimit) return ut->chunkLength;
    return (int32_t)(index - ut->chunkNativeStart);
}

static void piece_close(UText *ut) {
    piece_state *s = state_of(ut);
    if (s == NULL || s->units == NULL) return;
    free(s->units);
    s->units = NULL;
    free(s->kept);
    s->kept = NULL;
    s->source.release(s->source.context);
}

/// Sets `ut` up over `source` with an empty current piece at offset 0: nothing is read until
/// ICU first asks (a break iterator clones the text and then moves to where it is asked
/// about, so a piece read here would be wasted). On failure `ut` is returned as ICU left it
/// (closed by the caller).
static UText *setup(UText *ut, const caret_text_source *source, int32_t capacity, UErrorCode *status) {
    UText *result = utext_setup(ut, (int32_t)sizeof(piece_state), status);
    if (U_FAILURE(*status)) return result;
    piece_state *s = state_of(result);
    memset(s, 0, sizeof *s);
    if (capacity < 1) capacity = 1;
    s->units = (uint16_t *)malloc((size_t)capacity * sizeof(uint16_t));
    if (s->units == NULL) {
        *status = U_MEMORY_ALLOCATION_ERROR;
        return result;
    }
    s->capacity = capacity;
    s->source = *source;
    s->source.retain(s->source.context);
    result->pFuncs = &piece_funcs;
    result->context = s;
    publish_empty(result);
    s->loaded = false;
    return result;
}

/// A read-only text: a deep clone is a shallow one, with its own piece buffer.
static UText *piece_clone(UText *dest, const UText *src, UBool deep, UErrorCode *status) {
    (void)deep;
    if (U_FAILURE(*status)) return dest;
    const piece_state *s = state_of(src);
    int64_t index = utext_getNativeIndex(src);
    UText *result = setup(dest, &s->source, s->capacity, status);
    if (U_FAILURE(*status)) return result;
    // At the source's position with nothing read yet: the first access reads the piece.
    result->chunkNativeStart = index;
    result->chunkNativeLimit = index;
    return result;
}

static const UTextFuncs piece_funcs = {
    sizeof(UTextFuncs), 0, 0, 0,
    piece_clone, piece_native_length, piece_access, piece_extract,
    NULL, NULL,   // replace, copy: read-only
    piece_map_offset_to_native, piece_map_native_index_to_utf16,
    piece_close, NULL, NULL, NULL,
};

struct caret_text *caret_text_open(const caret_text_source *source, int32_t piece_capacity,
                                   caret_icu_status *status) {
    if (!caret_icu_succeeded(*status)) return NULL;
    UErrorCode error = U_ZERO_ERROR;
    UText *ut = setup(NULL, source, piece_capacity, &error);
    if (U_FAILURE(error)) {
        if (ut != NULL) utext_close(ut);
        *status = error;
        return NULL;
    }
    return (struct caret_text *)ut;
}

void caret_text_close(struct caret_text *text) {
    if (text != NULL) utext_close((UText *)text);
}
