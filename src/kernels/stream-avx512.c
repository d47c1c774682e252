/*
 * stream-avx512.c - the streaming read with 512-bit AVX-512F.
 *
 * Per iteration: 512 bytes, eight aligned 64-byte loads (one cache line
 * each), each added into its own accumulator of eight 64-bit lanes
 * (vpaddq with a memory operand: one fused load-and-add).  8 loads,
 * 8 adds per 512 bytes, nothing stored.  The sum is of 64-bit words,
 * mod 2^64: a changed 32-bit value changes it by d (low half) or d * 2^32
 * (high half), neither 0 mod 2^64, so every value is still checked.
 *
 * What binds it: one vector add per load, so the loads.  In L1 the two
 * load ports (the adds have two vector ALU ports of their own: ports 0
 * and 5 on Skylake-SP); in L2 and L3 the lines the core can have in
 * flight; from memory the misses in flight and how far the hardware
 * prefetchers run ahead.  Eight accumulators: an add waits only for its
 * own load, never for another add.  Eight loads per iteration: with the
 * pointer add and the fused compare-and-branch that is 10 micro-ops per 8
 * lines, well under the front end's 4 (Intel) to 6 (Zen 4) a cycle, so
 * the loop overhead never binds in L1.
 *
 * Measured on Skylake-SP (2 vCPUs under KVM, variants interleaved in one
 * process, medians of 31-41), each loop making all of a sample's passes
 * itself: against a loop of bare vmovapd loads (likwid-bench's
 * load_avx512 shape, four lines an iteration) 1.21-1.39 in L1,
 * 0.955-0.974 in L2, 1.00 in L3, 1.01 from memory; 16 loads an iteration
 * as 8 in L2 and the same or a few per cent more in L1.  The loads are
 * kept in address order (CT_STREAM_IN_ORDER, stream.h): GCC 12 moved
 * bytes 256-383 after 384-511 without it; an earlier trial of barriers on
 * Skylake-SP read no better in L2 and 0.8 in L1, a figure to check there
 * (the calibration times each loop as built).  A call
 * and a reduction for each pass cost a 16 KiB array a third of its
 * bandwidth (91 against 136 GB/s).
 *
 * Three loops: ct_stream_avx512 reads only; ct_stream_avx512_pf also
 * prefetches every line CT_STREAM_PREFETCH bytes ahead.  A prefetch takes
 * a load slot, so in L1 and L2 it halves the loads (Skylake-SP: 16 KiB
 * 133 against 65 GB/s, 256 KiB 71 against 53).  ct_stream_avx512_short
 * reads four lines an iteration into four accumulators: on Skylake-SP,
 * beyond L1, a branch every four lines reads faster than one every eight
 * (in one process, interleaved, medians of 31 against a bare load loop of
 * four lines an iteration: 256 KiB 1.00 against 0.96-0.97, 8 MiB 1.02-1.03
 * against 1.00, 64 MiB 1.03 against 1.01), while in L1 the eight-line
 * loop reads 12 % more (137 against 122 GB/s).  stream.c picks the loop
 * at run time by calibration (ct_stream_choose).
 * tests/asm-stream.sh checks the three loops as compiled.
 */
#include "config.h"

#include <immintrin.h>

#include "kernels/kernels.h"

#if CT_STREAM_BLOCK != 512
#error "stream-avx512.c reads 512 bytes per iteration: keep CT_STREAM_BLOCK in step"
#endif

/* One iteration: what ct-stream says and tests/asm-stream.sh checks. */
const struct ct_kernel ct_stream_avx512_desc = {
	.kernel = "stream",
	.isa = "avx512",
	.symbol = "ct_stream_avx512",
	.accumulators = 8,
	.lanes = 8,			/* 64-bit lanes in a zmm register */
	.loads = 8,
	.load_bytes = 64,
	.bytes = 512,
	.ops = 8,			/* vpaddq, one per load */
	.insn = "vpaddq zmm, one per load",
	.mnemonic = "^vpaddq$",
	.reg = "zmm",
	.binds = "the loads, one add each",
	.fn.stream = ct_stream_avx512,
	.prefetches = 8,		/* one per line, in ct_stream_avx512_pf */
	.fn_pf = ct_stream_avx512_pf,
	.symbol_pf = "ct_stream_avx512_pf",
	.short_loads = 4,		/* ct_stream_avx512_short */
	.fn_short = ct_stream_avx512_short,
	.symbol_short = "ct_stream_avx512_short",
};

#define PF(p, off) _mm_prefetch((p) + CT_STREAM_PREFETCH + (off), _MM_HINT_T0)
#define ADD(s, p, off) do { \
	s = _mm512_add_epi64(s, _mm512_load_si512((const void *)((p) + (off)))); \
	CT_STREAM_IN_ORDER(); \
} while (0)

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

/* One body for both loops: prefetch is a constant, each loop has one shape. */
static inline __attribute__((always_inline)) uint64_t
sum(const uint64_t *a, size_t n, uint64_t passes, int prefetch)
{
	__m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0, s3 = s0;
	__m512i s4 = s0, s5 = s0, s6 = s0, s7 = s0;
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
			ADD(s1, p, 64);
			ADD(s2, p, 128);
			ADD(s3, p, 192);
			ADD(s4, p, 256);
			ADD(s5, p, 320);
			ADD(s6, p, 384);
			ADD(s7, p, 448);
		}
	}
	s0 = _mm512_add_epi64(_mm512_add_epi64(s0, s1), _mm512_add_epi64(s2, s3));
	s4 = _mm512_add_epi64(_mm512_add_epi64(s4, s5), _mm512_add_epi64(s6, s7));
	return lanes_sum(_mm512_add_epi64(s0, s4));
}

uint64_t ct_stream_avx512(const uint64_t *a, size_t n, uint64_t passes)
{
	return sum(a, n, passes, 0);
}

uint64_t ct_stream_avx512_pf(const uint64_t *a, size_t n, uint64_t passes)
{
	return sum(a, n, passes, 1);
}

/* Four lines an iteration, four accumulators: the loop beyond L1 (above). */
uint64_t ct_stream_avx512_short(const uint64_t *a, size_t n, uint64_t passes)
{
	__m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0, s3 = s0;
	const char *start = (const char *)a, *end = start + n * sizeof(*a), *p;

	for (; passes > 0; passes--) {
		for (p = start; p < end; p += 256) {
			ADD(s0, p, 0);
			ADD(s1, p, 64);
			ADD(s2, p, 128);
			ADD(s3, p, 192);
		}
	}
	return lanes_sum(_mm512_add_epi64(_mm512_add_epi64(s0, s1), _mm512_add_epi64(s2, s3)));
}
