#ifndef CARET_SIMD_H
#define CARET_SIMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Writes the UTF-16 of the valid UTF-8 `bytes[0..<count]` (whole scalars) to `out`, 16 bytes a
/// step with the processor's vector instructions; returns the units written, or -1 when this
/// processor has none that the transcoder uses (the caller transcodes itself). `out` has room
/// for `capacity` units, at least the UTF-16 length of the bytes; units past the result may be
/// overwritten, none at or past `capacity`. The input must be valid UTF-8: nothing is checked.
/// O(count).
ptrdiff_t caret_simd_utf8_to_utf16(const uint8_t *bytes, size_t count, uint16_t *out, size_t capacity);

/// 1 when `bytes[0..<count]` is well-formed UTF-8 (RFC 3629) ending on a complete sequence, 0
/// when it is not (anything ill-formed, or a sequence cut off by the end: the caller finds out
/// which and where), -1 when this processor has none of the vector instructions the check uses
/// (the caller checks itself). Sixteen bytes a step. O(count).
int caret_simd_utf8_is_valid(const uint8_t *bytes, size_t count);

/// Counts, in `bytes[0..<count]`, the line feeds (0x0A) into `counts[0]`, the carriage returns
/// (0x0D) into `counts[1]`, and the carriage returns followed by a line feed into `counts[2]`:
/// sixteen bytes a step on x86-64 (SSE2), one at a time elsewhere. O(count).
void caret_simd_count_line_endings(const uint8_t *bytes, size_t count, size_t counts[3]);

/// Writes the UTF-8 of the UTF-16 units in `bytes` (`count` units, `2 * count` bytes, big-endian
/// when `big_endian`, else little-endian) to `out`, which has room for `3 * count + 16` bytes
/// (bytes past the result may be overwritten); returns the bytes written. Stops at the first unit
/// that does not begin a well-formed scalar within the input — a lone surrogate, or a lead
/// surrogate that is the last unit (the next piece may bring its trail) — and stores in `*read`
/// the units transcoded (`count` when all were). Eight units a step with SSSE3 where the processor
/// has it, one scalar at a time elsewhere. O(count).
size_t caret_simd_utf16_to_utf8(const uint8_t *bytes, size_t count, bool big_endian, uint8_t *out, size_t *read);

/// Asks the processor to start bringing the cache line that holds `address` in for reading, and
/// returns at once: a scan that will cross into that line finds it on its way instead of
/// waiting for it when it gets there. Never faults, whatever the address. O(1).
static inline void caret_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
