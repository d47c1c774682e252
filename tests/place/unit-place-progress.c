/*
 * unit-place-progress.c - ct-place's progress estimate against plans of
 * known costs, played sample by sample (no clock, no machine):
 *
 * - every sample of every kernel costing the same, the estimate after
 *   each sample past the first half second is the time truly left, this
 *   placement's rest and every later placement's whole, to the last one
 *   (where it is this placement's rest alone, 0 at its end);
 * - kernels of different costs: at the end of each round (the pace of
 *   whole rounds) it is the truth again;
 * - before half a second of a placement, nothing is said (-1);
 * - with --precision, --max-time bounds this placement's rest and each
 *   later one; without --max-time nothing is said.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ct-place/run.h"
#include "unit.h"

#define NKERNELS 4

/*
 * Play n placements of reps rounds of the kernels of cost[] seconds: at
 * every sample, the estimate against the truth (every sample with
 * equal costs, the ends of rounds otherwise).
 */
static void play(size_t n, unsigned reps, const double *cost, int equal)
{
	struct ct_harness_state st;
	double row_total = 0, total, elapsed = 0, before, left, truth;
	size_t i, k;
	unsigned rep;
	int checked = 0;

	for (k = 0; k < NKERNELS; k++)
		row_total += cost[k] * reps;
	total = row_total * (double)n;
	memset(&st, 0, sizeof(st));
	st.nkernels = NKERNELS;
	for (i = 0; i < n; i++) {
		before = elapsed;
		for (rep = 1; rep <= reps; rep++)
			for (k = 0; k < NKERNELS; k++) {
				elapsed += cost[k];
				st.rep = rep;
				st.kernel = k;
				left = ct_place_progress_left(&st, elapsed - before, i, n, reps, 0,
							      0);
				if (elapsed - before <= 0.5) {
					CHECK(left == -1);
					continue;
				}
				if (!equal && k != NKERNELS - 1)
					continue;
				truth = total - elapsed;
				if (!(fabs(left - truth) < 1e-6 * total))
					fprintf(stderr, "placement %zu of %zu, rep %u of %u, kernel %zu: "
						"%.3f s left said, %.3f s true\n", i + 1, n, rep, reps,
						k + 1, left, truth);
				CHECK(fabs(left - truth) < 1e-6 * total);
				checked++;
			}
	}
	CHECK(checked > 0);
	/* The last sample of the last placement: nothing left. */
	CHECK(fabs(left) < 1e-9);
}

static void precision(void)
{
	struct ct_harness_state st;

	memset(&st, 0, sizeof(st));
	st.nkernels = NKERNELS;
	st.rep = 7;
	st.kernel = 2;
	/* 3 s into a placement of at most 10, two after it: 7 + 2 x 10. */
	CHECK(fabs(ct_place_progress_left(&st, 3, 0, 3, 5, 1.0, 10) - 27) < 1e-9);
	/* Past its --max-time (the round ends it): only the later ones. */
	CHECK(fabs(ct_place_progress_left(&st, 12, 1, 4, 5, 1.0, 10) - 20) < 1e-9);
	CHECK(fabs(ct_place_progress_left(&st, 3, 2, 3, 5, 1.0, 10) - 7) < 1e-9);
	/* No --max-time: not known. */
	CHECK(ct_place_progress_left(&st, 3, 0, 3, 5, 1.0, 0) == -1);
}

int main(void)
{
	static const double same[NKERNELS] = { 0.25, 0.25, 0.25, 0.25 };
	static const double mixed[NKERNELS] = { 0.1, 0.9, 0.3, 0.7 };

	play(1, 15, same, 1);
	play(5, 15, same, 1);
	play(3, 4, same, 1);
	play(1, 5, mixed, 0);
	play(6, 5, mixed, 0);
	precision();
	return unit_done();
}
