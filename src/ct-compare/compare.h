/*
 * ct-compare/compare.h - ct-compare's model: runs read back from the suite's JSON
 * Lines (ct-compare/read.c), their results paired and tested (ct-compare/pair.c), and
 * the comparison written out (ct-compare/report.c, its chart ct-compare/chart.c).
 */
#ifndef CT_CT_COMPARE_COMPARE_H
#define CT_CT_COMPARE_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "core/mann-whitney.h"
#include "measure/context.h"
#include "measure/harness.h"
#include "report/report.h"

/* A machine record read back; the strings the struct points to are owned. */
struct ct_run_machine {
	struct ct_machine m;
	char *tool, *version, *clock, *compiler, *cflags, *isas;
	int has_hostname;		/* the record has the field (older ones do not) */
	long line;
};

/* The results of one kernel, placement and size in one input. */
struct ct_run_series {
	char *tool, *kernel, *isa, *placement, *unit, *pc_unit, *kinds;
	double size;			/* size_bytes, NaN where there is none */
	/*
	 * The reader beside the ISA, NULL or NaN where the kernel has none:
	 * ct-stream's loop and prefetch distance, ct-latency's chains.  A
	 * result is one reader's: chains apart are two results, the loop or
	 * ISA apart two readers of one (ct_compare_same_reader).
	 */
	char *loop;
	double prefetch, chains;
	long line;			/* of its first record */
	int has_sum[2];			/* a summary on each basis */
	double sum_median[2], sum_pc[2], sum_share;
	unsigned sum_reps;
	unsigned reps_total;		/* over every wall summary (runs pooled) */
	unsigned block_reps;		/* the last wall summary's reps */
	size_t block_n;			/* the samples read since it */
	unsigned sum_disturbed;		/* the summaries' descheduled count */
	char *sum_pc_why;		/* the summary's per_cycle_why, or NULL */
	char *work_text;		/* the work per sample its summary names, or NULL */
	long dup_line;			/* a second summary of one basis, 0: none */
	/*
	 * The samples, when written (--samples): per basis, their times as
	 * the harness took them (for ct_sample_disturbed, ct_sample_share)
	 * and the work of one call (value times time: a constant of the run).
	 */
	size_t n, cap;
	double *v[2], *pc[2], *work;
	struct ct_sample *smp;
	/*
	 * Which run of this input each sample came from (0-based, in the
	 * order the runs came: a tool's summary starts one, a --bench
	 * placement's summary ends one) and how many runs had samples.
	 * Two runs or more on both sides make the run the unit of the test
	 * (ct-compare/pair.c): what moves between runs is then in it.
	 */
	unsigned *run;
	unsigned runs, next_run, wall_sums;
	/*
	 * Each sample is a process of its own (ct-place --bench's runs of a
	 * command), so that what moves from one run to the next is in the
	 * samples' spread, as in hyperfine's: the samples are runs.
	 */
	int sample_is_run;
};

struct ct_run {
	char *file;			/* as given ("-": standard input) */
	char *path;			/* what was read (a directory's raw.txt) */
	struct ct_run_machine *mach;
	size_t nmach;
	struct ct_run_series *ser;
	size_t nser;
	char kinds[96];			/* the kinds of core its records name */
	long lines;
	unsigned samples, disturbed;	/* over every series (ct_sample_disturbed) */
};

/*
 * Read one input: a file of JSON Lines, a directory (its raw.txt), or "-"
 * (standard input).  Returns 0, or -1 with "FILE:LINE: reason" in why.
 */
int ct_run_read(const char *file, struct ct_run *r, char *why, size_t len);
/* The same from an open stream; file names it in the results, path in messages. */
int ct_run_read_stream(FILE *f, const char *file, const char *path, struct ct_run *r,
		       char *why, size_t len);
void ct_run_free(struct ct_run *r);

/* What is compared of a series. */
enum ct_figure { CT_FIG_RATE, CT_FIG_PER_CYCLE, CT_FIG_SHARE };
const char *ct_figure_name(enum ct_figure f);
const char *ct_figure_label(enum ct_figure f, const char *unit);
/*
 * The word for a change of ratio (new / base) of a figure: above 1 a rate
 * or a per-cycle figure is "faster", a time (unit s) "slower", a share
 * "higher"; below 1 the opposite.
 */
const char *ct_figure_change(enum ct_figure f, const char *unit, double ratio);

/* How the two sides of a row were compared. */
enum ct_compare_test {
	CT_TEST_NONE,			/* summaries only: the ratio of medians */
	CT_TEST_EXACT,			/* the exact U test and the HL interval */
	CT_TEST_NORMAL,			/* the U test's normal approximation */
	CT_TEST_JACKKNIFE,		/* the share: the pooled ratio's jackknife, normal */
	CT_TEST_RUNS_EXACT,		/* the exact U test and HL interval of the runs' medians */
	CT_TEST_RUNS_NORMAL		/* the same, the normal approximation */
};

/* One row: a figure of a series in BASE and (or) in one NEW. */
struct ct_compare_row {
	const struct ct_run_series *a, *b;	/* NULL: absent on that side */
	size_t newi;				/* which NEW (0 for the first) */
	enum ct_figure fig;
	int basis;				/* CT_BASIS_*, -1: cpu/wall (share) */
	const char *unit;
	double med_a, med_b, ratio, ci_lo, ci_hi, p;
	size_t n_a, n_b;			/* samples, or runs where they are the unit */
	enum ct_compare_test test;
	int significant;			/* p < alpha; -1: no test */
	/*
	 * The verdict: significant and beyond the threshold; -1: none, and
	 * why says why not (a side mostly disturbed, too few undisturbed
	 * samples for a per-cycle figure, no spread, different work).
	 */
	int changed;
	/*
	 * The test's unit was the samples of one run a side: it holds each
	 * run's own spread, not what moves between runs (bench/compare-aa-
	 * tools.sh: 18 % of A/A effects apart so on a Firecracker guest), so
	 * a difference it finds is no verdict.  unconfirmed: such a row
	 * apart (p < alpha, beyond the threshold), changed then -1.
	 */
	int one_run, unconfirmed;
	int reader_differs;			/* one result, two readers: no test */
	double verdict_lo, verdict_hi;		/* the interval at --alpha the verdict holds */
	char why[224];
	size_t dist_a, dist_b;			/* disturbed samples on each side */
	/* The order of the table: kernel first, then the key, then the NEW. */
	size_t kernel_rank, key_rank;
};

/*
 * The geometric mean of the ratios of one NEW's rows of one figure, basis
 * and unit that have a ratio on both sides (benchstat's geomean), and the
 * geometric mean of their 95% bounds: the interval the mean would have if
 * the rows moved together (NaN where a row has none).  Where a row was
 * tested on one run a side its interval holds that run's spread only (the
 * row is apart, not changed), so the mean of such rows is apart too: it
 * has no interval (one_run counts those rows); so has a mean of shares,
 * which are the host's other load and never a verdict.
 */
struct ct_compare_geomean {
	size_t newi;
	enum ct_figure fig;
	int basis;
	const char *unit;
	size_t n, one_run;
	double ratio, ci_lo, ci_hi;
	double sum_log, sum_lo, sum_hi;	/* while summing */
	size_t n_ci;
};

/*
 * One NEW's verdicts, one per result (tool, kernel, placement, size and
 * chains), whatever number of bases and figures its rows show: the
 * verdict of its rate on the wall basis.  The rows keep every figure.
 */
struct ct_compare_verdicts {
	size_t newi;
	size_t results, faster, slower, same, unconfirmed, none, reader, base_only, new_only;
	char found[240];		/* what was found, in one line (ct_compare_found) */
};


struct ct_compare {
	struct ct_run *runs;		/* [0] BASE, then every NEW */
	size_t nruns;
	double alpha;
	struct ct_compare_row *rows;
	size_t nrows;
	int any_untested;		/* some pair had no samples on a side */
	int any_why;			/* some row has no verdict for a reason of its own */
	double threshold;		/* the smallest change called, a fraction (--threshold) */
	struct ct_compare_geomean *geo;	/* two rows or more of a figure, basis and unit */
	size_t ngeo;
	struct ct_compare_verdicts *verdicts;	/* one per NEW, nruns - 1 */
};

/*
 * Pair every NEW with BASE and test each pair.  Returns 0, or -1 with the
 * reason in why (a NEW with nothing in common with BASE).
 */
int ct_compare_build(struct ct_compare *c, char *why, size_t len);
void ct_compare_free(struct ct_compare *c);

/* A size as the tables write it ("16M", "-"), a kernel's title ("ct-stream stream (avx2)"). */
void ct_compare_size_text(char *buf, size_t len, double size);
void ct_compare_kernel_title(char *buf, size_t len, const struct ct_run_series *s);

/* A row's key as text: "addchain x86-64 main wall" and the like. */
const char *ct_compare_basis_name(const struct ct_compare_row *r);
const struct ct_run_series *ct_compare_side(const struct ct_compare_row *r);

/*
 * Whether two series are one result (tool, kernel, placement, size, unit
 * and chains), and whether one reader measured them (ISA, loop, prefetch):
 * a pair of one result and two readers is a "different reader" row,
 * both medians and no verdict.  A reader as text: "avx2/prefetch",
 * "scalar, 4 chains".
 */
int ct_compare_same_result(const struct ct_run_series *a, const struct ct_run_series *b);
int ct_compare_same_reader(const struct ct_run_series *a, const struct ct_run_series *b);
void ct_compare_reader_text(const struct ct_run_series *s, char *buf, size_t len);

/*
 * A series' values of a figure (the finite ones of its samples, the
 * per-cycle ones of its undisturbed samples), each run's median of them,
 * and its disturbed samples (of its samples, or as its summaries count
 * them), as a side of a row has them; the arrays are the caller's to free.
 */
size_t ct_compare_values(const struct ct_run_series *s, enum ct_figure f, int basis, double **v);
size_t ct_compare_run_medians(const struct ct_run_series *s, enum ct_figure f, int basis,
			      double **v);
size_t ct_compare_disturbed(const struct ct_run_series *s);
/*
 * A row's test (verdict.c), for ct_compare_build: a row with both sides
 * tested (test), a row of one result read by two readers (both medians,
 * no ratio: reader), a one-sided row (its median and count: one side).
 */
void ct_compare_test_row(struct ct_compare_row *r, struct ct_compare *c);
void ct_compare_reader_row(struct ct_compare_row *r);
void ct_compare_one_side(struct ct_compare_row *r);

/* Output: the formats on stdout, and -o DIR's summary.md and chart (ct-compare/chart.c). */
/*
 * Its records (ct-compare/report.c): an input's machine as compared, and a
 * compared result and figure.
 */
extern const struct ct_rec_kind ct_rec_input, ct_rec_compare, ct_rec_geomean, ct_rec_verdicts;
/*
 * Under the rows (ct-compare/report-summary.c): each NEW's verdicts and
 * geomeans, as a table (out CT_REC_TABLE or CT_REC_MD) or records.
 */
void ct_compare_verdicts_rows(FILE *f, const struct ct_compare *c, unsigned out);
void ct_compare_geomean_rows(FILE *f, const struct ct_compare *c, unsigned out);
/* The last line of the table and Markdown: what each NEW's comparison found. */
void ct_compare_found_lines(FILE *f, const struct ct_compare *c, unsigned out);
void ct_compare_print(FILE *f, enum ct_format fmt, const struct ct_compare *c);
void ct_compare_markdown(FILE *f, const struct ct_compare *c);
void ct_compare_svg(FILE *f, const struct ct_compare *c);

#endif
