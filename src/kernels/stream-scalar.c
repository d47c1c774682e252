/*
 * stream-scalar.c - the streaming read in portable C, as the compiler
 * builds it for the baseline cpu.
 *
 * Per iteration: 64 bytes (one cache line), eight 64-bit loads, each
 * added into its own 64-bit accumulator (on x86-64 an add with a memory
 * operand).  8 loads, 8 adds per 64 bytes, nothing stored.  The sum is of
 * 64-bit words mod 2^64, as in stream-avx512.c.
 *
 * What binds it: the load ports, eight bytes per load: the baseline a
 * user without a vector kernel gets.  Eight accumulators keep the
 * one-cycle add chains off the critical path; eight accumulators, the
 * pointer and the end fit the sixteen registers of x86-64.  No software
 * prefetch: it would take a load slot per line, and the one core where a
 * prefetch was measured to help (see ct_stream_prior_for) has vector
 * kernels.  The compiler may pack the chains into SIMD registers;
 * tests/kernels/asm-stream.sh checks what it made: loads, adds, no store, no
 * spill.
 */
#include "config.h"

#include "kernels/kernels.h"

#if CT_STREAM_BLOCK % 64 != 0
#error "stream-scalar.c reads 64 bytes per iteration: CT_STREAM_BLOCK must be a multiple"
#endif

/*
 * One iteration as written: what ct-stream says; tests/kernels/asm-stream.sh
 * checks the bytes and adds of whatever the compiler made of it.
 */
const struct ct_kernel ct_stream_scalar_desc = {
	.kernel = "stream",
	.isa = "scalar",
	.symbol = "ct_stream_scalar",
	.accumulators = 8,
	.lanes = 1,
	.loads = 8,
	.load_bytes = 8,
	.bytes = 64,
	.ops = 8,			/* 64-bit adds */
	.insn = "64-bit loads and adds as compiled",
	.mnemonic = "",
	.reg = "",
	.binds = "the load ports, eight bytes a load",
	.flags = CT_KERNEL_AS_COMPILED,
	.fn.stream = ct_stream_scalar,
};

uint64_t ct_stream_scalar(const uint64_t *a, size_t n, uint64_t passes)
{
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	const uint64_t *end = a + n, *p;

	for (; passes > 0; passes--) {
		for (p = a; p < end; p += 8) {
			s0 += p[0];
			s1 += p[1];
			s2 += p[2];
			s3 += p[3];
			s4 += p[4];
			s5 += p[5];
			s6 += p[6];
			s7 += p[7];
		}
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}
