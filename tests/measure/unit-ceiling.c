/*
 * unit-ceiling.c - the per-cycle ceilings and the decision that a figure
 * is implausible, fed known numbers: a figure at its limit with the error
 * a real measurement has (Zen 4's avx2 read 32.18-32.47 flop/cycle at its
 * exact limit of 32) is plausible; a figure 10 % over its ceiling is
 * implausible however wide the brackets' spread; the margin grows with
 * the spread of the brackets' clocks and no further than its cap.
 */
#include "config.h"

#include <math.h>

#include "measure/ceiling.h"
#include "unit.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

static void ceilings(void)
{
	CHECK(ct_ceiling("avx2", "fma/cycle") == 2);
	CHECK(ct_ceiling("avx512", "fma/cycle") == 2);
	CHECK(ct_ceiling("neon", "byte/cycle") == 64);
	CHECK(isnan(ct_ceiling("avx2", "flop/cycle")));
	CHECK(isnan(ct_ceiling(NULL, "fma/cycle")));
}

static void margins(void)
{
	/* Steady brackets: the fixed part alone. */
	static const double steady[] = { 3.67, 3.67, 3.67, 3.67, 3.67 };
	/* A typical sample's clock 1 % under the fastest: 1 % more. */
	static const double spread[] = { 3.6337, 3.67, 3.6337, 3.6337, 3.60 };
	/* A noisy run: capped. */
	static const double noisy[] = { 3.67, 3.0, 3.1, 3.2, 2.9 };

	CHECK(near(ct_ceiling_margin(NULL, 0), CT_CEILING_MARGIN_FIXED));
	CHECK(near(ct_ceiling_margin(steady, ARRAY_SIZE(steady)), CT_CEILING_MARGIN_FIXED));
	CHECK(near(ct_ceiling_margin(spread, ARRAY_SIZE(spread)),
		   CT_CEILING_MARGIN_FIXED + 3.67 / 3.6337 - 1));
	CHECK(near(ct_ceiling_margin(noisy, ARRAY_SIZE(noisy)), CT_CEILING_MARGIN_MAX));
	/* Never below the fixed part, never above the cap. */
	CHECK(CT_CEILING_MARGIN_FIXED > 0.015 && CT_CEILING_MARGIN_MAX < 0.10);
}

static void decisions(void)
{
	static const double steady[] = { 3.67, 3.67, 3.67, 3.67, 3.67 };
	static const double noisy[] = { 3.67, 3.0, 3.1, 3.2, 2.9 };
	double quiet = ct_ceiling_margin(steady, ARRAY_SIZE(steady));
	double loud = ct_ceiling_margin(noisy, ARRAY_SIZE(noisy));

	/* Zen 4 at its limit of 32 flop/cycle (avx2, wall basis), as measured. */
	CHECK(!ct_ceiling_exceeded(32.0, 32, quiet));
	CHECK(!ct_ceiling_exceeded(32.18, 32, quiet));
	CHECK(!ct_ceiling_exceeded(32.47, 32, quiet));
	CHECK(!ct_ceiling_exceeded(2.03, 2, quiet));
	/* 10 % over: implausible, with steady brackets and with noisy ones. */
	CHECK(ct_ceiling_exceeded(35.2, 32, quiet));
	CHECK(ct_ceiling_exceeded(35.2, 32, loud));
	CHECK(ct_ceiling_exceeded(2.2, 2, loud));
	CHECK(ct_ceiling_exceeded(140.8, 128, loud));
	/* Just beyond the margin, and just inside it. */
	CHECK(ct_ceiling_exceeded(32 * (1 + quiet) * 1.001, 32, quiet));
	CHECK(!ct_ceiling_exceeded(32 * (1 + quiet) * 0.999, 32, quiet));
	/* No figure, or no ceiling known: never implausible. */
	CHECK(!ct_ceiling_exceeded(NAN, 32, quiet));
	CHECK(!ct_ceiling_exceeded(40, NAN, quiet));
}

int main(void)
{
	ceilings();
	margins();
	decisions();
	return unit_done();
}
