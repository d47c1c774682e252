/*
 * ct-place/bench.h - ct-place --bench: the user's own commands (one, or
 * several: -- CMD -- CMD ...) run again and again under every placement
 * that applies, in interleaved rounds, each run timed on the wall clock
 * and by the rusage of its process tree and observed (ct-place/observe.h:
 * where its CPU time went, by kind), then every placement compared to
 * the same command's unplaced runs, and every later command to the first
 * under each placement, with ct-compare's test.
 *
 *   bench.c          the placements, the rounds, one run (src/ct-place/bench.c)
 *   bench-results.c  the results step: statistics, ratios, verdicts, kinds
 *   bench-report.c   the records (bench_run, bench_summary): table, TSV,
 *                    JSON Lines, summary.md
 *   bench-chart.c    -o DIR's chart.svg
 */
#ifndef CT_CT_PLACE_BENCH_H
#define CT_CT_PLACE_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cpuset.h"
#include "tool/progress.h"
#include "measure/context.h"
#include "report/report.h"
#include "core/stats.h"
#include "machine/topo.h"

/* At most this many commands in one bench (-- CMD -- CMD ...). */
#define CT_BENCH_CMDS_MAX 16

/* What ct-place's options ask of a bench. */
struct ct_bench_opts {
	/* The commands, each CMD [ARG...] NULL-terminated; the first the reference. */
	char **cmds[CT_BENCH_CMDS_MAX];
	size_t ncmd;
	const char *placements;		/* -p LIST, NULL: every one that applies */
	const char *kind_arg;		/* -k KIND: main and the kind's cpus */
	const char *cpus_arg;		/* -c CPULIST: main and those cpus */
	unsigned runs;			/* -r: timed runs per placement */
	unsigned warmup;		/* --warmup: untimed runs per placement first */
	const char *prepare;		/* --prepare CMD, NULL: none */
	const char *cleanup;		/* --cleanup CMD, NULL: none */
	const char *shell;		/* --shell SHELL, NULL: CMD executed directly */
	int ignore_failure;		/* -i */
	int show_output;		/* --show-output */
	const char *outdir;		/* -o DIR, NULL: none */
	enum ct_format fmt;
	enum ct_progress_mode progress;
};

#define CT_BENCH_RUNS_DEFAULT 10
#define CT_BENCH_WARMUP_DEFAULT 1
#define CT_BENCH_RUNS_MAX 100000

/*
 * Run the bench, write the files of -o DIR, then the results to stdout.
 * Returns 0; CMD's non-zero exit without -i returns its status (after a
 * message naming the run); ct-place's own failures exit 125.
 */
int ct_place_bench(const struct ct_bench_opts *o, const struct ct_topo *t);

/* How a placement puts CMD: not at all, limited to cpus, or under taskpolicy. */
enum ct_bench_how { CT_BENCH_UNPLACED, CT_BENCH_CLAMP, CT_BENCH_BACKGROUND };

struct ct_bench_place {
	char name[48];			/* "main", "pin-efficiency", "cpus-0-3" */
	enum ct_bench_how how;
	struct ct_cpuset cpus;		/* CT_BENCH_CLAMP: the affinity CMD gets */
	int main;			/* the unplaced reference */
	char note[200];			/* how it is asked */
};

/* One timed run of CMD. */
struct ct_bench_run {
	unsigned round;			/* 1-based */
	unsigned order;			/* its place in the round, 1-based */
	uint64_t wall_ns;		/* from the release of CMD to its reaping */
	/*
	 * The reaped tree's rusage from CMD's exec on: the fork's and the
	 * exec's time before it, exec_cpu_ns, is ct-place's (observe.h).
	 */
	uint64_t user_ns, sys_ns, exec_cpu_ns;
	/* What it lost to others (lost_known): run-queue wait and steal. */
	uint64_t wait_ns, steal_ns;
	int lost_known;
	uint64_t kind_ns[CT_KIND_COUNT];/* its CPU time by kind (observe) */
	char method[16];		/* how the kinds were told: "perf_event", "sampled" */
	int status;			/* its exit code as a shell gives it */
};

/* A run's loss to others, ns: its wait and steal (0 where not known). */
uint64_t ct_bench_run_lost_ns(const struct ct_bench_run *r);
/*
 * A run others took time from: ct_lost_disturbed (measure/harness.h) of
 * its wall, CPU and lost time, or with no lost figure (macOS) the share
 * rule.  Its own waiting (a sleep, a read) is not disturbance.
 */
int ct_bench_run_disturbed(const struct ct_bench_run *r);

/* One command under one placement: its runs, in the order of the rounds. */
struct ct_bench_row {
	struct ct_bench_place p;
	unsigned cmd;			/* which command, 0: the first */
	struct ct_bench_run *runs;
	unsigned n;
};

/* --- The results step (bench-results.c). --- */

/* The bases of a run's time: elapsed, and the tree's user + system CPU time. */
enum ct_bench_basis { CT_BENCH_WALL, CT_BENCH_CPU, CT_BENCH_NBASES };
const char *ct_bench_basis_name(enum ct_bench_basis b);

/* A placement against the unplaced runs, or a command against the first, by ct-compare's test. */
enum ct_bench_verdict {
	CT_BENCH_NO_VERDICT = -1,	/* the reference itself, or too few runs */
	CT_BENCH_SAME,			/* not significant at the level */
	CT_BENCH_SLOWER,
	CT_BENCH_FASTER
};
const char *ct_bench_verdict_name(enum ct_bench_verdict v);

/* ct-compare's default level: the verdict's. */
#define CT_BENCH_ALPHA 0.05

/*
 * Fewer runs than this on either side: no p and no verdict (and no
 * interval of the ratio), as hyperfine gives no outlier statistics for
 * them; nor an outlier bound.
 */
#define CT_BENCH_MIN_RUNS 3

/*
 * A run is an outlier beyond the median + CT_BENCH_OUTLIER_MADS scaled
 * MADs (the MAD times CT_MAD_NORMAL: hyperfine's modified z-score of
 * 14), and at least CT_COMPARE_THRESHOLD (3 %) above the median, so that
 * runs that hardly vary (a MAD near 0) do not make every run above the
 * median one.  Only the slow side: what others do to a run, or a cache
 * it fills, makes it longer.
 */
#define CT_BENCH_OUTLIER_MADS 14.0

/* Runs against a reference's: the ratio of the medians and ct-compare's test. */
struct ct_bench_test {
	double ratio;			/* the median over the reference's; NaN: none */
	double lo, hi;			/* Hodges-Lehmann 95% interval of the ratio */
	double p;			/* two-sided Mann-Whitney U */
	enum ct_bench_verdict verdict;
};

struct ct_bench_figures {
	struct ct_stats st;		/* of the runs' times, s (mean, sd, min, max too) */
	double ci_lo, ci_hi;		/* the median's 95% interval, s (NaN under 6 runs) */
	double ratio;			/* the median over main's (same command); NaN: no main */
	double ratio_lo, ratio_hi;	/* Hodges-Lehmann 95% interval of the ratio */
	double p;			/* two-sided Mann-Whitney U against main */
	enum ct_bench_verdict verdict;
	/* Against the first command under the same placement (NaN, none for it). */
	struct ct_bench_test first;
	/* The slow outliers (CT_BENCH_OUTLIER_MADS). */
	double bound;			/* s; NaN under CT_BENCH_MIN_RUNS runs */
	unsigned outliers;		/* runs above it */
	unsigned worst;			/* the slowest of them (index in the row's runs) */
	int first_out;			/* the first timed run is one of them */
};

struct ct_bench_summary {
	struct ct_bench_figures b[CT_BENCH_NBASES];
	double share;			/* all runs' CPU time over their wall time */
	double lost_share;		/* all runs' lost time over theirs (ct_lost_share), NaN: unknown */
	unsigned disturbed;		/* runs ct_bench_run_disturbed */
	unsigned failed;		/* runs with a non-zero status (-i) */
	double kind_s[CT_KIND_COUNT];	/* CPU time on each kind, summed over the runs */
	double kind_share[CT_KIND_COUNT];/* of the time counted on a kind */
	char kinds[96];			/* the kinds it ran on: "performance,efficiency" */
	char split[96];			/* "P 98% E 2%" */
	long main_row;			/* the same command's main, -1: none */
	long first_row;			/* the first command's under this placement, -1: none */
};

struct ct_bench_results {
	const struct ct_bench_row *rows;
	size_t n;
	const struct ct_bench_row *ref;	/* the first command's main, or NULL: not run */
	struct ct_bench_summary *s;	/* per row */
	unsigned ncmd;			/* the commands: the rows' cmd is below it */
};

void ct_bench_results(const struct ct_bench_row *rows, size_t n, struct ct_bench_results *res);
void ct_bench_results_free(struct ct_bench_results *res);

/* --- The output (bench-report.c, bench-chart.c). --- */

/* What every output names besides the results. */
struct ct_bench_doc {
	const struct ct_machine *m;
	const struct ct_bench_results *res;
	const char *command;		/* the first command as one line */
	/* Every command as one line, ncmd of them; NULL: command alone. */
	const char *const *commands;
	size_t ncmd;
	unsigned runs, warmup;
	const char *shell;		/* NULL: none */
	const char *prepare;		/* NULL: none */
	const char *cleanup;		/* NULL: none */
};

extern const struct ct_rec_kind ct_rec_bench_run, ct_rec_bench_summary;
void ct_bench_print(FILE *f, enum ct_format fmt, const struct ct_bench_doc *d);
void ct_bench_markdown(FILE *f, const struct ct_bench_doc *d);
void ct_bench_svg(FILE *f, const struct ct_bench_doc *d);

#endif
