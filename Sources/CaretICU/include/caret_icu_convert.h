// Charset conversion (ICU's `ucnv`): bytes of a named encoding to UTF-16 and back, piece by
// piece, stopping at the first byte sequence that does not decode or the first character that
// the encoding cannot hold, so that the caller can name the place (or substitute and go on).
#ifndef CARET_ICU_CONVERT_H
#define CARET_ICU_CONVERT_H

#include "caret_icu_status.h"

/// ICU's status when the input holds a byte sequence that is not valid in the encoding.
#define CARET_ICU_ILLEGAL_CHAR_FOUND 12
/// ICU's status when the input ends inside a byte sequence (with `flush`).
#define CARET_ICU_TRUNCATED_CHAR_FOUND 11
/// ICU's status when a character or byte sequence has no mapping (unassigned).
#define CARET_ICU_INVALID_CHAR_FOUND 10

/// A converter for one encoding (ICU's `UConverter`), with its state between pieces.
struct caret_converter;

/// Opens a converter for the encoding `name` (any of ICU's aliases: "Shift_JIS", "cp1252",
/// "UTF-16LE"…). Decoding always stops at an invalid sequence; encoding stops at a character
/// the encoding cannot hold, or, when `substitute` is true, writes the encoding's substitution
/// character instead. Mappings that do not round-trip (ICU's fallbacks) are not used. NULL with
/// a failure in `status` for an unknown name.
struct caret_converter *caret_converter_open(const char *name, bool substitute, caret_icu_status *status);

/// Closes `converter`.
void caret_converter_close(struct caret_converter *converter);

/// The encoding's preferred MIME name ("ISO-8859-1", "Shift_JIS", "UTF-16LE"), else its
/// preferred IANA name ("windows-1252"), else ICU's internal name: a static string. (IANA's
/// preferred names are the registry's originals, "ISO_8859-1:1987": MIME's are the common ones.)
const char *caret_converter_standard_name(const struct caret_converter *converter);

/// The smallest number of bytes one character takes in the encoding (1, 2 or 4).
int32_t caret_converter_min_char_size(const struct caret_converter *converter);

/// Decodes bytes `[*source, source_end)` into UTF-16 at `[*target, target_end)`, advancing both
/// pointers past what it read and wrote. `flush` says that no more input follows (a sequence
/// cut off at the end is then an error). Returns `CARET_ICU_BUFFER_OVERFLOW` when the target is
/// full, a failure (`CARET_ICU_ILLEGAL_CHAR_FOUND`, …) with `*source` just past the offending
/// bytes (read them with `caret_converter_invalid_bytes`), else success. After a failure the
/// converter may be called again for the bytes after the offending ones.
caret_icu_status caret_converter_decode(struct caret_converter *converter, const uint8_t **source,
                                        const uint8_t *source_end, uint16_t **target, uint16_t *target_end,
                                        bool flush);

/// Encodes UTF-16 `[*source, source_end)` into bytes at `[*target, target_end)`, as
/// `caret_converter_decode` does the other way; a failure leaves `*source` just past the
/// character the encoding cannot hold (read it with `caret_converter_invalid_units`).
caret_icu_status caret_converter_encode(struct caret_converter *converter, const uint16_t **source,
                                        const uint16_t *source_end, uint8_t **target, uint8_t *target_end,
                                        bool flush);

/// The bytes of the sequence that stopped the last decode (at most 32) into `bytes`; returns
/// their number.
int32_t caret_converter_invalid_bytes(const struct caret_converter *converter, uint8_t bytes[32]);

/// The UTF-16 units of the character that stopped the last encode (at most 32) into `units`;
/// returns their number.
int32_t caret_converter_invalid_units(const struct caret_converter *converter, uint16_t units[32]);

/// UTF-16 `[source, source + length)` (well-formed) as UTF-8 into `dest` (room for `capacity`
/// bytes; `3 * length` always suffice); returns the number of bytes (more than `capacity`, with a
/// buffer overflow in `status`, when it does not fit).
int32_t caret_utf16_to_utf8(uint8_t *dest, int32_t capacity, const uint16_t *source, int32_t length,
                            caret_icu_status *status);

#endif
