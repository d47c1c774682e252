/*
 * core/stats.c - min, max, median, mean and coefficient of variation, and the
 * confidence interval of the median (for --precision).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/stats.h"

int ct_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double ct_median_inplace(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), ct_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void ct_stats_compute(const double *v, size_t n, struct ct_stats *st)
{
	double *sorted, sum = 0, ss = 0;
	size_t i;

	memset(st, 0, sizeof(*st));
	st->n = n;
	if (n == 0)
		return;
	sorted = ct_xmalloc(n * sizeof(*sorted));
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), ct_cmp_double);
	st->min = sorted[0];
	st->max = sorted[n - 1];
	st->median = n % 2 ? sorted[n / 2]
			   : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	for (i = 0; i < n; i++)
		sum += v[i];
	st->mean = sum / (double)n;
	/* Two passes: the variance of nearly equal values must not cancel. */
	for (i = 0; i < n; i++)
		ss += (v[i] - st->mean) * (v[i] - st->mean);
	st->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : NAN;
	if (n > 1 && st->mean != 0)
		st->cv_pct = 100.0 * st->sd / fabs(st->mean);
	free(sorted);
}

double ct_mad(const double *v, size_t n, double m)
{
	double *dev, mad;
	size_t i;

	if (n == 0)
		return NAN;
	dev = ct_xmalloc(n * sizeof(*dev));
	for (i = 0; i < n; i++)
		dev[i] = fabs(v[i] - m);
	mad = ct_median_inplace(dev, n);
	free(dev);
	return mad;
}

int ct_median_ci_ranks(size_t n, size_t *lo, size_t *hi)
{
	const double alpha2 = 0.025;	/* each tail of a 95% interval */
	size_t l = 0;

	if (n < 6)
		return -1;
	if (n <= CT_CI_EXACT_MAX) {
		/* P(B = i) in logs: 2^-n underflows long before n = 1000. */
		double cum = 0, lp0 = -(double)n * log(2.0);

		for (;;) {
			double p = exp(lp0 + lgamma((double)n + 1) - lgamma((double)l + 1) -
				       lgamma((double)(n - l) + 1));

			if (cum + p > alpha2)
				break;
			cum += p;
			l++;
		}
	} else {
		/* B is nearly normal, mean n/2 and sd sqrt(n)/2. */
		l = (size_t)floor(((double)n - 1.959964 * sqrt((double)n)) / 2);
	}
	if (l < 1)
		return -1;
	*lo = l;
	*hi = n + 1 - l;
	return 0;
}

int ct_median_ci(const double *v, size_t n, double *lo, double *hi, double *halfwidth_pct)
{
	size_t rl, rh;
	double *sorted, median;

	*lo = *hi = *halfwidth_pct = NAN;
	if (ct_median_ci_ranks(n, &rl, &rh) < 0)
		return -1;
	sorted = ct_xmalloc(n * sizeof(*sorted));
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), ct_cmp_double);
	median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	*lo = sorted[rl - 1];
	*hi = sorted[rh - 1];
	if (median != 0)
		*halfwidth_pct = 100.0 * (*hi - *lo) / 2 / fabs(median);
	free(sorted);
	return 0;
}
