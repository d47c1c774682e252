/*
 * unit-precision.c - the confidence interval of the median and the
 * harness's stopping rule, with given samples: the binomial ranks against
 * published values and an independent computation of their coverage, the
 * interval over a sample, and each of the three reasons a run stops.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "core/stats.h"
#include "unit.h"

/* P(B <= k) for B ~ Binomial(n, 1/2), by the recurrence, in long double. */
static long double binom_cdf(size_t n, size_t k)
{
	long double p = powl(0.5L, (long double)n), cum = 0;
	size_t i;

	for (i = 0; i <= k; i++) {
		cum += p;
		p = p * (long double)(n - i) / (long double)(i + 1);
	}
	return cum;
}

static void ranks(void)
{
	/* n, lower rank: from the usual tables of the sign-test interval. */
	static const size_t table[][2] = {
		{ 6, 1 }, { 7, 1 }, { 8, 1 }, { 9, 2 }, { 10, 2 }, { 11, 2 }, { 12, 3 },
		{ 15, 4 }, { 17, 5 }, { 20, 6 }, { 25, 8 }, { 30, 10 }, { 50, 18 },
		{ 100, 40 },
	};
	size_t i, n, lo, hi, lo2, hi2;

	for (n = 0; n < 6; n++)
		CHECK(ct_median_ci_ranks(n, &lo, &hi) < 0);
	for (i = 0; i < CT_ARRAY_SIZE(table); i++) {
		n = table[i][0];
		CHECK(ct_median_ci_ranks(n, &lo, &hi) == 0);
		CHECK(lo == table[i][1] && hi == n + 1 - table[i][1]);
	}
	/* Every exact interval covers >= 95%, and one rank narrower would not. */
	for (n = 6; n <= 300; n++) {
		if (ct_median_ci_ranks(n, &lo, &hi) < 0) {
			CHECK(0);
			continue;
		}
		CHECK(1 - 2 * binom_cdf(n, lo - 1) >= 0.95L);
		CHECK(1 - 2 * binom_cdf(n, lo) < 0.95L);
	}
	/* The normal approximation takes over within a rank of the exact one. */
	CHECK(ct_median_ci_ranks(CT_CI_EXACT_MAX, &lo, &hi) == 0);
	CHECK(ct_median_ci_ranks(CT_CI_EXACT_MAX + 1, &lo2, &hi2) == 0);
	CHECK(lo2 + 1 >= lo && lo2 <= lo + 1 && hi2 == CT_CI_EXACT_MAX + 2 - lo2);
	CHECK(ct_median_ci_ranks(1000000, &lo, &hi) == 0);
	CHECK(lo > 499000 && lo < 499100 && hi == 1000001 - lo);
}

static void interval(void)
{
	/* 10 values, shuffled: ranks 2 and 9 of 1..10 are 2 and 9. */
	const double v[] = { 7, 3, 10, 1, 9, 5, 2, 8, 4, 6 };
	const double same[] = { 5, 5, 5, 5, 5, 5 };
	double lo, hi, hw;

	CHECK(ct_median_ci(v, 10, &lo, &hi, &hw) == 0);
	CHECK(lo == 2 && hi == 9);
	CHECK(fabs(hw - 100.0 * 3.5 / 5.5) < 1e-9);	/* (9 - 2) / 2 / 5.5 */
	CHECK(v[0] == 7);				/* input untouched */
	CHECK(ct_median_ci(v, 5, &lo, &hi, &hw) < 0 && isnan(lo) && isnan(hw));
	CHECK(ct_median_ci(same, 6, &lo, &hi, &hw) == 0 && hw == 0);
}

static uint64_t dummy_run(void *ctx)
{
	(void)ctx;
	return 0;
}

static int dummy_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	(void)ctx;
	(void)ret;
	(void)why;
	(void)len;
	return 0;
}

/*
 * A series of n samples whose rates (work 1e6 per call) are
 * 100 * (1 + spread * f(i)) on the wall basis and 100 * (1 + cspread *
 * f(i)) on the cpu basis, f alternating over [-1, 1].
 */
static void fill(struct ct_series *ser, struct ct_sample *s, unsigned n,
		 double spread, double cspread)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		double f = (double)(i % 5) / 2 - 1;	/* -1, -0.5, 0, 0.5, 1 */

		memset(&s[i], 0, sizeof(s[i]));
		s[i].rep = i;
		s[i].wall_ns = (uint64_t)llround(1e6 / (100 * (1 + spread * f)) * 1e3);
		s[i].cpu_ns = (uint64_t)llround(1e6 / (100 * (1 + cspread * f)) * 1e3);
	}
	ser->s = s;
	ser->n = n;
}

static void stopping(void)
{
	struct ct_job k;
	struct ct_harness h;
	struct ct_series ser[2];
	struct ct_sample a[64], b[64];
	double worst;

	memset(&k, 0, sizeof(k));
	k.name = "test";
	k.unit = "GHz";
	k.work = 1e9;
	k.run = dummy_run;
	k.verify = dummy_verify;
	memset(ser, 0, sizeof(ser));
	ser[0].k = ser[1].k = &k;
	memset(&h, 0, sizeof(h));
	h.reps = 5;

	/* Without a precision: REPS samples, or the time cap first. */
	fill(&ser[0], a, 4, 0.1, 0.1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == -1);
	fill(&ser[0], a, 5, 0.1, 0.1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == CT_STOP_REPS);
	h.max_ns = 1000000000;
	fill(&ser[0], a, 3, 0.1, 0.1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 999999999, &worst) == -1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 1000000000, &worst) == CT_STOP_MAX_TIME);

	/* Precision 1%: samples within +-0.2% stop it, once there are 6. */
	h.precision_pct = 1;
	h.max_ns = 0;
	fill(&ser[0], a, 5, 0.002, 0.002);
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == -1);
	CHECK(isnan(worst));
	fill(&ser[0], a, 6, 0.002, 0.002);
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == CT_STOP_PRECISION);
	CHECK(worst > 0 && worst <= 1);
	/* REPS is the minimum: 6 precise samples are not enough for 10. */
	h.reps = 10;
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == -1);
	h.reps = 5;
	/* +-10% samples never are: only the cap stops them. */
	fill(&ser[0], a, 40, 0.1, 0.1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 5000000000ull, &worst) == -1);
	CHECK(worst > 1);
	h.max_ns = 5000000000ull;
	CHECK(ct_harness_should_stop(&h, ser, 1, 4999999999ull, &worst) == -1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 5000000000ull, &worst) == CT_STOP_MAX_TIME);
	/* Precise and out of time together: the precision was reached. */
	fill(&ser[0], a, 40, 0.002, 0.002);
	CHECK(ct_harness_should_stop(&h, ser, 1, 5000000000ull, &worst) == CT_STOP_PRECISION);
	/* Both bases count: a precise cpu basis does not excuse a wide wall one. */
	fill(&ser[0], a, 40, 0.1, 0.002);
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == -1);
	fill(&ser[0], a, 40, 0.002, 0.1);
	CHECK(ct_harness_should_stop(&h, ser, 1, 0, &worst) == -1);
	/* Every kernel counts: one wide series keeps the run going. */
	fill(&ser[0], a, 40, 0.002, 0.002);
	fill(&ser[1], b, 40, 0.1, 0.1);
	CHECK(ct_harness_should_stop(&h, ser, 2, 0, &worst) == -1);
	fill(&ser[1], b, 40, 0.003, 0.003);
	CHECK(ct_harness_should_stop(&h, ser, 2, 0, &worst) == CT_STOP_PRECISION);
	CHECK(ct_series_halfwidth_pct(&ser[1], CT_BASIS_WALL) <= 0.3 + 1e-6);

	CHECK(strcmp(ct_stop_name(CT_STOP_REPS), "reps") == 0);
	CHECK(strcmp(ct_stop_name(CT_STOP_PRECISION), "precision") == 0);
	CHECK(strcmp(ct_stop_name(CT_STOP_MAX_TIME), "max-time") == 0);
}

int main(void)
{
	ranks();
	interval();
	stopping();
	return unit_done();
}
