/*
 * measure/context.h - the description every run starts with: what ran where, and
 * the context that can change a result (the clock's governor and
 * preference, turbo, huge pages, the load before and after, confinement,
 * samples the thread was descheduled in).
 *
 * ct_machine_describe() at the start (and its warnings about the start),
 * ct_machine_note() for every series measured, ct_machine_finish() after
 * the last sample (the end load, the counters' status, the warnings about
 * the run); the record is written after that.
 */
#ifndef CT_MEASURE_CONTEXT_H
#define CT_MEASURE_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

struct ct_series;

#define CT_MACHINE_WARNINGS 16
/* Room for the texts of every warning together: each is kept whole or not at all. */
#define CT_MACHINE_WARNING_TEXT 8192

struct ct_machine {
	char hostname[256];		/* uname nodename, or CT_HOSTNAME ("": withheld) */
	/*
	 * Where a Slurm task ran the tool, the job and node Slurm gave it
	 * (ct_machine_slurm(), from the task's environment), so that the
	 * files of a fleet say which node of which job they came from; ""
	 * elsewhere (null in the record).  Kept as the text Slurm set.
	 */
	char slurm_job_id[24];		/* SLURM_JOB_ID */
	char slurm_array_job_id[24];	/* SLURM_ARRAY_JOB_ID */
	char slurm_array_task_id[24];	/* SLURM_ARRAY_TASK_ID */
	char slurm_node_name[128];	/* SLURMD_NODENAME */
	char slurm_node_id[24];		/* SLURM_NODEID: 0 to the job's nodes - 1 */
	char os[80];			/* uname sysname */
	char release[128];		/* kernel release */
	char arch[80];			/* uname machine */
	char cpu_model[128];
	long cpus_online;
	double load[3];			/* load average at start, -1 if unknown */
	double uptime_s;		/* -1 if unknown */
	char governor[64];		/* cpufreq governor or "none" */
	const char *clock;		/* the clock ct_now_ns() reads */
	const char *compiler;
	const char *cflags;
	const char *isas;		/* ISAs compiled in */
	char counters[256];		/* ct_counters_status() */
	/* Context (os.h): "none"/"unknown" where the OS has no such thing. */
	char epp[64];			/* energy_performance_preference of cpu 0 */
	char turbo[16];			/* "on", "off", "unknown" */
	char thp[16];			/* transparent huge pages: "always", "madvise", ... */
	long cpus_allowed;		/* -1 if unknown */
	char container[64];		/* "docker", ..., "none" */
	double cpu_quota;		/* cpus a cgroup quota allows, -1: none */
	/* Where the L1d, L2 and L3 sizes came from (machine/caches.h), [0] unused. */
	int cache_source[4];		/* enum ct_cache_source */
	/* The run: filled by ct_machine_finish(). */
	double load_end[3];		/* load average at the end, -1 before or unknown */
	double run_s;			/* describe to finish, -1 before */
	double other_load;		/* other runnable tasks during the run, NaN if unknown */
	unsigned samples;		/* samples of the series noted */
	unsigned descheduled;		/* of them, disturbed (ct_sample_disturbed) */
	/*
	 * Every warning the run printed, in order, for the records (the
	 * machine record's "warnings", summary.md, summary.svg): each is
	 * also on standard error as "ct-xxx: warning: TEXT".  Read them with
	 * ct_machine_warning(): the texts are kept whole, one after another
	 * in warning_text, never cut (offsets, so that a copy of the record
	 * holds its own).
	 */
	char warning_text[CT_MACHINE_WARNING_TEXT];
	size_t warning_at[CT_MACHINE_WARNINGS];
	size_t nwarnings;
	unsigned warnings_lost;		/* beyond CT_MACHINE_WARNINGS, or the room */
	/* Series whose --precision was not reached (ct_machine_note). */
	unsigned imprecise, imprecise_of;
	double imprecise_pct;		/* the precision asked for */
	char imprecise_how[64];		/* what stopped the first: "max-time" */
	/* private */
	uint64_t start_ns;
	int memory;			/* a series noted reads memory (THP matters) */
	struct ct_machine_desched {
		char what[96];		/* "addchain (x86-64) at main" */
		unsigned d, n;
	} desched[16];
	size_t ndesched;
	unsigned desched_more;		/* descheduled samples of series past the table */
};

/*
 * Warn: "ct-xxx: warning: TEXT" on standard error, and TEXT kept in
 * m->warnings for the records.
 */
void ct_machine_warn(struct ct_machine *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Warning i (0 to m->nwarnings - 1), whole. */
const char *ct_machine_warning(const struct ct_machine *m, size_t i);

/* Fill the description at the start of a run; warn about the start. */
void ct_machine_describe(struct ct_machine *m);
/* The Slurm job and node of the run, from the environment (slurm.c). */
void ct_machine_slurm(struct ct_machine *m);
/* Count the descheduled samples of n series measured at placement. */
void ct_machine_note(struct ct_machine *m, const char *placement,
		     const struct ct_series *s, size_t n);
/*
 * After the last sample, before the record is written: the end load, the
 * run's length and the counters' status; warn about the run.  threads is
 * how many threads of this process ran at once (1, or --threads N): the
 * load they added themselves.
 */
void ct_machine_finish(struct ct_machine *m, unsigned threads);

/*
 * What the warnings on standard error are about, as a mask of
 * CT_MACHINE_WARN_* bits, decided from the description alone (the
 * descheduled samples by their count; transparent huge pages off whether
 * or not a kernel read memory): also for a description read back from a
 * record (ct-compare(1)).  Names for the bits in ct_machine_warn_names[].
 */
enum {
	CT_MACHINE_WARN_GOVERNOR = 1 << 0,
	CT_MACHINE_WARN_EPP = 1 << 1,
	CT_MACHINE_WARN_TURBO = 1 << 2,
	CT_MACHINE_WARN_QUOTA = 1 << 3,
	CT_MACHINE_WARN_LOAD = 1 << 4,
	CT_MACHINE_WARN_DESCHEDULED = 1 << 5,
	CT_MACHINE_WARN_THP = 1 << 6,
	CT_MACHINE_WARN_OTHERS = 1 << 7,
	CT_MACHINE_NWARN = 8
};
extern const char *const ct_machine_warn_names[CT_MACHINE_NWARN];
unsigned ct_machine_warnings(const struct ct_machine *m);

/*
 * The machine's context and the load, as one line of text each, for the
 * human headers (ct-place's too).
 */
char *ct_machine_context_text(const struct ct_machine *m, char *buf, size_t len);
char *ct_machine_load_text(const struct ct_machine *m, char *buf, size_t len);

/*
 * The load-average figures the warnings use, pure for the unit tests:
 * the 1-minute average is busy when it reaches max(0.5, cpus / 4); the
 * other tasks that ran beside threads own ones over run_s seconds, from
 * the 1-minute averages at start and end (NaN under CT_LOAD_MIN_RUN_S).
 */
#define CT_LOAD_MIN_RUN_S 20.0
double ct_load_busy(long cpus);
double ct_load_others(double start_1m, double end_1m, double run_s, unsigned threads);

#endif
