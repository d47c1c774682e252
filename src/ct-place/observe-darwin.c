/*
 * ct-place/observe-darwin.c - where a command ran, on macOS.
 *
 * macOS keeps, per process, the CPU time and the cycles and instructions
 * spent on the performance cores beside the totals: proc_pid_rusage()
 * with RUSAGE_INFO_V6 (macOS 12), ri_user_ptime + ri_system_ptime
 * against ri_user_time + ri_system_time, ri_pcycles against ri_cycles,
 * ri_pinstructions against ri_instructions.  They are read once the
 * command has exited and before it is reaped (waitid with WNOWAIT), when
 * the totals are final.  They cover that process only, not its children:
 * the children's time is reported as unseen.  The efficiency kind gets
 * the rest of the process's time.  The times are in Mach absolute time
 * units, converted with mach_timebase_info().
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ct-place/observe.h"
#include "platform/os.h"

#if HAVE_LIBPROC_H && HAVE_PROC_PID_RUSAGE && HAVE_STRUCT_RUSAGE_INFO_V6_RI_USER_PTIME
#include <libproc.h>
#include <mach/mach_time.h>
#define CT_HAVE_RUSAGE_V6 1
#endif

static uint64_t tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u;
}

/* The process's own time on each kind, from its final rusage_info. */
static void split(pid_t pid, struct ct_observe *r)
{
	struct ct_observe_kind *p = &r->kind[CT_KIND_PERFORMANCE];
	struct ct_observe_kind *e = &r->kind[CT_KIND_EFFICIENCY];
	const char *scope = "proc_pid_rusage V6 of the process itself, not its children";
#if CT_HAVE_RUSAGE_V6
	struct rusage_info_v6 ri;
	mach_timebase_info_data_t tb;
	double all, perf;

	if (proc_pid_rusage(pid, RUSAGE_INFO_V6, (rusage_info_t *)&ri) != 0 ||
	    mach_timebase_info(&tb) != 0 || tb.denom == 0) {
		snprintf(p->source, sizeof(p->source), "proc_pid_rusage V6: %s", strerror(errno));
		snprintf(e->source, sizeof(e->source), "%s", p->source);
		return;
	}
	all = (double)(ri.ri_user_time + ri.ri_system_time) * tb.numer / tb.denom;
	perf = (double)(ri.ri_user_ptime + ri.ri_system_ptime) * tb.numer / tb.denom;
	if (perf > all)
		perf = all;
	if (!e->present) {
		/* One kind (an Intel Mac): the process's time is all of it. */
		perf = all;
	}
	p->ns = (uint64_t)perf;
	e->ns = (uint64_t)(all - perf);
	if (ri.ri_cycles > 0) {
		uint64_t pc = ri.ri_pcycles < ri.ri_cycles ? ri.ri_pcycles : ri.ri_cycles;
		uint64_t pi = ri.ri_pinstructions < ri.ri_instructions ? ri.ri_pinstructions
								      : ri.ri_instructions;

		p->cycles = e->present ? (double)pc : (double)ri.ri_cycles;
		p->instructions = e->present ? (double)pi : (double)ri.ri_instructions;
		if (e->present) {
			e->cycles = (double)(ri.ri_cycles - pc);
			e->instructions = (double)(ri.ri_instructions - pi);
		}
	}
	snprintf(p->source, sizeof(p->source), "%s", scope);
	snprintf(e->source, sizeof(e->source), "%s: the rest of its time", scope);
#else
	(void)pid;
	(void)r;
	snprintf(p->source, sizeof(p->source), "built without proc_pid_rusage RUSAGE_INFO_V6");
	snprintf(e->source, sizeof(e->source), "%s", p->source);
	(void)scope;
#endif
}

int ct_observe_run(const struct ct_observe_opts *o, struct ct_observe *r, int *fail,
		   char *why, size_t len)
{
	struct ct_spawn sp;
	struct rusage before, after;
	siginfo_t si;
	uint64_t t0;
	pid_t w;
	int c, rc;

	ct_observe_init(r);
	for (c = 0; c < o->ncpu; c++)
		if (o->kind_of[c] >= 0)
			r->kind[o->kind_of[c]].present = 1;
	r->kind[CT_KIND_PERFORMANCE].present = 1;
	getrusage(RUSAGE_CHILDREN, &before);
	*fail = 125;
	if (ct_spawn_held(&sp, o->argv, o->clamp, o->background, why, len) < 0)
		return -1;
	t0 = ct_now_ns();
	if (ct_spawn_release(&sp, o->argv, fail, why, len) < 0) {
		ct_spawn_end(&sp);
		return -1;
	}
	/* Exited, not reaped: its rusage_info is final and still there. */
	do {
		memset(&si, 0, sizeof(si));
		rc = waitid(P_PID, (id_t)sp.pid, &si, WEXITED | WNOWAIT);
	} while (rc < 0 && errno == EINTR);
	if (rc == 0)
		split(sp.pid, r);
	do
		w = waitpid(sp.pid, &r->status, 0);
	while (w < 0 && errno == EINTR);
	if (w != sp.pid) {
		snprintf(why, len, "cannot wait for '%s': %s", o->argv[0], strerror(errno));
		ct_spawn_end(&sp);
		return -1;
	}
	r->wall_s = (double)(ct_now_ns() - t0) / 1e9;
	ct_spawn_end(&sp);
	getrusage(RUSAGE_CHILDREN, &after);
	r->user_ns = tv_ns(&after.ru_utime) - tv_ns(&before.ru_utime);
	r->sys_ns = tv_ns(&after.ru_stime) - tv_ns(&before.ru_stime);
	/* The fork's and the gate's CPU time, as the child read it: the setup's. */
	if (sp.exec_cpu_known)
		ct_observe_from_exec(r, sp.exec_cpu_ns);
	snprintf(r->method, sizeof(r->method), "rusage_info");
	snprintf(r->unseen_why, sizeof(r->unseen_why),
		 "the children's time: proc_pid_rusage covers the process itself");
	return 0;
}
