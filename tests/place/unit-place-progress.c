/*
 * unit-place-progress.c - ct-place's progress estimate against runs of
 * known costs, played sample by sample (no clock, no machine): n
 * placements in interleaved rounds, each turn every kernel once.
 *
 * - every sample of every kernel costing the same, the estimate after
 *   each sample past the first half second is the time truly left, to
 *   the last sample (0 there);
 * - kernels of different costs: at the end of each round (the pace of
 *   whole rounds) it is the truth again;
 * - before half a second of the rounds, nothing is said (-1);
 * - with --precision, what --max-time leaves; without --max-time
 *   nothing is said.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ct-place/run.h"
#include "unit.h"

#define NKERNELS 4

/*
 * Play n placements in reps rounds of the kernels of cost[] seconds: at
 * every sample, the estimate against the truth (every sample with
 * equal costs, the ends of rounds otherwise).
 */
static void play(size_t n, unsigned reps, const double *cost, int equal)
{
	struct ct_harness_state st;
	double turn = 0, total, elapsed = 0, left = -1, truth;
	size_t i, k;
	unsigned round;
	int checked = 0;

	for (k = 0; k < NKERNELS; k++)
		turn += cost[k];
	total = turn * (double)n * reps;
	memset(&st, 0, sizeof(st));
	st.nkernels = NKERNELS;
	for (round = 0; round < reps; round++)
		for (i = 0; i < n; i++)
			for (k = 0; k < NKERNELS; k++) {
				elapsed += cost[k];
				st.rep = round + 1;
				st.kernel = k;
				left = ct_place_progress_left(&st, elapsed, round, i, n, reps, 0, 0);
				if (elapsed <= 0.5) {
					CHECK(left == -1);
					continue;
				}
				if (!equal && (k != NKERNELS - 1 || i != n - 1))
					continue;
				truth = total - elapsed;
				if (!(fabs(left - truth) < 1e-6 * total))
					fprintf(stderr, "round %u of %u, placement %zu of %zu, kernel %zu: "
						"%.3f s left said, %.3f s true\n", round + 1, reps, i + 1,
						n, k + 1, left, truth);
				CHECK(fabs(left - truth) < 1e-6 * total);
				checked++;
			}
	CHECK(checked > 0);
	/* The last sample of the last round: nothing left. */
	CHECK(fabs(left) < 1e-9);
}

static void precision(void)
{
	struct ct_harness_state st;

	memset(&st, 0, sizeof(st));
	st.nkernels = NKERNELS;
	st.rep = 7;
	st.kernel = 2;
	/* 3 s into a run of at most 10: 7 left. */
	CHECK(fabs(ct_place_progress_left(&st, 3, 6, 0, 3, 5, 1.0, 10) - 7) < 1e-9);
	/* Past its --max-time (the round ends it): nothing. */
	CHECK(fabs(ct_place_progress_left(&st, 12, 6, 1, 4, 5, 1.0, 10)) < 1e-9);
	/* No --max-time: not known. */
	CHECK(ct_place_progress_left(&st, 3, 6, 0, 3, 5, 1.0, 0) == -1);
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
