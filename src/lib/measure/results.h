/*
 * measure/results.h - the results step between the harness and the writers.
 * Every summary of a series (its statistics on one basis) and every ratio
 * of two medians is computed here, once per series, and handed to the
 * writers (report.c, allcore-report.c, report/stream.c,
 * ct-place/report.c and chart.c), which only format it: a table and a
 * chart that show the same ratio read the same number.  The all-core
 * run's and ct-place's results are declared beside their features
 * (allcore.h, ct-place/placements.h) and filled here.
 */
#ifndef CT_MEASURE_RESULTS_H
#define CT_MEASURE_RESULTS_H

#include "measure/harness.h"

struct ct_summary {
	const struct ct_job *k;
	enum ct_basis basis;
	unsigned reps;
	struct ct_stats rate;		/* in k->unit */
	struct ct_stats per_cycle;	/* when k->per_cycle_unit */
	struct ct_stats insn_per_cycle;	/* when k->insn_unit */
	/*
	 * The thread's CPU time over the wall time, summed over every sample
	 * (the kernel call and its brackets together): the share of the time
	 * the kernel's samples took that the thread had its cpu, weighted by
	 * time, so that a few long descheduled samples are not outvoted by
	 * many short ones.  share_error when it is above CT_SHARE_MAX (then
	 * never a figure).
	 */
	double cpu_share;
	int share_error;
	/*
	 * The per-cycle figures come from the undisturbed samples only:
	 * per_cycle_used of them; under CT_PER_CYCLE_MIN_SAMPLES the figures
	 * are NaN and per_cycle_why says why.  A median above the ISA's
	 * architectural ceiling (ceiling.h) by more than per_cycle_margin
	 * (a fraction: the figure's own error, ct_ceiling_margin; NaN without
	 * a figure) is implausible.
	 */
	unsigned per_cycle_used;
	char per_cycle_why[96];
	double per_cycle_ceiling, insn_ceiling;		/* NaN: none known */
	double per_cycle_margin;
	int per_cycle_implausible, insn_implausible;
	double precision_pct;		/* asked for, 0: none (precision_reached) */
	unsigned migrated;		/* samples with cpu_start != cpu_end */
	char cpus[256];			/* distinct cpus seen, as a cpulist */
	int verified;
	/* The 95% interval of the median rate (ct_median_ci); NaN under 6 samples. */
	double ci_low, ci_high, ci_halfwidth_pct;
	enum ct_stop stopped_by;
	unsigned descheduled;		/* disturbed samples (ct_sample_disturbed) */
	/*
	 * Hardware counters, where the series had them open (counters):
	 * the samples counted (scaled: of them, multiplexed and scaled) and
	 * the statistics over those.  cycles_est is the count the basis's
	 * brackets (or a clock kernel's own claim) predict; has_estimate is
	 * 0 for a kernel that has neither.
	 */
	int counters;
	unsigned counted, counters_scaled;
	struct ct_stats cycles, instructions, counter_ghz;
	double ipc;			/* their medians' instructions per cycle; NaN: no cycles */
	int has_estimate;
	struct ct_stats cycles_est, cycles_ratio;
	enum ct_cycles_verdict verdict;	/* of the median ratio */
};

/*
 * The derived figures every tool and ct-compare take from samples, defined
 * once here so that a comparison of samples and one of the summaries of the
 * same file agree.  The cpu share of n samples: their thread CPU time over
 * their wall time, each summed over the kernel call, its brackets and half
 * the CPU clock's reads (the summary's cpu_share; one sample's is
 * ct_sample_share()).
 */
double ct_samples_share(const struct ct_sample *s, size_t n);
/*
 * Whether used undisturbed samples of n (ct_sample_disturbed) are enough
 * for a per-cycle figure (CT_PER_CYCLE_MIN_SAMPLES); when not, why says so
 * (the summary's per_cycle_why).
 */
int ct_per_cycle_enough(unsigned used, unsigned n, char *why, size_t len);

/* Statistics of one series on one basis. */
void ct_summarize(const struct ct_series *s, enum ct_basis b,
		  struct ct_summary *sum);
/* The precision asked for was not reached (0 also when none was asked). */
int ct_summary_precision_missed(const struct ct_summary *s);

/*
 * What the writers show of one series: its summary on each basis, and
 * where it is held against a reference series (ct-place's main, the
 * all-core run's thread alone), its median rate over the reference's on
 * each basis.
 */
struct ct_results {
	const struct ct_series *ser;
	struct ct_summary b[2];		/* [CT_BASIS_WALL], [CT_BASIS_CPU] */
	double ratio[2];		/* NaN: no reference, or its median is not positive */
	/*
	 * Where ct_results_ratio_interval() held the samples against the
	 * reference's: the interval of the ratio on each basis and the U
	 * test's two-sided p (NaN: none), and whether the interval holds 1
	 * (1), lies beyond it (0), or is not there (-1: the reference itself,
	 * too few samples for the level).
	 */
	double ratio_lo[2], ratio_hi[2], ratio_p[2];
	int ratio_same[2];
};

/* The results of ser, with no reference. */
void ct_results_series(const struct ct_series *ser, struct ct_results *r);
/*
 * r's median rates over ref's, on each basis (r->ratio): the one place a
 * ratio of medians is taken; none where ref's median is not positive.
 * The features' own results (ct_allcore_results(), ct_placements_results())
 * are built from these two.
 */
void ct_results_ratio_to(struct ct_results *r, const struct ct_results *ref, double none);
/*
 * The uncertainty of r's ratio to ref on each basis, from their samples'
 * rates: the Hodges-Lehmann interval of the ratio at level 1 - alpha and
 * the Mann-Whitney U test (core/mann-whitney.h), the tests ct-compare
 * makes between runs.  The ratio itself stays the medians' (r->ratio);
 * the interval is that of the ratio the samples shift by, which is the
 * medians' ratio where one sample is the other scaled.  None where there
 * is no ratio.
 */
void ct_results_ratio_interval(struct ct_results *r, const struct ct_results *ref, double alpha);
/*
 * The ratio of ser's samples to ref's taken in the same round (the same
 * rep: ct-place's interleaved rounds, the kernel tools' -c), on each
 * basis: the median of the rounds' ratios, its interval at level
 * 1 - alpha and the signed-rank test's p (core/signed-rank.h), into r's
 * ratio fields (ser == ref: 1, no interval).  A round where either
 * sample was disturbed (ct_sample_disturbed) is left out and counted,
 * unless such rounds are more than half of them: a thread that shares
 * its cpu for the whole run gets what it gets, and that is the figure
 * (kept_disturbed says so).
 */
struct ct_pairs {
	unsigned used;		/* rounds paired */
	unsigned disturbed;	/* of the rounds both had, those with a disturbed sample */
	int kept_disturbed;	/* those kept: most rounds were disturbed */
};
void ct_results_pair(struct ct_results *r, const struct ct_series *ser,
		     const struct ct_series *ref, double alpha, struct ct_pairs *pc);
/*
 * The same for two medians that are not a series' (ct-place --bench's
 * times of a command's runs, ct-place/bench-results.c): median over
 * ref_median, NaN where ref_median is not positive.
 */
double ct_results_median_ratio(double median, double ref_median);

/*
 * Whether a series' cpu-basis figures can be read as the silicon's
 * (coretype(7), "The cpu basis under time sharing").  The thread's CPU
 * time is meant to leave out the time others had its cpu, but a kernel
 * charges the running thread for the switches and interrupts it takes
 * (no IRQ time accounting) and a hypervisor's work on its behalf, so that
 * a thread that shares its cpu with a busy neighbour is charged for more
 * than it ran: a 12 % over-charge was seen on a Zen 5 guest at 5000
 * switches a second (bench/NOTES, "Time sharing").  The add chain tells:
 * its adds per thread-CPU ns (cpu_clock_ghz) are the clock only where the
 * charge is honest, and the brackets' median chunk (struct
 * ct_sample.clock_ghz, 25 us pieces that a switch seldom falls in) reads
 * the clock the core ran at while undisturbed.  A cpu-basis clock under
 * CT_CPU_BASIS_TRUST of that is an over-charge, never a slower core: the
 * series' cpu-basis figures are then too low by as much, and marked.
 */
#define CT_CPU_BASIS_TRUST 0.90
enum ct_trust { CT_TRUST_UNKNOWN = -1, CT_TRUST_NO = 0, CT_TRUST_YES = 1 };
/*
 * CT_TRUST_NO where cpu_clock_ghz is under CT_CPU_BASIS_TRUST times
 * undisturbed_ghz, CT_TRUST_YES where it is not, CT_TRUST_UNKNOWN where
 * either is not a positive figure (no brackets, no clock).
 */
enum ct_trust ct_cpu_basis_trust(double cpu_clock_ghz, double undisturbed_ghz);
/*
 * The undisturbed clock of n series run together (one placement's
 * kernels): the median of their bracketed samples' clock_ghz; NaN where
 * none was bracketed.
 */
double ct_series_undisturbed_clock(const struct ct_series *ser, size_t n);

#endif
