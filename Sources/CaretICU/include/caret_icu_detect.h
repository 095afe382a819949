// Charset detection (ICU's `ucsdet`): which legacy encoding some bytes most likely are in.
#ifndef CARET_ICU_DETECT_H
#define CARET_ICU_DETECT_H

#include "caret_icu_status.h"

/// One guess of the detector: the encoding's name as ICU's detector gives it ("Shift_JIS",
/// "ISO-8859-1", "KOI8-R"…) and its confidence, 0–100.
typedef struct caret_charset_guess {
    /// The encoding's name, NUL-terminated.
    char name[32];
    /// How sure the detector is, 0–100 (not a probability).
    int32_t confidence;
} caret_charset_guess;

/// Guesses the encoding of `[bytes, bytes + length)`: writes up to `capacity` guesses into
/// `guesses`, best first, and returns their number (0 with a failure in `status` when ICU
/// cannot run its detector).
int32_t caret_detect_charsets(const uint8_t *bytes, int32_t length, caret_charset_guess *guesses, int32_t capacity,
                              caret_icu_status *status);

#endif
