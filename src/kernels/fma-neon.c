/*
 * fma-neon.c - FMA throughput with AdvSIMD (NEON), 128-bit.
 *
 * Per iteration: one 16-byte load, then 16 independent fmla v.4s,
 * acc_i = acc_i + v * v: 16 FMAs x 4 lanes x 2 = 128 flops per 16 bytes
 * loaded.  Per pass over the 16384-byte array: 1024 iterations, 16384
 * FMAs, 131072 flops.
 *
 * What binds it: the FMA pipes.  The widest Arm cores of the field issue
 * four 128-bit FMAs per cycle with a latency of 4 cycles (Apple Firestorm
 * and its successors, Neoverse V2), so they need 16 chains in flight; the
 * 32 vector registers hold 16 accumulators and the loaded vector with no
 * spill.  One load per 16 FMAs is far below the load ports' rate.
 * tests/kernels/asm-fma.sh checks the loop as compiled.
 *
 * The accumulators start from out[], values the compiler cannot know:
 * started from one constant, chains fed the same v are the same value,
 * and the compiler keeps one chain and stores it sixteen times.
 */
#include "config.h"

#include <arm_neon.h>

#include "kernels/kernels.h"

/* One iteration: what ct-fma and tests/kernels/asm-fma.sh count. */
const struct ct_kernel ct_fma_neon_desc = {
	.kernel = "fma",
	.isa = "neon",
	.symbol = "ct_fma_neon",
	.accumulators = 16,
	.lanes = 4,			/* fp32 in a q register */
	.loads = 1,
	.load_bytes = 16,
	.bytes = 16,
	.flops = 128,			/* 16 FMAs x 4 lanes x 2 */
	.ops = 16,			/* FMAs */
	.insn = "fmla v.4s",
	.mnemonic = "^fmla$",
	.reg = "4s",
	.binds = "the FMA pipes",
	.flags = CT_KERNEL_SHARED_LOAD,
	.fn.fma = ct_fma_neon,
};

void ct_fma_neon(const float *data, size_t n, uint64_t passes, float *out)
{
	float32x4_t a0 = vld1q_f32(out + 0 * 4), a1 = vld1q_f32(out + 1 * 4);
	float32x4_t a2 = vld1q_f32(out + 2 * 4), a3 = vld1q_f32(out + 3 * 4);
	float32x4_t a4 = vld1q_f32(out + 4 * 4), a5 = vld1q_f32(out + 5 * 4);
	float32x4_t a6 = vld1q_f32(out + 6 * 4), a7 = vld1q_f32(out + 7 * 4);
	float32x4_t a8 = vld1q_f32(out + 8 * 4), a9 = vld1q_f32(out + 9 * 4);
	float32x4_t a10 = vld1q_f32(out + 10 * 4), a11 = vld1q_f32(out + 11 * 4);
	float32x4_t a12 = vld1q_f32(out + 12 * 4), a13 = vld1q_f32(out + 13 * 4);
	float32x4_t a14 = vld1q_f32(out + 14 * 4), a15 = vld1q_f32(out + 15 * 4);
	uint64_t p;
	size_t j;

	for (p = 0; p < passes; p++) {
		for (j = 0; j < n; j += 4) {
			float32x4_t v = vld1q_f32(data + j);

			a0 = vfmaq_f32(a0, v, v);
			a1 = vfmaq_f32(a1, v, v);
			a2 = vfmaq_f32(a2, v, v);
			a3 = vfmaq_f32(a3, v, v);
			a4 = vfmaq_f32(a4, v, v);
			a5 = vfmaq_f32(a5, v, v);
			a6 = vfmaq_f32(a6, v, v);
			a7 = vfmaq_f32(a7, v, v);
			a8 = vfmaq_f32(a8, v, v);
			a9 = vfmaq_f32(a9, v, v);
			a10 = vfmaq_f32(a10, v, v);
			a11 = vfmaq_f32(a11, v, v);
			a12 = vfmaq_f32(a12, v, v);
			a13 = vfmaq_f32(a13, v, v);
			a14 = vfmaq_f32(a14, v, v);
			a15 = vfmaq_f32(a15, v, v);
		}
	}
	vst1q_f32(out + 0 * 4, a0);
	vst1q_f32(out + 1 * 4, a1);
	vst1q_f32(out + 2 * 4, a2);
	vst1q_f32(out + 3 * 4, a3);
	vst1q_f32(out + 4 * 4, a4);
	vst1q_f32(out + 5 * 4, a5);
	vst1q_f32(out + 6 * 4, a6);
	vst1q_f32(out + 7 * 4, a7);
	vst1q_f32(out + 8 * 4, a8);
	vst1q_f32(out + 9 * 4, a9);
	vst1q_f32(out + 10 * 4, a10);
	vst1q_f32(out + 11 * 4, a11);
	vst1q_f32(out + 12 * 4, a12);
	vst1q_f32(out + 13 * 4, a13);
	vst1q_f32(out + 14 * 4, a14);
	vst1q_f32(out + 15 * 4, a15);
}
