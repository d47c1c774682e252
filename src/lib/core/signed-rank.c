/*
 * core/signed-rank.c - the Wilcoxon signed-rank test and its
 * Hodges-Lehmann interval, over log-ratios of paired values.
 *
 * The exact null distribution of W+ is counted by dynamic programming
 * over the ranks 1..n (counts up to 2^50 are exact in a double).  Ties
 * among |d| get mid-ranks and send the p-value to the normal
 * approximation, as zeros are dropped from the test (Wilcoxon's rule);
 * the estimate and the interval keep every pair.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/signed-rank.h"
#include "core/stats.h"

/* P(W+ = s) for s in 0..n(n+1)/2 over n ranks 1..n; freed by the caller. */
static double *rank_sum_dist(size_t n)
{
	size_t top = n * (n + 1) / 2, i, s;
	double *d = ct_xcalloc(top + 1, sizeof(*d)), all = 0;

	d[0] = 1;
	for (i = 1; i <= n; i++)
		for (s = i * (i + 1) / 2; s >= i; s--)
			d[s] += d[s - i];
	for (s = 0; s <= top; s++)
		all += d[s];
	for (s = 0; s <= top; s++)
		d[s] /= all;
	return d;
}

static double phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

/* The normal quantile by bisection on phi (only a few calls a run). */
static double phi_inv(double p)
{
	double lo = -10, hi = 10;
	int i;

	for (i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;

		if (phi(mid) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

long ct_signed_rank_critical(size_t n, double alpha)
{
	double *d, cum = 0;
	long c = -1;
	size_t s, top = n * (n + 1) / 2;

	if (n == 0)
		return -1;
	if (n > CT_SIGNED_RANK_EXACT_MAX) {
		double mu = (double)top / 2;
		double sd = sqrt((double)n * (double)(n + 1) * (double)(2 * n + 1) / 24);

		c = (long)floor(mu - 0.5 + phi_inv(alpha / 2) * sd);
		return c < 0 ? -1 : c;
	}
	d = rank_sum_dist(n);
	for (s = 0; s <= top; s++) {
		cum += d[s];
		/* A hair of slack for the sum's rounding. */
		if (cum > alpha / 2 * (1 + 1e-9))
			break;
		c = (long)s;
	}
	free(d);
	return c;
}

struct absd {
	double a;
	int pos;
};

static int cmp_absd(const void *x, const void *y)
{
	const struct absd *p = x, *q = y;

	return (p->a > q->a) - (p->a < q->a);
}

/* The signed-rank test's two-sided p over the n differences d. */
static double signed_rank_p(const double *d, size_t n, int *exact)
{
	struct absd *v = ct_xmalloc((n ? n : 1) * sizeof(*v));
	size_t m = 0, i, j;
	double w = 0, tie = 0, p;
	int ties = 0;

	for (i = 0; i < n; i++)
		if (d[i] != 0)
			v[m++] = (struct absd){ fabs(d[i]), d[i] > 0 };
	*exact = 0;
	if (m == 0) {
		free(v);
		return 1;
	}
	qsort(v, m, sizeof(*v), cmp_absd);
	for (i = 0; i < m; i = j) {
		double rank, t;

		for (j = i + 1; j < m && v[j].a == v[i].a; j++)
			;
		rank = (double)(i + 1 + j) / 2;
		t = (double)(j - i);
		if (t > 1) {
			ties = 1;
			tie += t * t * t - t;
		}
		for (size_t k = i; k < j; k++)
			if (v[k].pos)
				w += rank;
	}
	free(v);
	if (m <= CT_SIGNED_RANK_EXACT_MAX && !ties) {
		double *dist = rank_sum_dist(m), lo = 0, hi = 0;
		size_t top = m * (m + 1) / 2, s, ws = (size_t)w;

		for (s = 0; s <= ws; s++)
			lo += dist[s];
		for (s = ws; s <= top; s++)
			hi += dist[s];
		free(dist);
		*exact = 1;
		p = 2 * (lo < hi ? lo : hi);
	} else {
		double mu = (double)m * (double)(m + 1) / 4;
		double var = (double)m * (double)(m + 1) * (double)(2 * m + 1) / 24 - tie / 48;
		double z = fabs(w - mu) - 0.5;

		if (z < 0)
			z = 0;
		p = var > 0 ? 2 * (1 - phi(z / sqrt(var))) : 1;
	}
	return p > 1 ? 1 : p;
}

int ct_paired_ratio(const double *x, const double *y, size_t n, double alpha,
		    struct ct_paired *r)
{
	double *d = ct_xmalloc((n ? n : 1) * sizeof(*d)), *tmp;
	size_t m = 0, i;
	long c;

	r->n = 0;
	r->ratio = r->lo = r->hi = r->p = NAN;
	r->exact = 0;
	for (i = 0; i < n; i++)
		if (x[i] > 0 && y[i] > 0 && isfinite(x[i]) && isfinite(y[i]))
			d[m++] = log(y[i]) - log(x[i]);
	if (m == 0) {
		free(d);
		return -1;
	}
	r->n = m;
	tmp = ct_xmalloc(m * sizeof(*tmp));
	memcpy(tmp, d, m * sizeof(*tmp));
	r->ratio = exp(ct_median_inplace(tmp, m));
	free(tmp);
	r->p = signed_rank_p(d, m, &r->exact);
	c = ct_signed_rank_critical(m, alpha);
	if (c >= 0 && m <= CT_SIGNED_RANK_WALSH_MAX) {
		size_t M = m * (m + 1) / 2, k = 0, j;
		double *walsh = ct_xmalloc(M * sizeof(*walsh));

		for (i = 0; i < m; i++)
			for (j = i; j < m; j++)
				walsh[k++] = (d[i] + d[j]) / 2;
		qsort(walsh, M, sizeof(*walsh), ct_cmp_double);
		r->lo = exp(walsh[c]);
		r->hi = exp(walsh[M - 1 - (size_t)c]);
		free(walsh);
	} else if (c >= 0) {
		struct ct_stats st;
		double half;

		ct_stats_compute(d, m, &st);
		half = -phi_inv(alpha / 2) * st.sd / sqrt((double)m);
		r->lo = exp(st.mean - half);
		r->hi = exp(st.mean + half);
	}
	free(d);
	return 0;
}
