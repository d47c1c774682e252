/*
 * ceiling.c - the per-ISA ceilings of the per-cycle figures, each the
 * widest shipped core of the family, so that only an impossible figure is
 * called implausible:
 *
 *   fma/cycle   x86 (avx512, avx2): two FMA pipes on every core from
 *               Haswell and Zen 1 to Golden Cove and Zen 5, for 256- and
 *               512-bit vectors alike; none retires three.  neon and the
 *               scalar kernel (which is also built for Arm): four 128-bit
 *               FP pipes (Apple Firestorm and later, Neoverse V1/V2,
 *               Cortex-X), the widest Arm core.
 *   byte/cycle  loads from L1 per cycle: avx512 and avx2 at most 128
 *               (two 64-byte loads on Ice Lake and Zen 5, three 32-byte
 *               ones on Golden Cove, four on Zen 5); neon and scalar at
 *               most 64 (four 16-byte loads; the scalar kernel may be
 *               vectorized by the compiler).
 *
 * The flop/cycle ceiling of a kernel follows from its fma/cycle one and
 * its flops per FMA (harness.c).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ct/ceiling.h"

static const struct {
	const char *isa, *unit;
	double max;
} ceilings[] = {
	{ "avx512", "fma/cycle", 2 },
	{ "avx2", "fma/cycle", 2 },
	{ "neon", "fma/cycle", 4 },
	{ "scalar", "fma/cycle", 4 },
	{ "avx512", "byte/cycle", 128 },
	{ "avx2", "byte/cycle", 128 },
	{ "neon", "byte/cycle", 64 },
	{ "scalar", "byte/cycle", 64 },
};

double ct_ceiling(const char *isa, const char *unit)
{
	size_t i;

	if (!isa || !unit)
		return NAN;
	for (i = 0; i < sizeof(ceilings) / sizeof(ceilings[0]); i++)
		if (strcmp(ceilings[i].isa, isa) == 0 && strcmp(ceilings[i].unit, unit) == 0)
			return ceilings[i].max;
	return NAN;
}
