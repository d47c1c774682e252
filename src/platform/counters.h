/*
 * platform/counters.h - the platform half of the hardware counts around a
 * sample (measure/counters.h has the decision half): open the cycle and
 * instruction counters, read them, close them.
 * src/platform/linux/counters.c: perf_event_open on the calling thread,
 * user space only; platform/darwin/counters.c: proc_pid_rusage for the
 * whole process.
 */
#ifndef CT_PLATFORM_COUNTERS_H
#define CT_PLATFORM_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

/* One reading, as the platform gives it: running totals. */
struct ct_counter_read {
	uint64_t cycles, instructions;
	/*
	 * ns the counters were enabled and actually counting.  They differ
	 * when the kernel multiplexes more events than the PMU has counters;
	 * a platform that does not multiplex sets both to the same clock.
	 */
	uint64_t time_enabled, time_running;
};

/*
 * The platform half.  ct_counters_open() opens the counters of the calling
 * thread (Linux) or process (macOS); NULL with a reason in why where there
 * are none.  ct_counters_read() returns 0 or -1.
 */
struct ct_counters;
struct ct_counters *ct_counters_open(char *why, size_t len);
int ct_counters_read(struct ct_counters *c, struct ct_counter_read *r);
void ct_counters_close(struct ct_counters *c);	/* NULL is fine */
/* What they count and how: "thread, perf_event_open", "process, proc_pid_rusage". */
const char *ct_counters_scope(void);

#endif
