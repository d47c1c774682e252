/*
 * ct-place/observe-proc.h - what Linux's /proc tells of a command's tree
 * (observe-proc.c), for observe-linux.c.
 */
#ifndef CT_CT_PLACE_OBSERVE_PROC_H
#define CT_CT_PLACE_OBSERVE_PROC_H

#include <stdint.h>
#include <sys/types.h>

#include "ct-place/observe.h"

/* Wait for pid, retrying on signals (SIGTERM passed on). */
int ct_proc_wait_child(pid_t pid, int *status);
/*
 * A thread's /proc/PID/task/TID/schedstat (or a process's first thread's,
 * tid 0: /proc/PID/schedstat): its run time and its run-queue wait
 * (run_delay), ns.  0, or -1 where it cannot be read (no CONFIG_SCHED_INFO).
 */
int ct_proc_schedstat(pid_t pid, pid_t tid, uint64_t *run, uint64_t *delay);

/* The sampler; the caller sets o, r, hz and delay_only, the rest zero. */
struct ct_sampler_thr;
struct ct_sampler {
	const struct ct_observe_opts *o;
	struct ct_observe *r;
	struct ct_sampler_thr *t;
	size_t cap, used;
	pid_t *queue;
	size_t qcap, qlen;
	pid_t *mine;			/* this process's children, from the last walk */
	size_t mcap, mlen;
	int no_children;		/* the kernel has no .../children files */
	long hz;
	uint64_t passes;
	uint64_t cost[CT_OBSERVE_PACE];	/* the last passes' costs, ns (ct_observe_interval) */
	uint64_t gap_min, gap_max;	/* the times between passes, ns */
	uint64_t lost_ns;		/* run time on a cpu of no known kind */
	uint64_t delay_ns;		/* the threads' run-queue waits, to their last readings */
	int delay_read;			/* some thread's schedstat was read */
	int delay_only;			/* beside perf: the waits alone, no run time counted */
};
/*
 * Sample until CMD ends, then reap it.  The times between passes, from
 * CMD's start, are kept: a thread's last interval, which goes unseen,
 * is at most the longest of them.
 */
int ct_sampler_run(struct ct_sampler *s, pid_t cmd, int *status);
/* The kinds' sources and the record's method from what s saw; s freed. */
void ct_sampler_finish(struct ct_sampler *s, const char *why_not_perf);
/* s freed (beside perf, where the kinds' sources are perf's). */
void ct_sampler_free(struct ct_sampler *s);

#endif
