#ifndef BLOG_CTEXTSCAN_H
#define BLOG_CTEXTSCAN_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Classes of 16 bytes of text, one bit for each byte, the first byte's in the lowest bit.
typedef struct {
    /// An ASCII letter or digit.
    uint32_t word;
    /// A space, tab, line feed, vertical tab, form feed or carriage return.
    uint32_t space;
    /// A byte past ASCII (0x80 and up).
    uint32_t high;
} blog_byte_classes;

/// Classifies the 16 bytes at `bytes` (all readable). Static and inline, so that Swift's compiler inlines it
/// where the search index's scanner reads every byte of every post: with SSE2 (every x86-64) it is a few
/// vector operations for the 16 bytes, which Swift's own SIMD types cannot turn into a bit mask.
static inline blog_byte_classes blog_classify16(const uint8_t *bytes) {
    blog_byte_classes classes;
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    // Each range test moves the range's first byte to -128, so that one signed comparison with -128 plus the
    // range's length takes it; a byte past ASCII lands outside every range.
    __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i letter = _mm_cmplt_epi8(_mm_add_epi8(lower, _mm_set1_epi8(0x80 - 'a')), _mm_set1_epi8(-128 + 26));
    __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x80 - '0')), _mm_set1_epi8(-128 + 10));
    __m128i control = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(0x80 - 0x09)), _mm_set1_epi8(-128 + 5));
    __m128i blank = _mm_cmpeq_epi8(v, _mm_set1_epi8(0x20));
    classes.word = (uint32_t)_mm_movemask_epi8(_mm_or_si128(letter, digit));
    classes.space = (uint32_t)_mm_movemask_epi8(_mm_or_si128(control, blank));
    classes.high = (uint32_t)_mm_movemask_epi8(v);
#else
    classes.word = 0;
    classes.space = 0;
    classes.high = 0;
    for (int i = 0; i < 16; i++) {
        uint8_t byte = bytes[i];
        uint8_t lower = byte | 0x20;
        if ((lower >= 'a' && lower <= 'z') || (byte >= '0' && byte <= '9')) classes.word |= 1u << i;
        if (byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) classes.space |= 1u << i;
        if (byte >= 0x80) classes.high |= 1u << i;
    }
#endif
    return classes;
}

/// The index of the first byte from `from` before `to` that is one of `a`, `b`, `c` and `d`, or `to`: the
/// bare-URL search's stops (brackets, `w` and `:`), between which most text is skipped 16 bytes at a time.
static inline long blog_first_of4(const uint8_t *bytes, long from, long to, uint8_t a, uint8_t b, uint8_t c,
                                  uint8_t d) {
    long index = from;
#if defined(__SSE2__)
    const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b);
    const __m128i vc = _mm_set1_epi8((char)c), vd = _mm_set1_epi8((char)d);
    for (; index + 16 <= to; index += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, vc), _mm_cmpeq_epi8(v, vd)));
        int mask = _mm_movemask_epi8(hit);
        if (mask != 0) return index + __builtin_ctz((unsigned)mask);
    }
#endif
    for (; index < to; index++) {
        uint8_t byte = bytes[index];
        if (byte == a || byte == b || byte == c || byte == d) return index;
    }
    return to;
}

#endif
