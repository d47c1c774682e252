/*
 * core/signed-rank.h - two measurements paired by the moment they were
 * taken: the Wilcoxon signed-rank test on the logarithms of their ratios
 * and the Hodges-Lehmann interval that inverts it.  ct-place pairs each
 * placement's sample with main's of the same round, the kernel tools each
 * cpu's with the first cpu's of the same rep, so that the host's drift
 * over a run, which moves both sides of a pair alike, drops out of the
 * ratio (coretype(7), "Interleaved rounds").
 */
#ifndef CT_CORE_SIGNED_RANK_H
#define CT_CORE_SIGNED_RANK_H

#include <stddef.h>

/*
 * Up to this many non-zero differences without ties the test's p-value
 * is exact (the distribution of the rank sum counted over all 2^n signs);
 * beyond, or with ties, the normal approximation with the tie correction
 * and a continuity correction of 1/2.
 */
#define CT_SIGNED_RANK_EXACT_MAX 50
/*
 * The interval takes order statistics of the n (n + 1) / 2 Walsh
 * averages; above this many pairs it is the normal-theory interval of
 * their mean log-ratio instead, which a run of so many rounds makes as
 * good.
 */
#define CT_SIGNED_RANK_WALSH_MAX 2000

struct ct_paired {
	size_t n;		/* pairs used: both values positive and finite */
	double ratio;		/* the median of the n ratios y / x */
	double lo, hi;		/* the interval of the ratio at 1 - alpha; NaN: too few */
	double p;		/* two-sided p of the signed-rank test; NaN: no pairs */
	int exact;		/* p from the exact distribution */
};

/*
 * The ratio of y to x over the pairs (x[i], y[i]): its median, the
 * Hodges-Lehmann interval of the log-ratio's centre exponentiated (the
 * Walsh averages of ranks c + 1 and M - c, c the test's critical value
 * at level alpha), and the signed-rank test's p that the log-ratios are
 * centred on 0.  Pairs where either value is not positive and finite are
 * left out.  Returns 0, or -1 when no pair is left (everything NaN).
 */
int ct_paired_ratio(const double *x, const double *y, size_t n, double alpha,
		    struct ct_paired *r);

/*
 * The critical value of the signed-rank sum W+ over n non-zero
 * differences for a two-sided test at level alpha: the largest c with
 * P(W+ <= c) <= alpha / 2 (exact up to CT_SIGNED_RANK_EXACT_MAX, the
 * normal approximation beyond); -1 when n is too small for the level
 * (n <= 5 at 0.05).
 */
long ct_signed_rank_critical(size_t n, double alpha);

#endif
