/*
 * ct-place/placements.h - ct-place's main job: the four kernels (add-chain clock, FMA
 * in L1, streaming sum, memory latency) side by side under every
 * placement, each sample verified, the FMA, stream and chase samples
 * bracketed for per-cycle figures.  The latency kernel is two jobs over
 * one array: one chain (ns and cycles per load) and CT_PLACEMENTS_CHAINS
 * chains (the lines in flight, their loads per ns over one chain's).
 */
#ifndef CT_CT_PLACE_PLACEMENTS_H
#define CT_CT_PLACE_PLACEMENTS_H

#include <stdio.h>

#include "measure/harness.h"
#include "workloads/stream.h"
#include "platform/isa.h"
#include "workloads/latency.h"
#include "measure/context.h"
#include "report/report.h"
#include "platform/place.h"
#include "machine/topo.h"

enum { CT_JOB_CLOCK, CT_JOB_FMA, CT_JOB_STREAM, CT_JOB_LATENCY, CT_JOB_CHAINS, CT_NJOBS };

/*
 * The chains of the lines-in-flight job: more than the misses a current
 * core keeps in flight from memory (about 10 to 16 on x86, fewer on an
 * efficiency core), so that the core, not the count, is what binds.
 */
#define CT_PLACEMENTS_CHAINS 16u
#define CT_PLACEMENTS_CHAINS_NAME "chase-16"
/*
 * The loads of one chase call: about 7 ms from memory at 100 ns a load,
 * a sixteenth of ct-latency's, so that 15 samples of it and of the
 * chains under every placement keep the full run near its time target
 * (about 10 s); QUICK takes ct-latency's QUICK call.
 */
#define CT_PLACEMENTS_CHASE_LOADS (1ull << 16)

struct ct_placements_row;

struct ct_placements_opts {
	struct ct_harness h;
	enum ct_isa isa;		/* for the FMA kernel */
	enum ct_isa stream_isa;		/* for the stream kernel: the first, then the chosen */
	struct ct_stream_ask stream_ask;	/* what is left to calibrate (ct_stream_choose) */
	char stream_isa_reason[200];	/* why that one when given ("": the choice's own) */
	uint64_t clock_adds;
	uint64_t fma_passes;
	uint64_t stream_bytes;		/* the array, from ct_stream_default_size(); the
					   chase's too, both past the last cache */
	char stream_reason[160];	/* why that size */
	int quick;
	const char *const *child_args;	/* options the child run repeats */
	/* The settle spin before each placement's turn in a round (measure/rounds.h). */
	uint64_t turn_settle_ns;
	/* Called before each placement's turn (the progress line), or NULL. */
	void (*turn)(void *arg, unsigned round, size_t position, size_t members,
		     const struct ct_placements_row *row);
	void *turn_arg;
};

struct ct_placements_row {
	struct ct_placement p;
	int ran;			/* measured (0: not applicable) */
	struct ct_series ser[CT_NJOBS];
	struct ct_job k[CT_NJOBS];
	char kinds[96];			/* kinds of the cpus seen ("performance") */
	char how[160];			/* what the OS was asked, as it turned out */
};

/* Set up the kernels' jobs (exits on failure); free them after use (kernels.c). */
struct ct_placements_kernels;
struct ct_placements_kernels *ct_placements_kernels_new(const struct ct_placements_opts *o,
						  struct ct_job k[CT_NJOBS]);
void ct_placements_kernels_free(struct ct_placements_kernels *ck);

/*
 * How the placements were measured (coretype(7), "Interleaved rounds"):
 * in rounds, each a sample of every kernel under every placement, the
 * placements' order in round r ct_rounds_order(seed, r, members), a
 * settle of settle_ns before each turn.
 */
struct ct_placements_design {
	int interleaved;
	uint64_t seed;
	unsigned rounds;
	size_t members;
	uint64_t settle_ns;
};

/*
 * Measure the applicable rows of rows[0..n-1] in interleaved rounds
 * (jobs.c), d->seed the order's seed: the thread-level placements in
 * threads of this process kept for the run, the process-level one in a
 * re-run of this tool (self, with --child-run) kept as long and driven a
 * round at a time (ct-place/child.h).  Rounds go on to o->h.reps, or with
 * --precision until every paired ratio's interval is narrow enough
 * (ct_placements_worst_pct) or --max-time.  Fills d; returns 0, or -1
 * with a message (a failed verification, a cpu that vanished).
 */
int ct_placements_measure(const struct ct_placements_opts *o, const struct ct_topo *t,
			  struct ct_placements_row *rows, size_t n,
			  struct ct_placements_design *d, char *why, size_t len);
/* One row alone, the same way (its rounds are its reps). */
int ct_placements_run(const struct ct_placements_opts *o, const struct ct_topo *t,
		   struct ct_placements_row *row, char *why, size_t len);
/*
 * --precision's measure of the rows so far: the widest relative
 * half-width, in percent, of every paired ratio's interval to the
 * reference row (main, or the first measured), both bases, every
 * kernel; with the reference alone, of its medians' intervals.  NaN (not
 * precise) while an interval is missing.
 */
double ct_placements_worst_pct(const struct ct_placements_row *rows, size_t n);

/* The cpus a row's samples ran on, as a cpulist ("unknown": none). */
void ct_placements_row_cpus(const struct ct_placements_row *row, char *buf, size_t len);
/* A row's kinds in short: "performance,efficiency" -> "P,E". */
const char *ct_placements_kind_letters(const char *kinds, char *buf, size_t len);

/*
 * The x ratios' intervals are at level 1 - CT_PLACEMENTS_ALPHA, the level
 * of ct-compare's intervals: a ratio whose interval holds 1 is shown as
 * such ("0.981~", a pale bar), no difference from main at that level.
 */
#define CT_PLACEMENTS_ALPHA 0.05

/*
 * What every output of the comparison shows, from the results step
 * (measure/results.c), once for all of them: each measured row's results
 * per kernel (r[row][job]), their ratios to the reference row's: main,
 * or without main the first placement measured (the chart's bars; the
 * tables show ratios to main only), each with its interval at level
 * 1 - alpha (ct_results_ratio_interval).
 */
struct ct_placements_results {
	const struct ct_placements_row *rows;
	size_t n;
	const struct ct_placements_row *ref;	/* NULL: no row measured */
	int ref_main;				/* ref is main */
	double alpha;				/* CT_PLACEMENTS_ALPHA */
	size_t interval_min;			/* the fewest samples, on both sides, that
						   have an interval at this level */
	struct ct_results (*r)[CT_NJOBS];
	/* Each measured row's latency and lines in flight, on each basis. */
	struct ct_latency_figures (*lat)[2];
	/*
	 * Each measured row's cpu basis held against its own brackets
	 * (ct_cpu_basis_trust): the add chain's median per thread-CPU ns
	 * and the undisturbed clock of the row's bracketed samples.
	 */
	struct ct_placements_trust {
		double cpu_clock_ghz, undisturbed_ghz;
		enum ct_trust trust;
	} *trust;
	int quick;				/* a smoke run (-q): the outputs say so */
	struct ct_placements_design design;
	/* Each measured row's ratios to the reference, paired by round (ct_results_pair). */
	struct ct_pairs (*pairs)[CT_NJOBS];
	/*
	 * The fastest kind's pin placement (the reference of the answer
	 * lines on a machine of several kinds): the first kind in the kinds'
	 * order (performance, efficiency, low-power) with a "pin-KIND"; NULL
	 * where there is none.
	 */
	const struct ct_placements_row *fastest;
	/*
	 * Each other pin's ratios to the fastest kind's pin, paired by round
	 * as the ratios to main are (only the ratio fields are set; NaN for
	 * rows that are no pin, and for the fastest itself).
	 */
	struct ct_results (*fast)[CT_NJOBS];
	struct ct_pairs (*fast_pairs)[CT_NJOBS];
};
void ct_placements_results(const struct ct_placements_row *rows, size_t n,
			   struct ct_placements_results *res);
void ct_placements_results_free(struct ct_placements_results *res);

/* Output: stdout formats, and two of the files of -o DIR. */
void ct_placements_print(FILE *f, enum ct_format fmt, int samples,
		      const struct ct_machine *m, const struct ct_topo *t,
		      const struct ct_placements_results *res);
/* The comparison's rows (a placement on one basis): TSV, the table, summary.md. */
extern const struct ct_rec_kind ct_rec_placements;
/*
 * The members JSON's summary records of a placement's kernels add (its
 * kinds, how it was asked, the ratios to main), as a field table.
 */
extern const struct ct_rec_kind ct_rec_placements_extra;
void ct_placements_markdown(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
			 const struct ct_placements_results *res);
/*
 * What the tables stand under (report-header.c): the machine's lines and
 * ct-place's own (pre "    ": summary.md's block), the kernels' line, and
 * each placement with how it was asked for (or why it could not be).
 */
void ct_placements_header_lines(FILE *f, const char *pre, const struct ct_machine *m,
				const struct ct_topo *t, const struct ct_placements_results *res);
void ct_placements_kernels_line(FILE *f, unsigned out,
				const struct ct_placements_results *res);
void ct_placements_list(const struct ct_doc *d, const struct ct_placements_row *rows, size_t n);
/*
 * The answer above the tables: a line per placement, what a thread gets
 * there against main (a pin of a kind against the fastest kind's pin,
 * where the machine has several), kernel by kernel, with the intervals.
 */
void ct_placements_answer(const struct ct_doc *d, const struct ct_placements_results *res);

/*
 * ct-place's comparison as a chart: for each job (clock, FMA, stream,
 * the one chase and the chase of CT_PLACEMENTS_CHAINS chains)
 * the median rate of every placement relative to main's (or, without
 * main, to the first placement measured), on the wall basis, the cv as
 * the error bar, the cpu basis as a diamond, bars coloured by the kinds
 * of core the placement's samples ran on.  For ct-place -o DIR
 * (DIR/summary.svg).
 */
void ct_placements_svg(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
		    const struct ct_placements_results *res);

#endif
