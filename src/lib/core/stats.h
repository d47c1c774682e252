/*
 * core/stats.h - order statistics and dispersion over a set of samples.
 */
#ifndef CT_CORE_STATS_H
#define CT_CORE_STATS_H

#include <stddef.h>

struct ct_stats {
	size_t n;
	double min;
	double max;
	double median;	/* mean of the two middle values when n is even */
	double mean;
	double sd;	/* sample standard deviation (n - 1); NaN under 2 samples */
	double cv_pct;	/* sd / mean, in percent; 0 under 2 samples */
};

/* Summarize v[0..n-1] (left untouched).  n == 0 gives all zeros. */
void ct_stats_compute(const double *v, size_t n, struct ct_stats *st);

/*
 * The median absolute deviation of v[0..n-1] (left untouched) from m,
 * unscaled; NaN for n == 0.  Times CT_MAD_NORMAL it estimates the
 * standard deviation of a normal sample, robust to a few wild values.
 */
#define CT_MAD_NORMAL 1.4826
double ct_mad(const double *v, size_t n, double m);

/* qsort's comparison of doubles, ascending: the one every sort here uses. */
int ct_cmp_double(const void *a, const void *b);
/* The median of v[0..n), n > 0, which it sorts in place: the one median. */
double ct_median_inplace(double *v, size_t n);

/*
 * The distribution-free 95% confidence interval of the median, from order
 * statistics: with B ~ Binomial(n, 1/2), the sorted sample's ranks l and
 * n + 1 - l (1-based) for the largest l with P(B <= l - 1) <= 2.5%, which
 * cover the median with probability 1 - 2 P(B <= l - 1) >= 95% whatever
 * the distribution (continuous, samples independent).  Exact up to
 * CT_CI_EXACT_MAX samples, the normal approximation of the binomial above.
 * Fewer than 6 samples have no such interval: -1.
 */
#define CT_CI_EXACT_MAX 1000
int ct_median_ci_ranks(size_t n, size_t *lo, size_t *hi);
/*
 * The interval itself over v[0..n-1] (left untouched), and its half-width
 * relative to the median in percent; -1 (and NaN) with fewer than 6.
 */
int ct_median_ci(const double *v, size_t n, double *lo, double *hi, double *halfwidth_pct);

#endif
