/*
 * fma-scalar.c - the portable C path: multiply-adds as the compiler makes
 * them for the baseline cpu.
 *
 * Per iteration: eight floats, each squared into an accumulator of its
 * own, acc_i = acc_i + d[j+i] * d[j+i]: 8 multiplies and 8 adds, 16 flops
 * per 32 bytes loaded, 0.5 flop per byte.  Per pass over the 16384-byte
 * array: 512 iterations, 8192 flops.
 *
 * Why each accumulator squares its own element instead of sharing one
 * loaded value as the SIMD kernels do: from acc_i += v * v the compiler
 * computes v * v once and adds it eight times, 9 flops where 16 would be
 * counted.  Distinct elements leave it nothing to share.  It may still
 * contract a multiply and an add into an FMA (aarch64) or pack the eight
 * chains into SIMD registers (GCC and Clang do at -O2): either way the
 * flops executed per byte loaded stay 0.5, and tests/kernels/asm-fma.sh checks
 * exactly that ratio in the loop as compiled, not a count of
 * instructions.  No reassociation is allowed without -ffast-math, so each
 * chain stays a chain.
 *
 * What binds it: on x86-64 without FMA, the multiply and the dependent
 * add of each chain; eight chains (fewer than the 16 registers of SSE2)
 * cover the add latency of most cores, and the result is the baseline a
 * user without a vector kernel gets, not a peak.
 *
 * The accumulators start from out[], values the compiler cannot know.
 */
#include "config.h"

#include "kernels/kernels.h"

/*
 * One iteration as written: what ct-fma counts, and the flops per byte
 * tests/kernels/asm-fma.sh finds in whatever the compiler made of it.
 */
const struct ct_kernel ct_fma_scalar_desc = {
	.kernel = "fma",
	.isa = "scalar",
	.symbol = "ct_fma_scalar",
	.accumulators = 8,
	.lanes = 1,
	.loads = 8,
	.load_bytes = 4,
	.bytes = 32,
	.flops = 16,			/* 8 multiplies, 8 adds */
	.ops = 8,			/* multiply-adds */
	.insn = "multiply-add as compiled",
	.mnemonic = "",
	.reg = "",
	.binds = "the multiply and the dependent add of each chain",
	.flags = CT_KERNEL_AS_COMPILED,
	.fn.fma = ct_fma_scalar,
};

void ct_fma_scalar(const float *data, size_t n, uint64_t passes, float *out)
{
	float a0 = out[0], a1 = out[1], a2 = out[2], a3 = out[3];
	float a4 = out[4], a5 = out[5], a6 = out[6], a7 = out[7];
	uint64_t p;
	size_t j;

	for (p = 0; p < passes; p++) {
		for (j = 0; j < n; j += 8) {
			const float *d = data + j;

			a0 = a0 + d[0] * d[0];
			a1 = a1 + d[1] * d[1];
			a2 = a2 + d[2] * d[2];
			a3 = a3 + d[3] * d[3];
			a4 = a4 + d[4] * d[4];
			a5 = a5 + d[5] * d[5];
			a6 = a6 + d[6] * d[6];
			a7 = a7 + d[7] * d[7];
		}
	}
	out[0] = a0;
	out[1] = a1;
	out[2] = a2;
	out[3] = a3;
	out[4] = a4;
	out[5] = a5;
	out[6] = a6;
	out[7] = a7;
}
