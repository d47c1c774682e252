/*
 * stream-avx2.c - the streaming read with 256-bit AVX2.
 *
 * Per iteration: 512 bytes, sixteen aligned 32-byte loads (two per cache
 * line), each added into one of eight accumulators of four 64-bit lanes
 * (vpaddq with a memory operand: one fused load-and-add), two adds per
 * accumulator.  16 loads, 16 adds per 512 bytes, nothing stored.  The sum
 * is of 64-bit words mod 2^64, as in stream-avx512.c.
 *
 * What binds it: the loads, one add each.  In L1 two 32-byte loads a
 * cycle, half the bytes of the avx512 kernel's on a core that loads 64
 * bytes at a time (Skylake-SP, Emerald Rapids); the same on a core that
 * splits 512-bit loads in two (Zen 4).  Beyond L1 the lines in flight, as
 * for avx512, and the order of the loads: every load is followed by
 * CT_STREAM_IN_ORDER (kernels.h), so that no block is read second half
 * first (bench/NOTES).
 * Eight accumulators with a one-cycle add keep the adds off the critical
 * path and leave eight ymm registers free: nothing spills.
 *
 * Two loops, as in stream-avx512.c: ct_stream_avx2 reads only,
 * ct_stream_avx2_pf also prefetches every line CT_STREAM_PREFETCH bytes
 * ahead (one prefetch per 64 bytes, not per load).  tests/kernels/asm-stream.sh
 * checks both loops as compiled.
 */
#include "config.h"

#include <immintrin.h>

#include "kernels/kernels.h"

#if CT_STREAM_BLOCK != 512
#error "stream-avx2.c reads 512 bytes per iteration: keep CT_STREAM_BLOCK in step"
#endif

/* One iteration: what ct-stream says and tests/kernels/asm-stream.sh checks. */
const struct ct_kernel ct_stream_avx2_desc = {
	.kernel = "stream",
	.isa = "avx2",
	.symbol = "ct_stream_avx2",
	.accumulators = 8,
	.lanes = 4,			/* 64-bit lanes in a ymm register */
	.loads = 16,
	.load_bytes = 32,
	.bytes = 512,
	.ops = 16,			/* vpaddq, one per load */
	.insn = "vpaddq ymm, one per load",
	.mnemonic = "^vpaddq$",
	.reg = "ymm",
	.binds = "the loads, one add each",
	.fn.stream = ct_stream_avx2,
	.prefetches = 8,		/* one per line, in ct_stream_avx2_pf */
	.loops = { { "prefetch", { .stream = ct_stream_avx2_pf }, "ct_stream_avx2_pf" } },
};

#define PF(p, off) _mm_prefetch((p) + CT_STREAM_PREFETCH + (off), _MM_HINT_T0)
#define ADD(s, p, off) do { \
	s = _mm256_add_epi64(s, _mm256_load_si256((const __m256i *)(const void *)((p) + (off)))); \
	CT_STREAM_IN_ORDER(); \
} while (0)

static uint64_t lanes_sum(__m256i v)
{
	__m128i x = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));

	return (uint64_t)_mm_cvtsi128_si64(x) + (uint64_t)_mm_extract_epi64(x, 1);
}

static inline __attribute__((always_inline)) uint64_t
sum(const uint64_t *a, size_t n, uint64_t passes, int prefetch)
{
	__m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
	__m256i s4 = s0, s5 = s0, s6 = s0, s7 = s0;
	const char *start = (const char *)a, *end = start + n * sizeof(*a), *p;

	for (; passes > 0; passes--) {
		for (p = start; p < end; p += CT_STREAM_BLOCK) {
			if (prefetch) {
				PF(p, 0);
				PF(p, 64);
				PF(p, 128);
				PF(p, 192);
				PF(p, 256);
				PF(p, 320);
				PF(p, 384);
				PF(p, 448);
			}
			ADD(s0, p, 0);
			ADD(s1, p, 32);
			ADD(s2, p, 64);
			ADD(s3, p, 96);
			ADD(s4, p, 128);
			ADD(s5, p, 160);
			ADD(s6, p, 192);
			ADD(s7, p, 224);
			ADD(s0, p, 256);
			ADD(s1, p, 288);
			ADD(s2, p, 320);
			ADD(s3, p, 352);
			ADD(s4, p, 384);
			ADD(s5, p, 416);
			ADD(s6, p, 448);
			ADD(s7, p, 480);
		}
	}
	s0 = _mm256_add_epi64(_mm256_add_epi64(s0, s1), _mm256_add_epi64(s2, s3));
	s4 = _mm256_add_epi64(_mm256_add_epi64(s4, s5), _mm256_add_epi64(s6, s7));
	return lanes_sum(_mm256_add_epi64(s0, s4));
}

uint64_t ct_stream_avx2(const uint64_t *a, size_t n, uint64_t passes)
{
	return sum(a, n, passes, 0);
}

uint64_t ct_stream_avx2_pf(const uint64_t *a, size_t n, uint64_t passes)
{
	return sum(a, n, passes, 1);
}
