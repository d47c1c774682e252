/*
 * workloads/latency.c - the chase's array: its random cycle, its checks,
 * the job around the kernels of src/kernels/chase.c and its verification.
 */
#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "platform/os.h"
#include "platform/place.h"
#include "workloads/latency.h"

/* Aligned to 2 MiB, as the stream array, so that huge pages can back all of it. */
#define ALIGN (2u << 20)
/* The pointers of one line: its first word is the link. */
#define WORDS (CT_LATENCY_LINE / sizeof(void *))

static uint64_t xorshift64(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

void ct_latency_permute(uint32_t *next, size_t lines, uint64_t seed)
{
	uint64_t x = seed ? seed : 0x9e3779b97f4a7c15ull;
	size_t i, j;
	uint32_t t;

	for (i = 0; i < lines; i++)
		next[i] = (uint32_t)i;
	/*
	 * Sattolo: j below i, never i itself, so that the permutation is one
	 * cycle through every line (Fisher-Yates, which lets j be i, makes
	 * any permutation, short cycles and fixed points included).
	 */
	for (i = lines - 1; i > 0; i--) {
		j = (size_t)(xorshift64(&x) % i);
		t = next[i];
		next[i] = next[j];
		next[j] = t;
	}
}

int ct_latency_order(const uint32_t *next, size_t lines, uint32_t *order, char *why, size_t len)
{
	size_t k;
	uint32_t at = 0;

	for (k = 0; k < lines; k++) {
		if (k > 0 && at == 0) {
			snprintf(why, len, "the cycle from line 0 closes after %zu of %zu lines", k,
				 lines);
			return -1;
		}
		order[k] = at;
		at = next[at];
		if (at >= lines) {
			snprintf(why, len, "line %" PRIu32 " links outside the array", order[k]);
			return -1;
		}
	}
	if (at != 0) {
		snprintf(why, len, "the walk from line 0 does not return after %zu lines", lines);
		return -1;
	}
	return 0;
}

int ct_latency_check_random(const uint32_t *next, size_t lines, char *why, size_t len)
{
	size_t i, adjacent = 0, repeats = 0, limit = CT_LATENCY_ORDERLY(lines);
	int64_t stride, after;

	for (i = 0; i < lines; i++) {
		stride = (int64_t)next[i] - (int64_t)i;
		after = (int64_t)next[next[i]] - (int64_t)next[i];
		if (stride == 1 || stride == -1)
			adjacent++;
		if (after == stride)
			repeats++;
	}
	if (adjacent > limit || repeats > limit) {
		snprintf(why, len, "the order is one a prefetcher can follow: %zu of %zu links to "
			 "an adjacent line, %zu repeat the stride before (at most %zu each)",
			 adjacent, lines, repeats, limit);
		return -1;
	}
	return 0;
}

/*
 * The kernel's own fields of every ct-latency summary, described once
 * (ct-latency(1)): the array's, then the size's results (the wall basis).
 */
enum latency_field {
	F_SIZE_BYTES, F_SIZE_REASON, F_LINE_BYTES, F_LINES, F_CHAINS, F_STEPS, F_SEED, F_THP,
	F_THP_ADVICE, F_HUGE_PCT, F_LEVEL, F_L1_BYTES, F_L2_BYTES, F_L3_BYTES, F_NS_PER_LOAD,
	F_CYCLES_PER_LOAD, F_LINES_IN_FLIGHT, F_FLIGHT_IMPLAUSIBLE, F_FLIGHT_DISTURBED, F_KNEE_CHAINS, F_MLP, F_L1_SOURCE, F_L2_SOURCE,
	F_L3_SOURCE, F_NFIELDS
};

static const struct ct_rec_field latency_fields[F_NFIELDS] = {
	{ F_SIZE_BYTES, "size_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_SIZE_REASON, "size_reason", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_LINE_BYTES, "line_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_LINES, "lines", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_CHAINS, "chains", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_STEPS, "steps", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_SEED, "seed", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_THP, "thp", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_THP_ADVICE, "thp_advice", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_HUGE_PCT, "huge_pct", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ F_LEVEL, "level", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_L1_BYTES, "l1_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_L2_BYTES, "l2_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_L3_BYTES, "l3_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_NS_PER_LOAD, "ns_per_load", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ F_CYCLES_PER_LOAD, "cycles_per_load", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ F_LINES_IN_FLIGHT, "lines_in_flight", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ F_FLIGHT_IMPLAUSIBLE, "lines_in_flight_implausible", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_DATA },
	{ F_FLIGHT_DISTURBED, "lines_in_flight_disturbed", NULL, CT_REC_BOOL, NULL, NULL,
	  CT_REC_DATA },
	{ F_KNEE_CHAINS, "knee_chains", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_MLP, "mlp", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ F_L1_SOURCE, "l1_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_L2_SOURCE, "l2_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_L3_SOURCE, "l3_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

const struct ct_rec_kind ct_rec_latency_fields = {
	"latency", latency_fields, F_NFIELDS, ct_rec_fields_value, 0
};

static struct ct_field field(int id, const char *str, double num)
{
	return ct_rec_field_of(latency_fields, id, str, num);
}

/* One array and its cycle, shared by the chain counts that walk it. */
struct array {
	const void **words;		/* lines * WORDS pointers */
	size_t lines;
	uint64_t bytes;
	uint32_t *order;		/* the cycle from line 0 */
	uint64_t seed;
	struct ct_stream_caches caches;	/* of the cpus it was made on */
	const char *level;
	struct ct_os_mem mem;
	unsigned users;
	unsigned flags;			/* CT_STREAM_QUICK, CT_STREAM_SMALL_PAGES */
	char reason[160];
	char seed_text[24];
	char thp[32];
	int huge_asked;
	double huge_pct;
};

struct ct_latency {
	struct array *arr;
	unsigned chains;
	uint64_t steps;			/* per chain and call */
	uint64_t pos[CT_LATENCY_CHAINS_MAX];	/* each chain's place in the cycle */
	const void *p[CT_LATENCY_CHAINS_MAX];	/* and its pointer */
	/* The chase's interleaved loop (its "chains"), for two chains or more. */
	void (*chains_fn)(const void **p, unsigned n, uint64_t steps);
	struct ct_field fields[F_NFIELDS];
};

static struct array *array_new(uint64_t bytes, const char *reason, unsigned flags,
			       uint64_t seed)
{
	struct array *arr = ct_xcalloc(1, sizeof(*arr));
	struct ct_cpuset cpus;
	uint32_t *next;
	char why[256];
	int64_t huge;
	size_t i;
	void *p;

	arr->bytes = (bytes + CT_LATENCY_LINE - 1) / CT_LATENCY_LINE * CT_LATENCY_LINE;
	arr->lines = (size_t)(arr->bytes / CT_LATENCY_LINE);
	if (arr->lines > UINT32_MAX)
		errx(CT_EXIT_FAIL, "a %" PRIu64 "-byte array has more lines than the order holds",
		     arr->bytes);
	arr->flags = flags;
	arr->huge_asked = !(flags & CT_STREAM_SMALL_PAGES);
	p = ct_os_mem_alloc((size_t)arr->bytes, ALIGN, arr->huge_asked, &arr->mem);
	if (!p)
		err(CT_EXIT_FAIL, "cannot allocate the chase's array (%" PRIu64 " bytes)",
		    arr->bytes);
	arr->words = p;
	arr->seed = seed ? seed : ct_now_ns() ^ ((uint64_t)getpid() << 40);
	snprintf(arr->seed_text, sizeof(arr->seed_text), "0x%016" PRIx64, arr->seed);
	next = ct_xmalloc(arr->lines * sizeof(*next));
	arr->order = ct_xmalloc(arr->lines * sizeof(*arr->order));
	ct_latency_permute(next, arr->lines, arr->seed);
	if (ct_latency_order(next, arr->lines, arr->order, why, sizeof(why)) < 0 ||
	    ct_latency_check_random(next, arr->lines, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "the chase's order (seed %s): %s", arr->seed_text, why);
	/* Every line written: the array is touched, here, on this thread's cpu. */
	for (i = 0; i < arr->lines; i++) {
		arr->words[i * WORDS] = &arr->words[(size_t)next[i] * WORDS];
		memset(&arr->words[i * WORDS + 1], 0, (WORDS - 1) * sizeof(void *));
	}
	free(next);
	huge = ct_os_huge_bytes(arr->words, (size_t)arr->bytes);
	arr->huge_pct = huge < 0 ? -1 : 100.0 * (double)huge / (double)arr->bytes;
	ct_os_thp(arr->thp, sizeof(arr->thp));
	if (arr->bytes != bytes)
		snprintf(arr->reason, sizeof(arr->reason), "%s, rounded up to whole %u-byte lines",
			 reason ? reason : "requested", CT_LATENCY_LINE);
	else
		snprintf(arr->reason, sizeof(arr->reason), "%s", reason ? reason : "requested");
	ct_stream_caches(ct_place_allowed(&cpus) == 0 ? &cpus : NULL, &arr->caches);
	arr->level = ct_stream_level(arr->bytes, &arr->caches);
	arr->users = 1;
	return arr;
}

static uint64_t latency_run(void *ctx)
{
	struct ct_latency *l = ctx;

	if (l->chains == 1) {
		l->p[0] = ct_chase_desc.fn.chase(l->p[0], l->steps);
		return (uint64_t)(uintptr_t)l->p[0];
	}
	l->chains_fn(l->p, l->chains, l->steps);
	return 0;
}

/* Where each chain must be: the line steps further round the cycle. */
static int latency_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	struct ct_latency *l = ctx;
	struct array *arr = l->arr;
	size_t at, got;
	unsigned j;

	(void)ret;
	for (j = 0; j < l->chains; j++) {
		at = (size_t)((l->pos[j] + l->steps) % arr->lines);
		if (l->p[j] != &arr->words[(size_t)arr->order[at] * WORDS]) {
			got = (size_t)((const void **)l->p[j] - arr->words);
			snprintf(why, len, "chain %u of %u landed on word %zu, expected line %" PRIu32
				 " (%" PRIu64 " steps from place %" PRIu64 " of the %zu-line cycle)",
				 j + 1, l->chains, got, arr->order[at], l->steps, l->pos[j],
				 arr->lines);
			return -1;
		}
		l->pos[j] = at;
	}
	return 0;
}

/*
 * Whole unrolled iterations for one chain, about the same loads a call
 * for every count; an odd number of iterations, so that a call is never
 * a whole number of laps of a power-of-two cycle (after which any cycle
 * of a length dividing it, a sequential one included, would land back
 * where it started, as the true one does).
 */
static uint64_t call_steps(uint64_t loads, unsigned chains)
{
	return (loads / chains / CT_CHASE_UNROLL | 1) * CT_CHASE_UNROLL;
}

static struct ct_latency *latency_new(struct array *arr, unsigned chains, struct ct_job *k)
{
	struct ct_latency *l = ct_xcalloc(1, sizeof(*l));
	uint64_t loads = arr->flags & CT_STREAM_QUICK ? CT_LATENCY_CALL_LOADS_QUICK : CT_LATENCY_CALL_LOADS;
	unsigned j;

	if (chains < 1 || chains > CT_LATENCY_CHAINS_MAX)
		errx(CT_EXIT_FAIL, "%u chains: the chase takes 1 to %u", chains, CT_LATENCY_CHAINS_MAX);
	l->arr = arr;
	l->chains = chains;
	l->steps = call_steps(loads, chains);
	for (j = 0; j < chains; j++) {
		l->pos[j] = (uint64_t)arr->lines * j / chains;
		l->p[j] = &arr->words[(size_t)arr->order[l->pos[j]] * WORDS];
	}
	l->fields[F_SIZE_BYTES] = field(F_SIZE_BYTES, NULL, (double)arr->bytes);
	l->fields[F_SIZE_REASON] = field(F_SIZE_REASON, arr->reason, 0);
	l->fields[F_LINE_BYTES] = field(F_LINE_BYTES, NULL, CT_LATENCY_LINE);
	l->fields[F_LINES] = field(F_LINES, NULL, (double)arr->lines);
	l->fields[F_CHAINS] = field(F_CHAINS, NULL, chains);
	l->fields[F_STEPS] = field(F_STEPS, NULL, (double)l->steps);
	l->fields[F_SEED] = field(F_SEED, arr->seed_text, 0);
	l->fields[F_THP] = field(F_THP, arr->thp, 0);
	l->fields[F_THP_ADVICE] = field(F_THP_ADVICE, arr->huge_asked ? "hugepage" : "nohugepage", 0);
	l->fields[F_HUGE_PCT] = field(F_HUGE_PCT, NULL, arr->huge_pct);
	l->fields[F_LEVEL] = field(F_LEVEL, arr->level, 0);
	l->fields[F_L1_BYTES] = field(F_L1_BYTES, NULL, (double)arr->caches.bytes[1]);
	l->fields[F_L2_BYTES] = field(F_L2_BYTES, NULL, (double)arr->caches.bytes[2]);
	l->fields[F_L3_BYTES] = field(F_L3_BYTES, NULL, (double)arr->caches.bytes[3]);
	l->fields[F_NS_PER_LOAD] = field(F_NS_PER_LOAD, NULL, NAN);
	l->fields[F_CYCLES_PER_LOAD] = field(F_CYCLES_PER_LOAD, NULL, NAN);
	l->fields[F_LINES_IN_FLIGHT] = field(F_LINES_IN_FLIGHT, NULL, NAN);
	l->fields[F_FLIGHT_IMPLAUSIBLE] = field(F_FLIGHT_IMPLAUSIBLE, NULL, 0);
	l->fields[F_FLIGHT_DISTURBED] = field(F_FLIGHT_DISTURBED, NULL, 0);
	l->fields[F_KNEE_CHAINS] = field(F_KNEE_CHAINS, NULL, 0);
	l->fields[F_MLP] = field(F_MLP, NULL, NAN);
	l->fields[F_L1_SOURCE] = field(F_L1_SOURCE, ct_cache_source_name(arr->caches.source[1]), 0);
	l->fields[F_L2_SOURCE] = field(F_L2_SOURCE, ct_cache_source_name(arr->caches.source[2]), 0);
	l->fields[F_L3_SOURCE] = field(F_L3_SOURCE, ct_cache_source_name(arr->caches.source[3]), 0);

	l->chains_fn = ct_kernel_loop(&ct_chase_desc, "chains")->fn.chains;

	memset(k, 0, sizeof(*k));
	k->name = ct_chase_desc.kernel;
	k->isa = ct_chase_desc.isa;
	k->unit = "load/ns";
	k->work = (double)l->steps * chains;
	k->per_cycle_unit = "load/cycle";
	k->per_cycle_work = k->work;
	k->memory = 1;
	k->run = latency_run;
	k->verify = latency_verify;
	k->ctx = l;
	k->fields = l->fields;
	k->nfields = arr->flags & CT_LATENCY_NO_RESULTS ? F_NS_PER_LOAD : F_NFIELDS;
	return l;
}

void ct_latency_call_loads(struct ct_latency *l, uint64_t loads, struct ct_job *k)
{
	l->steps = call_steps(loads, l->chains);
	l->fields[F_STEPS].num = (double)l->steps;
	k->work = (double)l->steps * l->chains;
	k->per_cycle_work = k->work;
}

struct ct_latency *ct_latency_new(uint64_t bytes, const char *reason, unsigned flags,
				  uint64_t seed, unsigned chains, struct ct_job *k)
{
	return latency_new(array_new(bytes, reason, flags, seed), chains, k);
}

struct ct_latency *ct_latency_share(struct ct_latency *l, unsigned chains, struct ct_job *k)
{
	l->arr->users++;
	return latency_new(l->arr, chains, k);
}

void ct_latency_free(struct ct_latency *l)
{
	if (!l)
		return;
	if (--l->arr->users == 0) {
		ct_os_mem_free(&l->arr->mem);
		free(l->arr->order);
		free(l->arr);
	}
	free(l);
}

void ct_latency_info(const struct ct_latency *l, struct ct_latency_info *in)
{
	in->bytes = l->arr->bytes;
	in->lines = l->arr->lines;
	in->chains = l->chains;
	in->steps = l->steps;
	in->level = l->arr->level;
	in->reason = l->arr->reason;
	snprintf(in->thp, sizeof(in->thp), "%s", l->arr->thp);
	in->huge_asked = l->arr->huge_asked;
	in->huge_pct = l->arr->huge_pct;
	in->caches = &l->arr->caches;
}

const void **ct_latency_words(struct ct_latency *l, size_t *lines)
{
	*lines = l->arr->lines;
	return l->arr->words;
}

const void *const *ct_latency_chain_lines(const struct ct_latency *l, unsigned *chains)
{
	*chains = l->chains;
	return l->p;
}

void ct_latency_set_results(struct ct_latency *l, const struct ct_latency_results *r)
{
	size_t i;

	l->fields[F_NS_PER_LOAD].num = r->ns_per_load;
	l->fields[F_CYCLES_PER_LOAD].num = r->cycles_per_load;
	for (i = 0; i < r->n; i++)
		if (r->chains[i] == l->chains) {
			l->fields[F_LINES_IN_FLIGHT].num = r->in_flight[i];
			l->fields[F_FLIGHT_IMPLAUSIBLE].num = r->flight_implausible[i];
			l->fields[F_FLIGHT_DISTURBED].num = r->flight_disturbed[i];
		}
	l->fields[F_KNEE_CHAINS].num = r->knee;
	l->fields[F_MLP].num = r->mlp;
}
