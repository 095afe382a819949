// UTF-8 to UTF-16 sixteen bytes a step (x86-64 with SSSE3, chosen at run time; -1 elsewhere so
// that the Swift loops in UTF8Scalars do the work). Each step computes, for every byte of the
// block, the unit it would give if it led a sequence of its length — the byte itself, or the
// two- or three-byte decoding from the bytes after it (loaded one and two bytes further on) —
// then keeps the units of the bytes that lead a sequence, packed by a byte shuffle from a table
// of the 256 ways to keep some of eight units. A block is valid UTF-8 cut anywhere: the
// continuation bytes at its start belong to a sequence the last block led and are not leads.
// A block holding a four-byte sequence (a surrogate pair) goes one scalar at a time; a block of
// ASCII is widened whole.
#include "CaretSIMD.h"
#include "cpu.h"

#include <stdbool.h>

#if defined(__x86_64__)
#include <pthread.h>
#include <tmmintrin.h>

// keep[m]: the shuffle that moves the units of the set bits of m (of eight 16-bit lanes) to the
// front, in order; count[m]: how many. Built once.
static uint8_t keep[256][16] __attribute__((aligned(16)));
static uint8_t count_of[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void) {
    for (int m = 0; m < 256; m++) {
        int t = 0;
        for (int lane = 0; lane < 8; lane++) {
            if (m & (1 << lane)) {
                keep[m][2 * t] = (uint8_t)(2 * lane);
                keep[m][2 * t + 1] = (uint8_t)(2 * lane + 1);
                t++;
            }
        }
        count_of[m] = (uint8_t)t;
        for (int rest = 2 * t; rest < 16; rest++) keep[m][rest] = 0x80;   // zero
    }
}

// The scalars that start in bytes[i..<end) (and, when i is inside a sequence, after it), one at
// a time; returns the index after the last one.
static inline size_t scalars(const uint8_t *p, size_t i, size_t end, uint16_t *out, size_t *k) {
    while (i < end && (p[i] & 0xC0) == 0x80) i++;
    size_t u = *k;
    while (i < end) {
        uint32_t b0 = p[i];
        if (b0 < 0x80) {
            out[u++] = (uint16_t)b0;
            i += 1;
        } else if (b0 < 0xE0) {
            out[u++] = (uint16_t)((b0 & 0x1F) << 6 | (p[i + 1] & 0x3Fu));
            i += 2;
        } else if (b0 < 0xF0) {
            out[u++] = (uint16_t)((b0 & 0x0F) << 12 | (p[i + 1] & 0x3Fu) << 6 | (p[i + 2] & 0x3Fu));
            i += 3;
        } else {
            uint32_t v = ((b0 & 0x07) << 18 | (p[i + 1] & 0x3Fu) << 12 | (p[i + 2] & 0x3Fu) << 6 | (p[i + 3] & 0x3Fu))
                         - 0x10000;
            out[u++] = (uint16_t)(0xD800 + (v >> 10));
            out[u++] = (uint16_t)(0xDC00 + (v & 0x3FF));
            i += 4;
        }
    }
    *k = u;
    return i;
}

// Sixteen lanes' bytes b >= floor (unsigned), as a mask.
__attribute__((target("ssse3")))
static inline __m128i at_least(__m128i b, char floor) {
    return _mm_cmpeq_epi8(_mm_max_epu8(b, _mm_set1_epi8(floor)), b);
}

static inline __m128i select_bytes(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

__attribute__((target("ssse3")))
static size_t transcode_ssse3(const uint8_t *p, size_t n, uint16_t *out, size_t capacity) {
    size_t i = 0, k = 0;
    const __m128i zero = _mm_setzero_si128();
    // A block reads two bytes past itself (the decodings of leads at its end) and writes at
    // most sixteen units from k; the last units go one at a time, exactly.
    while (i + 18 <= n && k + 16 <= capacity) {
        __m128i b = _mm_loadu_si128((const __m128i *)(p + i));
        int ascii_test = _mm_movemask_epi8(b);
        if (ascii_test == 0) {
            _mm_storeu_si128((__m128i *)(out + k), _mm_unpacklo_epi8(b, zero));
            _mm_storeu_si128((__m128i *)(out + k + 8), _mm_unpackhi_epi8(b, zero));
            i += 16;
            k += 16;
            continue;
        }
        __m128i f0 = _mm_set1_epi8((char)0xF0);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(b, f0), f0)) != 0) {
            i = scalars(p, i, i + 16, out, &k);
            continue;
        }
        __m128i b1 = _mm_loadu_si128((const __m128i *)(p + i + 1));
        __m128i b2 = _mm_loadu_si128((const __m128i *)(p + i + 2));
        __m128i continuation = _mm_cmpeq_epi8(_mm_and_si128(b, _mm_set1_epi8((char)0xC0)), _mm_set1_epi8((char)0x80));
        unsigned leads = ~(unsigned)_mm_movemask_epi8(continuation) & 0xFFFF;
        unsigned lo = leads & 0xFF, hi = leads >> 8;
        // Each lane's unit as two bytes: ASCII as is; 110aaabb 10cccccc gives 00000aaa
        // bbcccccc; 1110aaaa 10bbbbcc 10dddddd gives aaaabbbb ccdddddd. (No byte shifts in SSE:
        // 16-bit shifts, then the byte's own bits kept.)
        const __m128i x3f = _mm_set1_epi8(0x3F);
        __m128i low2 = _mm_or_si128(_mm_and_si128(_mm_slli_epi16(b, 6), _mm_set1_epi8((char)0xC0)), _mm_and_si128(b1, x3f));
        __m128i low3 = _mm_or_si128(_mm_and_si128(_mm_slli_epi16(b1, 6), _mm_set1_epi8((char)0xC0)), _mm_and_si128(b2, x3f));
        __m128i high2 = _mm_and_si128(_mm_srli_epi16(b, 2), _mm_set1_epi8(0x07));
        __m128i high3 = _mm_or_si128(_mm_and_si128(_mm_slli_epi16(b, 4), _mm_set1_epi8((char)0xF0)),
                                     _mm_and_si128(_mm_srli_epi16(b1, 2), _mm_set1_epi8(0x0F)));
        __m128i two = at_least(b, (char)0xC0), three = at_least(b, (char)0xE0);
        __m128i low = select_bytes(three, low3, select_bytes(two, low2, b));
        __m128i high = select_bytes(three, high3, _mm_and_si128(two, high2));
        __m128i units_lo = _mm_unpacklo_epi8(low, high), units_hi = _mm_unpackhi_epi8(low, high);
        _mm_storeu_si128((__m128i *)(out + k), _mm_shuffle_epi8(units_lo, _mm_load_si128((const __m128i *)keep[lo])));
        k += count_of[lo];
        _mm_storeu_si128((__m128i *)(out + k), _mm_shuffle_epi8(units_hi, _mm_load_si128((const __m128i *)keep[hi])));
        k += count_of[hi];
        i += 16;
    }
    scalars(p, i, n, out, &k);
    return k;
}

ptrdiff_t caret_simd_utf8_to_utf16(const uint8_t *bytes, size_t count, uint16_t *out, size_t capacity) {
    if (!caret_simd_has_ssse3()) return -1;
    pthread_once(&tables_once, build_tables);
    return (ptrdiff_t)transcode_ssse3(bytes, count, out, capacity);
}

#else

ptrdiff_t caret_simd_utf8_to_utf16(const uint8_t *bytes, size_t count, uint16_t *out, size_t capacity) {
    (void)bytes;
    (void)count;
    (void)out;
    (void)capacity;
    return -1;
}

#endif
