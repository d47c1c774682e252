/*
 * measure/counters.h - hardware cycle and instruction counts around every sample,
 * where the machine gives them.
 *
 * The add-chain brackets assume that the kernel between them ran at the
 * clock they saw.  A cycle counter read around the call tells a lower
 * clock during the kernel apart from less work per cycle: its count beside
 * the brackets' estimate (wall ns x bracket GHz), and their ratio.
 *
 * Two halves.  The platform half (platform/counters.h) opens and reads.
 * The decision half (src/lib/measure/counters.c) is the same everywhere
 * and is unit-tested with given readings: whether a pair of readings is
 * usable, multiplexing, implausible counts, the ratio and its verdict.
 */
#ifndef CT_MEASURE_COUNTERS_H
#define CT_MEASURE_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

#include "platform/counters.h"

/* What the decision made of one sample's pair of readings. */
enum ct_count_status {
	CT_COUNT_NONE,			/* no counters open */
	CT_COUNT_OK,			/* counted the whole call */
	CT_COUNT_SCALED,		/* multiplexed, scaled by enabled / running */
	CT_COUNT_MULTIPLEXED,		/* rejected: counted too little of the call */
	CT_COUNT_NOT_RUNNING,		/* rejected: not counted at all */
	CT_COUNT_BACKWARDS,		/* rejected: a total went down */
	CT_COUNT_ZERO,			/* rejected: no cycles or no instructions */
	CT_COUNT_IMPLAUSIBLE,		/* rejected: a clock no core has */
	CT_COUNT_NSTATUS
};

/*
 * A multiplexed count is scaled only when it counted at least this share
 * of the time it was enabled; less is extrapolation and is rejected.
 */
#define CT_COUNT_MIN_RUNNING 0.5
/* A counted clock (cycles per thread CPU ns) outside this is implausible. */
#define CT_COUNT_GHZ_MIN 0.05
#define CT_COUNT_GHZ_MAX 10.0
/* More instructions per cycle than any core retires is implausible. */
#define CT_COUNT_IPC_MAX 16.0

/* The counts of one call, from the readings before (a) and after (b). */
struct ct_count {
	enum ct_count_status status;
	double cycles, instructions;	/* scaled when SCALED; 0 when rejected */
	double running_share;		/* time_running / time_enabled over the call */
};

/*
 * Decide what a pair of readings around a call says; cpu_ns is the
 * thread CPU time between them (the plausibility check's clock).
 * Returns c->status.
 */
enum ct_count_status ct_count_decide(const struct ct_counter_read *a,
				     const struct ct_counter_read *b, uint64_t cpu_ns,
				     struct ct_count *c);
/* OK or SCALED. */
int ct_count_usable(enum ct_count_status s);
/* "ok", "scaled", "multiplexed", "not-running", ... */
const char *ct_count_status_name(enum ct_count_status s);

/*
 * The ratio of counted cycles to the estimate, and what it says.  Within
 * CT_CYCLES_AGREE_PCT of 1 the two agree; fewer counted cycles mean the
 * core ran a lower clock during the call than the brackets saw (for the
 * add chain: more than one add per cycle), more mean a higher one.
 */
#define CT_CYCLES_AGREE_PCT 5.0
enum ct_cycles_verdict {
	CT_CYCLES_AGREE,
	CT_CYCLES_FEWER,
	CT_CYCLES_MORE,
	CT_CYCLES_UNKNOWN		/* no ratio */
};
/* counted / estimated, or NaN when either is not a positive number. */
double ct_cycles_ratio(double counted, double estimated);
enum ct_cycles_verdict ct_cycles_verdict(double ratio);
/* "agree", "fewer-cycles", "more-cycles", "unknown". */
const char *ct_cycles_verdict_name(enum ct_cycles_verdict v);

/*
 * Open, then check that the counters count: two readings around a short
 * add chain must make a usable pair.  Honours CT_COUNTERS=0 (disabled)
 * and records the outcome for ct_counters_status().  NULL when absent.
 */
struct ct_counters *ct_counters_start(void);
/*
 * A harness run's outcome: how many samples were counted, and the status
 * of the first rejected one.  A run that had counters but counted no
 * sample makes the process-wide status say so.
 */
void ct_counters_note_run(int opened, unsigned counted, unsigned taken,
			  enum ct_count_status first_reject);
/*
 * The process-wide status for the machine record: "thread, perf_event_open"
 * or "absent: <reason>".  Where no harness ran in this process (ct-place's
 * process placement runs in a child), it opens and closes once to find out.
 */
char *ct_counters_status(char *buf, size_t len);
/* 1 when some harness run of this process counted samples. */
int ct_counters_present(void);

#endif
