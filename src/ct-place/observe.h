/*
 * ct-place/observe.h - ct-place --observe: run a command and tell how the CPU time
 * of its whole process tree split over the kinds of core.
 *
 * Three pieces:
 *
 *   spawn     src/ct-place/spawn.c: the command forked and held at a gate
 *             (a pipe) until the observer is ready, then executed; a
 *             failure to place or execute it comes back over a second,
 *             close-on-exec pipe as env(1)'s 125, 126 or 127.
 *   observe   the platform seam, one file per OS behind
 *             ct_observe_run(): src/ct-place/observe-linux.c (a
 *             task-clock perf event per cpu with inherit, or the
 *             /proc sampler), platform/darwin/observe.c (proc_pid_rusage V6 of
 *             the exited process, before it is reaped).
 *   report    src/ct-place/observe.c: the accounting both Linux paths fold
 *             their readings with (pure functions, unit-tested), the
 *             per-kind rows, the tree's time that no kind accounts for,
 *             and the table, TSV and JSON.
 */
#ifndef CT_CT_PLACE_OBSERVE_H
#define CT_CT_PLACE_OBSERVE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "measure/counters.h"
#include "core/cpuset.h"
#include "measure/context.h"
#include "report/report.h"
#include "machine/topo.h"

/* What one kind of core saw of the tree. */
struct ct_observe_kind {
	int present;			/* the machine has online cpus of this kind */
	int cpus_known;			/* cpus below is what the tree ran on */
	struct ct_cpuset cpus;
	uint64_t ns;			/* the tree's CPU time on this kind, ns */
	long long threads;		/* distinct threads that ran here, -1 unknown */
	long long migrations;		/* -1 unknown */
	double cycles, instructions;	/* NaN: not counted */
	char source[400];		/* how this row was measured */
};

struct ct_observe {
	struct ct_observe_kind kind[CT_KIND_COUNT];
	int status;			/* CMD's wait status */
	double wall_s;			/* from the start of CMD to its reaping */
	/*
	 * The reaped tree's user and system time, getrusage(RUSAGE_CHILDREN):
	 * the total the kinds are held against.
	 */
	uint64_t user_ns, sys_ns;
	/*
	 * CMD's first thread's CPU time up to its exec (the fork and the
	 * exec tearing down ct-place's copy): ct-place's setup, taken out of
	 * user_ns and sys_ns (ct_observe_from_exec).
	 */
	uint64_t exec_cpu_ns;
	/*
	 * What the tree lost to others from the exec on: its threads'
	 * run-queue wait (schedstat's run_delay) and the hypervisor's steal
	 * (the perf path's estimate, ct_observe_stolen); lost_known 0 where
	 * neither could be read.  lost_of says whose wait was counted.
	 */
	uint64_t wait_ns, steal_ns;
	int lost_known;
	char lost_of[160];
	char method[16];		/* "perf_event", "sampled", "rusage_info" */
	char unseen_why[200];		/* what the method cannot attribute */
};

struct ct_observe_opts {
	char *const *argv;		/* CMD [ARG...] */
	const int *kind_of;		/* per cpu id < ncpu: enum ct_kind, -1 offline */
	int ncpu;
	const struct ct_cpuset *clamp;	/* limit CMD to these cpus, or NULL */
	int background;			/* macOS: run CMD under taskpolicy -c background */
	int sampled;			/* force the sampler (CT_OBSERVE=sampled) */
};

/*
 * Run o->argv observed; fills r.  Returns 0 once CMD has ended (its status
 * in r->status), or -1 with a message in why and the exit status ct-place
 * should give in *fail (125 the observer or the placement failed, 126 CMD
 * could not run, 127 it was not found), CMD reaped.
 */
int ct_observe_run(const struct ct_observe_opts *o, struct ct_observe *r, int *fail,
		   char *why, size_t len);

/* CMD's status as a shell gives it: its exit code, or 128 + the signal. */
int ct_observe_exit_code(int status);

/*
 * The tree's CPU time from the exec on: exec_ns (CMD's CPU time when its
 * exec was seen done) taken out of r's user and system time, each in its
 * part of their sum (rusage splits one total by the ticks it sampled),
 * and kept in r->exec_cpu_ns; never below 0.
 */
void ct_observe_from_exec(struct ct_observe *r, uint64_t exec_ns);
/* What the tree lost to others, ns: its run-queue wait and the steal. */
uint64_t ct_observe_lost_ns(const struct ct_observe *r);
/* A run disturbed by others: ct_lost_disturbed, or with no lost figure the share rule. */
int ct_observe_disturbed(const struct ct_observe *r);

/* --- The report (src/ct-place/observe.c). --- */

/* An empty observation: every count zero, every per-kind figure unknown. */
void ct_observe_init(struct ct_observe *r);

/*
 * Its records: a row (struct ct_observe_row of a struct ct_observe), and
 * the command with the tree's times.
 */
extern const struct ct_rec_kind ct_rec_observe, ct_rec_observe_command;

/* A row of the report: a kind, or the time no kind accounts for. */
struct ct_observe_row {
	const char *kind;		/* "performance", ..., "unseen" */
	const struct ct_observe_kind *k;/* NULL for the unseen row */
	double cpu_s, share;
};

/*
 * The rows: every kind the machine has, fastest first, then "unseen": the
 * tree's time by rusage that no kind accounts for.  The shares are of the
 * larger of the two totals (counted, rusage), so they add up to 1.
 * Returns how many (at most CT_KIND_COUNT + 1).
 */
size_t ct_observe_rows(const struct ct_observe *r, struct ct_observe_row *rows);

/*
 * The report: with CT_FMT_JSON the machine record first, then a record
 * "observe" per row and one "observe_command"; TSV the rows under a '#'
 * header; the table a heading line and the rows.
 */
void ct_observe_print(FILE *f, enum ct_format fmt, const struct ct_machine *m,
		      const struct ct_observe *r, char *const *argv);
/* The same report in Markdown, for -o DIR's summary.md. */
void ct_observe_markdown(FILE *f, const struct ct_observe *r, char *const *argv);

/*
 * The accounting, pure functions of the readings (src/ct-place/observe.c), so
 * that it is tested on every machine with known readings.
 *
 * A cycle or instruction count of one cpu from a PMU that may have been
 * multiplexed: value, counted while the event ran (running_ns) out of the
 * time the tree was on that cpu (on_ns, its task-clock there).  Counted
 * under CT_COUNT_MIN_RUNNING of that time it is rejected (NaN): not
 * running at all CT_COUNT_NOT_RUNNING, some CT_COUNT_MULTIPLEXED; at least
 * that and under CT_OBSERVE_FULL_RUNNING, value x on / running
 * (CT_COUNT_SCALED); otherwise, or where the tree never ran on the cpu
 * (on_ns 0), the value as counted (CT_COUNT_OK).  *share is running / on,
 * at most 1 (1 where on_ns is 0).
 */
#define CT_OBSERVE_FULL_RUNNING 0.995
enum ct_count_status ct_observe_scale(uint64_t value, uint64_t running_ns, uint64_t on_ns,
				      double *out, double *share);

/*
 * The perf path's per-kind totals, folded cpu by cpu after the tree was
 * reaped: each cpu's task-clock adds to its kind's time (and the cpu to
 * its cpus when the tree ran there); migrations add up, unknown for the
 * kind when one of its cpus could not count them; cycles and
 * instructions add up scaled (ct_observe_scale), the kind's counts
 * rejected when any of its cpus was, unknown when a cpu it ran on had no
 * counters.  ct_observe_fold_finish() sets the kinds' counts and sources.
 */
struct ct_observe_fold {
	double min_share[CT_KIND_COUNT];	/* the lowest running share of a cpu that ran */
	double cyc[CT_KIND_COUNT], ins[CT_KIND_COUNT];
	long long mig[CT_KIND_COUNT];
	int cyc_ok[CT_KIND_COUNT];		/* no cpu it ran on lacked counters */
	int mig_ok[CT_KIND_COUNT];		/* every cpu counted migrations */
	int rejected[CT_KIND_COUNT];		/* some cpu's counts were rejected */
	const char *pmu[CT_KIND_COUNT];		/* the PMU that counted, NULL: none */
};

void ct_observe_fold_init(struct ct_observe_fold *f);
/*
 * Cpu cpu of kind k: the tree's task-clock there (on_ns), its migrations
 * (-1: not counted), and the readings (value, time enabled, time running)
 * of cycles and instructions from the PMU pmu (NULL: not counted).
 */
void ct_observe_fold_cpu(struct ct_observe_fold *f, struct ct_observe *r, int k, int cpu,
			 uint64_t on_ns, long long migrations, const uint64_t cyc[3],
			 const uint64_t ins[3], const char *pmu);
/* Every present kind's migrations, cycles, instructions and source; why: the reasons not. */
void ct_observe_fold_finish(const struct ct_observe_fold *f, struct ct_observe *r,
			    const char *mig_why, const char *cyc_why);

/* What the /proc sampler knows of a thread between two of its readings. */
struct ct_observe_thread {
	unsigned long long start;	/* stat's starttime; ~0: not read yet */
	uint64_t run_ns;		/* its run time at the last reading */
	int cpu;			/* the cpu it was on then */
	unsigned kinds;			/* bit k: counted as a thread of kind k */
};

void ct_observe_thread_init(struct ct_observe_thread *t);

/*
 * One reading of a thread: its start time (a reused tid starts later),
 * its run time so far and the cpu it is on.  The run time since the last
 * reading goes to the kind of that cpu (kind_of[cpu], for cpu < ncpu;
 * -1 or beyond: to *lost_ns), and so does all of it for a thread first
 * seen (its time before the first reading; the sampler cannot tell
 * where it ran).  A thread that ended between two readings is never read
 * again: its last interval stays out of every kind (the report's
 * "unseen", against rusage).  A run time that went down gives nothing.
 * The kind counts the thread once (threads) and a change of cpu since
 * the last reading as a migration.  Returns the ns given.
 */
uint64_t ct_observe_account(struct ct_observe *r, const int *kind_of, int ncpu,
			    struct ct_observe_thread *t, unsigned long long start,
			    uint64_t run_ns, int cpu, uint64_t *lost_ns);

/*
 * The sampler's pace.  A pass over the tree costs the observer some CPU
 * time; the next pass comes 200 times the least cost of the last
 * CT_OBSERVE_PACE passes later (CT_OBSERVE_FLOOR_NS at least), so that
 * the observer stays near 0.5% of one cpu.  The least, not the last: one
 * pass made costly by what the kernel charged to it (an interrupt, a page
 * reclaim) would otherwise stretch the next interval 200-fold, and a
 * thread that ended in it would go unseen whole; a tree that grew costs
 * more on every pass and slows the pace within CT_OBSERVE_PACE passes.
 * cost[] holds the last costs, 0 before the first passes (their intervals
 * are the floor); cost_ns is the pass just made.  Returns the interval, ns.
 */
#define CT_OBSERVE_PACE 3
#define CT_OBSERVE_FLOOR_NS 10000000ULL
uint64_t ct_observe_interval(uint64_t cost[CT_OBSERVE_PACE], uint64_t cost_ns);

/*
 * The task-clock is perf's clock while the task is on a cpu: on a virtual
 * cpu it counts on while the hypervisor runs something else (steal), which
 * the tree's CPU time (rusage, schedstat) leaves out.  The tree's part of
 * a cpu's steal over the run, steal_ns, is taken as its part of that cpu's
 * busy time (busy_ns: not idle, the steal included; the hypervisor steals
 * only from a cpu that has work): on_ns x steal_ns / busy_ns, at most
 * on_ns.  0 where there was no steal or no busy time.
 */
uint64_t ct_observe_stolen(uint64_t on_ns, uint64_t steal_ns, uint64_t busy_ns);
/*
 * One line of Linux's /proc/stat, "cpuN user nice system idle iowait irq
 * softirq steal [guest guest_nice]" in clock ticks: returns N and sets
 * the cpu's steal and busy ticks (user, nice, system, irq, softirq and
 * steal; guest time is in user, idle and iowait are not busy); -1 for any
 * other line (the "cpu" total, intr, ctxt, ...) or a kernel without steal.
 */
int ct_observe_stat_line(const char *line, uint64_t *steal, uint64_t *busy);
/*
 * Take stolen[k] (ns, the sum of ct_observe_stolen over kind k's cpus)
 * out of each kind's time, after ct_observe_fold_finish(); a kind that
 * lost some says how much in its source.
 */
void ct_observe_unsteal(struct ct_observe *r, const uint64_t stolen[CT_KIND_COUNT]);

/* --- Spawning held at a gate (src/ct-place/spawn.c). --- */

struct ct_spawn {
	pid_t pid;
	int gate;			/* write end: one byte lets CMD go */
	int status;			/* read end: EOF once CMD executed */
	sigset_t oldmask;		/* the mask before SIGCHLD was blocked */
	struct sigaction old[4];	/* SIGINT, SIGQUIT, SIGTERM, SIGHUP */
	int signals_set;
	/*
	 * The child's own CPU time just before its exec (ct_spawn_release()
	 * sets it; known 0 where it never got there): ct-place's setup.
	 */
	uint64_t exec_cpu_ns;
	int exec_cpu_known;
};

/*
 * Fork the child that will run argv (limited to clamp if not NULL, or
 * under taskpolicy with background) and hold it at the gate.  SIGCHLD is
 * blocked in this process until ct_spawn_end().  Returns 0, or -1 with a
 * message.
 */
int ct_spawn_held(struct ct_spawn *s, char *const argv[], const struct ct_cpuset *clamp,
		  int background, char *why, size_t len);
/*
 * Open the gate and wait until CMD executed.  From here until
 * ct_spawn_end(), SIGINT and SIGQUIT are ignored (a terminal sends them to
 * CMD too, and the report must still be written; SIGINT is passed on in a
 * bench, ct_spawn_interrupt_begin) and SIGTERM and SIGHUP are passed on
 * to CMD.  Returns 0, or -1 with a message and the status
 * in *fail (CMD is reaped then).
 */
int ct_spawn_release(struct ct_spawn *s, char *const argv[], int *fail, char *why,
		     size_t len);
/*
 * ct-place --bench: until ct_spawn_interrupt_end(), SIGINT, SIGTERM and
 * SIGHUP stop the bench instead: caught between runs, passed on to CMD
 * during one (SIGINT too, which ct_spawn_release() otherwise ignores),
 * or sent to it once it executed when they came before; the first one
 * is what ct_spawn_interrupted() returns (0: none).
 */
void ct_spawn_interrupt_begin(void);
int ct_spawn_interrupted(void);
void ct_spawn_interrupt_end(void);
/* Kill and reap a child still held at the gate. */
void ct_spawn_abort(struct ct_spawn *s);
/* Restore the signal mask and dispositions. */
void ct_spawn_end(struct ct_spawn *s);

#endif
