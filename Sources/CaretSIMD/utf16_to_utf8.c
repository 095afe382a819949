// UTF-16 (either byte order) to UTF-8, eight units a step with SSSE3 where the processor has it,
// one scalar at a time elsewhere and around surrogates. A step without surrogates: all ASCII
// packs to bytes; all below 0x800 is encoded as one or two bytes a 16-bit lane and gathered by
// one shuffle; otherwise each half of four units widens to 32-bit lanes, every lane is
// encoded as one, two and three bytes at once and the right form chosen per lane, and a shuffle
// picked by the lanes' lengths closes the gaps between them. A step with a surrogate goes
// through the scalar loop, which also finds where the input stops being well formed.
#include "CaretSIMD.h"
#include "cpu.h"

#include <stdbool.h>

// The unit `i` of `p`, in the given byte order.
static inline uint32_t unit_at(const uint8_t *p, size_t i, bool big_endian) {
    return big_endian ? ((uint32_t)p[2 * i] << 8 | p[2 * i + 1]) : ((uint32_t)p[2 * i] | (uint32_t)p[2 * i + 1] << 8);
}

// Units i..<limit one scalar at a time (a pair that starts before `limit` is taken whole, reading
// up to `count`); returns the index it stopped at: `limit` (or one past it, after a pair), or the
// index of a unit that does not start a well-formed scalar within `count`.
static size_t scalars(const uint8_t *p, size_t i, size_t limit, size_t count, bool big_endian, uint8_t *out,
                      size_t *o) {
    size_t k = *o;
    while (i < limit) {
        uint32_t u = unit_at(p, i, big_endian);
        if (u < 0x80) {
            out[k++] = (uint8_t)u;
            i += 1;
        } else if (u < 0x800) {
            out[k++] = (uint8_t)(0xC0 | u >> 6);
            out[k++] = (uint8_t)(0x80 | (u & 0x3F));
            i += 1;
        } else if (u - 0xD800 >= 0x800) {
            out[k++] = (uint8_t)(0xE0 | u >> 12);
            out[k++] = (uint8_t)(0x80 | (u >> 6 & 0x3F));
            out[k++] = (uint8_t)(0x80 | (u & 0x3F));
            i += 1;
        } else {
            // A lead surrogate followed by a trail is one scalar; anything else stops here.
            if (u >= 0xDC00 || i + 1 >= count) break;
            uint32_t trail = unit_at(p, i + 1, big_endian);
            if (trail - 0xDC00 >= 0x400) break;
            uint32_t c = 0x10000 + ((u - 0xD800) << 10) + (trail - 0xDC00);
            out[k++] = (uint8_t)(0xF0 | c >> 18);
            out[k++] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
            out[k++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            out[k++] = (uint8_t)(0x80 | (c & 0x3F));
            i += 2;
        }
    }
    *o = k;
    return i;
}

#if defined(__x86_64__)
#include <pthread.h>
#include <tmmintrin.h>

// For four lanes of one to three bytes each, indexed by the lanes of two or more bytes (bits 0-3)
// and of three (bits 4-7): the shuffle that gathers each lane's bytes to the front, and their
// total.
static uint8_t gather[256][16] __attribute__((aligned(16)));
static uint8_t gathered[256];
// For eight 16-bit lanes of one or two bytes, indexed by the lanes of two: the shuffle that
// gathers their bytes to the front.
static uint8_t gather_pairs[256][16] __attribute__((aligned(16)));
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void) {
    for (int index = 0; index < 256; index++) {
        int k = 0;
        for (int lane = 0; lane < 4; lane++) {
            int length = 1 + (index >> lane & 1) + (index >> (lane + 4) & 1);
            for (int b = 0; b < length && k < 16; b++) gather[index][k++] = (uint8_t)(4 * lane + b);
        }
        gathered[index] = (uint8_t)k;
        for (; k < 16; k++) gather[index][k] = 0x80;
        k = 0;
        for (int lane = 0; lane < 8; lane++) {
            gather_pairs[index][k++] = (uint8_t)(2 * lane);
            if (index >> lane & 1) gather_pairs[index][k++] = (uint8_t)(2 * lane + 1);
        }
        for (; k < 16; k++) gather_pairs[index][k] = 0x80;
    }
}

// Encodes the four units (below 0xD800 or from 0xE000, widened to 32 bits) of `units` at `out`;
// writes sixteen bytes, returns how many count.
__attribute__((target("ssse3")))
static inline size_t encode_four(__m128i units, uint8_t *out) {
    const __m128i mask = _mm_set1_epi32(0x3F00);
    __m128i two = _mm_or_si128(_mm_set1_epi32(0x80C0),
                               _mm_or_si128(_mm_srli_epi32(units, 6), _mm_and_si128(_mm_slli_epi32(units, 8), mask)));
    __m128i three = _mm_or_si128(
        _mm_set1_epi32(0x8080E0),
        _mm_or_si128(_mm_srli_epi32(units, 12),
                     _mm_or_si128(_mm_and_si128(_mm_slli_epi32(units, 2), mask),
                                  _mm_and_si128(_mm_slli_epi32(units, 16), _mm_set1_epi32(0x3F0000)))));
    __m128i is_two = _mm_cmpgt_epi32(units, _mm_set1_epi32(0x7F));
    __m128i is_three = _mm_cmpgt_epi32(units, _mm_set1_epi32(0x7FF));
    __m128i lanes = _mm_or_si128(_mm_and_si128(is_two, two), _mm_andnot_si128(is_two, units));
    lanes = _mm_or_si128(_mm_and_si128(is_three, three), _mm_andnot_si128(is_three, lanes));
    int index = _mm_movemask_ps(_mm_castsi128_ps(is_two)) | _mm_movemask_ps(_mm_castsi128_ps(is_three)) << 4;
    __m128i packed = _mm_shuffle_epi8(lanes, _mm_load_si128((const __m128i *)gather[index]));
    _mm_storeu_si128((__m128i *)out, packed);
    return gathered[index];
}

// Encodes the eight units (all below 0x800) of `units` at `out`; writes sixteen bytes, returns how
// many count.
__attribute__((target("ssse3")))
static inline size_t encode_eight_short(__m128i units, uint8_t *out) {
    __m128i two = _mm_or_si128(_mm_set1_epi16((short)0x80C0),
                               _mm_or_si128(_mm_srli_epi16(units, 6),
                                            _mm_and_si128(_mm_slli_epi16(units, 8), _mm_set1_epi16(0x3F00))));
    __m128i is_two = _mm_cmpgt_epi16(units, _mm_set1_epi16(0x7F));
    __m128i lanes = _mm_or_si128(_mm_and_si128(is_two, two), _mm_andnot_si128(is_two, units));
    int index = _mm_movemask_epi8(_mm_packs_epi16(is_two, is_two)) & 0xFF;
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(lanes, _mm_load_si128((const __m128i *)gather_pairs[index])));
    return 8 + (size_t)__builtin_popcount((unsigned)index);
}

__attribute__((target("ssse3")))
static size_t transcode_ssse3(const uint8_t *p, size_t count, bool big_endian, uint8_t *out, size_t *read) {
    size_t i = 0, o = 0;
    const __m128i zero = _mm_setzero_si128();
    const __m128i above_ascii = _mm_set1_epi16((short)0xFF80);
    const __m128i above_short = _mm_set1_epi16((short)0xF800), surrogate = _mm_set1_epi16((short)0xD800);
    while (i + 8 <= count) {
        __m128i units = _mm_loadu_si128((const __m128i *)(p + 2 * i));
        if (big_endian) units = _mm_or_si128(_mm_slli_epi16(units, 8), _mm_srli_epi16(units, 8));
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(units, above_ascii), zero)) == 0xFFFF) {
            _mm_storel_epi64((__m128i *)(out + o), _mm_packus_epi16(units, units));
            o += 8;
            i += 8;
            continue;
        }
        __m128i high = _mm_and_si128(units, above_short);
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(high, zero)) == 0xFFFF) {
            o += encode_eight_short(units, out + o);
            i += 8;
            continue;
        }
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(high, surrogate)) != 0) {
            size_t stop = scalars(p, i, i + 8, count, big_endian, out, &o);
            if (stop < i + 8) {
                *read = stop;
                return o;
            }
            i = stop;
            continue;
        }
        o += encode_four(_mm_unpacklo_epi16(units, zero), out + o);
        o += encode_four(_mm_unpackhi_epi16(units, zero), out + o);
        i += 8;
    }
    *read = scalars(p, i, count, count, big_endian, out, &o);
    return o;
}
#endif

size_t caret_simd_utf16_to_utf8(const uint8_t *bytes, size_t count, bool big_endian, uint8_t *out, size_t *read) {
#if defined(__x86_64__)
    if (caret_simd_has_ssse3()) {
        pthread_once(&tables_once, build_tables);
        return transcode_ssse3(bytes, count, big_endian, out, read);
    }
#endif
    size_t o = 0;
    *read = scalars(bytes, 0, count, count, big_endian, out, &o);
    return o;
}
