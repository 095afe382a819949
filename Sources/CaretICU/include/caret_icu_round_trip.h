// Round-trip checks of a legacy encoding (ICU's `ucnv`): which characters of some bytes do not
// come back to the same bytes when encoded again. ICU decodes some byte sequences one way only
// (Shift_JIS's NEC and IBM duplicates, Big5's duplicated ideographs…): a file holding them is
// written back with other bytes unless the original ones are kept.
#ifndef CARET_ICU_ROUND_TRIP_H
#define CARET_ICU_ROUND_TRIP_H

#include "caret_icu_convert.h"

/// One character (or the few code points one byte sequence decodes to) whose bytes differ from
/// the bytes its code points encode to.
typedef struct caret_one_way {
    /// Where its bytes start in the input, and how many there are.
    int32_t byte_start;
    int32_t byte_length;
    /// The UTF-8 length of the text decoded from the input before it (an invalid sequence
    /// counted as U+FFFD, 3 bytes), and of its own code points.
    int64_t utf8_before;
    int32_t utf8_length;
} caret_one_way;

/// Whether the converter's encoding is stateless with at most a few bytes a character (single-
/// and multi-byte table encodings: windows-125x, ISO-8859-x, Shift_JIS, EUC-x, GBK, GB18030,
/// Big5…), where each character's bytes can be decoded and encoded on their own; false for the
/// UTFs and the stateful ones (ISO-2022-x, HZ, UTF-7, SCSU).
bool caret_converter_is_table_based(const struct caret_converter *converter);

/// Decodes `[bytes, bytes + length)` (whole characters from a fresh state) one character at a
/// time with `decoder`, encodes each back with `encoder` (opened without substitution), and
/// writes the characters whose bytes differ into `found` (up to `capacity` of them). Returns how
/// many there are (more than `capacity` when they do not fit: call again with more room), and
/// the UTF-8 length of the whole decoded text in `*utf8_length`. Both converters are reset.
int32_t caret_converter_find_one_way(struct caret_converter *decoder, struct caret_converter *encoder,
                                     const uint8_t *bytes, int32_t length, caret_one_way *found, int32_t capacity,
                                     int64_t *utf8_length);

/// Whether `units` UTF-16 encode with `encoder` (reset first, no substitution) to exactly
/// `[bytes, bytes + length)`: the fast check of a piece before the character-by-character one.
bool caret_converter_encodes_back(struct caret_converter *encoder, const uint16_t *units, int32_t unit_count,
                                  const uint8_t *bytes, int32_t length);

#endif
