// Line feeds, carriage returns and CR LF pairs counted sixteen bytes a step (SSE2, which every
// x86-64 processor has; one byte at a time elsewhere). Each step compares the block, and the
// block one byte further on, with the two bytes, and adds the matches into byte counters that are
// summed into the totals before they can overflow.
#include "CaretSIMD.h"

// Bytes i..<count one at a time, added to the totals.
static void count_bytes(const uint8_t *bytes, size_t i, size_t count, size_t *lf, size_t *cr, size_t *pairs) {
    for (; i < count; i++) {
        if (bytes[i] == 0x0A) (*lf)++;
        if (bytes[i] == 0x0D) {
            (*cr)++;
            if (i + 1 < count && bytes[i + 1] == 0x0A) (*pairs)++;
        }
    }
}

#if defined(__x86_64__)
#include <emmintrin.h>

// The sum of the sixteen byte counters of `v`.
static inline size_t sum_bytes(__m128i v) {
    __m128i sums = _mm_sad_epu8(v, _mm_setzero_si128());
    return (size_t)_mm_cvtsi128_si64(sums) + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
}

void caret_simd_count_line_endings(const uint8_t *bytes, size_t count, size_t counts[3]) {
    size_t lf = 0, cr = 0, pairs = 0, i = 0;
    const __m128i line_feed = _mm_set1_epi8(0x0A), carriage_return = _mm_set1_epi8(0x0D);
    // A pair's LF is the next block's first byte at the last lane: the blocks stop a byte early.
    while (i + 17 <= count) {
        __m128i lfs = _mm_setzero_si128(), crs = _mm_setzero_si128(), crlfs = _mm_setzero_si128();
        // At most 255 steps before the byte counters are summed (each adds at most one a lane).
        for (int steps = 0; steps < 255 && i + 17 <= count; steps++, i += 16) {
            __m128i block = _mm_loadu_si128((const __m128i *)(bytes + i));
            __m128i next = _mm_loadu_si128((const __m128i *)(bytes + i + 1));
            __m128i is_cr = _mm_cmpeq_epi8(block, carriage_return);
            // Matches are -1: subtracting them counts.
            lfs = _mm_sub_epi8(lfs, _mm_cmpeq_epi8(block, line_feed));
            crs = _mm_sub_epi8(crs, is_cr);
            crlfs = _mm_sub_epi8(crlfs, _mm_and_si128(is_cr, _mm_cmpeq_epi8(next, line_feed)));
        }
        lf += sum_bytes(lfs);
        cr += sum_bytes(crs);
        pairs += sum_bytes(crlfs);
    }
    count_bytes(bytes, i, count, &lf, &cr, &pairs);
    counts[0] = lf;
    counts[1] = cr;
    counts[2] = pairs;
}

#else

void caret_simd_count_line_endings(const uint8_t *bytes, size_t count, size_t counts[3]) {
    size_t lf = 0, cr = 0, pairs = 0;
    count_bytes(bytes, 0, count, &lf, &cr, &pairs);
    counts[0] = lf;
    counts[1] = cr;
    counts[2] = pairs;
}

#endif
