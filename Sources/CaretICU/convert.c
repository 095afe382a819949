#include "caret_icu_convert.h"
#include "same_value.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ustring.h>

CARET_SAME_VALUE(CARET_ICU_ILLEGAL_CHAR_FOUND, U_ILLEGAL_CHAR_FOUND);
CARET_SAME_VALUE(CARET_ICU_TRUNCATED_CHAR_FOUND, U_TRUNCATED_CHAR_FOUND);
CARET_SAME_VALUE(CARET_ICU_INVALID_CHAR_FOUND, U_INVALID_CHAR_FOUND);

// Stops the conversion on every character the encoding cannot hold. ICU's own
// UCNV_FROM_U_CALLBACK_STOP clears the error for an unassigned default-ignorable code point
// (ZWJ, ZWNJ, variation selectors, U+FEFF…), so the character would vanish from the file without
// a word; keeping the error here makes the save refuse it like any other.
static void stop_on_everything(const void *context, UConverterFromUnicodeArgs *arguments, const UChar *units,
                               int32_t length, UChar32 code_point, UConverterCallbackReason reason,
                               UErrorCode *error) {
    (void)context;
    (void)arguments;
    (void)units;
    (void)length;
    (void)code_point;
    (void)reason;
    (void)error;
}

struct caret_converter *caret_converter_open(const char *name, bool substitute, caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    UConverter *converter = ucnv_open(name, &error);
    // Stop on every invalid input: the caller names the place, or substitutes and remembers
    // the bytes (decoding); ICU's default would substitute silently.
    ucnv_setToUCallBack(converter, UCNV_TO_U_CALLBACK_STOP, NULL, NULL, NULL, &error);
    if (!substitute) ucnv_setFromUCallBack(converter, stop_on_everything, NULL, NULL, NULL, &error);
    // Fallback mappings (several byte sequences or characters to one) would not round-trip.
    if (U_SUCCESS(error)) ucnv_setFallback(converter, false);
    *status = error;
    if (U_FAILURE(error)) {
        if (converter != NULL) ucnv_close(converter);
        return NULL;
    }
    return (struct caret_converter *)converter;
}

void caret_converter_close(struct caret_converter *converter) { ucnv_close((UConverter *)converter); }

const char *caret_converter_standard_name(const struct caret_converter *converter) {
    UErrorCode error = U_ZERO_ERROR;
    const char *internal = ucnv_getName((const UConverter *)converter, &error);
    if (U_FAILURE(error)) return "";
    const char *standards[] = {"MIME", "IANA"};
    for (int i = 0; i < 2; i++) {
        error = U_ZERO_ERROR;
        const char *name = ucnv_getStandardName(internal, standards[i], &error);
        if (U_SUCCESS(error) && name != NULL) return name;
    }
    return internal;
}

int32_t caret_converter_min_char_size(const struct caret_converter *converter) {
    return ucnv_getMinCharSize((const UConverter *)converter);
}

caret_icu_status caret_converter_decode(struct caret_converter *converter, const uint8_t **source,
                                        const uint8_t *source_end, uint16_t **target, uint16_t *target_end,
                                        bool flush) {
    UErrorCode error = U_ZERO_ERROR;
    const char *from = (const char *)*source;
    UChar *to = (UChar *)*target;
    ucnv_toUnicode((UConverter *)converter, &to, (const UChar *)target_end, &from, (const char *)source_end, NULL,
                   flush, &error);
    *source = (const uint8_t *)from;
    *target = (uint16_t *)to;
    return error;
}

caret_icu_status caret_converter_encode(struct caret_converter *converter, const uint16_t **source,
                                        const uint16_t *source_end, uint8_t **target, uint8_t *target_end,
                                        bool flush) {
    UErrorCode error = U_ZERO_ERROR;
    const UChar *from = (const UChar *)*source;
    char *to = (char *)*target;
    ucnv_fromUnicode((UConverter *)converter, &to, (const char *)target_end, &from, (const UChar *)source_end,
                     NULL, flush, &error);
    *source = (const uint16_t *)from;
    *target = (uint8_t *)to;
    return error;
}

int32_t caret_converter_invalid_bytes(const struct caret_converter *converter, uint8_t bytes[32]) {
    UErrorCode error = U_ZERO_ERROR;
    int8_t length = 32;
    ucnv_getInvalidChars((const UConverter *)converter, (char *)bytes, &length, &error);
    return U_SUCCESS(error) ? length : 0;
}

int32_t caret_converter_invalid_units(const struct caret_converter *converter, uint16_t units[32]) {
    UErrorCode error = U_ZERO_ERROR;
    int8_t length = 32;
    ucnv_getInvalidUChars((const UConverter *)converter, (UChar *)units, &length, &error);
    return U_SUCCESS(error) ? length : 0;
}

int32_t caret_utf16_to_utf8(uint8_t *dest, int32_t capacity, const uint16_t *source, int32_t length,
                            caret_icu_status *status) {
    UErrorCode error = (UErrorCode)*status;
    int32_t written = 0;
    u_strToUTF8((char *)dest, capacity, &written, (const UChar *)source, length, &error);
    *status = error;
    return written;
}
