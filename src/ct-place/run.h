/*
 * ct-place/run.h - ct-place's main job (src/ct-place/run.c): the
 * placements side by side, each with the clock, FMA in L1, the stream and
 * the memory latency.
 */
#ifndef CT_CT_PLACE_RUN_H
#define CT_CT_PLACE_RUN_H

#include "tool/cli.h"
#include "report/report.h"
#include "tool/progress.h"
#include "machine/topo.h"

/* What the placements side by side take from ct-place's options. */
struct ct_placements_args {
	const struct ct_cli *cli;	/* -q -r -s -S --precision --max-time */
	const char *isa_req;		/* --isa, NULL if not given */
	const char *placements;		/* -p LIST, NULL: every placement */
	const char *outdir;		/* -o DIR, NULL: none */
	enum ct_format fmt;
	enum ct_progress_mode progress;	/* --progress, --no-progress */
	uint64_t clock_adds;		/* -n, 0: the default (QUICK's with -q) */
};

/*
 * Run every selected placement of t's plan (ct_place_select), write the
 * files of -o DIR (all or none, before stdout) and the results to stdout.
 * Returns CT_EXIT_OK; a failure exits.
 */
int ct_placements_side_by_side(const struct ct_placements_args *o, const struct ct_topo *t);

/*
 * The progress line's seconds left (-1: not known yet), pure for the
 * tests: st the sample just taken, run_s the seconds since the first
 * round started, in round (0-based) the turn position (0-based) of
 * members, reps rounds in all: the rest of the rounds at the pace so far
 * (none before half a second); with --precision (precision_pct above 0),
 * what --max-time's max_s leaves (0: not known).
 */
double ct_place_progress_left(const struct ct_harness_state *st, double run_s, unsigned round,
			      size_t position, size_t members, unsigned reps,
			      double precision_pct, double max_s);

#endif
