/*
 * stats.c - min, max, median, mean and coefficient of variation.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
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
	qsort(sorted, n, sizeof(*sorted), cmp_double);
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
	if (n > 1 && st->mean != 0)
		st->cv_pct = 100.0 * sqrt(ss / (double)(n - 1)) / fabs(st->mean);
	free(sorted);
}
