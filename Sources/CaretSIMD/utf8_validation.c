// Whether bytes are well-formed UTF-8, sixteen bytes a step (x86-64 with SSSE3, chosen at run
// time; -1 elsewhere so that Caret's own automaton decides). The method of Keiser and Lemire
// ("Validating UTF-8 in less than one instruction per byte", 2021): every problem of UTF-8 shows
// in two consecutive bytes (the byte before and the byte itself), except a missing or extra
// third or fourth byte, which shows in the bytes two and three back. So each byte looks up
// three sets of error classes — by the high half of the byte before, by its low half, by its
// own high half — and keeps the classes all three name; each class is one bit, true exactly for
// the pairs that are wrong in its way (the tables below are built from those definitions). Two
// continuation bytes in a row are wrong unless the byte two back leads a three- or four-byte
// sequence or the one three back a four-byte one: that class is compared with what the earlier
// bytes require. A block of ASCII costs only the check that the block before ended on a
// complete sequence.
#include "CaretSIMD.h"
#include "cpu.h"

#include <string.h>

#if defined(__x86_64__)
#include <tmmintrin.h>

// The error classes, one bit each: byte before (b0) and byte (b1).
enum {
    TOO_SHORT = 1 << 0,    // b0 leads a sequence (11xxxxxx), b1 is not a continuation byte
    TOO_LONG = 1 << 1,     // b0 is ASCII, b1 a continuation byte
    OVERLONG_3 = 1 << 2,   // E0 then 80–9F
    TOO_LARGE = 1 << 3,    // F4 then 90–BF, or F5–FF then 90–BF
    SURROGATE = 1 << 4,    // ED then A0–BF
    OVERLONG_2 = 1 << 5,   // C0 or C1 then a continuation byte
    LARGE_OR_OVERLONG_4 = 1 << 6,  // F0 then 80–8F (overlong), or F5–FF then 80–8F (too large)
    TWO_CONTINUATIONS = 1 << 7,    // a continuation byte after a continuation byte
};

// Classes by the high half of b0.
#define BEFORE_HIGH \
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, \
    TWO_CONTINUATIONS, TWO_CONTINUATIONS, TWO_CONTINUATIONS, TWO_CONTINUATIONS, \
    TOO_SHORT | OVERLONG_2, \
    TOO_SHORT, \
    TOO_SHORT | OVERLONG_3 | SURROGATE, \
    TOO_SHORT | TOO_LARGE | LARGE_OR_OVERLONG_4

// Classes by the low half of b0 (the classes that depend on the whole lead byte narrowed here).
#define ANY_LOW (TOO_SHORT | TOO_LONG | TWO_CONTINUATIONS)
#define BEFORE_LOW \
    ANY_LOW | OVERLONG_3 | OVERLONG_2 | LARGE_OR_OVERLONG_4, \
    ANY_LOW | OVERLONG_2, \
    ANY_LOW, \
    ANY_LOW, \
    ANY_LOW | TOO_LARGE, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4 | SURROGATE, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4, \
    ANY_LOW | TOO_LARGE | LARGE_OR_OVERLONG_4

// Classes by the high half of b1.
#define NOT_CONTINUATION TOO_SHORT
#define BYTE_HIGH \
    NOT_CONTINUATION, NOT_CONTINUATION, NOT_CONTINUATION, NOT_CONTINUATION, \
    NOT_CONTINUATION, NOT_CONTINUATION, NOT_CONTINUATION, NOT_CONTINUATION, \
    TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | OVERLONG_3 | LARGE_OR_OVERLONG_4, \
    TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | OVERLONG_3 | TOO_LARGE, \
    TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | SURROGATE | TOO_LARGE, \
    TOO_LONG | OVERLONG_2 | TWO_CONTINUATIONS | SURROGATE | TOO_LARGE, \
    NOT_CONTINUATION, NOT_CONTINUATION, NOT_CONTINUATION, NOT_CONTINUATION

static const uint8_t before_high[16] __attribute__((aligned(16))) = {BEFORE_HIGH};
static const uint8_t before_low[16] __attribute__((aligned(16))) = {BEFORE_LOW};
static const uint8_t byte_high[16] __attribute__((aligned(16))) = {BYTE_HIGH};

// Nonzero lanes where a block ends inside a sequence: its last byte leads one, the one before
// leads a sequence of three or four, or the one before that of four.
__attribute__((target("ssse3")))
static inline __m128i unfinished(__m128i block) {
    const __m128i limits = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                         (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    return _mm_subs_epu8(block, limits);
}

// Nonzero lanes where `block` (after `previous`) holds a problem.
__attribute__((target("ssse3")))
static inline __m128i problems(__m128i block, __m128i previous) {
    const __m128i low_half = _mm_set1_epi8(0x0F);
    __m128i before1 = _mm_alignr_epi8(block, previous, 15);
    __m128i before2 = _mm_alignr_epi8(block, previous, 14);
    __m128i before3 = _mm_alignr_epi8(block, previous, 13);
    __m128i classes = _mm_and_si128(
        _mm_and_si128(_mm_shuffle_epi8(_mm_load_si128((const __m128i *)before_high),
                                       _mm_and_si128(_mm_srli_epi16(before1, 4), low_half)),
                      _mm_shuffle_epi8(_mm_load_si128((const __m128i *)before_low), _mm_and_si128(before1, low_half))),
        _mm_shuffle_epi8(_mm_load_si128((const __m128i *)byte_high), _mm_and_si128(_mm_srli_epi16(block, 4), low_half)));
    // Lanes that must be a continuation byte after a continuation byte: third bytes of
    // sequences of three or four, fourth bytes of sequences of four.
    __m128i third = _mm_subs_epu8(before2, _mm_set1_epi8((char)(0xE0 - 1)));
    __m128i fourth = _mm_subs_epu8(before3, _mm_set1_epi8((char)(0xF0 - 1)));
    __m128i required = _mm_andnot_si128(_mm_cmpeq_epi8(_mm_or_si128(third, fourth), _mm_setzero_si128()),
                                        _mm_set1_epi8((char)TWO_CONTINUATIONS));
    return _mm_xor_si128(classes, required);
}

// One block after `*previous`: its problems added to `*error`, then it becomes the previous one.
__attribute__((target("ssse3")))
static inline void step(__m128i block, __m128i *previous, __m128i *error) {
    if (_mm_movemask_epi8(block) == 0) {
        *error = _mm_or_si128(*error, unfinished(*previous));
    } else {
        *error = _mm_or_si128(*error, problems(block, *previous));
    }
    *previous = block;
}

__attribute__((target("ssse3")))
static int is_valid_ssse3(const uint8_t *p, size_t n) {
    __m128i previous = _mm_setzero_si128(), error = _mm_setzero_si128();
    size_t i = 0;
    // Four blocks at a time while they are ASCII (one test for the four), block by block else.
    for (; i + 64 <= n; i += 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)(p + i)), b = _mm_loadu_si128((const __m128i *)(p + i + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(p + i + 32)), d = _mm_loadu_si128((const __m128i *)(p + i + 48));
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) == 0) {
            error = _mm_or_si128(error, unfinished(previous));
            previous = d;
            continue;
        }
        step(a, &previous, &error);
        step(b, &previous, &error);
        step(c, &previous, &error);
        step(d, &previous, &error);
    }
    for (; i + 16 <= n; i += 16) step(_mm_loadu_si128((const __m128i *)(p + i)), &previous, &error);
    if (i < n) {
        // The last bytes, followed by zeros: a sequence they leave unfinished meets an ASCII
        // byte, a problem of the block.
        uint8_t tail[16] = {0};
        memcpy(tail, p + i, n - i);
        step(_mm_loadu_si128((const __m128i *)tail), &previous, &error);
    }
    error = _mm_or_si128(error, unfinished(previous));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) == 0xFFFF;
}

int caret_simd_utf8_is_valid(const uint8_t *bytes, size_t count) {
    if (!caret_simd_has_ssse3()) return -1;
    return is_valid_ssse3(bytes, count);
}

#else

int caret_simd_utf8_is_valid(const uint8_t *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return -1;
}

#endif
