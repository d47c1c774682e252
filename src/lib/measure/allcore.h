/*
 * measure/allcore.h - the all-core runner behind --threads (the kernel tools): one
 * thread per cpu, pinned where the OS can pin, all running the same kernel
 * at once, to learn what a core gets while every core works against what
 * it gets alone (a socket's all-core clock against its single-core turbo).
 *
 * A sample has a fixed duration, not a fixed amount of work, so that fast
 * and slow cores run for the same wall time: every thread calls the kernel
 * in small chunks until the duration has passed, verifies every call, and
 * counts the calls (struct ct_sample's calls; its wall_ns and cpu_ns span
 * the first call's start to the last call's end, the verification of each
 * call included, which the single-thread reference pays alike).
 * The duration is the single-thread sample length: the time CT_ALLCORE_CHUNKS
 * calls take on the reference cpu, measured after the warm-up.
 *
 * The threads start each all-core sample together (a spinning barrier after
 * their add-chain brackets).  Before every all-core sample, each kind's
 * reference thread takes a sample alone while the others block, so the
 * single-thread figure comes from the same run, interleaved.
 *
 * Threads are grouped by rank (the kinds of core of topo.h): a group's
 * samples together give the kind's figures, and its reference is its last
 * cpu (away from cpu 0's housekeeping, as ct-place's pin-KIND).  Where
 * nothing can be pinned (macOS), the threads run unpinned in one group,
 * and each sample records the cpus it started and ended on.
 */
#ifndef CT_MEASURE_ALLCORE_H
#define CT_MEASURE_ALLCORE_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpuset.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "machine/topo.h"

struct ct_cli;

/*
 * Calls in a single-thread sample: a tool builds its kernel with 1/8 of a
 * sample's work per call, so the last call of a thread overruns the
 * common end by at most an eighth of a sample while the call overhead
 * (two clock reads, the verification) stays far below a percent.
 */
#define CT_ALLCORE_CHUNKS 8u

/*
 * A kernel that each thread builds for itself, on its own cpu, so that its
 * data are first touched there.  make() fills k and returns the state to
 * pass to destroy(); it runs on the measuring thread.
 */
struct ct_allcore_kernel {
	void *(*make)(void *arg, struct ct_job *k);
	void (*destroy)(void *state);
	void *arg;
};

/* One measuring thread and its all-core samples. */
struct ct_allcore_thread {
	int cpu;			/* pinned to it, or -1 (unpinned) */
	size_t group;
	char name[40];			/* "allcore-cpu3", "allcore-thread0" */
	struct ct_job *k;		/* nk instances, its own */
	void **state;			/* nk, from make() */
	struct ct_series *ser;		/* nk */
};

/* The threads on the cpus of one rank. */
struct ct_allcore_group {
	char name[40];			/* "performance", "efficiency-rank2", "all" */
	const char *kind;		/* "performance", ..., or "unknown" */
	struct ct_cpuset cpus;		/* its threads' cpus (empty: unpinned) */
	size_t nthreads;
	size_t ref;			/* the thread that also runs alone */
	char single_name[40];		/* "single-cpu1", "single-thread0" */
	char union_name[48];		/* "allcore-performance" */
	struct ct_series *single;	/* nk: the reference alone */
	struct ct_series *all;		/* nk: every sample of its threads */
};

struct ct_allcore {
	int pinned;			/* threads pinned to cpus */
	size_t n;			/* threads */
	struct ct_allcore_thread *t;
	size_t ngroups;
	struct ct_allcore_group *g;
	size_t nk;
	uint64_t *sample_ns;		/* nk: the fixed duration of a sample */
	struct ct_cpuset cpus;		/* every pinned thread's cpu */
	/* private */
	const struct ct_allcore_kernel *ks;
};

/*
 * Plan the threads: one per cpu of cpus (pinned), grouped by the ranks of
 * t (NULL: one group of unknown kind); or, with cpus NULL, n unpinned
 * threads in one group.
 */
void ct_allcore_plan(struct ct_allcore *a, const struct ct_topo *t,
		     const struct ct_cpuset *cpus, size_t n);

/*
 * Run the plan: settle, warm up, measure the duration, then h->reps rounds
 * of (each group's reference alone, then every thread at once) over the nk
 * kernels.  Returns 0, or -1 with "cpu N: sample R of KERNEL: reason" in
 * why (a call that failed verification, a pin that did not hold).
 */
int ct_allcore_run(struct ct_allcore *a, const struct ct_harness *h,
		   const struct ct_allcore_kernel *ks, size_t nk, char *why, size_t len);

/*
 * What the records show of a run, from the results step (results.c): per
 * kernel k, each group g's reference alone and its threads together
 * ([g * nk + k]) and every thread i ([i * nk + k]); the ratio of an
 * all-core series (its threads together, a thread) is its median rate
 * over its group's reference alone, 0 where that has none.
 */
struct ct_allcore_results {
	struct ct_results *single, *all;
	struct ct_results *thread;
};
void ct_allcore_results(const struct ct_allcore *a, struct ct_allcore_results *res);
void ct_allcore_results_free(struct ct_allcore_results *res);

void ct_allcore_free(struct ct_allcore *a);

#endif
