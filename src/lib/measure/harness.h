/*
 * measure/harness.h - the sample harness.  A settle spin so the clock governor
 * settles, one discarded warm-up call of every kernel, then REPS timed
 * samples taken round-robin over the kernels.  Each sample times one
 * kernel call with the monotonic raw clock and the thread's CPU time,
 * records the cpu at its start and its end, optionally brackets the call
 * with two short add chains (the clock just before and just after), and
 * is verified before the next one starts.
 */
#ifndef CT_MEASURE_HARNESS_H
#define CT_MEASURE_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "measure/counters.h"
#include "core/stats.h"
#include "records/record.h"

struct ct_job {
	const char *name;		/* "addchain", "fma", "stream" */
	const char *isa;		/* "x86-64", "avx512", "neon", ... */
	const char *unit;		/* rate unit: "GHz", "GFLOP/s", "GB/s" */
	double work;			/* per call; rate = work / ns */
	/*
	 * Per-cycle figures, or NULL: the work of one call divided by the
	 * cycles the add-chain brackets say the call took.  A kernel with a
	 * per_cycle_unit is bracketed.
	 */
	const char *per_cycle_unit;	/* "flop/cycle", "byte/cycle" */
	double per_cycle_work;
	const char *insn_unit;		/* optional second figure: "fma/cycle" */
	double insn_work;
	/* The timed call.  Its return value is handed to verify(). */
	uint64_t (*run)(void *ctx);
	/* 0 when the call's result is right; else a reason in why. */
	int (*verify)(void *ctx, uint64_t ret, char *why, size_t len);
	void *ctx;
	const struct ct_field *fields;
	size_t nfields;
	/*
	 * Cycles one call claims to take where the kernel is itself a clock
	 * (the add chain: one per add), else 0.  A kernel that is neither
	 * bracketed nor a clock has no cycle estimate to set a hardware
	 * count beside.
	 */
	double cycles_work;
	/* Reads memory beyond the caches, so the page size matters (ct-stream). */
	int memory;
};

struct ct_harness;

/* Where a run is, for its progress hook. */
struct ct_harness_state {
	const struct ct_harness *h;
	const struct ct_job *k;	/* the kernel just sampled */
	size_t kernel, nkernels;
	unsigned rep;			/* samples of it taken, 1-based */
	double worst_pct;		/* --precision: the widest interval so far, NaN */
	uint64_t elapsed_ns;		/* since the run started (settle included) */
};

struct ct_harness {
	unsigned reps;			/* timed samples per kernel (the minimum with precision_pct) */
	uint64_t settle_ns;		/* settle spin before the warm-up */
	uint64_t bracket_adds;		/* adds in each bracket */
	/*
	 * Precision on demand (--precision): above 0, rounds go on until the
	 * 95% confidence interval of the median rate of every kernel, on
	 * both bases, is narrower than +-precision_pct percent of it
	 * (ct_median_ci), or max_ns have passed, or CT_REPS_MAX samples.
	 */
	double precision_pct;
	uint64_t max_ns;		/* above 0: no round starts after this (--max-time) */
	/*
	 * Above 0: every sample of the first round must last this long (the
	 * shorter of its wall and CPU times), else the run stops with
	 * CT_HARNESS_TOO_SHORT.  ct_harness_defaults() sets it from the
	 * clocks (floor.h); 0 checks nothing.
	 */
	uint64_t floor_ns;
	const char *floor_why;		/* how floor_ns was set, for the message */
	/*
	 * Called between samples, never inside one (a progress line,
	 * progress.h), or NULL.
	 */
	void (*progress)(void *arg, const struct ct_harness_state *st);
	void *progress_arg;
};

/* ct_harness_run()'s return when a sample is under h->floor_ns. */
#define CT_HARNESS_TOO_SHORT (-2)

#define CT_REPS_DEFAULT 15
#define CT_REPS_QUICK 5
#define CT_REPS_MAX 1000000
#define CT_SETTLE_NS_DEFAULT 200000000ull
#define CT_SETTLE_NS_QUICK 20000000ull
/*
 * A bracket's adds: 0.2 ms at 3.2 GHz, 8 chunks of 25 us (the wall
 * clock's read, tens of ns, is 0.1 % of one).  Short, because the time
 * between two calls is two brackets, and an array the kernel leaves
 * alone for that long is not what a reader that never stops sees: on a
 * Zen 3 guest, 8 MiB read from L3 at 61-77 GB/s after 0 or 0.4 ms of add
 * chain, 40-67 after 3.2 ms (brackets of 5000000 adds); ct-stream's
 * median at 8 MiB went from 40-61 to 60-71 GB/s with these.
 */
#define CT_BRACKET_ADDS_DEFAULT 640000ull
#define CT_PRECISION_MAX_TIME_DEFAULT_S 60
/*
 * A sample whose thread ran for less of its wall time, in the kernel call
 * or in either bracket, was descheduled (disturbed): its per-cycle figure
 * is left out, and it is counted and warned about.
 */
#define CT_DESCHEDULED_SHARE 0.9
/*
 * The rule itself, for anything timed on both clocks (a kernel's call or
 * bracket, a run of ct-place --bench's command): CPU time under
 * CT_DESCHEDULED_SHARE of a non-zero wall time.
 */
int ct_share_disturbed(uint64_t wall_ns, uint64_t cpu_ns);
/*
 * A command's run (ct-place --bench, --observe) is not a kernel's call: it
 * may sleep, read files or wait on a child, and its CPU time over its wall
 * time says nothing of what others took from it.  Its disturbance is what
 * it lost to others, lost_ns (its threads' run-queue wait and the steal),
 * over the time it had: its wall time, or where its threads ran side by
 * side the time they ran and waited (cpu_ns + lost_ns), whichever is the
 * more.  Disturbed: that share above CT_LOST_SHARE_MAX, 1 -
 * CT_DESCHEDULED_SHARE, the rule a CPU-bound single thread met before (it
 * runs or waits, so the two agree there).
 */
#define CT_LOST_SHARE_MAX 0.1
double ct_lost_share(uint64_t wall_ns, uint64_t cpu_ns, uint64_t lost_ns);
int ct_lost_disturbed(uint64_t wall_ns, uint64_t cpu_ns, uint64_t lost_ns);
/*
 * A cpu share above this cannot happen (a thread cannot run for longer
 * than the time that passed): the two clocks disagree, the share is a
 * measurement error and is never printed as a figure.  The share's wall
 * time counts half the thread clock's reads (struct ct_sample's
 * reads_ns), so they lift it by 1-2 % at most on a sample at the floor
 * (floor.h); the margin is for that and the clocks' steps.
 */
#define CT_SHARE_MAX 1.05
/* Fewer undisturbed samples than this give no per-cycle figure. */
#define CT_PER_CYCLE_MIN_SAMPLES 3

/* What ended a harness run. */
enum ct_stop {
	CT_STOP_REPS,			/* the fixed number of samples (or the cap) */
	CT_STOP_PRECISION,		/* every interval narrow enough */
	CT_STOP_MAX_TIME		/* the time cap */
};
const char *ct_stop_name(enum ct_stop s);	/* "reps", "precision", "max-time" */

struct ct_sample {
	/*
	 * 0-based: the sample's round, which in ct-place's interleaved rounds
	 * and the kernel tools' -c is the same for every placement or cpu
	 * measured in it (the pairs of a paired ratio).
	 */
	unsigned rep;
	/*
	 * Where in its round the placement or cpu was measured, 1-based; 0
	 * where the run measured one after another (one placement, one cpu).
	 */
	unsigned position;
	int cpu_start, cpu_end;		/* -1 where unknown */
	uint64_t wall_ns, cpu_ns;
	/*
	 * The clock the sample ran at (adds per ns, 0 without brackets):
	 * the median rate of both brackets' chunks (ct_sample_set_brackets),
	 * the per-cycle figures' divisor on both bases.
	 */
	double clock_ghz;
	/*
	 * Both brackets' adds over their whole wall and thread CPU times:
	 * what they read with every lost slice included, kept as evidence.
	 */
	double bracket_ghz_wall, bracket_ghz_cpu;
	/*
	 * The brackets' own times (0 without brackets): whether each had
	 * its cpu (ct_sample_disturbed) and the sample's cpu share.
	 */
	uint64_t pre_wall_ns, pre_cpu_ns, post_wall_ns, post_cpu_ns;
	/*
	 * The wall time of the thread CPU time's reads, outside the wall
	 * readings, over the call and its brackets: each part is read as
	 * wall, cpu, wall ... wall, cpu, wall, and this is the outer pairs'
	 * time less the inner's.  A read is a system call (1.3-3.5 us on a
	 * Firecracker guest, the dearer after a chase through memory) and
	 * the CPU time counts about half of each of its two (after the first
	 * read takes the time, before the last does): over the inner wall
	 * time alone a 150 us sample read a share of 1.015, a run of three
	 * 100 us samples on one CI machine above CT_SHARE_MAX, and over the
	 * whole span 0.985.  The share counts half of it (ct_sample_share),
	 * so the reads move it by at most reads_ns / 2 either way; 0 where
	 * not measured (the all-core runner, which reads the CPU time inside
	 * the wall time, and records written before it).
	 */
	uint64_t reads_ns;
	/*
	 * Kernel calls the sample timed, each verified: 0 counts as 1 (the
	 * harness times one call); the all-core runner (allcore.h) times as
	 * many as fit in a fixed duration and sums their times.
	 */
	uint64_t calls;
	/*
	 * Hardware counts over the timed call(s) (counters.h), read just
	 * outside the two clock readings: count_status is CT_COUNT_NONE
	 * without counters; cycles and instructions are 0 unless it is
	 * usable (OK or SCALED).
	 */
	enum ct_count_status count_status;
	double cycles, instructions;
	/*
	 * A command's run (ct-place --bench's bench_run, read by
	 * ct-compare): what it lost to others, ns, and whether that is
	 * known; where it is, ct_sample_disturbed is ct_lost_disturbed.
	 */
	uint64_t lost_ns;
	int lost_known;
};

struct ct_series {
	const struct ct_job *k;
	struct ct_sample *s;		/* reps samples, owned */
	unsigned n;			/* samples taken */
	int verified;			/* every sample taken was checked and matched */
	enum ct_stop stopped_by;	/* what ended the run that took them */
	int counters;			/* hardware counters were open for them */
	double precision_pct;		/* the --precision asked for, 0: none */
};

/*
 * One bracket: a short dependent add chain of about adds adds, run as
 * CT_BRACKET_CHUNKS chunks of equal length (each rounded down to the
 * chain's unroll; one chunk when adds are too few for that), each timed
 * on the wall clock; its adds, wall ns and thread cpu ns in all.  The
 * clock a sample ran at is read from the brackets before and after it.
 * Returns 0, or -1 when the chain miscounted.
 *
 * Why chunks: a slice the thread loses slows only the chunks it falls in,
 * and the median chunk does not see it.  A slice lost to the scheduler
 * shows in the thread's CPU time, but one a hypervisor takes from its
 * vCPU need not: on a KVM guest, 200 us chunks of the chain read 3.20
 * adds/ns with one in ten near 2.4 (a 50 us loss), and thread CPU time
 * counted those losses as run time, so a clock read over a whole bracket
 * came out up to 20 % slow and the figure over it that much too fast.
 */
#define CT_BRACKET_CHUNKS 8
struct ct_bracket {
	uint64_t adds, wall_ns, cpu_ns;
	unsigned chunks;			/* timed chunks, at most CT_BRACKET_CHUNKS */
	double chunk_ghz[CT_BRACKET_CHUNKS];	/* each chunk's adds per wall ns */
	uint64_t reads_ns;			/* as struct ct_sample's */
};
int ct_bracket_run(uint64_t adds, struct ct_bracket *b);
/*
 * A sample's brackets: their times kept (pre_*, post_*), the clock it ran
 * at (clock_ghz: the median of both brackets' chunk rates, which is the
 * mean of the two where the clock stepped between them), and their rates
 * over their whole times (bracket_ghz_*, 0 where a basis's time is 0).
 * The harness and the all-core runner both record their brackets through
 * this.
 */
void ct_sample_set_brackets(struct ct_sample *s, const struct ct_bracket *pre,
			    const struct ct_bracket *post);
/*
 * The time a sample is held against the floor (floor.h): the shorter of
 * its wall and CPU times (descheduling only lengthens the wall one), per
 * call timed.
 */
uint64_t ct_sample_floor_ns(const struct ct_sample *s);
/* The settle spin: the add chain until settle_ns have passed. */
void ct_settle(uint64_t settle_ns);

/*
 * Run the harness over k[0..nk-1]; out[] gets one series per kernel.
 * Returns 0, or -1 when a sample failed verification or a bracket
 * miscounted, with "sample N of KERNEL: reason" in why, or
 * CT_HARNESS_TOO_SHORT when a first sample was under h->floor_ns (a
 * request for too little work per sample: the tools exit 2).
 */
int ct_harness_run(const struct ct_harness *h, const struct ct_job *k,
		   size_t nk, struct ct_series *out, char *why, size_t len);
void ct_series_free(struct ct_series *s, size_t n);

/*
 * The same run in steps, for a caller that takes rounds of several
 * placements or cpus in turns (interleaved rounds): begin (the series
 * made, the counters opened, the settle spin and the warm-up, in the
 * measuring thread), then one round at a time (a sample of every kernel,
 * each sample's rep set to round and its position to position), then end
 * (complete: the series verified and stopped by stop).  begin and round
 * return 0, or -1 with the reason as ct_harness_run() gives it; end is
 * due after either.
 */
struct ct_harness_session {
	const struct ct_harness *h;
	const struct ct_job *k;
	size_t nk;
	struct ct_series *out;
	struct ct_counters *pmc;
	enum ct_count_status first_reject;
	unsigned cap, counted, rounds;
	uint64_t start;
	double worst;
};
int ct_harness_begin(struct ct_harness_session *S, const struct ct_harness *h,
		     const struct ct_job *k, size_t nk, struct ct_series *out, char *why,
		     size_t len);
int ct_harness_round(struct ct_harness_session *S, unsigned round, unsigned position,
		     char *why, size_t len);
void ct_harness_end(struct ct_harness_session *S, int complete, enum ct_stop stop);
/*
 * After a first round: 1 with the message in why when a sample of it is
 * under h->floor_ns (the run is then CT_HARNESS_TOO_SHORT), else 0.
 */
int ct_harness_too_short(const struct ct_harness *h, const struct ct_job *k, size_t nk,
			 const struct ct_series *out, char *why, size_t len);

/*
 * After a round of nk series with n samples each, elapsed_ns into the run:
 * -1 to take another round, else why to stop.  worst_pct gets the widest
 * relative half-width of the intervals checked (NaN when none was).
 * Pure: unit-tested with given samples.
 */
int ct_harness_should_stop(const struct ct_harness *h, const struct ct_series *ser,
			   size_t nk, uint64_t elapsed_ns, double *worst_pct);

/* The harness settings from the environment and -q: REPS, QUICK. */
void ct_harness_defaults(struct ct_harness *h, int quick);
/* QUICK=1 in the environment (anything but "", "0"). */
int ct_env_quick(void);

enum ct_basis { CT_BASIS_WALL, CT_BASIS_CPU };
const char *ct_basis_name(enum ct_basis b);

/*
 * The relative half-width of the interval of a series' median rate on
 * one basis (ct_median_ci), NaN with fewer than 6 samples.
 */
double ct_series_halfwidth_pct(const struct ct_series *s, enum ct_basis b);

/* One sample's rate and per-cycle figures on one basis (0 when n/a). */
double ct_sample_rate(const struct ct_job *k, const struct ct_sample *s,
		      enum ct_basis b);
double ct_sample_per_cycle(const struct ct_job *k, double work,
			   const struct ct_sample *s, enum ct_basis b);
/*
 * The cycles a sample should have taken on one basis: its time times the
 * brackets' clock, or a clock kernel's cycles_work; NaN when the kernel
 * has neither.  The counter clock: counted cycles per thread CPU ns (NaN
 * when not counted).
 */
double ct_sample_cycles_est(const struct ct_job *k, const struct ct_sample *s,
			    enum ct_basis b);
double ct_sample_counter_ghz(const struct ct_sample *s);
/*
 * A sample's cpu share: the thread's CPU time over the wall time of the
 * kernel call and its brackets together, with half the CPU clock's
 * reads (reads_ns), the part of them the CPU time counts.  Disturbed: the call or either
 * bracket ran for under CT_DESCHEDULED_SHARE of its wall time.
 */
double ct_sample_share(const struct ct_sample *s);
int ct_sample_disturbed(const struct ct_sample *s);

#endif
