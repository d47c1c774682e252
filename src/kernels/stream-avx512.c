/*
 * stream-avx512.c - the streaming read with 512-bit AVX-512F.
 *
 * Per iteration: 256 bytes, four aligned 64-byte loads (one cache line
 * each), one prefetch per line CT_STREAM_PREFETCH bytes ahead.  Each
 * loaded zmm holds eight 64-bit lanes, each a pair of 32-bit values
 * lo + hi * 2^32.  The pair is widened and added in two 64-bit sums: the
 * whole lane into w (vpaddq), the high value alone into h (vpsrlq $32,
 * vpaddq).  At the end w - h * 2^32 is the sum of the low values, exact
 * mod 2^64 like every sum here, and the result is that plus h.  4 loads,
 * 4 shifts, 8 adds per 256 bytes, 64 values summed, nothing stored.
 *
 * Why not widen both values (vpandq and vpsrlq, then two adds): it works
 * and tests the same, but costs a third vector operation per line, and
 * from memory every operation that waits for a line fills the
 * out-of-order window: a window full of waiting operations holds fewer
 * lines in flight.  On an Emerald Rapids core the and-and-shift loop ran
 * 2-4 % slower from memory and 5-8 % slower from L3.
 *
 * What binds it: from memory, the misses one core keeps in flight and how
 * far ahead the prefetchers run; the software prefetch, one page ahead,
 * has nothing waiting on it and keeps the depth (see CT_STREAM_PREFETCH
 * in stream.h).  From L1, the two vector ALU ports (three operations per
 * line).  Eight accumulators, each taking one add per iteration, keep the
 * adds off the critical path.  tests/asm-stream.sh checks the loop as
 * compiled.
 */
#include "config.h"

#include <immintrin.h>

#include "ct/stream.h"

#if CT_STREAM_BLOCK != 256
#error "stream-avx512.c reads 256 bytes per iteration: keep CT_STREAM_BLOCK in step"
#endif

/*
 * One load per line: without this the compiler folds the load into both
 * the add and the shift, two loads of every line (the second also waits
 * for the miss, and the loop reads 512 bytes of L1 per 256 of array).  An
 * empty asm that takes the register keeps the loaded value in it.
 */
#define IN_REG(v) __asm__("" : "+v"(v))

#define PREFETCH(p) _mm_prefetch((p) + CT_STREAM_PREFETCH, _MM_HINT_T0)

/*
 * The sum of the eight lanes, mod 2^64 like every sum here.  Not
 * _mm512_reduce_add_epi64: GCC's adds the lanes as signed long long, and
 * a signed overflow is undefined behaviour (UBSan stops there); these
 * adds are all on unsigned lanes and wrap.
 */
static uint64_t lanes_sum(__m512i v)
{
	__m256i q = _mm256_add_epi64(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
	__m128i d = _mm_add_epi64(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));

	return (uint64_t)_mm_cvtsi128_si64(d) + (uint64_t)_mm_extract_epi64(d, 1);
}

uint64_t ct_stream_avx512(const uint32_t *a, size_t n)
{
	__m512i w0 = _mm512_setzero_si512(), w1 = w0, w2 = w0, w3 = w0;
	__m512i h0 = w0, h1 = w0, h2 = w0, h3 = w0;
	const char *p = (const char *)a, *end = p + n * sizeof(*a);
	uint64_t w, h;

	for (; p < end; p += CT_STREAM_BLOCK) {
		__m512i v0, v1, v2, v3;

		PREFETCH(p);
		PREFETCH(p + 64);
		PREFETCH(p + 128);
		PREFETCH(p + 192);
		v0 = _mm512_load_si512((const void *)(p + 0));
		v1 = _mm512_load_si512((const void *)(p + 64));
		v2 = _mm512_load_si512((const void *)(p + 128));
		v3 = _mm512_load_si512((const void *)(p + 192));
		IN_REG(v0);
		IN_REG(v1);
		IN_REG(v2);
		IN_REG(v3);
		w0 = _mm512_add_epi64(w0, v0);
		h0 = _mm512_add_epi64(h0, _mm512_srli_epi64(v0, 32));
		w1 = _mm512_add_epi64(w1, v1);
		h1 = _mm512_add_epi64(h1, _mm512_srli_epi64(v1, 32));
		w2 = _mm512_add_epi64(w2, v2);
		h2 = _mm512_add_epi64(h2, _mm512_srli_epi64(v2, 32));
		w3 = _mm512_add_epi64(w3, v3);
		h3 = _mm512_add_epi64(h3, _mm512_srli_epi64(v3, 32));
	}
	w0 = _mm512_add_epi64(_mm512_add_epi64(w0, w1), _mm512_add_epi64(w2, w3));
	h0 = _mm512_add_epi64(_mm512_add_epi64(h0, h1), _mm512_add_epi64(h2, h3));
	w = lanes_sum(w0);
	h = lanes_sum(h0);
	/* The low values are w - h * 2^32; the sum is that plus h. */
	return w - (h << 32) + h;
}
