/*
 * unit-mann-whitney.c - ct-compare's statistics against published values and
 * values computed by hand: the Mann-Whitney U test (exact and normal),
 * its critical values, and the Hodges-Lehmann interval.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/mann-whitney.h"
#include "unit.h"

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* The k-th smallest of the m n differences, by brute force. */
static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	struct ct_utest u;
	double est, lo, hi;
	size_t i, j;

	/*
	 * Critical values of U, two-tailed, from the published tables (e.g.
	 * J. H. Zar, Biostatistical Analysis, table B.11; the same values in
	 * most statistics texts): alpha 0.05 for n1 = n2 = 5, 6, 7, 8, 9, 10,
	 * 15, 20 and for 5 against 10; alpha 0.01 for 10 and 20.
	 */
	CHECK(ct_utest_critical(5, 5, 0.05) == 2);
	CHECK(ct_utest_critical(6, 6, 0.05) == 5);
	CHECK(ct_utest_critical(7, 7, 0.05) == 8);
	CHECK(ct_utest_critical(8, 8, 0.05) == 13);
	CHECK(ct_utest_critical(9, 9, 0.05) == 17);
	CHECK(ct_utest_critical(10, 10, 0.05) == 23);
	CHECK(ct_utest_critical(5, 10, 0.05) == 8);
	CHECK(ct_utest_critical(10, 5, 0.05) == 8);
	CHECK(ct_utest_critical(15, 15, 0.05) == 64);
	CHECK(ct_utest_critical(20, 20, 0.05) == 127);
	CHECK(ct_utest_critical(10, 10, 0.01) == 16);
	CHECK(ct_utest_critical(20, 20, 0.01) == 105);
	/* The tables' dash: 3 against 3 cannot reach 5% (P(U = 0) = 1/20 each side). */
	CHECK(ct_utest_critical(3, 3, 0.05) == -1);
	/*
	 * Beyond the exact range, the normal approximation: 30 against 30 gives
	 * floor(450 - 0.5 - 1.959964 sqrt(900 * 61 / 12)) = floor(316.93) = 316,
	 * one under the exact 317 of the tables that go that far: conservative.
	 */
	CHECK(ct_utest_critical(30, 30, 0.05) == 316);

	/* By hand: 3 against 3, fully apart: U = 9, P(U = 9) = 1/C(6,3) = 1/20, p = 0.1. */
	{
		const double x[] = { 1, 2, 3 }, y[] = { 4, 5, 6 };

		CHECK(ct_utest(x, 3, y, 3, &u) == 0);
		CHECK(u.exact && u.u == 9 && near(u.p, 0.1, 1e-12));
		CHECK(ct_utest(y, 3, x, 3, &u) == 0);
		CHECK(u.u == 0 && near(u.p, 0.1, 1e-12));
	}
	/* By hand: 5 against 5 apart: p = 2 / C(10,5) = 2/252. */
	{
		const double x[] = { 10, 11, 12, 13, 14 }, y[] = { 1, 2, 3, 4, 5 };

		ct_utest(x, 5, y, 5, &u);
		CHECK(u.u == 0 && near(u.p, 2.0 / 252, 1e-12));
	}
	/*
	 * The example of scipy.stats.mannwhitneyu's documentation (after
	 * Conover): males 19 22 16 29 24 against females 20 11 17 12: U = 17
	 * for the males, exact p = 0.1111 (2 P(U <= 3) = 2 (1+1+2+3)/126), and
	 * with the normal approximation and continuity correction
	 * p = 0.11134688653314041.
	 */
	{
		const double males[] = { 19, 22, 16, 29, 24 }, females[] = { 20, 11, 17, 12 };

		ct_utest(females, 4, males, 5, &u);
		CHECK(u.exact && u.u == 17 && near(u.p, 14.0 / 126, 1e-12));
		ct_utest_normal(females, 4, males, 5, &u);
		CHECK(!u.exact && near(u.p, 0.11134688653314041, 1e-12));
	}
	/*
	 * By hand, exact with ties: x = 1 2 2, y = 2 3 4.  Mid-ranks of the
	 * pool 1 2 2 2 3 4 are 1 3 3 3 5 6; x's rank sum is 7.  Of the 20 ways
	 * to pick three ranks, a sum of at most 7 needs the 1 and two of the
	 * three 3s: 3 ways.  p = 2 * 3/20 = 0.3; U of y = 9 - (7 - 6) = 8.
	 */
	{
		const double x[] = { 1, 2, 2 }, y[] = { 2, 3, 4 };

		ct_utest(x, 3, y, 3, &u);
		CHECK(u.exact && u.u == 8 && near(u.p, 0.3, 1e-12));
	}
	/*
	 * By hand, the normal approximation with the tie correction: 26 values
	 * of 1 against 26 of 2 (52 samples, beyond the exact range).  U = 676,
	 * mean 338, variance 676/12 * (53 - 2 (26^3 - 26) / (52 * 51))
	 * = 56.3333 * 39.7647 = 2240.08; z = (338 - 0.5) / 47.3295 = 7.1309;
	 * p = erfc(7.1309 / sqrt 2) = 9.97e-13.  Without the tie correction
	 * (variance 2985.67) it would be 6.5e-10.
	 */
	{
		double x[26], y[26];

		for (i = 0; i < 26; i++) {
			x[i] = 1;
			y[i] = 2;
		}
		ct_utest(x, 26, y, 26, &u);
		CHECK(!u.exact && u.u == 676);
		CHECK(u.p > 9.9e-13 && u.p < 1.01e-12);
		/* Every value tied: no evidence at all. */
		ct_utest(x, 26, x, 26, &u);
		CHECK(u.p == 1);
	}
	/* A sample against itself: p = 1, exact or not. */
	{
		double x[40];

		for (i = 0; i < 40; i++)
			x[i] = sin((double)i) + 3;
		ct_utest(x, 10, x, 10, &u);
		CHECK(u.p == 1);
		ct_utest(x, 40, x, 40, &u);
		CHECK(!u.exact && u.p == 1);
	}

	/*
	 * Both sides of the cutoff between the exact test and the normal
	 * approximation: x = 1.0, 1.1, ..., 3.4 (25 values) against
	 * y = 2.05, 2.15, ..., 4.45 (25, no ties), then y with 4.55 added (26).
	 * The p-values are scipy 1.10's (python3 -c 'from scipy.stats import
	 * mannwhitneyu; mannwhitneyu(y, x, method=M).pvalue', M "exact" and
	 * "asymptotic", the continuity correction on):
	 *   25 + 25: U = 520, exact 2.4982994378364445e-05 (asymptotic 5.9096e-05);
	 *   25 + 26: U = 545, asymptotic 3.53613548698899e-05 (exact 1.3390e-05).
	 * 50 samples together are the last exact case, 51 the first normal one.
	 */
	{
		double x[25], y[26];

		for (i = 0; i < 25; i++) {
			x[i] = 1.0 + 0.1 * (double)i;
			y[i] = 2.05 + 0.1 * (double)i;
		}
		y[25] = 4.55;
		CHECK(ct_utest(x, 25, y, 25, &u) == 0);
		CHECK(u.exact && u.u == 520);
		CHECK(fabs(u.p / 2.4982994378364445e-05 - 1) < 1e-9);
		CHECK(ct_utest(x, 25, y, 26, &u) == 0);
		CHECK(!u.exact && u.u == 545);
		CHECK(fabs(u.p / 3.53613548698899e-05 - 1) < 1e-9);
		/* The same 51 forced normal agree; the 50 forced normal do not match the exact. */
		ct_utest_normal(x, 25, y, 25, &u);
		CHECK(!u.exact && fabs(u.p / 5.909644085596015e-05 - 1) < 1e-9);
		/* Either side may be the longer one: 26 + 25 is normal too. */
		ct_utest(y, 26, x, 25, &u);
		CHECK(!u.exact && u.u == 26 * 25 - 545 && fabs(u.p / 3.53613548698899e-05 - 1) < 1e-9);
	}
	/*
	 * The critical values on both sides of the cutoff, from the exact
	 * distribution of U (counted in python3 from the recursion
	 * f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u)) and the normal
	 * formula above: 25 against 25 at 5% is exact 211 (the normal one
	 * would give 210); 4 against 46 at 1%, 50 samples, exact 23 (normal
	 * 19); 4 against 47 at 1%, 51 samples, the normal 19 (exact 23).
	 */
	CHECK(ct_utest_critical(25, 25, 0.05) == 211);
	CHECK(ct_utest_critical(4, 46, 0.01) == 23);
	CHECK(ct_utest_critical(4, 47, 0.01) == 19);
	CHECK(ct_utest_critical(47, 4, 0.01) == 19);
	/* Small ones by enumeration of C(9, 4), C(8, 3), C(10, 4) rank sets. */
	CHECK(ct_utest_critical(4, 5, 0.05) == 1);
	CHECK(ct_utest_critical(3, 5, 0.05) == 0);
	CHECK(ct_utest_critical(4, 6, 0.05) == 2);
	CHECK(ct_utest_critical(4, 6, 0.2) == 5);
	CHECK(ct_utest_critical(0, 6, 0.05) == -1);

	/*
	 * The Hodges-Lehmann estimate where the middle differences differ, on
	 * every difference distinct (worked out by listing the m n differences
	 * sorted, python3):
	 *   x = 0 1.3 4.1 7.7, y = 2.2 3.9 6.4 9.05 13.6: 20 differences, the
	 *   10th and 11th are 2.6 and 3.9: estimate 3.25; c = 1: the 2nd
	 *   (-3.8) and the 19th (12.3).
	 *   x = 0 1.3 4.1 (15, odd): the 8th, 4.95; c = 0: the extremes -1.9
	 *   and 13.6.
	 *   x = 0 1.3 4.1 7.7, y + 15.15 (24, even): 4.95 and 5.1, estimate
	 *   5.025; c = 2: the 3rd (-1.9) and the 22nd (13.6).  At 80%, c = 5:
	 *   the 6th (0.9) and the 19th (9.5).
	 */
	{
		const double x[] = { 0, 1.3, 4.1, 7.7 }, y[] = { 2.2, 3.9, 6.4, 9.05, 13.6, 15.15 };

		CHECK(ct_shift_ci(x, 4, y, 5, 0.05, &est, &lo, &hi) == 0);
		CHECK(near(est, 3.25, 1e-12) && near(lo, -3.8, 1e-12) && near(hi, 12.3, 1e-12));
		CHECK(ct_shift_ci(x, 3, y, 5, 0.05, &est, &lo, &hi) == 0);
		CHECK(near(est, 4.95, 1e-12) && near(lo, -1.9, 1e-12) && near(hi, 13.6, 1e-12));
		CHECK(ct_shift_ci(x, 4, y, 6, 0.05, &est, &lo, &hi) == 0);
		CHECK(near(est, 5.025, 1e-12) && near(lo, -1.9, 1e-12) && near(hi, 13.6, 1e-12));
		CHECK(ct_shift_ci(x, 4, y, 6, 0.2, &est, &lo, &hi) == 0);
		CHECK(near(est, 5.025, 1e-12) && near(lo, 0.9, 1e-12) && near(hi, 9.5, 1e-12));
		/* y against x: every difference negated, the bounds swapped. */
		CHECK(ct_shift_ci(y, 5, x, 4, 0.05, &est, &lo, &hi) == 0);
		CHECK(near(est, -3.25, 1e-12) && near(lo, -12.3, 1e-12) && near(hi, 3.8, 1e-12));
	}
	/*
	 * Ratios: the same as factors, on exp() of those values; a value
	 * that is not positive and finite is left out, not taken as a log.
	 */
	{
		const double x[] = { 0, 1.3, 4.1, 7.7 }, y[] = { 2.2, 3.9, 6.4, 9.05, 13.6 };
		double ex[7], ey[8];

		for (i = 0; i < 4; i++)
			ex[i] = exp(x[i]);
		for (i = 0; i < 5; i++)
			ey[i] = exp(y[i]);
		ex[4] = 0;
		ex[5] = -1;
		ex[6] = NAN;
		ey[5] = INFINITY;
		ey[6] = 0;
		ey[7] = -exp(20.0);
		CHECK(ct_ratio_ci(ex, 7, ey, 8, 0.05, &est, &lo, &hi) == 0);
		CHECK(near(log(est), 3.25, 1e-9) && near(log(lo), -3.8, 1e-9) &&
		      near(log(hi), 12.3, 1e-9));
	}

	/*
	 * The interval, by hand: x = 0..9 and y = s + 0..9.  The differences
	 * y_j - x_i = s + (j - i) take the value s + v (10 - |v|) times; the
	 * critical value 23 (above) puts the bounds at the 24th and the 77th
	 * smallest: counting 1+2+3+4+5+6 = 21 up to s - 4 and 28 up to s - 3,
	 * the 24th is s - 3, and by symmetry the 77th is s + 3.  The estimate,
	 * the median of the differences, is s.
	 */
	{
		double x[10], y[10];

		for (i = 0; i < 10; i++) {
			x[i] = (double)i;
			y[i] = 100.5 + (double)(9 - i);	/* order does not matter */
		}
		CHECK(ct_shift_ci(x, 10, y, 10, 0.05, &est, &lo, &hi) == 0);
		CHECK(est == 100.5 && lo == 97.5 && hi == 103.5);
		/* The same as ratios: x_i = 2^i, y_j = 2^(j+1): ratio 2, bounds 2^-2 and 2^4. */
		for (i = 0; i < 10; i++) {
			x[i] = pow(2, (double)i);
			y[i] = pow(2, (double)i + 1);
		}
		CHECK(ct_ratio_ci(x, 10, y, 10, 0.05, &est, &lo, &hi) == 0);
		CHECK(near(est, 2, 1e-12) && near(lo, 0.25, 1e-12) && near(hi, 16, 1e-12));
		/* Too few for 95%: no interval, the estimate still there. */
		CHECK(ct_shift_ci(x, 3, y, 3, 0.05, &est, &lo, &hi) == -1);
		CHECK(isnan(lo) && isnan(hi) && !isnan(est));
	}
	/*
	 * The selection against every difference sorted, on uneven sizes: with
	 * ties (values floored) and without (every difference distinct, so that
	 * a bound one rank off shows).
	 */
	for (int tied = 0; tied < 2; tied++) {
		enum { M = 41, N = 37 };
		double x[M], y[N], *d = malloc(M * N * sizeof(*d));
		long c = ct_utest_critical(M, N, 0.05);
		size_t k = 0;

		for (i = 0; i < M; i++)
			x[i] = tied ? floor(10 * sin(3.0 * (double)i)) : 10 * sin(3.0 * (double)i);
		for (j = 0; j < N; j++)
			y[j] = tied ? 0.5 * floor(10 * cos(7.0 * (double)j)) : 5 * cos(7.0 * (double)j);
		for (i = 0; i < M; i++)
			for (j = 0; j < N; j++)
				d[k++] = y[j] - x[i];
		qsort(d, k, sizeof(*d), cmp);
		CHECK(c > 0);
		CHECK(ct_shift_ci(x, M, y, N, 0.05, &est, &lo, &hi) == 0);
		/* Ranks c + 1 and m n - c, from 1: d[c] and d[m n - c - 1]. */
		CHECK(lo == d[c] && hi == d[M * N - 1 - c]);
		CHECK(tied || (d[c - 1] < d[c] && d[M * N - 1 - c] < d[M * N - c]));
		/* 41 * 37 = 1517 differences: the median is the 759th. */
		CHECK(est == d[M * N / 2]);
		free(d);
	}
	return unit_done();
}
