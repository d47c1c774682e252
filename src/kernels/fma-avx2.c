/*
 * fma-avx2.c - FMA throughput with 256-bit AVX2 + FMA3.
 *
 * Per group: one 32-byte load, then 12 independent vfmadd231ps on ymm,
 * acc_i = acc_i + v * v: 12 FMAs x 8 lanes x 2 = 192 flops per 32 bytes
 * loaded.  Two groups per iteration.  Per pass over the 16384-byte array:
 * 256 iterations, 6144 FMAs, 98304 flops.
 *
 * What binds it: the FMA pipes.  The cores of the field issue two 256-bit
 * FMAs per cycle with a latency of 4 cycles (5 on Haswell), so 8 to 10
 * chains keep them busy.  Why 12 and not 16: AVX2 code has only 16 ymm
 * registers, and 16 accumulators plus the loaded vector do not fit, so
 * the compiler spills accumulators to the stack inside the loop and the
 * store-to-load round trips bind instead of the FMA pipes.  Twelve cover
 * latency x pipes with room to spare and leave registers for the loaded
 * vector and for the compiler's own use: nothing spills.  One load per 12
 * FMAs is far below what the load ports sustain.  tests/kernels/asm-fma.sh checks
 * the loop as compiled.
 *
 * The accumulators start from out[], values the compiler cannot know:
 * started from one constant, chains fed the same v are the same value,
 * and the compiler keeps one chain and stores it twelve times.
 */
#include "config.h"

#include <immintrin.h>

#include "kernels/kernels.h"

/* One iteration, two groups: what ct-fma and tests/kernels/asm-fma.sh count. */
const struct ct_kernel ct_fma_avx2_desc = {
	.kernel = "fma",
	.isa = "avx2",
	.symbol = "ct_fma_avx2",
	.accumulators = 12,
	.lanes = 8,			/* fp32 in a ymm register */
	.loads = 2,
	.load_bytes = 32,
	.bytes = 64,
	.flops = 384,			/* 24 FMAs x 8 lanes x 2 */
	.ops = 24,			/* FMAs */
	.insn = "vfmadd231ps ymm",
	.mnemonic = "^vfmadd(132|213|231)ps$",
	.reg = "ymm",
	.binds = "the FMA pipes",
	.flags = CT_KERNEL_SHARED_LOAD,
	.fn.fma = ct_fma_avx2,
};

/* One group: the loaded vector squared into every accumulator. */
#define GROUP(v)                                                          \
	do {                                                              \
		a0 = _mm256_fmadd_ps(v, v, a0);                           \
		a1 = _mm256_fmadd_ps(v, v, a1);                           \
		a2 = _mm256_fmadd_ps(v, v, a2);                           \
		a3 = _mm256_fmadd_ps(v, v, a3);                           \
		a4 = _mm256_fmadd_ps(v, v, a4);                           \
		a5 = _mm256_fmadd_ps(v, v, a5);                           \
		a6 = _mm256_fmadd_ps(v, v, a6);                           \
		a7 = _mm256_fmadd_ps(v, v, a7);                           \
		a8 = _mm256_fmadd_ps(v, v, a8);                           \
		a9 = _mm256_fmadd_ps(v, v, a9);                           \
		a10 = _mm256_fmadd_ps(v, v, a10);                         \
		a11 = _mm256_fmadd_ps(v, v, a11);                         \
	} while (0)

void ct_fma_avx2(const float *data, size_t n, uint64_t passes, float *out)
{
	__m256 a0 = _mm256_loadu_ps(out + 0 * 8), a1 = _mm256_loadu_ps(out + 1 * 8);
	__m256 a2 = _mm256_loadu_ps(out + 2 * 8), a3 = _mm256_loadu_ps(out + 3 * 8);
	__m256 a4 = _mm256_loadu_ps(out + 4 * 8), a5 = _mm256_loadu_ps(out + 5 * 8);
	__m256 a6 = _mm256_loadu_ps(out + 6 * 8), a7 = _mm256_loadu_ps(out + 7 * 8);
	__m256 a8 = _mm256_loadu_ps(out + 8 * 8), a9 = _mm256_loadu_ps(out + 9 * 8);
	__m256 a10 = _mm256_loadu_ps(out + 10 * 8), a11 = _mm256_loadu_ps(out + 11 * 8);
	uint64_t p;
	size_t j;

	for (p = 0; p < passes; p++) {
		/*
		 * Two groups per iteration, each one load and its 12 FMAs: the
		 * loop's own add, compare and branch come once per 24 FMAs and
		 * take fewer issue slots from the FMA ports (measured on Raptor
		 * Cove: the median sample 1.5-3 % faster than one group).
		 */
		for (j = 0; j < n; j += 16) {
			__m256 v = _mm256_loadu_ps(data + j);
			__m256 w;

			GROUP(v);
			w = _mm256_loadu_ps(data + j + 8);
			GROUP(w);
		}
	}
	_mm256_storeu_ps(out + 0 * 8, a0);
	_mm256_storeu_ps(out + 1 * 8, a1);
	_mm256_storeu_ps(out + 2 * 8, a2);
	_mm256_storeu_ps(out + 3 * 8, a3);
	_mm256_storeu_ps(out + 4 * 8, a4);
	_mm256_storeu_ps(out + 5 * 8, a5);
	_mm256_storeu_ps(out + 6 * 8, a6);
	_mm256_storeu_ps(out + 7 * 8, a7);
	_mm256_storeu_ps(out + 8 * 8, a8);
	_mm256_storeu_ps(out + 9 * 8, a9);
	_mm256_storeu_ps(out + 10 * 8, a10);
	_mm256_storeu_ps(out + 11 * 8, a11);
}
