/*
 * fma-avx512.c - FMA throughput with 512-bit AVX-512F.
 *
 * Per iteration: one 64-byte load, then 16 independent vfmadd231ps on zmm,
 * acc_i = acc_i + v * v: 16 FMAs x 16 lanes x 2 = 512 flops per 64 bytes
 * loaded.  Per pass over the 16384-byte array: 256 iterations, 4096 FMAs,
 * 131072 flops.
 *
 * What binds it: the FMA pipes.  Two 512-bit FMAs issue per cycle on the
 * cores with two 512-bit units (Xeon Golden/Raptor Cove; Zen 4 and Zen 5
 * split or fuse theirs), each with a latency of 4 cycles, so 8 chains keep
 * them busy; 16 accumulators leave twice that, for a scheduler that does
 * not issue oldest-first every cycle.  One load per 16 FMAs is far below
 * the two or three loads a cycle every such core sustains, and 16
 * accumulators plus the loaded vector take 17 of the 32 zmm registers:
 * nothing spills.  tests/kernels/asm-fma.sh checks the loop as compiled.
 *
 * The accumulators start from out[], values the compiler cannot know:
 * started from one constant, sixteen chains fed the same v are the same
 * value, and the compiler keeps one chain and stores it sixteen times.
 */
#include "config.h"

#include <immintrin.h>

#include "kernels/kernels.h"

/* One iteration: what ct-fma and tests/kernels/asm-fma.sh count. */
const struct ct_kernel ct_fma_avx512_desc = {
	.kernel = "fma",
	.isa = "avx512",
	.symbol = "ct_fma_avx512",
	.accumulators = 16,
	.lanes = 16,			/* fp32 in a zmm register */
	.loads = 1,
	.load_bytes = 64,
	.bytes = 64,
	.flops = 512,			/* 16 FMAs x 16 lanes x 2 */
	.ops = 16,			/* FMAs */
	.insn = "vfmadd231ps zmm",
	.mnemonic = "^vfmadd(132|213|231)ps$",
	.reg = "zmm",
	.binds = "the FMA pipes",
	.flags = CT_KERNEL_SHARED_LOAD,
	.fn.fma = ct_fma_avx512,
};

void ct_fma_avx512(const float *data, size_t n, uint64_t passes, float *out)
{
	__m512 a0 = _mm512_loadu_ps(out + 0 * 16), a1 = _mm512_loadu_ps(out + 1 * 16);
	__m512 a2 = _mm512_loadu_ps(out + 2 * 16), a3 = _mm512_loadu_ps(out + 3 * 16);
	__m512 a4 = _mm512_loadu_ps(out + 4 * 16), a5 = _mm512_loadu_ps(out + 5 * 16);
	__m512 a6 = _mm512_loadu_ps(out + 6 * 16), a7 = _mm512_loadu_ps(out + 7 * 16);
	__m512 a8 = _mm512_loadu_ps(out + 8 * 16), a9 = _mm512_loadu_ps(out + 9 * 16);
	__m512 a10 = _mm512_loadu_ps(out + 10 * 16), a11 = _mm512_loadu_ps(out + 11 * 16);
	__m512 a12 = _mm512_loadu_ps(out + 12 * 16), a13 = _mm512_loadu_ps(out + 13 * 16);
	__m512 a14 = _mm512_loadu_ps(out + 14 * 16), a15 = _mm512_loadu_ps(out + 15 * 16);
	uint64_t p;
	size_t j;

	for (p = 0; p < passes; p++) {
		for (j = 0; j < n; j += 16) {
			__m512 v = _mm512_loadu_ps(data + j);

			a0 = _mm512_fmadd_ps(v, v, a0);
			a1 = _mm512_fmadd_ps(v, v, a1);
			a2 = _mm512_fmadd_ps(v, v, a2);
			a3 = _mm512_fmadd_ps(v, v, a3);
			a4 = _mm512_fmadd_ps(v, v, a4);
			a5 = _mm512_fmadd_ps(v, v, a5);
			a6 = _mm512_fmadd_ps(v, v, a6);
			a7 = _mm512_fmadd_ps(v, v, a7);
			a8 = _mm512_fmadd_ps(v, v, a8);
			a9 = _mm512_fmadd_ps(v, v, a9);
			a10 = _mm512_fmadd_ps(v, v, a10);
			a11 = _mm512_fmadd_ps(v, v, a11);
			a12 = _mm512_fmadd_ps(v, v, a12);
			a13 = _mm512_fmadd_ps(v, v, a13);
			a14 = _mm512_fmadd_ps(v, v, a14);
			a15 = _mm512_fmadd_ps(v, v, a15);
		}
	}
	_mm512_storeu_ps(out + 0 * 16, a0);
	_mm512_storeu_ps(out + 1 * 16, a1);
	_mm512_storeu_ps(out + 2 * 16, a2);
	_mm512_storeu_ps(out + 3 * 16, a3);
	_mm512_storeu_ps(out + 4 * 16, a4);
	_mm512_storeu_ps(out + 5 * 16, a5);
	_mm512_storeu_ps(out + 6 * 16, a6);
	_mm512_storeu_ps(out + 7 * 16, a7);
	_mm512_storeu_ps(out + 8 * 16, a8);
	_mm512_storeu_ps(out + 9 * 16, a9);
	_mm512_storeu_ps(out + 10 * 16, a10);
	_mm512_storeu_ps(out + 11 * 16, a11);
	_mm512_storeu_ps(out + 12 * 16, a12);
	_mm512_storeu_ps(out + 13 * 16, a13);
	_mm512_storeu_ps(out + 14 * 16, a14);
	_mm512_storeu_ps(out + 15 * 16, a15);
}
