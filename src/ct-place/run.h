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
 * tests: st the sample just taken, row_s the seconds placement i
 * (0-based) of n has run, reps each kernel's samples.  Fixed
 * reps: the rest of this placement at its pace so far, and every later
 * one as long as this one will have taken (none before half a second);
 * with --precision (precision_pct above 0), --max-time's max_s bounds
 * this placement and each later one (0: not known).
 */
double ct_place_progress_left(const struct ct_harness_state *st, double row_s, size_t i,
			      size_t n, unsigned reps, double precision_pct, double max_s);

#endif
