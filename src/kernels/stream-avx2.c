/*
 * stream-avx2.c - the streaming read with 256-bit AVX2.
 *
 * Per iteration: 128 bytes (two cache lines), four aligned 32-byte loads
 * of a ymm each, one prefetch per line CT_STREAM_PREFETCH bytes ahead.
 * Each ymm holds four pairs of 32-bit values, widened to 64-bit lanes (the
 * low value by vpand with 0xffffffff, the high one by vpsrlq $32) and
 * added into its own pair of 64-bit accumulators: 4 loads, 4 and, 4
 * shift, 8 add per 128 bytes, 32 values summed, nothing stored.  (Half
 * the avx512 iteration: with 256 bytes the compiler pairs the adds of the
 * two halves before accumulating, and the extra temporaries spill.)
 *
 * What binds it: from memory, the misses in flight and the prefetchers, as
 * for avx512 (see stream-avx512.c and CT_STREAM_PREFETCH); from L1, the
 * vector ALUs (three or four 256-bit ports: 1.5-2 lines a cycle would need
 * more).  Eight accumulators, the mask and the loaded vectors fit the 16
 * ymm registers: nothing spills.  tests/asm-stream.sh checks the
 * loop as compiled.
 */
#include "config.h"

#include <immintrin.h>

#include "ct/stream.h"

#if CT_STREAM_BLOCK % 128 != 0
#error "stream-avx2.c reads 128 bytes per iteration: CT_STREAM_BLOCK must be a multiple"
#endif

/*
 * Load 32 bytes at p + off, widen the four pairs and add them into the
 * accumulators lo and hi.  One load: the empty asm keeps the loaded
 * vector in a register, or the compiler folds the load into both the and
 * and the shift (see stream-avx512.c).
 */
#define WIDEN_ADD(lo, hi, off)                                            \
	do {                                                              \
		v = _mm256_load_si256((const __m256i *)(const void *)(p + (off))); \
		__asm__("" : "+x"(v));                                    \
		lo = _mm256_add_epi64(lo, _mm256_and_si256(v, lo32));     \
		hi = _mm256_add_epi64(hi, _mm256_srli_epi64(v, 32));      \
	} while (0)

uint64_t ct_stream_avx2(const uint32_t *a, size_t n)
{
	const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
	__m256i l0 = _mm256_setzero_si256(), l1 = l0, l2 = l0, l3 = l0;
	__m256i h0 = l0, h1 = l0, h2 = l0, h3 = l0;
	const char *p = (const char *)a, *end = p + n * sizeof(*a);
	__m128i x;

	for (; p < end; p += 128) {
		__m256i v;

		_mm_prefetch(p + CT_STREAM_PREFETCH, _MM_HINT_T2);
		_mm_prefetch(p + CT_STREAM_PREFETCH + 64, _MM_HINT_T2);
		WIDEN_ADD(l0, h0, 0);
		WIDEN_ADD(l1, h1, 32);
		WIDEN_ADD(l2, h2, 64);
		WIDEN_ADD(l3, h3, 96);
	}
	l0 = _mm256_add_epi64(_mm256_add_epi64(l0, l1), _mm256_add_epi64(l2, l3));
	h0 = _mm256_add_epi64(_mm256_add_epi64(h0, h1), _mm256_add_epi64(h2, h3));
	l0 = _mm256_add_epi64(l0, h0);
	x = _mm_add_epi64(_mm256_castsi256_si128(l0), _mm256_extracti128_si256(l0, 1));
	return (uint64_t)_mm_cvtsi128_si64(x) + (uint64_t)_mm_extract_epi64(x, 1);
}
