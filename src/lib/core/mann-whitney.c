/*
 * core/mann-whitney.c - the Mann-Whitney U test and the Hodges-Lehmann interval.
 *
 * Ranks are doubled so that mid-ranks of ties stay integers: the exact
 * distribution of the doubled rank sum of x under every assignment of the
 * pooled values to the two samples is counted by dynamic programming over
 * the pooled values (counts up to C(50, 25) ~ 1.3e14 are exact in a
 * double).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/mann-whitney.h"
#include "core/stats.h"

/*
 * The distribution of the sum of k of the N values r2[] chosen at random:
 * dist[s] = P(sum = s) for s in 0..*smax.  Freed by the caller.
 */
static double *sum_dist(const unsigned *r2, size_t N, size_t k, size_t *smax)
{
	size_t total = 0, t, j, s, w;
	double *cnt, *out, all = 0;

	for (t = 0; t < N; t++)
		total += r2[t];
	w = total + 1;
	cnt = ct_xcalloc((k + 1) * w, sizeof(*cnt));
	cnt[0] = 1;
	for (t = 0; t < N; t++)
		for (j = (t + 1 < k ? t + 1 : k); j >= 1; j--)
			for (s = total - r2[t] + 1; s-- > 0;)
				if (cnt[(j - 1) * w + s] != 0)
					cnt[j * w + s + r2[t]] += cnt[(j - 1) * w + s];
	out = ct_xmalloc(w * sizeof(*out));
	for (s = 0; s < w; s++)
		all += cnt[k * w + s];
	for (s = 0; s < w; s++)
		out[s] = cnt[k * w + s] / all;
	free(cnt);
	*smax = total;
	return out;
}

/* The standard normal distribution function. */
static double phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

static int utest(const double *x, size_t m, const double *y, size_t n, int exact,
		 struct ct_utest *r)
{
	size_t N = m + n, i, j;
	struct pooled {
		double v;
		int fromx;
	} *pool;
	unsigned *r2;
	double rx2 = 0, ties = 0;

	memset(r, 0, sizeof(*r));
	if (m == 0 || n == 0)
		return -1;
	pool = ct_xmalloc(N * sizeof(*pool));
	r2 = ct_xmalloc(N * sizeof(*r2));
	for (i = 0; i < m; i++)
		pool[i] = (struct pooled){ x[i], 1 };
	for (i = 0; i < n; i++)
		pool[m + i] = (struct pooled){ y[i], 0 };
	qsort(pool, N, sizeof(*pool), ct_cmp_double);
	/* Doubled mid-ranks: a run of ties at ranks i+1..j gets i + 1 + j. */
	for (i = 0; i < N; i = j) {
		double t;

		for (j = i + 1; j < N && pool[j].v == pool[i].v; j++)
			;
		t = (double)(j - i);
		ties += t * t * t - t;
		for (size_t q = i; q < j; q++) {
			r2[q] = (unsigned)(i + 1 + j);
			if (pool[q].fromx)
				rx2 += r2[q];
		}
	}
	/* U of y = m n - U of x, U of x = R_x - m (m + 1) / 2. */
	r->u = (double)m * (double)n - (rx2 / 2 - (double)m * (double)(m + 1) / 2);
	if (exact) {
		size_t smax, s, obs = (size_t)rx2;
		double *d = sum_dist(r2, N, m, &smax), lo = 0, hi = 0;

		for (s = 0; s <= smax; s++) {
			if (s <= obs)
				lo += d[s];
			if (s >= obs)
				hi += d[s];
		}
		r->p = 2 * (lo < hi ? lo : hi);
		r->exact = 1;
		free(d);
	} else {
		double mn = (double)m * (double)n, dN = (double)N;
		double var = mn / 12 * ((dN + 1) - ties / (dN * (dN - 1)));
		double dev = fabs(r->u - mn / 2) - 0.5;

		if (dev < 0)
			dev = 0;
		r->p = var > 0 ? 2 * phi(-dev / sqrt(var)) : 1;
	}
	if (r->p > 1)
		r->p = 1;
	free(pool);
	free(r2);
	return 0;
}

int ct_utest(const double *x, size_t m, const double *y, size_t n, struct ct_utest *r)
{
	return utest(x, m, y, n, m + n <= CT_UTEST_EXACT_MAX, r);
}

int ct_utest_normal(const double *x, size_t m, const double *y, size_t n, struct ct_utest *r)
{
	return utest(x, m, y, n, 0, r);
}

long ct_utest_critical(size_t m, size_t n, double alpha)
{
	size_t N = m + n, i;
	long c = -1;

	if (m == 0 || n == 0)
		return -1;
	if (N <= CT_UTEST_EXACT_MAX) {
		unsigned *r2 = ct_xmalloc(N * sizeof(*r2));
		size_t smax, s, base;
		double *d, cum = 0;

		for (i = 0; i < N; i++)
			r2[i] = (unsigned)(2 * (i + 1));
		d = sum_dist(r2, N, m, &smax);
		/* The smallest doubled rank sum is m (m + 1): U = 0. */
		base = m * (m + 1);
		for (s = base; s <= smax; s += 2) {
			cum += d[s];
			if (cum > alpha / 2 * (1 + 1e-12))
				break;
			c = (long)((s - base) / 2);
		}
		free(d);
		free(r2);
	} else {
		double mn = (double)m * (double)n;
		double sd = sqrt(mn * (double)(N + 1) / 12);
		/* z of alpha / 2 by bisection on the normal distribution. */
		double zlo = -40, zhi = 0, v;
		int it;

		for (it = 0; it < 200; it++) {
			double mid = (zlo + zhi) / 2;

			if (phi(mid) < alpha / 2)
				zlo = mid;
			else
				zhi = mid;
		}
		/* P(U <= c) ~ phi((c + 1/2 - mn/2) / sd) <= alpha / 2. */
		v = floor(mn / 2 - 0.5 + zlo * sd);
		c = v >= 0 ? (long)v : -1;
	}
	return c;
}

/* Differences y_j - x_i <= t, over sorted x and y. */
static double count_le(const double *x, size_t m, const double *y, size_t n, double t)
{
	size_t i = 0, j;
	double c = 0;

	/* For each j the i with y_j - x_i <= t are a suffix; it starts later as j grows. */
	for (j = 0; j < n; j++) {
		while (i < m && y[j] - x[i] > t)
			i++;
		c += (double)(m - i);
	}
	return c;
}

/* The smallest difference above t, or +inf. */
static double next_above(const double *x, size_t m, const double *y, size_t n, double t)
{
	size_t i = 0, j;
	double best = INFINITY;

	for (j = 0; j < n; j++) {
		while (i < m && y[j] - x[i] > t)
			i++;
		if (i > 0 && y[j] - x[i - 1] < best)
			best = y[j] - x[i - 1];
	}
	return best;
}

/* The k-th smallest (from 1) of the differences, over sorted x and y. */
static double kth_diff(const double *x, size_t m, const double *y, size_t n, double k)
{
	double lo = y[0] - x[m - 1], hi = y[n - 1] - x[0], s;

	if (count_le(x, m, y, n, lo) >= k)
		return lo;
	/* count(lo) < k <= count(hi): the answer is in (lo, hi]. */
	for (;;) {
		double mid;

		s = next_above(x, m, y, n, lo);
		if (count_le(x, m, y, n, s) >= k)
			return s;
		lo = s;
		mid = lo + (hi - lo) / 2;
		if (mid > lo && mid < hi) {
			if (count_le(x, m, y, n, mid) >= k)
				hi = mid;
			else
				lo = mid;
		}
	}
}

int ct_shift_ci(const double *x, size_t m, const double *y, size_t n, double alpha,
		double *est, double *lo, double *hi)
{
	double *xs, *ys, mn = (double)m * (double)n;
	long c;

	*est = *lo = *hi = NAN;
	if (m == 0 || n == 0)
		return -1;
	xs = ct_xmalloc(m * sizeof(*xs));
	ys = ct_xmalloc(n * sizeof(*ys));
	memcpy(xs, x, m * sizeof(*xs));
	memcpy(ys, y, n * sizeof(*ys));
	qsort(xs, m, sizeof(*xs), ct_cmp_double);
	qsort(ys, n, sizeof(*ys), ct_cmp_double);
	if (fmod(mn, 2) == 1)
		*est = kth_diff(xs, m, ys, n, (mn + 1) / 2);
	else
		*est = (kth_diff(xs, m, ys, n, mn / 2) + kth_diff(xs, m, ys, n, mn / 2 + 1)) / 2;
	c = ct_utest_critical(m, n, alpha);
	if (c >= 0) {
		*lo = kth_diff(xs, m, ys, n, (double)c + 1);
		*hi = kth_diff(xs, m, ys, n, mn - (double)c);
	}
	free(xs);
	free(ys);
	return c >= 0 ? 0 : -1;
}

/* The logarithms of the positive, finite values of v[0..n-1]; their count in *k. */
static double *logs(const double *v, size_t n, size_t *k)
{
	double *l = ct_xmalloc((n ? n : 1) * sizeof(*l));
	size_t i;

	*k = 0;
	for (i = 0; i < n; i++)
		if (v[i] > 0 && isfinite(v[i]))
			l[(*k)++] = log(v[i]);
	return l;
}

int ct_ratio_ci(const double *x, size_t m, const double *y, size_t n, double alpha,
		double *est, double *lo, double *hi)
{
	size_t lm, ln;
	double *lx = logs(x, m, &lm), *ly = logs(y, n, &ln);
	int rc = ct_shift_ci(lx, lm, ly, ln, alpha, est, lo, hi);

	*est = exp(*est);
	*lo = exp(*lo);
	*hi = exp(*hi);
	free(lx);
	free(ly);
	return rc;
}

int ct_ratio_beyond(double ratio, double lo, double hi, double threshold)
{
	if (isnan(lo))
		lo = ratio;
	if (isnan(hi))
		hi = ratio;
	return lo >= 1 + threshold || hi <= 1 / (1 + threshold);
}
