/*
 * stream-neon.c - the streaming read with AdvSIMD (NEON), aarch64.
 *
 * Per iteration: 256 bytes, eight ldp of two q registers (32 bytes each),
 * each q register (two 64-bit words) added into one of eight 64-bit
 * accumulators (add .2d), two adds per accumulator.  16 loads, 16 adds per
 * 256 bytes, nothing stored.  The sum is of 64-bit words mod 2^64, as in
 * stream-avx512.c.
 *
 * What binds it: the loads, one add each: two to three 128-bit loads a
 * cycle in L1 against two to four vector adds.  Beyond L1, the lines in
 * flight and the hardware prefetchers; no software prefetch: a prfm takes
 * a load slot, and no Arm core was measured where one helps.  Eight
 * accumulators and sixteen loaded registers take 24 of the 32 v
 * registers: nothing spills.  tests/kernels/asm-stream.sh checks the loop as
 * compiled, the order of its loads too.  No CT_STREAM_IN_ORDER here: GCC
 * 12 and clang already emit the eight ldp in ascending order, and with a
 * barrier after each pair GCC reassociated the adds and rotated registers
 * (mov between accumulators), a worse loop.
 */
#include "config.h"

#include <arm_neon.h>

#include "kernels/kernels.h"

#if CT_STREAM_BLOCK % 256 != 0
#error "stream-neon.c reads 256 bytes per iteration: CT_STREAM_BLOCK must be a multiple"
#endif

/* One iteration: what ct-stream says and tests/kernels/asm-stream.sh checks. */
const struct ct_kernel ct_stream_neon_desc = {
	.kernel = "stream",
	.isa = "neon",
	.symbol = "ct_stream_neon",
	.accumulators = 8,
	.lanes = 2,			/* 64-bit lanes in a q register */
	.loads = 8,			/* ldp of two q registers */
	.load_bytes = 32,
	.bytes = 256,
	.ops = 16,			/* add .2d, one per q register */
	.insn = "ldp q + add .2d, one per register",
	.mnemonic = "^add$",
	.reg = "2d",
	.binds = "the loads, one add each",
	.fn.stream = ct_stream_neon,
};

#define ADD(s, off) s = vaddq_u64(s, vld1q_u64(p + (off)))

uint64_t ct_stream_neon(const uint64_t *a, size_t n, uint64_t passes)
{
	uint64x2_t s0 = vdupq_n_u64(0), s1 = s0, s2 = s0, s3 = s0;
	uint64x2_t s4 = s0, s5 = s0, s6 = s0, s7 = s0;
	const uint64_t *end = a + n, *p;

	for (; passes > 0; passes--) {
		for (p = a; p < end; p += 32) {
			ADD(s0, 0);
			ADD(s1, 2);
			ADD(s2, 4);
			ADD(s3, 6);
			ADD(s4, 8);
			ADD(s5, 10);
			ADD(s6, 12);
			ADD(s7, 14);
			ADD(s0, 16);
			ADD(s1, 18);
			ADD(s2, 20);
			ADD(s3, 22);
			ADD(s4, 24);
			ADD(s5, 26);
			ADD(s6, 28);
			ADD(s7, 30);
		}
	}
	s0 = vaddq_u64(vaddq_u64(vaddq_u64(s0, s1), vaddq_u64(s2, s3)),
		       vaddq_u64(vaddq_u64(s4, s5), vaddq_u64(s6, s7)));
	return vaddvq_u64(s0);
}
