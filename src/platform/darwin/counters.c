/*
 * platform/darwin/counters.c - hardware cycles and instructions on macOS:
 * proc_pid_rusage(RUSAGE_INFO_V4) ri_cycles and ri_instructions (macOS
 * 10.14+), the only counters an unprivileged process may read.  They are
 * process-wide: every thread of the process counts.  During a sample the
 * measuring thread is the only one running (ct-place's main thread waits
 * in pthread_join), so the count is the sample's; the machine record
 * names the scope.  The kernel does not multiplex these, so the enabled
 * and running times are both the monotonic clock.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/common.h"
#include "platform/counters.h"
#include "platform/os.h"

#if HAVE_LIBPROC_H && HAVE_PROC_PID_RUSAGE && HAVE_STRUCT_RUSAGE_INFO_V4_RI_CYCLES
#include <libproc.h>
#include <sys/resource.h>
#define CT_HAVE_RUSAGE_CYCLES 1
#endif

const char *ct_counters_scope(void)
{
	return "process, proc_pid_rusage";
}

struct ct_counters {
	pid_t pid;
};

#if CT_HAVE_RUSAGE_CYCLES

struct ct_counters *ct_counters_open(char *why, size_t len)
{
	struct rusage_info_v4 ri;
	struct ct_counters *c;

	if (proc_pid_rusage(getpid(), RUSAGE_INFO_V4, (rusage_info_t *)&ri) != 0) {
		snprintf(why, len, "proc_pid_rusage RUSAGE_INFO_V4: %s", strerror(errno));
		return NULL;
	}
	/* Intel Macs leave both at zero: nothing to count with. */
	if (ri.ri_cycles == 0 && ri.ri_instructions == 0) {
		snprintf(why, len, "proc_pid_rusage reports no cycles or instructions here");
		return NULL;
	}
	c = ct_xmalloc(sizeof(*c));
	c->pid = getpid();
	return c;
}

int ct_counters_read(struct ct_counters *c, struct ct_counter_read *r)
{
	struct rusage_info_v4 ri;
	uint64_t now;

	if (proc_pid_rusage(c->pid, RUSAGE_INFO_V4, (rusage_info_t *)&ri) != 0)
		return -1;
	now = ct_now_ns();
	r->cycles = ri.ri_cycles;
	r->instructions = ri.ri_instructions;
	r->time_enabled = now;
	r->time_running = now;
	return 0;
}

#else /* no ri_cycles at build time */

struct ct_counters *ct_counters_open(char *why, size_t len)
{
	snprintf(why, len, "built without proc_pid_rusage's ri_cycles (RUSAGE_INFO_V4)");
	return NULL;
}

int ct_counters_read(struct ct_counters *c, struct ct_counter_read *r)
{
	(void)c;
	(void)r;
	return -1;
}

#endif

void ct_counters_close(struct ct_counters *c)
{
	free(c);
}
