/*
 * unit-stats.c - the statistics every figure is reported with.
 */
#include "config.h"

#include <math.h>

#include "core/stats.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

int main(void)
{
	const double odd[] = { 5, 1, 4, 2, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double same[] = { 7, 7, 7 };
	const double one[] = { 42 };
	/* Large, nearly equal values: a one-pass variance would cancel. */
	const double close[] = { 1e9 + 1, 1e9 + 2, 1e9 + 3 };
	struct ct_stats st;

	ct_stats_compute(odd, 5, &st);
	CHECK(st.n == 5 && st.min == 1 && st.max == 5 && st.median == 3);
	CHECK(near(st.mean, 3));
	/* sd = sqrt(10/4) = 1.5811..., cv = 52.70 % */
	CHECK(near(st.cv_pct, 100 * sqrt(2.5) / 3));
	CHECK(odd[0] == 5);	/* input untouched */

	ct_stats_compute(even, 4, &st);
	CHECK(st.median == 2.5 && st.min == 1 && st.max == 4);

	ct_stats_compute(same, 3, &st);
	CHECK(st.cv_pct == 0 && st.median == 7);

	ct_stats_compute(one, 1, &st);
	CHECK(st.median == 42 && st.cv_pct == 0 && st.min == 42 && st.max == 42);

	ct_stats_compute(close, 3, &st);
	CHECK(near(st.cv_pct, 100.0 * 1.0 / (1e9 + 2)));

	ct_stats_compute(odd, 0, &st);
	CHECK(st.n == 0 && st.median == 0);

	return unit_done();
}
