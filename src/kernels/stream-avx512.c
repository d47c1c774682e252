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
 * load ports (the adds have vector ALU ports of their own); in L2 and L3
 * the lines the core can have in flight; from memory the misses in
 * flight and how far the hardware prefetchers run ahead.  Eight
 * accumulators: an add waits only for its own load, never for another
 * add.  With the pointer add and the fused compare-and-branch an
 * iteration is 10 micro-ops for 8 lines, well under the front end's
 * width, so the loop overhead never binds in L1.  The loads stay in
 * address order (CT_STREAM_IN_ORDER, kernels.h).
 *
 * Three loops, one chosen at run time by calibration (ct_stream_choose):
 * ct_stream_avx512 reads only; ct_stream_avx512_pf also prefetches every
 * line CT_STREAM_PREFETCH bytes ahead, a load slot per line that costs in
 * L1 and L2 and can pay from memory; ct_stream_avx512_short reads four
 * lines an iteration into four accumulators, a branch every four lines,
 * which some cores read faster beyond L1; ct_stream_avx512_xor folds two
 * lines into an accumulator with one instruction (below), for cores
 * whose vector registers cannot take a load and an add for every line
 * (in L1, an Intel Xeon of Sapphire Rapids or later under KVM).  The
 * measurements behind each choice: bench/NOTES.  tests/kernels/asm-stream.sh
 * checks the four loops as compiled.
 */
#include "config.h"

#include <immintrin.h>

#include "kernels/kernels.h"

#if CT_STREAM_BLOCK != 512
#error "stream-avx512.c reads 512 bytes per iteration: keep CT_STREAM_BLOCK in step"
#endif

/* One iteration: what ct-stream says and tests/kernels/asm-stream.sh checks. */
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
	.short_loads = 4,		/* ct_stream_avx512_short */
	.xor_loads = 8,			/* ct_stream_avx512_xor: 4 plain loads, 4 folded */
	.loops = {
		{ "prefetch", { .stream = ct_stream_avx512_pf }, "ct_stream_avx512_pf" },
		{ "short", { .stream = ct_stream_avx512_short }, "ct_stream_avx512_short" },
		{ "xor", { .stream = ct_stream_avx512_xor }, "ct_stream_avx512_xor" },
	},
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

/*
 * The folding loop.  Each vpternlogq $0x96 takes three inputs, an
 * accumulator, a line loaded by a plain vmovdqa64 and the next line as
 * its memory operand, and leaves their XOR: two lines for one vector
 * instruction, where the plain loop spends one on each.  An Intel Xeon
 * that KVM shows as family 6 model 167 (AMX, AVX512-FP16: Sapphire Rapids
 * or later) reads 512-bit lines in L1 at 0.85-0.89 of a bare load loop
 * this way, the plain loop at 0.65-0.7 (bench/NOTES): there a 512-bit
 * load and a 512-bit add cannot both go at the rate of the loads.
 *
 * XOR cancels what it sees twice, so the four accumulators hold one pass
 * only: at its end they are folded into one and added (mod 2^64) into the
 * sum, and start again at zero.  A call returns passes x the sum of the
 * eight lanes of one pass's XOR, the XOR of every word i with i mod 8 = l
 * in lane l (ct_stream_xor_ref): any one changed word changes a pass's.  The
 * fold costs three instructions a pass (of 16 KiB: a fortieth).
 */
#define FOLD(s, p, off) do { \
	__m512i l_ = _mm512_load_si512((const void *)((p) + (off))); \
	CT_STREAM_IN_ORDER(); \
	s = _mm512_ternarylogic_epi64(s, l_, _mm512_load_si512((const void *)((p) + (off) + 64)), \
				      0x96); \
	CT_STREAM_IN_ORDER(); \
} while (0)

uint64_t ct_stream_avx512_xor(const uint64_t *a, size_t n, uint64_t passes)
{
	__m512i sum = _mm512_setzero_si512();
	const char *start = (const char *)a, *end = start + n * sizeof(*a), *p;

	for (; passes > 0; passes--) {
		__m512i x0 = _mm512_setzero_si512(), x1 = x0, x2 = x0, x3 = x0;

		for (p = start; p < end; p += CT_STREAM_BLOCK) {
			FOLD(x0, p, 0);
			FOLD(x1, p, 128);
			FOLD(x2, p, 256);
			FOLD(x3, p, 384);
		}
		x0 = _mm512_ternarylogic_epi64(x0, x1, x2, 0x96);
		sum = _mm512_add_epi64(sum, _mm512_xor_si512(x0, x3));
	}
	return lanes_sum(sum);
}
