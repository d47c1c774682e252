/*
 * core/mann-whitney.h - two samples compared without assuming their distribution:
 * the Mann-Whitney U test (is one stochastically larger?) and the
 * Hodges-Lehmann estimate of the shift between them with its
 * distribution-free interval (Moses), the one that inverts the same test.
 * ct-compare(1) and ct-place(1) (its ratios to main, its --bench
 * verdicts) apply both to the logarithms of rates, where a run that is x%
 * slower throughout is a shift.
 */
#ifndef CT_CORE_MANN_WHITNEY_H
#define CT_CORE_MANN_WHITNEY_H

#include <stddef.h>

/*
 * Up to this many samples on both sides together, the U test's p-value is
 * exact: the permutation distribution of the rank sum, ties given their
 * mid-ranks (so exact with ties too); beyond, the normal approximation
 * with the tie correction and a continuity correction of 1/2.
 */
#define CT_UTEST_EXACT_MAX 50

struct ct_utest {
	double u;	/* pairs (x_i, y_j) with y_j > x_i, a tie counting 1/2 */
	double p;	/* two-sided: twice the smaller tail, at most 1 */
	int exact;	/* 1: p from the exact distribution */
};

/* Test y[0..n-1] against x[0..m-1] (both left untouched); -1 if m or n is 0. */
int ct_utest(const double *x, size_t m, const double *y, size_t n, struct ct_utest *r);

/* The same with the normal approximation whatever the sizes (for the tests). */
int ct_utest_normal(const double *x, size_t m, const double *y, size_t n, struct ct_utest *r);

/*
 * The critical value of U for a two-sided test at level alpha without
 * ties: the largest c with P(U <= c) <= alpha / 2 (exact up to
 * CT_UTEST_EXACT_MAX samples, the normal approximation beyond), as the
 * published tables give it; -1 when even U = 0 is not that rare (the
 * samples are too few for the level).
 */
long ct_utest_critical(size_t m, size_t n, double alpha);

/*
 * The Hodges-Lehmann estimate of the shift y - x (the median of the m n
 * differences y_j - x_i) and its confidence interval at level 1 - alpha:
 * the differences of ranks c + 1 and m n - c, with c the critical value
 * above, which cover the shift with probability at least 1 - alpha under
 * a shift model (no ties).  The differences are never all stored: the
 * order statistics are selected by bisection over sorted copies, in
 * O((m + n) log) steps.  Returns 0, or -1 (NaN bounds, the estimate still
 * set when m and n are not 0) when the samples are too few for the level.
 */
int ct_shift_ci(const double *x, size_t m, const double *y, size_t n, double alpha,
		double *est, double *lo, double *hi);

/*
 * The same on the logarithms of positive values: the ratio y / x as a
 * factor, exp() of the shift and of its bounds.  Values that are not
 * positive and finite are left out.
 */
int ct_ratio_ci(const double *x, size_t m, const double *y, size_t n, double alpha,
		double *est, double *lo, double *hi);

/*
 * The smallest change a verdict calls by default, a fraction (ct-compare's
 * --threshold, ct-place --bench's verdict): the A/A spread of the ratio
 * between runs minutes apart on the development machine
 * (bench/compare-aa.sh), under which a significant difference is
 * run-to-run drift as often as a change.
 */
#define CT_COMPARE_THRESHOLD 0.03

/*
 * The minimum effect of every verdict here (ct-compare's rows, ct-place
 * --bench's placements): a ratio is a change only when it is at least
 * 1 + threshold or at most 1 / (1 + threshold) over its whole interval
 * [lo, hi] (NaN bounds: the ratio itself), so that run-to-run drift as
 * noisy as a shared host makes it is not called one.  With p < alpha it
 * is the verdict; alone it is not.
 */
int ct_ratio_beyond(double ratio, double lo, double hi, double threshold);

#endif
