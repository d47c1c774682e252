/*
 * stream-avx512.c - the streaming read with 512-bit AVX-512F.
 *
 * Per iteration: 256 bytes, four aligned 64-byte loads (one cache line
 * each), one prefetch per line CT_STREAM_PREFETCH bytes ahead.  Each
 * loaded zmm holds eight pairs of 32-bit values; each pair is widened to
 * two 64-bit lanes (the low value by vpandq with 0xffffffff, the high one
 * by vpsrlq $32) and added into 64-bit accumulators: 4 loads, 4 and, 4
 * shift, 8 add per 256 bytes, 64 values summed, nothing stored.
 *
 * What binds it: from memory, the misses one core keeps in flight and how
 * far ahead the prefetchers run.  The widening costs three vector
 * operations per line; they run at two per cycle (32 bytes a cycle), far
 * above what memory delivers (4-10 bytes a cycle), but each waits for its
 * line in the out-of-order window, and a window full of waiting operations
 * holds fewer lines in flight than a bare load loop does.  The software
 * prefetch, one page ahead and into L2, has nothing waiting on it and
 * restores the depth (see CT_STREAM_PREFETCH in stream.h).  Eight
 * accumulators, each taking one add per iteration, keep the adds off the
 * critical path even from L1.  tests/asm-stream.sh checks the loop as
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
 * the and and the shift, two loads of every line (both from L1 but the
 * second also waits for the miss, and the loop then reads 512 bytes of
 * L1 per 256 of array).  An empty asm that takes the register keeps the
 * loaded value in it.
 */
#define IN_REG(v) __asm__("" : "+v"(v))

uint64_t ct_stream_avx512(const uint32_t *a, size_t n)
{
	const __m512i lo32 = _mm512_set1_epi64(0xffffffff);
	__m512i l0 = _mm512_setzero_si512(), l1 = l0, l2 = l0, l3 = l0;
	__m512i h0 = l0, h1 = l0, h2 = l0, h3 = l0;
	const char *p = (const char *)a, *end = p + n * sizeof(*a);

	for (; p < end; p += CT_STREAM_BLOCK) {
		__m512i v0, v1, v2, v3;

		_mm_prefetch(p + CT_STREAM_PREFETCH, _MM_HINT_T2);
		_mm_prefetch(p + CT_STREAM_PREFETCH + 64, _MM_HINT_T2);
		_mm_prefetch(p + CT_STREAM_PREFETCH + 128, _MM_HINT_T2);
		_mm_prefetch(p + CT_STREAM_PREFETCH + 192, _MM_HINT_T2);
		v0 = _mm512_load_si512((const void *)(p + 0));
		v1 = _mm512_load_si512((const void *)(p + 64));
		v2 = _mm512_load_si512((const void *)(p + 128));
		v3 = _mm512_load_si512((const void *)(p + 192));
		IN_REG(v0);
		IN_REG(v1);
		IN_REG(v2);
		IN_REG(v3);
		l0 = _mm512_add_epi64(l0, _mm512_and_si512(v0, lo32));
		h0 = _mm512_add_epi64(h0, _mm512_srli_epi64(v0, 32));
		l1 = _mm512_add_epi64(l1, _mm512_and_si512(v1, lo32));
		h1 = _mm512_add_epi64(h1, _mm512_srli_epi64(v1, 32));
		l2 = _mm512_add_epi64(l2, _mm512_and_si512(v2, lo32));
		h2 = _mm512_add_epi64(h2, _mm512_srli_epi64(v2, 32));
		l3 = _mm512_add_epi64(l3, _mm512_and_si512(v3, lo32));
		h3 = _mm512_add_epi64(h3, _mm512_srli_epi64(v3, 32));
	}
	l0 = _mm512_add_epi64(_mm512_add_epi64(l0, l1), _mm512_add_epi64(l2, l3));
	h0 = _mm512_add_epi64(_mm512_add_epi64(h0, h1), _mm512_add_epi64(h2, h3));
	return (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(l0, h0));
}
