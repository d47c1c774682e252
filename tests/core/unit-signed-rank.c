/*
 * unit-signed-rank.c - the paired ratio (core/signed-rank.h) against
 * published critical values, scipy 1.10's wilcoxon() p-values and the
 * Hodges-Lehmann interval worked by brute force over the Walsh averages.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "core/signed-rank.h"
#include "unit.h"

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

/* Twelve pairs, y about 3 % under x; scipy: wilcoxon(log(y / x)).pvalue. */
static const double x12[12] = { 3.212548, 3.348607, 3.287843, 3.012604, 3.050083, 3.336777,
				2.902633, 3.310614, 3.298535, 3.133967, 3.051516, 3.039213 };
static const double y12[12] = { 3.153918, 3.236807, 3.221326, 2.98391, 2.930009, 3.24833,
				2.765164, 3.182893, 3.145121, 3.061097, 2.934763, 2.991179 };

/* Sixty pairs with no real difference (normal approximation, continuity corrected). */
static const double x60[60] = {
	10.071361, 11.029778, 10.932412, 11.834336, 11.258453, 11.028235, 10.993747, 10.49503,
	10.023588, 10.384804, 11.384064, 10.401213, 10.739073, 10.007468, 11.660095, 10.308922,
	10.535199, 11.760664, 11.019582, 11.6943, 11.279434, 11.483542, 10.182991, 11.082288,
	11.015544, 11.742679, 10.722528, 11.196368, 10.118503, 10.775264, 10.646073, 10.300399,
	11.632676, 10.758892, 11.957496, 11.179983, 11.210113, 11.275993, 11.3529, 10.301576,
	10.880627, 10.479128, 10.804997, 10.193408, 11.935656, 10.430008, 11.34353, 10.60084,
	11.748154, 11.324429, 10.263232, 11.690149, 11.889896, 11.807834, 11.139438, 10.29092,
	10.384927, 11.855811, 11.104653, 10.361105 };
static const double y60[60] = {
	10.087333, 11.030377, 10.734369, 11.879031, 11.203739, 11.333709, 11.182929, 10.532007,
	10.199194, 10.355794, 11.672749, 10.441773, 10.908654, 9.791491, 11.788281, 10.006608,
	10.155499, 11.736115, 10.866398, 11.779758, 11.844649, 11.339366, 10.097016, 11.172509,
	11.169285, 11.748221, 10.721256, 11.400289, 10.265245, 10.597092, 10.671829, 10.348984,
	11.435566, 10.858296, 11.801177, 11.445153, 11.298514, 11.341426, 11.26446, 10.318359,
	10.496364, 10.285728, 10.927314, 9.807721, 12.188128, 10.112427, 11.562676, 10.464863,
	11.980447, 11.399634, 9.992463, 12.033922, 12.28677, 11.839568, 11.122982, 10.299183,
	10.225171, 12.16776, 11.02876, 10.391988 };

int main(void)
{
	struct ct_paired r;
	double x[20], y[20];
	size_t i;

	/*
	 * Critical values of the signed-rank sum, two-tailed at 0.05, as the
	 * published tables give them (e.g. Zar, Biostatistical Analysis,
	 * table B.12): none for 5 pairs, 0 for 6, then 2, 3, 5, 8; 25 for 15,
	 * 52 for 20, 89 for 25, 137 for 30, 434 for 50.
	 */
	CHECK(ct_signed_rank_critical(5, 0.05) == -1);
	CHECK(ct_signed_rank_critical(6, 0.05) == 0);
	CHECK(ct_signed_rank_critical(7, 0.05) == 2);
	CHECK(ct_signed_rank_critical(8, 0.05) == 3);
	CHECK(ct_signed_rank_critical(9, 0.05) == 5);
	CHECK(ct_signed_rank_critical(10, 0.05) == 8);
	CHECK(ct_signed_rank_critical(15, 0.05) == 25);
	CHECK(ct_signed_rank_critical(20, 0.05) == 52);
	CHECK(ct_signed_rank_critical(25, 0.05) == 89);
	CHECK(ct_signed_rank_critical(30, 0.05) == 137);
	CHECK(ct_signed_rank_critical(50, 0.05) == 434);
	/* Beyond 50 the normal approximation: 60 pairs, floor(915 - 0.5 - 1.96 sqrt(18452.5)). */
	CHECK(ct_signed_rank_critical(60, 0.05) == 648);

	/* Every pair lower: exact p = 2 / 2^12; the median ratio and the brute-force interval. */
	CHECK(ct_paired_ratio(x12, y12, 12, 0.05, &r) == 0);
	CHECK(r.n == 12 && r.exact);
	CHECK(near(r.p, 0.00048828125, 1e-12));
	CHECK(near(r.ratio, 0.9700470333568258, 1e-12));
	CHECK(near(r.lo, 0.9611857866995664, 1e-12));
	CHECK(near(r.hi, 0.9792458111923694, 1e-12));
	/* The ratio the other way round is its inverse, the interval too. */
	CHECK(ct_paired_ratio(y12, x12, 12, 0.05, &r) == 0);
	CHECK(near(r.ratio, 1 / 0.9700470333568258, 1e-12));
	CHECK(near(r.lo, 1 / 0.9792458111923694, 1e-12));

	/* Sixty pairs: scipy's approximate p, and an interval that holds 1. */
	CHECK(ct_paired_ratio(x60, y60, 60, 0.05, &r) == 0);
	CHECK(r.n == 60 && !r.exact);
	CHECK(near(r.p, 0.44172264802076433, 1e-9));
	CHECK(near(r.ratio, 1.0025534078340554, 1e-12));
	CHECK(r.lo < 1 && r.hi > 1 && r.lo < r.ratio && r.ratio < r.hi);

	/*
	 * Drift that moves both sides of every pair alike drops out: x climbs
	 * 20 % over the run, y is x 10 % slower in the same moment.
	 */
	for (i = 0; i < 20; i++) {
		x[i] = 3.0 * (1 + 0.01 * (double)i) * (1 + 0.001 * (double)(i % 3));
		y[i] = 0.9 * 3.0 * (1 + 0.01 * (double)i) * (1 - 0.001 * (double)(i % 4));
	}
	CHECK(ct_paired_ratio(x, y, 20, 0.05, &r) == 0);
	CHECK(near(r.ratio, 0.9, 0.005) && r.hi < 1 && r.p < 0.001);

	/* Pairs with a value that is not a rate are left out; none left is -1. */
	x[0] = 0;
	y[1] = NAN;
	CHECK(ct_paired_ratio(x, y, 20, 0.05, &r) == 0 && r.n == 18);
	CHECK(ct_paired_ratio(x, y, 1, 0.05, &r) == -1 && isnan(r.ratio) && r.n == 0);
	/* Too few pairs for the level: a ratio and a p, no interval. */
	CHECK(ct_paired_ratio(x12, y12, 5, 0.05, &r) == 0 && isnan(r.lo) && isnan(r.hi));
	CHECK(near(r.p, 0.0625, 1e-12));
	/* Equal pairs: ratio 1, p 1. */
	CHECK(ct_paired_ratio(x12, x12, 12, 0.05, &r) == 0 && r.ratio == 1 && r.p == 1);
	return unit_done();
}
