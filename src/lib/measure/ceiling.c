/*
 * measure/ceiling.c - the per-ISA ceilings of the per-cycle figures, each the
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
 *
 * The margin: a per-cycle figure is work / (time x clock), the clock read
 * from add-chain brackets around the call (the median of their timed
 * chunks, harness.h).  The chain gives adds per ns,
 * the core's clock only as far as it retires exactly one add a cycle and
 * the clock does not step between a bracket and the call; neither can be
 * seen without cycle counters, and a core measured at its exact limit
 * reads a little above it (Zen 4, avx2, 32.18-32.47 flop/cycle at a limit
 * of 32 on the wall basis, with the clock of whole brackets: up to
 * 1.5 %).  That is the fixed 2 %.  What the run does see is the clocks'
 * spread: a sample most of whose chunks lost time reads a slower clock,
 * so the figure over it reads high by as much; the fastest clock over
 * the median clock says by how much in this run.  The cap (5 %) keeps a figure 10 % over its
 * ceiling implausible however noisy the run: beyond it the clock under
 * the figure is not known well enough to print it plainly.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "measure/ceiling.h"
#include "core/stats.h"

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

double ct_ceiling_margin(const double *ghz, unsigned n)
{
	double margin = CT_CEILING_MARGIN_FIXED;
	struct ct_stats st;

	if (n) {
		ct_stats_compute(ghz, n, &st);
		if (st.median > 0 && st.max > st.median)
			margin += st.max / st.median - 1;
	}
	return margin < CT_CEILING_MARGIN_MAX ? margin : CT_CEILING_MARGIN_MAX;
}

int ct_ceiling_exceeded(double median, double ceiling, double margin)
{
	return median > ceiling * (1 + margin);
}
