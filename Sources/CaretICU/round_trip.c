#include "caret_icu_round_trip.h"

#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

bool caret_converter_is_table_based(const struct caret_converter *converter) {
    switch (ucnv_getType((const UConverter *)converter)) {
    case UCNV_SBCS:
    case UCNV_DBCS:
    case UCNV_MBCS:
    case UCNV_LATIN_1:
    case UCNV_US_ASCII:
        return true;
    default:
        return false;
    }
}

// Encodes `units` with `encoder` from a fresh state; the byte count, or -1 when a character has
// no mapping or the output does not fit `capacity`.
static int32_t encode_alone(UConverter *encoder, const UChar *units, int32_t count, char *out, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    ucnv_resetFromUnicode(encoder);
    char *to = out;
    const UChar *from = units;
    ucnv_fromUnicode(encoder, &to, out + capacity, &from, units + count, NULL, true, &error);
    return U_SUCCESS(error) ? (int32_t)(to - out) : -1;
}

int32_t caret_converter_find_one_way(struct caret_converter *decoder_, struct caret_converter *encoder_,
                                     const uint8_t *bytes, int32_t length, caret_one_way *found, int32_t capacity,
                                     int64_t *utf8_length) {
    UConverter *decoder = (UConverter *)decoder_;
    UConverter *encoder = (UConverter *)encoder_;
    ucnv_resetToUnicode(decoder);
    const char *source = (const char *)bytes;
    const char *end = source + length;
    int64_t utf8 = 0;
    int32_t count = 0;
    // The pending character: the code points one byte sequence decoded to (a sequence can give
    // several, the later ones coming from calls that read no byte).
    UChar units[16];
    int32_t unit_count = 0;
    int32_t start = 0, stop = 0;
    int64_t before = 0;
    int32_t own_utf8 = 0;
    for (;;) {
        const char *at = source;
        UErrorCode error = U_ZERO_ERROR;
        UChar32 c = ucnv_getNextUChar(decoder, &source, end, &error);
        bool ended = error == U_INDEX_OUTOFBOUNDS_ERROR;
        bool continues = !ended && U_SUCCESS(error) && source == at && unit_count > 0 && unit_count + 2 <= 16;
        if (continues) {
            U16_APPEND_UNSAFE(units, unit_count, c);
            own_utf8 += U8_LENGTH(c);
            continue;
        }
        if (unit_count > 0) {
            // The pending character is complete: does it encode back to its bytes?
            char out[64];
            int32_t n = encode_alone(encoder, units, unit_count, out, (int32_t)sizeof out);
            if (n != stop - start || memcmp(out, bytes + start, (size_t)n) != 0) {
                if (count < capacity) {
                    found[count].byte_start = start;
                    found[count].byte_length = stop - start;
                    found[count].utf8_before = before;
                    found[count].utf8_length = own_utf8;
                }
                count++;
            }
            utf8 += own_utf8;
            unit_count = 0;
        }
        if (ended) break;
        if (U_FAILURE(error)) {
            // An invalid sequence: U+FFFD in the document, its bytes kept by a lossless load.
            utf8 += 3;
            if (source == at) break;  // no progress: the rest cannot be read
            continue;
        }
        start = (int32_t)(at - (const char *)bytes);
        stop = (int32_t)(source - (const char *)bytes);
        before = utf8;
        U16_APPEND_UNSAFE(units, unit_count, c);
        own_utf8 = U8_LENGTH(c);
    }
    ucnv_resetToUnicode(decoder);
    ucnv_resetFromUnicode(encoder);
    *utf8_length = utf8;
    return count;
}

bool caret_converter_encodes_back(struct caret_converter *encoder_, const uint16_t *units, int32_t unit_count,
                                  const uint8_t *bytes, int32_t length) {
    UConverter *encoder = (UConverter *)encoder_;
    ucnv_resetFromUnicode(encoder);
    const UChar *from = (const UChar *)units;
    const UChar *from_end = from + unit_count;
    const uint8_t *expected = bytes;
    const uint8_t *expected_end = bytes + length;
    char out[4096];
    for (;;) {
        UErrorCode error = U_ZERO_ERROR;
        char *to = out;
        ucnv_fromUnicode(encoder, &to, out + sizeof out, &from, from_end, NULL, true, &error);
        size_t n = (size_t)(to - out);
        if ((size_t)(expected_end - expected) < n || memcmp(out, expected, n) != 0) return false;
        expected += n;
        if (error == U_BUFFER_OVERFLOW_ERROR) continue;
        ucnv_resetFromUnicode(encoder);
        return U_SUCCESS(error) && expected == expected_end;
    }
}
