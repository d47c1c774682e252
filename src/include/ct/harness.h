/*
 * harness.h - the sample harness.  A settle spin so the clock governor
 * settles, one discarded warm-up call of every kernel, then REPS timed
 * samples taken round-robin over the kernels.  Each sample times one
 * kernel call with the monotonic raw clock and the thread's CPU time,
 * records the cpu at its start and its end, optionally brackets the call
 * with two short add chains (the clock just before and just after), and
 * is verified before the next one starts.
 */
#ifndef CT_HARNESS_H
#define CT_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "ct/stats.h"

/* A kernel-specific fact carried into every summary record (size, lanes). */
struct ct_field {
	const char *key;
	const char *str;	/* string value, or NULL for num */
	double num;
};

struct ct_kernel {
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
};

struct ct_harness {
	unsigned reps;			/* timed samples per kernel */
	uint64_t settle_ns;		/* settle spin before the warm-up */
	uint64_t bracket_adds;		/* adds in each bracket */
};

#define CT_REPS_DEFAULT 15
#define CT_REPS_QUICK 5
#define CT_REPS_MAX 1000000
#define CT_SETTLE_NS_DEFAULT 200000000ull
#define CT_SETTLE_NS_QUICK 20000000ull
#define CT_BRACKET_ADDS_DEFAULT 5000000ull

struct ct_sample {
	unsigned rep;			/* 0-based */
	int cpu_start, cpu_end;		/* -1 where unknown */
	uint64_t wall_ns, cpu_ns;
	double bracket_ghz_wall;	/* adds per ns over both brackets, 0 if none */
	double bracket_ghz_cpu;
	/*
	 * Kernel calls the sample timed, each verified: 0 counts as 1 (the
	 * harness times one call); the all-core runner (allcore.h) times as
	 * many as fit in a fixed duration and sums their times.
	 */
	uint64_t calls;
};

struct ct_series {
	const struct ct_kernel *k;
	struct ct_sample *s;		/* reps samples, owned */
	unsigned n;			/* samples taken */
	int verified;			/* every sample taken was checked and matched */
};

/*
 * Run the harness over k[0..nk-1]; out[] gets one series per kernel.
 * Returns 0, or -1 when a sample failed verification or a bracket
 * miscounted, with "sample N of KERNEL: reason" in why.
 */
int ct_harness_run(const struct ct_harness *h, const struct ct_kernel *k,
		   size_t nk, struct ct_series *out, char *why, size_t len);
void ct_series_free(struct ct_series *s, size_t n);

/* The harness settings from the environment and -q: REPS, QUICK. */
void ct_harness_defaults(struct ct_harness *h, int quick);
/* QUICK=1 in the environment (anything but "", "0"). */
int ct_env_quick(void);

enum ct_basis { CT_BASIS_WALL, CT_BASIS_CPU };
const char *ct_basis_name(enum ct_basis b);

struct ct_summary {
	const struct ct_kernel *k;
	enum ct_basis basis;
	unsigned reps;
	struct ct_stats rate;		/* in k->unit */
	struct ct_stats per_cycle;	/* when k->per_cycle_unit */
	struct ct_stats insn_per_cycle;	/* when k->insn_unit */
	double cpu_share;		/* median of cpu_ns / wall_ns */
	unsigned migrated;		/* samples with cpu_start != cpu_end */
	char cpus[256];			/* distinct cpus seen, as a cpulist */
	int verified;
};

/* Statistics of one series on one basis. */
void ct_summarize(const struct ct_series *s, enum ct_basis b,
		  struct ct_summary *sum);
/* One sample's rate and per-cycle figures on one basis (0 when n/a). */
double ct_sample_rate(const struct ct_kernel *k, const struct ct_sample *s,
		      enum ct_basis b);
double ct_sample_per_cycle(const struct ct_kernel *k, double work,
			   const struct ct_sample *s, enum ct_basis b);

#endif
