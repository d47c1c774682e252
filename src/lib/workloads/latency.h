/*
 * workloads/latency.h - the pointer chase: load-to-use latency at every
 * level and the misses a core keeps in flight, verified.  The kernels are
 * src/kernels/chase.c; this builds the array they walk and a struct
 * ct_job around them, so that ct-latency (and ct-place) run the same code.
 *
 * The array is whole 64-byte lines, each holding one pointer, to the next
 * line of one random cycle through all of them: a cyclic permutation
 * made by Sattolo's algorithm from a seeded xorshift, random across the
 * whole array and across its pages, so that neither the stride nor the
 * next-line prefetcher can run ahead.  The cycle's order is kept beside
 * it, so that where a chase must land after any number of steps is
 * known: every call is verified exactly (a wrong link, a walk short by
 * one step or one the compiler shortened lands elsewhere).
 *
 * With chains N above 1, N chases walk the same cycle at once, chain j
 * starting j/N of the way round, so each walks its own stretch of lines
 * and the N are independent; the calls continue where the last ended.
 */
#ifndef CT_WORKLOADS_LATENCY_H
#define CT_WORKLOADS_LATENCY_H

#include <stddef.h>
#include <stdint.h>

#include "measure/harness.h"
#include "measure/results.h"
#include "records/record.h"
#include "workloads/stream.h"

/* One pointer per line. */
#define CT_LATENCY_LINE 64u
/* The most chains one loop interleaves, and the most counts one list gives. */
#define CT_LATENCY_CHAINS_MAX 32u
#define CT_LATENCY_CHAINS_LIST_MAX 16
/*
 * The loads one timed call makes, over all its chains: about 1 ms from
 * L1 and 100 ms from memory; QUICK a smoke run.
 */
#define CT_LATENCY_CALL_LOADS (1ull << 20)
#define CT_LATENCY_CALL_LOADS_QUICK (1ull << 14)
/*
 * The knee: the chain count past which the next one in the list adds
 * less than this factor of loads per ns (10 %).
 */
#define CT_LATENCY_KNEE_GAIN 1.10
/*
 * The randomness check: an order with more than lines / 8 + 4 links to
 * an adjacent line, or more than that many steps repeating the stride of
 * the step before, is one a prefetcher could follow (a random cycle has
 * about 2 and 1 of them, whatever its length).
 */
#define CT_LATENCY_ORDERLY(lines) ((lines) / 8 + 4)
/*
 * The most lines in flight N chains can show: N x (1 + this).  Each chain
 * has one load outstanding, the next one's address in the line it waits
 * for, so N chains keep N of the chase's lines in flight and no more.  An
 * adjacent-line (pair) prefetcher brings a second line with each miss,
 * which is in flight too but is none of the chase's loads, and speeds the
 * chase up only where a chain's next line is that neighbour: the order
 * check (CT_LATENCY_ORDERLY) lets at most an eighth of the links be so,
 * which can make a step of N chains up to 8/7 as fast as N x one chain
 * (1.143 N); and 5 % more for the two medians' spread.  Above that the
 * figure cannot be: the one chain's latency under it was read long (its
 * samples disturbed, the host slower then) or the chains' short.
 */
#define CT_LATENCY_FLIGHT_SLACK 0.20
double ct_latency_flight_max(unsigned chains);
/* Whether lines in flight of N chains are above ct_latency_flight_max(N). */
int ct_latency_flight_implausible(double in_flight, unsigned chains);
/*
 * Whether most of a run's samples were disturbed (descheduled): its
 * wall-basis median, a latency or lines in flight, is then other work's
 * as much as the core's, and the tables mark it '*'.
 */
int ct_latency_mostly_disturbed(const struct ct_summary *s);

/*
 * The chain counts of --chains: "1,2,4", or A..B for A, 2A, 4A ... B
 * (powers of two), ascending, each 1 to CT_LATENCY_CHAINS_MAX; 1 is
 * always measured first (the latency the others are held against) and
 * put in front when the list lacks it.  Returns how many went into
 * chains[CT_LATENCY_CHAINS_LIST_MAX], or -1 with the usage error
 * ("invalid --chains '...': why") in why; strlen(arg) + 128 holds any.
 */
int ct_latency_chains_parse(const char *arg, unsigned *chains, char *why, size_t len);
/* The default list: 1, 2, 4 ... CT_LATENCY_CHAINS_MAX. */
size_t ct_latency_chains_default(unsigned *chains);

/*
 * The order, pure for the tests: next[0, lines) becomes a cyclic
 * permutation (Sattolo's algorithm: line i links to next[i], one cycle
 * through every line) from xorshift64 seeded with seed (0: a fixed seed).
 */
void ct_latency_permute(uint32_t *next, size_t lines, uint64_t seed);
/*
 * The cycle of next from line 0 into order[0, lines): 0, or -1 with why
 * when next is not one cycle through every line.
 */
int ct_latency_order(const uint32_t *next, size_t lines, uint32_t *order, char *why, size_t len);
/*
 * 0 when the order is random enough (CT_LATENCY_ORDERLY), else -1 with
 * why: how many adjacent links or repeated strides it has.
 */
int ct_latency_check_random(const uint32_t *next, size_t lines, char *why, size_t len);

/*
 * ct_latency_new() flags: CT_STREAM_QUICK and CT_STREAM_SMALL_PAGES as
 * stream.h, and CT_LATENCY_NO_RESULTS: the job's fields are its array's
 * only, for a caller that writes the results in fields of its own
 * (ct-place, each placement's beside its ratios).
 */
#define CT_LATENCY_NO_RESULTS 4u

struct ct_latency;

/*
 * Set k up to chase chains chains (1 to CT_LATENCY_CHAINS_MAX) through a
 * fresh array of bytes bytes (rounded up to whole lines, at least
 * CT_STREAM_MIN_BYTES), its order from seed (0: the time of the run),
 * linked, checked (one cycle, random) and touched before this returns;
 * reason (copied) says why this size.  An order that fails the checks or
 * an array that cannot be allocated exits 1.  k->ctx is the returned
 * object: free it with ct_latency_free().
 */
struct ct_latency *ct_latency_new(uint64_t bytes, const char *reason, unsigned flags,
				  uint64_t seed, unsigned chains, struct ct_job *k);
/* Another chain count over the same array. */
struct ct_latency *ct_latency_share(struct ct_latency *l, unsigned chains, struct ct_job *k);
/*
 * A call of about loads loads over all its chains in place of
 * CT_LATENCY_CALL_LOADS (ct-place's shorter samples); k is l's job.
 */
void ct_latency_call_loads(struct ct_latency *l, uint64_t loads, struct ct_job *k);
/* Frees the array with the last object that uses it. */
void ct_latency_free(struct ct_latency *l);

/* What the table says of a job's array. */
struct ct_latency_info {
	uint64_t bytes;
	uint64_t lines;
	unsigned chains;
	uint64_t steps;			/* per chain and call */
	const char *level;		/* "L1" ... "memory" */
	const char *reason;		/* why this size (the array's: copy it to keep it) */
	char thp[32];			/* a copy: the table outlives the array */
	int huge_asked;
	double huge_pct;		/* of the array on huge pages, -1 unknown */
	const struct ct_stream_caches *caches;
};
void ct_latency_info(const struct ct_latency *l, struct ct_latency_info *in);

/*
 * For tests only: the array's lines (line i's pointer is words[i * 8]),
 * to break a link and watch the verifier fail.
 */
const void **ct_latency_words(struct ct_latency *l, size_t *lines);
/*
 * For tests only: each chain's pointer as the next call takes it (the
 * line it is on), *chains of them, to find each chain's place in the
 * cycle by walking the words.
 */
const void *const *ct_latency_chain_lines(const struct ct_latency *l, unsigned *chains);

/*
 * The results of one size, from its series ser[0, n), ser[i] the
 * chains[i] run (chains[0] is 1), on the wall basis: the latency (ns and
 * cycles per load), each count's loads per ns and lines in flight
 * (N x latency(1) / time per step(N), which is its loads per ns over
 * that of one chain), the knee (the count past which the next adds under
 * CT_LATENCY_KNEE_GAIN) and the lines in flight there.  Computed once
 * here; the table and the records only write them.
 */
struct ct_latency_results {
	size_t n;
	unsigned chains[CT_LATENCY_CHAINS_LIST_MAX];
	struct ct_results res[CT_LATENCY_CHAINS_LIST_MAX];
	double loads_per_ns[CT_LATENCY_CHAINS_LIST_MAX];
	double in_flight[CT_LATENCY_CHAINS_LIST_MAX];
	/*
	 * Each count's lines in flight above what its chains can have
	 * (ct_latency_flight_implausible), and from disturbed samples: most
	 * of the one chain's or of its own wall-basis samples descheduled.
	 */
	unsigned char flight_implausible[CT_LATENCY_CHAINS_LIST_MAX];
	unsigned char flight_disturbed[CT_LATENCY_CHAINS_LIST_MAX];
	double ns_per_load, cycles_per_load;	/* NaN: none */
	unsigned knee;
	double mlp;				/* in_flight at the knee */
	int verified;				/* every series */
	/* --stream-gbs (0: none) and the lines in flight it implies (NaN: none). */
	double stream_gbs, stream_in_flight;
};
/* Pure over the series: the tests feed it made-up ones. */
void ct_latency_results(const struct ct_series *ser, const unsigned *chains, size_t n,
			struct ct_latency_results *r);
/*
 * One basis's figures of a chase: ns and cycles per load from the one
 * chain's results one, and the lines in flight of a run of chains (its
 * median loads per ns over one's; NaN when many is NULL), with whether
 * they are above what its chains can have and whether they come from
 * disturbed samples (most of either run's descheduled, on the wall basis:
 * the cpu basis leaves that time out).  NaN where a median is not
 * positive.  ct_latency_results() takes its latency from here, ct-place
 * every placement's on both bases.
 */
struct ct_latency_figures {
	double ns_per_load, cycles_per_load, in_flight;
	unsigned chains;		/* many's, 0 without */
	int flight_implausible, flight_disturbed;
};
void ct_latency_figures(const struct ct_results *one, const struct ct_results *many,
			unsigned chains, enum ct_basis b, struct ct_latency_figures *f);
/*
 * Little's law at the memory level: a single stream of gbs GB/s (bytes
 * per ns) whose lines each take the latency ns_per_load implies gbs x
 * ns_per_load / CT_LATENCY_LINE lines in flight, beside the mlp the
 * chains measured.  Into r (gbs 0: none).
 */
void ct_latency_stream(struct ct_latency_results *r, double gbs);
/* The results into the job's fields (its summary records carry them). */
void ct_latency_set_results(struct ct_latency *l, const struct ct_latency_results *r);

/* The job's own fields of its summaries, described once (ct-latency(1)). */
extern const struct ct_rec_kind ct_rec_latency_fields;

#endif
