/*
 * calib-trials.c - every trial behind ct-stream's calibration, for
 * bench/calib.sh (built there against the build tree's libct, not by
 * make).
 *
 * For each of RUNS runs: a new array of SIZE bytes (huge pages as
 * ct-stream asks them, or 4 KiB pages with -s), the calibration's trials
 * over every candidate this build and cpu have (ct_stream_trial_cands:
 * the groups, order and turns ct-stream times, TRIALS for every one, in
 * one block), and the decision (ct_stream_decide, no per-model
 * preference).  One line per trial,
 *
 *   trial RUN CAND TURN GBS
 *
 * then one per run, the decision over all of them,
 *
 *   pick RUN CAND
 *
 * and ct-stream's sequential calibration replayed over the same trials:
 * each candidate's first CT_STREAM_TRIALS, then CT_STREAM_TRIALS more
 * for each undecided one (ct_stream_undecided) while its trials last,
 * the winner and the trials each one took,
 *
 *   replay RUN CAND N0 N1 ...
 *
 * (ct-stream takes its later blocks after the first, for the undecided
 * alone, within its budget of time: the replay reads them from one block
 * of every candidate, each CT_STREAM_TRIALS counted as a block, with no
 * budget, and so does the pick over all the trials), after
 * the candidates, named once at the start (cand INDEX NAME), so that
 * another decision rule can be tried offline over the same trials.  Run
 * it pinned (taskset -c CPU), as ct-stream's samples are.
 *
 * Usage: calib-trials [-s] SIZE RUNS [TRIALS]
 *   TRIALS   each candidate's trials (default CT_STREAM_TRIALS, at most
 *            CT_STREAM_TRIALS_MAX)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "workloads/stream.h"

int main(int argc, char **argv)
{
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	struct ct_stream_trials t[CT_STREAM_CANDS_MAX], u[CT_STREAM_CANDS_MAX];
	struct ct_stream_ask ask = { -1, "", -1, "" };
	unsigned long long bytes;
	unsigned flags = 0;
	char name[32];
	int more[CT_STREAM_CANDS_MAX], r, runs, tied, grew, a = 1;
	unsigned j, trials = CT_STREAM_TRIALS;
	size_t n, i;

	if (argc > 1 && strcmp(argv[1], "-s") == 0) {
		flags |= CT_STREAM_SMALL_PAGES;
		a++;
	}
	if (argc - a == 3)
		trials = (unsigned)atoi(argv[a + 2]);
	if ((argc - a != 2 && argc - a != 3) || trials < 1 || trials > CT_STREAM_TRIALS_MAX) {
		fprintf(stderr, "usage: calib-trials [-s] SIZE RUNS [TRIALS]\n");
		return 2;
	}
	bytes = strtoull(argv[a], NULL, 0);
	runs = atoi(argv[a + 1]);
	n = ct_stream_ask_candidates(&ask, c);
	for (i = 0; i < n; i++)
		printf("cand %zu %s\n", i, ct_stream_cand_name(&c[i], name, sizeof(name)));
	for (r = 0; r < runs; r++) {
		struct ct_job k;
		struct ct_stream *s = ct_stream_new(c[0].isa, bytes, "calib-trials", flags, &k);

		ct_stream_trial_cands(s, c, n, trials, t);
		for (i = 0; i < n; i++)
			for (j = 0; j < t[i].n; j++)
				printf("trial %d %zu %u %.3f%s\n", r, i, j, t[i].gbs[j],
				       t[i].failed ? " failed" : "");
		for (i = 0; i < n; i++)
			t[i].blocks = (t[i].n + CT_STREAM_TRIALS - 1) / CT_STREAM_TRIALS;
		printf("pick %d %d\n", r, ct_stream_decide(t, n, -1, &tied));
		/* The sequential calibration over the same trials, a prefix of each. */
		for (i = 0; i < n; i++) {
			u[i] = t[i];
			u[i].n = t[i].n < CT_STREAM_TRIALS ? t[i].n : CT_STREAM_TRIALS;
			u[i].blocks = 1;
		}
		while (ct_stream_undecided(u, n, -1, more) > 0) {
			for (i = 0, grew = 0; i < n; i++)
				if (more[i] && u[i].n < t[i].n) {
					u[i].n = u[i].n + CT_STREAM_TRIALS < t[i].n ?
						u[i].n + CT_STREAM_TRIALS : t[i].n;
					u[i].blocks++;
					grew = 1;
				}
			if (!grew)
				break;
		}
		printf("replay %d %d", r, ct_stream_decide(u, n, -1, &tied));
		for (i = 0; i < n; i++)
			printf(" %u", u[i].n);
		printf("\n");
		fflush(stdout);
		ct_stream_free(s);
	}
	return 0;
}
