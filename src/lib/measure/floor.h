/*
 * measure/floor.h - the shortest sample worth timing, from the clocks themselves.
 * Each clock the harness reads (the wall clock, the thread's CPU time) is
 * measured once per run: what one read costs and the smallest step it
 * is seen to take.  A sample must last at least
 *
 *   max(CT_FLOOR_MIN_NS, CT_FLOOR_FACTOR x the larger of those four)
 *
 * so that the reads around it and the clocks' granularity are each under
 * 1/CT_FLOOR_FACTOR (1%) of it.  Below that a sample measures the
 * clocks, not the kernel (ct-clock -n 8 said 0.4 GHz and a cpu share of
 * 23.7).  The harness refuses a run whose first samples are shorter
 * (CT_HARNESS_TOO_SHORT): the request is a usage error, exit 2.
 */
#ifndef CT_MEASURE_FLOOR_H
#define CT_MEASURE_FLOOR_H

#include <stdint.h>

#define CT_FLOOR_MIN_NS 100000ull	/* 100 us whatever the clocks */
#define CT_FLOOR_FACTOR 100

struct ct_clock_cost {
	const char *name;		/* "wall", "thread CPU time" */
	double cost_ns;			/* one read, the best of several batches */
	double step_ns;			/* the smallest nonzero step seen */
};

struct ct_floor {
	struct ct_clock_cost wall, cpu;
	uint64_t floor_ns;
	char why[200];			/* "200 x the 0.48 us a thread CPU time read costs" */
};

/*
 * One clock's cost (the best batch of reads, timed on the wall clock) and
 * step (the smallest nonzero difference between consecutive reads; a
 * clock that never moved: more than the reads' whole time).
 */
void ct_clock_measure(uint64_t (*read)(void), struct ct_clock_cost *c);
/* Measure both clocks (a few ms) and set the floor; cached after the first call. */
const struct ct_floor *ct_floor_get(void);
/*
 * The floor and its why from the two clocks' costs and steps as given
 * (f->wall, f->cpu, their names set): ct_floor_get()'s decision.
 */
void ct_floor_decide(struct ct_floor *f);

#endif
