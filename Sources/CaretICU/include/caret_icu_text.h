// A text that ICU reads in pieces, in UTF-16: an ICU `UText` whose provider asks its owner for
// one piece at a time through plain C callbacks. Caret's owner is the rope of a document: a
// piece is one chunk, converted to UTF-16 when ICU first needs it. The text's native indexes
// are UTF-16 offsets from its start, as for a flat UTF-16 string, so ICU answers exactly as
// it does on the flat text (its dictionary break engines compare native index differences).
#ifndef CARET_ICU_TEXT_H
#define CARET_ICU_TEXT_H

#include "caret_icu_status.h"

/// Where a `caret_text` gets its text. The struct is copied; `context` is kept alive with
/// `retain` and `release` (once per open text and per clone ICU makes of it).
typedef struct caret_text_source {
    /// The owner's state, passed to every callback.
    void *context;
    /// The length of the whole text in UTF-16 units. It must not change while a text is open.
    int64_t length;
    /// Writes the piece holding UTF-16 unit `index` (0 <= index < length) into `buffer` and its
    /// first unit's index into `*start`, and returns the piece's length in units (at least 1).
    /// Pieces start and end on code point boundaries. When the piece is longer than `capacity`,
    /// writes nothing and returns the length it needs (the caller grows its buffer and asks
    /// again).
    int32_t (*read)(void *context, int64_t index, uint16_t *buffer, int32_t capacity, int64_t *start);
    /// Keeps `context` alive for one more text.
    void (*retain)(void *context);
    /// Ends one `retain`.
    void (*release)(void *context);
} caret_text_source;

/// An open text (ICU's `UText`) over a source; what a break iterator reads.
struct caret_text;

/// Opens a text over `*source` (retained once). `piece_capacity` is the buffer's first size in
/// UTF-16 units (it grows on demand). NULL with a failure in `status` when ICU cannot set it up.
struct caret_text *caret_text_open(const caret_text_source *source, int32_t piece_capacity,
                                   caret_icu_status *status);

/// Closes `text` and releases its source.
void caret_text_close(struct caret_text *text);

#endif
