// Caret's code point tables as one ICU version builds them, kept in the package so that a
// process does not rebuild them from ICU's data on first use (tens of millions of instructions).
// The engine uses them only when the ICU it runs with is the one they were made from; otherwise
// it builds its tables from that ICU, as before (UnicodeDataSnapshot.swift).
#ifndef CARET_UNICODE_DATA_H
#define CARET_UNICODE_DATA_H

#include <stddef.h>
#include <stdint.h>

/// The tables kept.
typedef enum caret_unicode_table {
    CARET_UNICODE_TABLE_GRAPHEME_PROPERTIES = 0,
    CARET_UNICODE_TABLE_BIDI_CLASSES = 1,
    CARET_UNICODE_TABLE_DISPLAY_WIDTHS = 2,
    CARET_UNICODE_TABLE_SCALAR_WRAP = 3,
} caret_unicode_table;

/// The number of tables (`caret_unicode_table` values are 0 up to it).
#define CARET_UNICODE_TABLE_COUNT 4

/// The ICU version (major, minor) and its data's Unicode version (major, minor, micro) the
/// tables were made with.
void caret_unicode_data_versions(uint8_t icu[2], uint8_t unicode[3]);

/// The runs of `table`: each entry is a first code point shifted left by 8, or'ed with the one
/// byte value every code point from it to the next run's first (or to U+10FFFF) has. The first
/// run starts at U+0000. Stores their number in `*count`.
const uint32_t *caret_unicode_data_runs(caret_unicode_table table, size_t *count);

#endif
