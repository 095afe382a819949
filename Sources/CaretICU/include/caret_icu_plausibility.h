// How implausible a decoded text looks as human writing: used to choose between encodings that
// all decode the same bytes (a wrong legacy guess gives controls, private-use characters,
// letters of two scripts in one word, symbols inside words, capitals after small letters).
#ifndef CARET_ICU_PLAUSIBILITY_H
#define CARET_ICU_PLAUSIBILITY_H

#include "caret_icu_status.h"

/// Counts the signs of a wrong decoding in the UTF-16 text `[units, units + length)`: C0/C1
/// controls other than white space (4 each), unassigned, private-use and U+FFFD characters (4
/// each), and within a word (a run between white space, ASCII punctuation and CJK characters)
/// letters of a second script, a non-ASCII symbol or punctuation mark between two letters or
/// digits, two such marks in a row, a capital right after a small letter where either is not
/// ASCII (1 each). 0 for ordinary text.
int32_t caret_text_implausibility(const uint16_t *units, int32_t length);

#endif
