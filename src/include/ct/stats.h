/*
 * stats.h - order statistics and dispersion over a set of samples.
 */
#ifndef CT_STATS_H
#define CT_STATS_H

#include <stddef.h>

struct ct_stats {
	size_t n;
	double min;
	double max;
	double median;	/* mean of the two middle values when n is even */
	double mean;
	double cv_pct;	/* sample standard deviation / mean, in percent */
};

/* Summarize v[0..n-1] (left untouched).  n == 0 gives all zeros. */
void ct_stats_compute(const double *v, size_t n, struct ct_stats *st);

#endif
