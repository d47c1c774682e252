/*
 * report/report.h - the output contract (see coretype(7)): a human table by default,
 * TSV with a '#' header, or JSON Lines with a "record" member in every
 * object.  The records (machine, summary, sample, the counter table) are
 * described once each (report/summary-record.c and its siblings) and
 * written by record.c's writer; records are
 * written in the caller's order with stdio; ct_close_stdout() turns a
 * write error into a failure.
 */
#ifndef CT_REPORT_REPORT_H
#define CT_REPORT_REPORT_H

#include <stdio.h>

#include "kernels/kernels.h"
#include "measure/harness.h"
#include "measure/context.h"
#include "measure/results.h"
#include "records/json.h"
#include "records/record.h"
#include "records/table.h"
#include "records/doc.h"

struct ct_out {
	FILE *f;
	enum ct_format fmt;
	const char *tool;		/* "ct-clock" */
	int samples;			/* --samples: sample records too */
	/* private */
	struct ct_rec_writer sum;	/* summary records */
	struct ct_rec_writer smp;	/* sample records */
	struct ct_rec_writer cnt;	/* the table's hardware counter rows */
	const struct ct_rec_kind *more;	/* ct_out_series_more(): its kind and record */
	const void *more_rec;
	double precision_pct;		/* for the precision footnote */
	struct ct_held held;		/* ct_out_start(): JSON held back here */
	struct ct_held tsv_samples;	/* TSV's sample block, held for ct_out_end() */
};

/*
 * The machine record (struct ct_out_machine_rec): its fields' ids, for a
 * record that shows some of them as they are (ct-compare's inputs).
 */
enum ct_machine_field {
	CT_MF_TOOL, CT_MF_VERSION, CT_MF_HOSTNAME, CT_MF_OS, CT_MF_RELEASE, CT_MF_ARCH,
	CT_MF_CPU_MODEL, CT_MF_CPUS_ONLINE, CT_MF_LOAD_1M, CT_MF_LOAD_5M, CT_MF_LOAD_15M,
	CT_MF_UPTIME, CT_MF_GOVERNOR, CT_MF_CLOCK, CT_MF_COMPILER, CT_MF_CFLAGS, CT_MF_ISAS,
	CT_MF_COUNTERS, CT_MF_EPP, CT_MF_TURBO, CT_MF_THP, CT_MF_CPUS_ALLOWED, CT_MF_CONFINED,
	CT_MF_CONTAINER, CT_MF_CPU_QUOTA, CT_MF_L1_SOURCE, CT_MF_L2_SOURCE, CT_MF_L3_SOURCE,
	CT_MF_LOAD_END_1M, CT_MF_LOAD_END_5M, CT_MF_LOAD_END_15M, CT_MF_RUN_S, CT_MF_OTHER_LOAD, CT_MF_DESCHEDULED, CT_MF_WARNINGS,
	CT_MF_SLURM_JOB_ID, CT_MF_SLURM_ARRAY_JOB_ID, CT_MF_SLURM_ARRAY_TASK_ID,
	CT_MF_SLURM_NODE_NAME, CT_MF_SLURM_NODE_ID,
	/* The table's lines. */
	CT_MF_MACHINE_LINE, CT_MF_LOAD_LINE, CT_MF_CONTEXT_LINE, CT_MF_BUILD_LINE
};
struct ct_out_machine_rec {
	const char *tool;
	const struct ct_machine *m;
};
extern const struct ct_rec_kind ct_rec_machine;
/*
 * The machine record's table lines without its warnings (a tool that
 * prints them later, after its own header lines: ct-place), each line
 * after pre (summary.md's indented block).
 */
void ct_out_machine_lines(FILE *f, const char *tool, const char *pre,
			  const struct ct_machine *m);
/* The summary records, and the counter table's rows (struct ct_out_summary_rec). */
struct ct_out_summary_rec {
	const char *tool, *placement;
	const struct ct_summary *s;
	const struct ct_field *extra;	/* json only */
	size_t nextra;
	const struct ct_rec_kind *more;	/* json only: the caller's members, and their record */
	const void *more_rec;
};
extern const struct ct_rec_kind ct_rec_summary, ct_rec_counters;
/* The sample records (struct ct_out_sample_rec). */
struct ct_out_sample_rec {
	const char *tool, *placement;
	const struct ct_series *ser;
	const struct ct_sample *s;
};
extern const struct ct_rec_kind ct_rec_sample;

/*
 * The kernel line above a table (struct ct_out_kernel_rec): what a loop is
 * and how much of it a sample runs, "kernel:   fma    avx2     8
 * accumulators x  8 lanes, ...", a line for each loop (ct-fma's and
 * ct-stream's ISAs); or the jobs that ran round-robin, "kernels:  addchain
 * (x86-64), fma (avx2), ...", in one line (ct-place's comparison).  The
 * table and Markdown only: JSON and TSV have the same facts in every
 * summary record (kernel, isa and the kernel's fields).
 */
struct ct_out_kernel_rec {
	const struct ct_kernel *d;	/* the loop, or NULL */
	const struct ct_job *jobs;	/* or the jobs run round-robin */
	size_t njobs;
	/*
	 * Of the loop's work in a sample, or in a call of a fixed-time
	 * sample (per_call, --threads): adds (the add chain), passes over
	 * bytes (ct-fma's array); 0: not said.
	 */
	double count;
	unsigned bytes;
	int per_call;
	/* Samples of each series (0: not said); reps_max above it: a range (--precision). */
	unsigned reps, reps_max;
	int quick;			/* a smoke run (-q, QUICK): said on the line */
	/* How the jobs' samples were taken, in place of "round-robin" (NULL: that). */
	const char *how;
};
extern const struct ct_rec_kind ct_rec_kernel;
/* The line(s) of r in out (CT_REC_TABLE, CT_REC_MD; none in the others). */
void ct_out_kernel(FILE *f, unsigned out, const struct ct_out_kernel_rec *r);

/*
 * What a cell of a human table can be marked with, each explained in a
 * footnote under the table (ct_out_footnotes): a disturbed row ('*'), a
 * cpu share that is a measurement error ("error"), a per-cycle figure
 * left out for lack of undisturbed samples ('-') or above the ISA's
 * ceiling ('!'), a --precision not reached ('~'), a cpu basis not to be
 * trusted ('?' after a cpu-basis row's share: ct_cpu_basis_trust), lines
 * in flight above what their chains can have ('!', ct_latency_flight_max).
 */
enum {
	CT_MARK_DISTURBED = 1,
	CT_MARK_SHARE_ERROR = 2,
	CT_MARK_PER_CYCLE_NONE = 4,
	CT_MARK_IMPLAUSIBLE = 8,
	CT_MARK_IMPRECISE = 16,
	CT_MARK_CPU_UNTRUSTED = 32,
	CT_MARK_FLIGHT_IMPLAUSIBLE = 64
};
/* The footnotes of the marks set, one "  X  text" line each, after a blank line. */
void ct_out_footnotes(FILE *f, const char *pre, unsigned marks, double precision_pct);
/* The run's warnings (they were on standard error too) as d's warnings list. */
void ct_out_warnings(const struct ct_doc *d, const struct ct_machine *m);
/*
 * A summary's figures as table cells, marked: the cpu share, a per-cycle
 * median (insn: the instruction one) with prec decimals, the interval.
 * Each adds the marks it used to *marks.
 */
void ct_out_share_cell(char *buf, size_t len, const struct ct_summary *s, unsigned *marks);
void ct_out_per_cycle_cell(char *buf, size_t len, const struct ct_summary *s, int insn,
			   int prec, unsigned *marks);
void ct_out_ci_cell(char *buf, size_t len, const struct ct_summary *s, unsigned *marks);
/*
 * Lines in flight as a table cell: "16.1", "32.2!" above what the chains
 * can have, "985.4*!" from disturbed samples too; "-" without a figure.
 */
void ct_out_flight_cell(char *buf, size_t len, double v, int implausible, int disturbed,
			unsigned *marks);

void ct_out_begin(struct ct_out *o, FILE *f, enum ct_format fmt,
		  const char *tool, int samples);
void ct_out_machine(struct ct_out *o, const struct ct_machine *m);
/*
 * The summary records of one series' results (results.h), on both bases,
 * with extra fields in every one (json only), and its samples if asked.
 */
void ct_out_results(struct ct_out *o, const char *placement, const struct ct_results *res,
		    const struct ct_field *extra, size_t nextra);
/* The results step (ct_results_series) then ct_out_results(), no extra fields. */
void ct_out_series(struct ct_out *o, const char *placement,
		   const struct ct_series *s);
/*
 * The same with the JSON members of rec, a record of kind more, in every
 * summary record: the caller's own facts (an all-core run's threads and
 * ratios, a placement's ratios to main), each in the caller's field table.
 */
void ct_out_series_more(struct ct_out *o, const char *placement, const struct ct_series *s,
			const struct ct_rec_kind *more, const void *rec);
/*
 * The tables gathered so far (summaries with their footnotes, counters,
 * samples), each after a blank line; the next series start new ones.
 * TSV: the sample block (--samples), after a blank line under the
 * summaries, with its own '#' header; JSON records are out already.
 */
void ct_out_end(struct ct_out *o);
/* Free what the tables hold without writing them. */
void ct_out_discard(struct ct_out *o);
/*
 * A run whose table starts before it (ct-stream: the machine's lines
 * before the first size, the tables of each size as it ends): in a table
 * the machine's lines now; in JSON, whose machine record comes first and
 * holds the load after the last sample, every record is held back until
 * ct_out_finish().
 */
void ct_out_start(struct ct_out *o, const struct ct_machine *m);
/* ct_out_end(), and in JSON the machine record (m finished) then the records held. */
void ct_out_finish(struct ct_out *o, const struct ct_machine *m);

#endif
