/*
 * ct-place/observe-linux.c - where the process tree of a command ran, on Linux.
 *
 * Exact path: perf_event_open(2) on the held child, once per online cpu
 * (pid = child, cpu = N), with inherit, so that every thread and every
 * descendant the child starts is counted on each cpu it runs on; the
 * counts of descendants that exit are folded into these events by the
 * kernel.  They are enabled on exec (enable_on_exec) and read once the
 * child is reaped.  Per cpu:
 *   - the software task-clock: ns the tree ran on that cpu, kernel time
 *     included (a software clock counts while the task runs, whatever
 *     exclude_kernel says, so it opens under perf_event_paranoid 2).  It
 *     is perf's clock, which runs on while a hypervisor has taken the
 *     virtual cpu (steal, which CPU time leaves out): the tree's part of
 *     each cpu's steal in /proc/stat over the run is taken out
 *     (ct_observe_stolen() in src/ct-place/observe.c);
 *   - the software cpu-migrations: a thread arriving on that cpu from
 *     another; it is raised in the kernel, so it needs exclude_kernel 0,
 *     which perf_event_paranoid 2 refuses to the unprivileged;
 *   - cycles and instructions, user space only, on the hybrid PMU that
 *     owns the cpu (cpu_core, cpu_atom, cpu_lowpower, with the extended
 *     hardware type of Linux 5.13) or the generic hardware event where
 *     there is no hybrid PMU.  A PMU that multiplexed counted for less
 *     than the task-clock's time on that cpu: scaled when it counted at
 *     least half of it, rejected below that (the rule of counters.h;
 *     ct_observe_scale() in src/ct-place/observe.c).
 *
 * Fallback, when perf_event_open is refused (a container's seccomp
 * profile) or CT_OBSERVE=sampled: the tree is walked through
 * /proc/PID/task/TID/children from this process (made a child subreaper,
 * so orphans stay in the tree) and each thread's stat (field 39, the cpu
 * it last ran on) and schedstat (its run time in ns) are read at an
 * interval of 200 times the least of the observer's CPU times over its
 * last three passes (the walk and the wake-up), 10 ms at least, which
 * keeps it near 0.5% of one cpu (ct_observe_interval()).  The
 * run time between two samples is given to the cpu seen at the second, a
 * thread's time before its first sample to the cpu it is on then; a
 * thread that lived between two passes, or the last interval of one that
 * ended, is not seen (ct_observe_account() in src/ct-place/observe.c).
 * The sampler and the reading of /proc are observe-proc.c.
 *
 * The run-queue wait (what others took from the command) is the
 * sampler's on both paths: beside perf it walks the tree at the same
 * pace and reads each thread's schedstat wait alone, since perf has no
 * event for it and Linux keeps none for a thread group or a reaped child.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/common.h"
#include "ct-place/observe.h"
#include "ct-place/observe-proc.h"
#include "platform/os.h"
#include "core/parse.h"

#if HAVE_LINUX_PERF_EVENT_H
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif
#if HAVE_LINUX_PERF_EVENT_H && defined(SYS_perf_event_open)
#define CT_HAVE_PERF 1
#endif

/* What both paths use. */

static uint64_t tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u;
}

/* The exact path: perf events. */

#if CT_HAVE_PERF

#ifndef PERF_FLAG_FD_CLOEXEC
#define PERF_FLAG_FD_CLOEXEC 0
#endif
/* Linux 5.13: a PMU's type in the high half of a hardware event's config. */
#define CT_PMU_TYPE_SHIFT 32

struct hybrid_pmu {
	const char *name;
	uint32_t type;
	struct ct_cpuset cpus;
};

struct percpu {
	int cpu;
	int tc, mig, cyc, ins;		/* fds, -1 when not open */
	const char *pmu;		/* the PMU of cyc and ins */
};

struct perf {
	struct percpu *c;
	int n;
	char mig_why[160];		/* why migrations are not counted */
	char cyc_why[160];		/* why cycles are not counted */
	uint64_t *steal0, *busy0;	/* per cpu at the start (cpu_times) */
};

static int perf_open(uint32_t type, uint64_t config, pid_t pid, int cpu, int user_only)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.inherit = 1;
	a.disabled = 1;
	a.enable_on_exec = 1;
	a.exclude_kernel = (unsigned)user_only;
	a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = (int)syscall(SYS_perf_event_open, &a, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd;
}

static void explain(int e, const char *what, char *why, size_t len)
{
	if (e == EACCES || e == EPERM)
		snprintf(why, len, "%s: not permitted (perf_event_paranoid %d)", what,
			 ct_os_perf_paranoid());
	else if (e == ENOENT)
		snprintf(why, len, "%s: no such event here (no PMU)", what);
	else
		snprintf(why, len, "%s: %s", what, strerror(e));
}

/* A PMU's sysfs file, up to its newline; -1 where it cannot be read. */
static int pmu_file(const char *pmu, const char *file, char *buf, size_t len)
{
	char path[128];
	size_t got;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s", pmu, file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	got = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[got] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The hybrid PMUs of this kernel; how many. */
static int hybrid_pmus(struct hybrid_pmu *h)
{
	static const char *const names[3] = { "cpu_core", "cpu_atom", "cpu_lowpower" };
	int i, n = 0;

	for (i = 0; i < 3; i++) {
		char buf[4096];
		const char *bad;
		uint64_t type;

		if (pmu_file(names[i], "type", buf, sizeof(buf)) < 0 ||
		    ct_parse_u64(buf, 0, UINT32_MAX, &type, &bad) < 0 ||
		    pmu_file(names[i], "cpus", buf, sizeof(buf)) < 0 ||
		    ct_cpuset_parse(buf, &h[n].cpus, NULL) < 0)
			continue;
		h[n].name = names[i];
		h[n].type = (uint32_t)type;
		n++;
	}
	return n;
}

/*
 * Each cpu's steal and busy time so far (ns, /proc/stat in clock ticks,
 * each line read by ct_observe_stat_line).  A cpu /proc/stat lacks reads 0.
 */
static void cpu_times(int ncpu, uint64_t *steal, uint64_t *busy)
{
	long hz = sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100;
	uint64_t tick_ns = 1000000000ULL / (uint64_t)hz;
	char line[512];
	FILE *f = fopen("/proc/stat", "re");

	memset(steal, 0, (size_t)ncpu * sizeof(*steal));
	memset(busy, 0, (size_t)ncpu * sizeof(*busy));
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		uint64_t st, bu;
		int cpu = ct_observe_stat_line(line, &st, &bu);

		if (cpu < 0 || cpu >= ncpu)
			continue;
		steal[cpu] = st * tick_ns;
		busy[cpu] = bu * tick_ns;
	}
	fclose(f);
}

static void perf_close(struct perf *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		if (p->c[i].tc >= 0)
			close(p->c[i].tc);
		if (p->c[i].mig >= 0)
			close(p->c[i].mig);
		if (p->c[i].cyc >= 0)
			close(p->c[i].cyc);
		if (p->c[i].ins >= 0)
			close(p->c[i].ins);
	}
	free(p->c);
	free(p->steal0);
	free(p->busy0);
	p->c = NULL;
	p->steal0 = p->busy0 = NULL;
	p->n = 0;
}

/* Room for four descriptors per cpu: raise the soft limit up to the hard one. */
static void room_for_fds(int n)
{
	struct rlimit rl;
	rlim_t need = (rlim_t)n * 4 + 64;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < need) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > need ? need
										  : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/*
 * Attach to the held child on every online cpu.  The task-clock must open
 * on every one; the other events are extras.  Returns 0, or -1 with why.
 */
static int perf_attach(pid_t pid, const struct ct_observe_opts *o, struct perf *p, char *why,
		       size_t len)
{
	struct hybrid_pmu h[3];
	int nh = hybrid_pmus(h), c, i, try_mig = 1, try_cyc = 1;

	memset(p, 0, sizeof(*p));
	p->c = ct_xcalloc((size_t)o->ncpu, sizeof(*p->c));
	room_for_fds(o->ncpu);
	for (c = 0; c < o->ncpu; c++) {
		struct percpu *q;
		uint32_t type = PERF_TYPE_HARDWARE;
		uint64_t ext = 0;

		if (o->kind_of[c] < 0)
			continue;
		q = &p->c[p->n++];
		q->cpu = c;
		q->mig = q->cyc = q->ins = -1;
		q->tc = perf_open(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, pid, c, 1);
		if (q->tc < 0) {
			char what[64];

			snprintf(what, sizeof(what), "perf_event_open task-clock on cpu %d", c);
			explain(errno, what, why, len);
			perf_close(p);
			return -1;
		}
		if (try_mig) {
			q->mig = perf_open(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, pid,
					   c, 0);
			if (q->mig < 0) {
				explain(errno, "migrations", p->mig_why, sizeof(p->mig_why));
				try_mig = 0;
			}
		}
		if (!try_cyc)
			continue;
		q->pmu = "cpu";
		if (nh) {
			q->pmu = NULL;
			for (i = 0; i < nh; i++)
				if (ct_cpuset_isset(&h[i].cpus, c)) {
					q->pmu = h[i].name;
					ext = (uint64_t)h[i].type << CT_PMU_TYPE_SHIFT;
				}
			if (!q->pmu)
				continue;	/* a cpu no hybrid PMU lists */
		}
		q->cyc = perf_open(type, ext | PERF_COUNT_HW_CPU_CYCLES, pid, c, 1);
		if (q->cyc >= 0)
			q->ins = perf_open(type, ext | PERF_COUNT_HW_INSTRUCTIONS, pid, c, 1);
		if (q->cyc < 0 || q->ins < 0) {
			explain(errno, "cycles", p->cyc_why, sizeof(p->cyc_why));
			try_cyc = 0;
			for (i = 0; i < p->n; i++) {
				if (p->c[i].cyc >= 0)
					close(p->c[i].cyc);
				if (p->c[i].ins >= 0)
					close(p->c[i].ins);
				p->c[i].cyc = p->c[i].ins = -1;
			}
		}
	}
	if (p->mig_why[0] == '\0') {
		for (i = 0; i < p->n; i++)
			if (p->c[i].mig < 0)
				break;
		if (i < p->n)
			snprintf(p->mig_why, sizeof(p->mig_why), "migrations: not counted");
	}
	/* Attached: CMD starts next, the steal counts from here. */
	p->steal0 = ct_xcalloc((size_t)o->ncpu, sizeof(*p->steal0));
	p->busy0 = ct_xcalloc((size_t)o->ncpu, sizeof(*p->busy0));
	cpu_times(o->ncpu, p->steal0, p->busy0);
	return 0;
}

/* value, time enabled, time running; 0 or -1. */
static int perf_read(int fd, uint64_t v[3])
{
	if (fd < 0)
		return -1;
	return read(fd, v, 3 * sizeof(uint64_t)) == (ssize_t)(3 * sizeof(uint64_t)) ? 0 : -1;
}

/*
 * After the child is reaped: the counts, per kind (folded by observe.c),
 * less the tree's part of each cpu's steal since CMD started.
 */
static int perf_collect(struct perf *p, const struct ct_observe_opts *o, struct ct_observe *r,
			char *why, size_t len)
{
	uint64_t *steal = ct_xcalloc((size_t)o->ncpu, sizeof(*steal));
	uint64_t *busy = ct_xcalloc((size_t)o->ncpu, sizeof(*busy));
	uint64_t stolen[CT_KIND_COUNT] = { 0 };
	struct ct_observe_fold f;
	int i;

	cpu_times(o->ncpu, steal, busy);
	ct_observe_fold_init(&f);
	for (i = 0; i < p->n; i++) {
		const struct percpu *q = &p->c[i];
		uint64_t tc[3], v[3], w[3];
		long long mig;
		int have_cyc;

		if (perf_read(q->tc, tc) < 0) {
			snprintf(why, len, "cannot read the task-clock of cpu %d: %s", q->cpu,
				 strerror(errno));
			free(steal);
			free(busy);
			return -1;
		}
		mig = perf_read(q->mig, v) == 0 ? (long long)v[0] : -1;
		have_cyc = perf_read(q->cyc, v) == 0 && perf_read(q->ins, w) == 0;
		ct_observe_fold_cpu(&f, r, o->kind_of[q->cpu], q->cpu, tc[0], mig,
				    have_cyc ? v : NULL, have_cyc ? w : NULL, q->pmu);
		if (steal[q->cpu] > p->steal0[q->cpu] && busy[q->cpu] > p->busy0[q->cpu])
			stolen[o->kind_of[q->cpu]] +=
				ct_observe_stolen(tc[0], steal[q->cpu] - p->steal0[q->cpu],
						  busy[q->cpu] - p->busy0[q->cpu]);
	}
	free(steal);
	free(busy);
	ct_observe_fold_finish(&f, r, p->mig_why, p->cyc_why);
	ct_observe_unsteal(r, stolen);
	for (i = 0; i < CT_KIND_COUNT; i++)
		r->steal_ns += stolen[i];
	snprintf(r->method, sizeof(r->method), "perf_event");
	snprintf(r->unseen_why, sizeof(r->unseen_why),
		 "what the inherited task-clock leaves out of each process's life "
		 "(about 0.1 ms a process on Linux 6.18) and on cpus "
		 "brought online during the run");
	return 0;
}

#endif /* CT_HAVE_PERF */

int ct_observe_run(const struct ct_observe_opts *o, struct ct_observe *r, int *fail,
		   char *why, size_t len)
{
	struct ct_spawn sp;
	struct ct_sampler s;
	struct rusage before, after;
	char why_not_perf[200];
	int have_perf = 0, subreaper = 0, k, c, exec_ok;
	uint64_t t0, exec_run = 0, exec_delay = 0;
#if CT_HAVE_PERF
	struct perf p;
#endif

	ct_observe_init(r);
	for (c = 0; c < o->ncpu; c++)
		if (o->kind_of[c] >= 0)
			r->kind[o->kind_of[c]].present = 1;
	getrusage(RUSAGE_CHILDREN, &before);
	*fail = 125;
	if (ct_spawn_held(&sp, o->argv, o->clamp, o->background, why, len) < 0)
		return -1;
	snprintf(why_not_perf, sizeof(why_not_perf), "CT_OBSERVE=sampled");
#if CT_HAVE_PERF
	if (!o->sampled) {
		char e[200];

		have_perf = perf_attach(sp.pid, o, &p, e, sizeof(e)) == 0;
		if (!have_perf)
			snprintf(why_not_perf, sizeof(why_not_perf), "%s", e);
	}

#else
	if (!o->sampled)
		snprintf(why_not_perf, sizeof(why_not_perf), "built without perf_event_open");
#endif
	/*
	 * The sampler runs on both paths: it is the fallback's whole count,
	 * and beside perf it reads the run-queue wait of every thread of the
	 * tree (perf has no event for it, and Linux keeps none for a thread
	 * group nor adds a reaped child's to its parent: taskstats would, to
	 * CAP_NET_ADMIN only).
	 */
	memset(&s, 0, sizeof(s));
	s.o = o;
	s.r = r;
	s.hz = sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100;
	s.delay_only = have_perf;
	if (!have_perf)
		for (k = 0; k < CT_KIND_COUNT; k++) {
			r->kind[k].threads = 0;
			r->kind[k].migrations = 0;
		}
	/* Orphans of the tree are reparented here, not to init: still seen. */
	subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
	t0 = ct_now_ns();
	if (ct_spawn_release(&sp, o->argv, fail, why, len) < 0) {
#if CT_HAVE_PERF
		if (have_perf)
			perf_close(&p);
#endif
		if (subreaper)
			prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
		ct_spawn_end(&sp);
		return -1;
	}
	/*
	 * CMD executed (the status pipe closed on its exec): its CPU time so
	 * far, as the child read it just before the exec (ct_spawn_release),
	 * is the fork's and the gate's, ct-place's setup, not CMD's; the exec
	 * itself is CMD's, as hyperfine counts it.  Its run-queue wait so far
	 * is the setup's too: schedstat's run_delay is brought up to date
	 * each time the child is given a cpu, as it was to run this far.
	 */
	exec_ok = sp.exec_cpu_known && ct_proc_schedstat(sp.pid, 0, &exec_run, &exec_delay) == 0;
	exec_run = sp.exec_cpu_ns;
	if (ct_sampler_run(&s, sp.pid, &r->status)) {
		snprintf(why, len, "cannot wait for '%s': %s", o->argv[0], strerror(errno));
#if CT_HAVE_PERF
		if (have_perf)
			perf_close(&p);
#endif
		ct_sampler_free(&s);
		if (subreaper)
			prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
		ct_spawn_end(&sp);
		return -1;
	}
	r->wall_s = (double)(ct_now_ns() - t0) / 1e9;
	ct_spawn_end(&sp);
	if (subreaper)
		prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
	getrusage(RUSAGE_CHILDREN, &after);
	r->user_ns = tv_ns(&after.ru_utime) - tv_ns(&before.ru_utime);
	r->sys_ns = tv_ns(&after.ru_stime) - tv_ns(&before.ru_stime);
	if (exec_ok)
		ct_observe_from_exec(r, exec_run);
	/*
	 * The run-queue wait of every thread of the tree the sampler saw, to
	 * its last reading of each (a thread's wait is brought up to date
	 * each time it is given a cpu), less the setup's before the exec.
	 */
	if (exec_ok && s.delay_read) {
		r->lost_known = 1;
		r->wait_ns = s.delay_ns > exec_delay ? s.delay_ns - exec_delay : 0;
		snprintf(r->lost_of, sizeof(r->lost_of), "the run-queue wait of every thread "
			 "of the tree, read from /proc every %.0f ms or more (a thread's last "
			 "interval not seen)%s", (double)CT_OBSERVE_FLOOR_NS / 1e6,
			 have_perf ? " and the steal" : " (no steal)");
	}
#if CT_HAVE_PERF
	if (have_perf) {
		int rc = perf_collect(&p, o, r, why, len);

		perf_close(&p);
		ct_sampler_free(&s);
		return rc;
	}
#endif
	ct_sampler_finish(&s, why_not_perf);
	return 0;
}
