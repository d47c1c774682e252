/*
 * stream-avx2.c - the streaming read with 256-bit AVX2.
 *
 * Per iteration: 128 bytes (two cache lines), four aligned 32-byte loads
 * of a ymm each, one prefetch per line CT_STREAM_PREFETCH bytes ahead.
 * Each ymm holds four 64-bit lanes, each a pair of 32-bit values
 * lo + hi * 2^32, widened and added as in stream-avx512.c: the whole lane
 * into w (vpaddq), the high value alone into h (vpsrlq $32, vpaddq), and
 * at the end w - h * 2^32 + h.  4 loads, 4 shifts, 8 adds per 128 bytes,
 * 32 values summed, nothing stored.  (Half the avx512 iteration: with 256
 * bytes the compiler pairs the adds of the two halves before
 * accumulating, and the extra temporaries spill.)
 *
 * What binds it: from memory, the misses in flight and the prefetchers, as
 * for avx512 (see stream-avx512.c and CT_STREAM_PREFETCH); from L1, the
 * vector ALUs.  Eight accumulators and the loaded vectors fit the 16 ymm
 * registers: nothing spills.  tests/asm-stream.sh checks the loop as
 * compiled.
 */
#include "config.h"

#include <immintrin.h>

#include "ct/stream.h"

#if CT_STREAM_BLOCK % 128 != 0
#error "stream-avx2.c reads 128 bytes per iteration: CT_STREAM_BLOCK must be a multiple"
#endif

/*
 * Load 32 bytes at p + off and add them into the accumulators w and h.
 * One load: the empty asm keeps the loaded vector in a register, or the
 * compiler folds the load into both the add and the shift (see
 * stream-avx512.c).
 */
#define WIDEN_ADD(w, h, off)                                              \
	do {                                                              \
		v = _mm256_load_si256((const __m256i *)(const void *)(p + (off))); \
		__asm__("" : "+x"(v));                                    \
		w = _mm256_add_epi64(w, v);                               \
		h = _mm256_add_epi64(h, _mm256_srli_epi64(v, 32));        \
	} while (0)

uint64_t ct_stream_avx2(const uint32_t *a, size_t n)
{
	__m256i w0 = _mm256_setzero_si256(), w1 = w0, w2 = w0, w3 = w0;
	__m256i h0 = w0, h1 = w0, h2 = w0, h3 = w0;
	const char *p = (const char *)a, *end = p + n * sizeof(*a);
	uint64_t w, h;
	__m128i x;

	for (; p < end; p += 128) {
		__m256i v;

		_mm_prefetch(p + CT_STREAM_PREFETCH, _MM_HINT_T0);
		_mm_prefetch(p + CT_STREAM_PREFETCH + 64, _MM_HINT_T0);
		WIDEN_ADD(w0, h0, 0);
		WIDEN_ADD(w1, h1, 32);
		WIDEN_ADD(w2, h2, 64);
		WIDEN_ADD(w3, h3, 96);
	}
	w0 = _mm256_add_epi64(_mm256_add_epi64(w0, w1), _mm256_add_epi64(w2, w3));
	h0 = _mm256_add_epi64(_mm256_add_epi64(h0, h1), _mm256_add_epi64(h2, h3));
	x = _mm_add_epi64(_mm256_castsi256_si128(w0), _mm256_extracti128_si256(w0, 1));
	w = (uint64_t)_mm_cvtsi128_si64(x) + (uint64_t)_mm_extract_epi64(x, 1);
	x = _mm_add_epi64(_mm256_castsi256_si128(h0), _mm256_extracti128_si256(h0, 1));
	h = (uint64_t)_mm_cvtsi128_si64(x) + (uint64_t)_mm_extract_epi64(x, 1);
	/* The low values are w - h * 2^32; the sum is that plus h. */
	return w - (h << 32) + h;
}
