/*
 * machine/check.h - kinds checked by measurement: whether the kinds and
 * ranks of a machine (detected or declared) agree with what its cpus
 * measure.  A probe (src/ct-place/probe.c) gives each usable cpu's
 * add-chain clock and FMA per cycle on the thread's CPU time; the verdict
 * here is a pure function of those figures and the kinds, so that it can
 * be tested on made-up machines.
 *
 * Two figures are alike when they differ by at most the tolerance, and
 * apart when by more: the tolerance is C1's 10 % (the step that makes a
 * new tier of capacities or frequencies), widened to twice the widest
 * spread (interquartile range over median) of the probe's own samples on
 * a noisy machine, so that noise never reads as a difference.  For every rank with measured cpus:
 * it agrees when each of its cpus measures alike with the rank's median
 * (both figures), and the rank measures apart from every other rank
 * (either figure), and no slower rank measures faster than it (apart and
 * higher in one figure, not apart and lower in the other: a higher clock
 * with narrower FMA is neither); else it disagrees, and the reason names
 * the cpus and their figures.
 */
#ifndef CT_MACHINE_CHECK_H
#define CT_MACHINE_CHECK_H

#include <stddef.h>

#include "core/cpuset.h"
#include "machine/topo.h"

/* C1: a value more than 10 % from another is another tier. */
#define CT_CHECK_STEP 0.10
/* The tolerance is at least this many times the probe's widest range. */
#define CT_CHECK_SPREAD_FACTOR 2.0

/* What the probe measured on one cpu. */
struct ct_measured {
	int cpu;
	int ok;				/* measured; else why says what failed */
	double ghz;			/* add-chain clock: adds per ns of thread CPU time */
	double fma_cycle;		/* FMA per cycle: per ns of CPU time over ghz */
	/* The wider of both figures' interquartile range over its median. */
	double spread;
	char isa[16];			/* the widest ISA usable on the cpu, whose FMA ran */
	char why[160];
};

/* The verdict on one rank (a kind, or a rank of one: C7). */
struct ct_kinds_verdict {
	int rank;
	enum ct_kind kind;
	struct ct_cpuset cpus;		/* its measured cpus */
	double ghz, fma_cycle;		/* their medians */
	int agrees;
	char reason[320];		/* "" when it agrees */
};

/* The tolerance for figures of this spread: max(CT_CHECK_STEP, factor x spread). */
double ct_check_tolerance(const struct ct_measured *m, size_t n);

/*
 * The verdict on every rank of t with measured cpus among m[0..n), into
 * v (room for t->nranks), at tolerance tol.  Returns how many verdicts.
 */
size_t ct_kinds_check(const struct ct_topo *t, const struct ct_measured *m, size_t n,
		      double tol, struct ct_kinds_verdict *v);

#endif
