/*
 * workloads/stream.c - the streaming-read kernel as a harness kernel:
 * its calls, their verification.  Shared by ct-stream and ct-place.
 *
 * A call makes whole passes over the array (stream-array.c: filled from
 * xorshift64 at run time, every page touched before anything is timed,
 * and the harness's warm-up call reads it all once more) and must return
 * passes x its reference, mod 2^64 like the kernels' own sums.
 *
 * Here: the kernels, the stream object, the trials the calibration runs
 * on the array and the choice it makes (with the 512-bit clock licence's
 * probe).  The array, its fill and references are stream-array.c, the
 * calibration's pure half (the tournament, its reason)
 * stream-calibration.c, the per-model preferences stream-prefs.c, the
 * sizes stream-sizes.c.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/common.h"
#include "core/stats.h"
#include "core/cpuset.h"
#include "platform/os.h"
#include "platform/place.h"
#include "workloads/stream.h"
#include "machine/topo.h"

typedef uint64_t (*stream_fn)(const uint64_t *, size_t, uint64_t);

/*
 * The kernel's own fields of every ct-stream summary (the job's fields,
 * CT_REC_FIELDS in the summary record), described once: their members in
 * JSON and columns in TSV (ct-stream(1)), in this order.
 */
enum stream_field {
	S_SIZE_BYTES, S_SIZE_REASON, S_PASSES, S_LOAD_BYTES, S_ACCUMULATORS, S_PREFETCH_BYTES,
	S_THP, S_THP_ADVICE, S_HUGE_PCT, S_CHECKSUM, S_LEVEL, S_L1_BYTES,
	S_L2_BYTES, S_L3_BYTES, S_PREFETCH_REASON, S_ISA_REASON, S_ITERATION_LOADS, S_LOOP_REASON, S_LOOP,
	S_L1_SOURCE, S_L2_SOURCE, S_L3_SOURCE, S_NFIELDS
};

static const struct ct_rec_field stream_fields[S_NFIELDS] = {
	{ S_SIZE_BYTES, "size_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_SIZE_REASON, "size_reason", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_PASSES, "passes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_LOAD_BYTES, "load_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_ACCUMULATORS, "accumulators", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_PREFETCH_BYTES, "prefetch_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_THP, "thp", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_THP_ADVICE, "thp_advice", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_HUGE_PCT, "huge_pct", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ S_CHECKSUM, "checksum", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_LEVEL, "level", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_L1_BYTES, "l1_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_L2_BYTES, "l2_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_L3_BYTES, "l3_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_PREFETCH_REASON, "prefetch_reason", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_ISA_REASON, "isa_reason", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_ITERATION_LOADS, "iteration_loads", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ S_LOOP_REASON, "loop_reason", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	/* The loop's name, as --loop and CT_STREAM_LOOP take it: part of the reader (ct-compare). */
	{ S_LOOP, "loop", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_L1_SOURCE, "l1_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_L2_SOURCE, "l2_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ S_L3_SOURCE, "l3_source", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

const struct ct_rec_kind ct_rec_stream_fields = {
	"stream", stream_fields, S_NFIELDS, ct_rec_fields_value, 0
};

/* Field id of the table, with its value. */
static struct ct_field field(int id, const char *str, double num)
{
	return ct_rec_field_of(stream_fields, id, str, num);
}

struct ct_stream {
	enum ct_isa isa;
	const struct ct_kernel *d;	/* the kernel and what it does */
	stream_fn fn;			/* its plain or its prefetching loop */
	struct ct_stream_array *arr;
	unsigned flags;
	uint64_t passes;
	enum ct_stream_loop loop;
	uint64_t calibration_ns;	/* the calibration's time, 0: none ran */
	unsigned prefetch;		/* bytes ahead, 0: a plain loop */
	char prefetch_reason[200];
	unsigned iteration_loads;	/* of the loop fn is, and its */
	unsigned accumulators;
	char loop_reason[200];
	char isa_reason[CT_STREAM_REASON_LEN];
	char checksum[24];
	struct ct_field fields[S_NFIELDS];
};

/* The kernels built into this binary, each described by its own file. */
static const struct ct_kernel *const kernels[] = {
	&ct_stream_scalar_desc,
#if CT_HAVE_AVX2
	&ct_stream_avx2_desc,
#endif
#if CT_HAVE_AVX512
	&ct_stream_avx512_desc,
#endif
#if CT_HAVE_NEON
	&ct_stream_neon_desc,
#endif
};

const struct ct_kernel *ct_stream_desc(enum ct_isa isa)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(kernels); i++)
		if (strcmp(kernels[i]->isa, ct_isa_name(isa)) == 0)
			return kernels[i];
	return NULL;
}

static const char *const loop_names[CT_STREAM_LOOPS] = { "plain", "short", "prefetch", "xor" };

const char *ct_stream_loop_name(enum ct_stream_loop loop)
{
	return (unsigned)loop < CT_STREAM_LOOPS ? loop_names[loop] : "?";
}

int ct_stream_loop_from_name(const char *name, enum ct_stream_loop *loop)
{
	int i;

	for (i = 0; i < (int)CT_STREAM_LOOPS; i++)
		if (strcmp(name, loop_names[i]) == 0) {
			*loop = (enum ct_stream_loop)i;
			return 0;
		}
	return -1;
}

/* The function of isa's kernel for loop, NULL when the kernel has no such loop. */
static stream_fn loop_fn(const struct ct_kernel *d, enum ct_stream_loop loop)
{
	const struct ct_kernel_loop *l;

	if (!d)
		return NULL;
	if (loop == CT_STREAM_LOOP_PLAIN)
		return d->fn.stream;
	l = ct_kernel_loop(d, ct_stream_loop_name(loop));
	return l ? l->fn.stream : NULL;
}

/*
 * The fixed order, which holds the place where two readers cannot be told
 * apart: the vector ISAs narrowest first, scalar last (stream.h says
 * why), within an ISA the plain loop, the short one, the prefetching one,
 * the xor one.  ct_stream_trial_more times them in the reverse order, in
 * turns (where 512-bit reads were measured to lower the clock, the
 * 512-bit kernels, whose licence can outlast them, after every other).
 */
size_t ct_stream_candidates(unsigned isas, unsigned loops, struct ct_stream_cand *c)
{
	static const enum ct_isa order[] = { CT_ISA_AVX2, CT_ISA_AVX512, CT_ISA_NEON, CT_ISA_SCALAR };
	size_t i, n = 0;
	int l;

	for (i = 0; i < CT_ARRAY_SIZE(order); i++) {
		if (!(isas & (1u << order[i])))
			continue;
		for (l = 0; l < (int)CT_STREAM_LOOPS; l++)
			if ((loops & (1u << l)) && loop_fn(ct_stream_desc(order[i]),
							  (enum ct_stream_loop)l)) {
				c[n].isa = order[i];
				c[n].loop = (enum ct_stream_loop)l;
				n++;
			}
	}
	return n;
}

char *ct_stream_cand_name(const struct ct_stream_cand *c, char *buf, size_t len)
{
	if (c->loop == CT_STREAM_LOOP_PLAIN)
		snprintf(buf, len, "%s", ct_isa_name(c->isa));
	else
		snprintf(buf, len, "%s/%s", ct_isa_name(c->isa), ct_stream_loop_name(c->loop));
	return buf;
}

static uint64_t stream_run(void *ctx)
{
	struct ct_stream *s = ctx;

	return s->fn(s->arr->a, s->arr->n, s->passes);
}

static int stream_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	struct ct_stream *s = ctx;
	uint64_t want = s->passes * ct_stream_array_loop_ref(s->arr, s->loop);

	if (ret != want) {
		snprintf(why, len,
			 "the sum is 0x%016" PRIx64 ", expected 0x%016" PRIx64
			 " (%" PRIu64 " passes over %" PRIu64 " bytes)",
			 ret, want, s->passes, s->arr->bytes);
		return -1;
	}
	snprintf(s->checksum, sizeof(s->checksum), "0x%016" PRIx64, ret);
	return 0;
}

/*
 * Make s the kernel of isa with its loop over arr, and k the harness's
 * kernel around it; why says why this loop ("calibrated", "forced: ...").
 */
static void stream_init(struct ct_stream *s, enum ct_isa isa, enum ct_stream_loop loop,
			const char *why, struct ct_stream_array *arr, unsigned flags, struct ct_job *k)
{
	uint64_t call = flags & CT_STREAM_QUICK ? CT_STREAM_CALL_BYTES_QUICK : CT_STREAM_CALL_BYTES;
	double bytes;

	s->isa = isa;
	s->d = ct_stream_desc(isa);
	if (!s->d)
		errx(CT_EXIT_FAIL, "no stream kernel for ISA %s in this build", ct_isa_name(isa));
	/* The array is whole blocks: each must be whole iterations. */
	if (CT_STREAM_BLOCK % s->d->bytes != 0)
		errx(CT_EXIT_FAIL, "the %s stream kernel reads %u bytes an iteration, not a divisor of %u",
		     s->d->isa, s->d->bytes, CT_STREAM_BLOCK);
	s->fn = loop_fn(s->d, loop);
	if (!s->fn)
		errx(CT_EXIT_FAIL, "the %s stream kernel has no %s loop", s->d->isa,
		     ct_stream_loop_name(loop));
	s->loop = loop;
	s->prefetch = loop == CT_STREAM_LOOP_PREFETCH ? CT_STREAM_PREFETCH : 0;
	s->iteration_loads = s->d->loads;
	s->accumulators = s->d->accumulators;
	/* The short loop has an accumulator for each of its loads, the xor loop one for two. */
	if (loop == CT_STREAM_LOOP_SHORT)
		s->iteration_loads = s->accumulators = s->d->short_loads;
	if (loop == CT_STREAM_LOOP_XOR) {
		s->iteration_loads = s->d->xor_loads;
		s->accumulators = s->d->xor_loads / 2;
	}
	if (s->prefetch)
		snprintf(s->prefetch_reason, sizeof(s->prefetch_reason), "%u bytes ahead: the "
			 "prefetching loop (%s)", s->prefetch, why);
	else
		snprintf(s->prefetch_reason, sizeof(s->prefetch_reason), "none: the %s loop (%s)",
			 loop_names[loop], why);
	snprintf(s->loop_reason, sizeof(s->loop_reason), "%u loads an iteration: the %s loop%s (%s)",
		 s->iteration_loads, loop == CT_STREAM_LOOP_PREFETCH ? "prefetching" : loop_names[loop],
		 !s->d->loops[0].name ? ", the kernel's one loop" : "",
		 why);
	snprintf(s->isa_reason, sizeof(s->isa_reason), "chosen by the caller");
	s->calibration_ns = 0;
	s->arr = arr;
	s->flags = flags;
	s->passes = (call + arr->bytes - 1) / arr->bytes;
	snprintf(s->checksum, sizeof(s->checksum), "-");
	bytes = (double)arr->bytes * (double)s->passes;

	s->fields[S_SIZE_BYTES] = field(S_SIZE_BYTES, NULL, (double)arr->bytes);
	s->fields[S_SIZE_REASON] = field(S_SIZE_REASON, arr->reason, 0);
	s->fields[S_PASSES] = field(S_PASSES, NULL, (double)s->passes);
	s->fields[S_LOAD_BYTES] = field(S_LOAD_BYTES, NULL, s->d->load_bytes);
	s->fields[S_ACCUMULATORS] = field(S_ACCUMULATORS, NULL, s->accumulators);
	s->fields[S_PREFETCH_BYTES] = field(S_PREFETCH_BYTES, NULL, s->prefetch);
	s->fields[S_THP] = field(S_THP, arr->thp, 0);
	s->fields[S_THP_ADVICE] = field(S_THP_ADVICE, arr->huge_asked ? "hugepage" : "nohugepage",
					0);
	s->fields[S_HUGE_PCT] = field(S_HUGE_PCT, NULL, arr->huge_pct);
	s->fields[S_CHECKSUM] = field(S_CHECKSUM, s->checksum, 0);
	s->fields[S_LEVEL] = field(S_LEVEL, arr->level, 0);
	s->fields[S_L1_BYTES] = field(S_L1_BYTES, NULL, (double)arr->caches.bytes[1]);
	s->fields[S_L2_BYTES] = field(S_L2_BYTES, NULL, (double)arr->caches.bytes[2]);
	s->fields[S_L3_BYTES] = field(S_L3_BYTES, NULL, (double)arr->caches.bytes[3]);
	s->fields[S_PREFETCH_REASON] = field(S_PREFETCH_REASON, s->prefetch_reason, 0);
	s->fields[S_ISA_REASON] = field(S_ISA_REASON, s->isa_reason, 0);
	s->fields[S_ITERATION_LOADS] = field(S_ITERATION_LOADS, NULL, s->iteration_loads);
	s->fields[S_LOOP_REASON] = field(S_LOOP_REASON, s->loop_reason, 0);
	s->fields[S_LOOP] = field(S_LOOP, loop_names[loop], 0);
	s->fields[S_L1_SOURCE] = field(S_L1_SOURCE, ct_cache_source_name(arr->caches.source[1]), 0);
	s->fields[S_L2_SOURCE] = field(S_L2_SOURCE, ct_cache_source_name(arr->caches.source[2]), 0);
	s->fields[S_L3_SOURCE] = field(S_L3_SOURCE, ct_cache_source_name(arr->caches.source[3]), 0);

	memset(k, 0, sizeof(*k));
	k->name = s->d->kernel;
	k->isa = s->d->isa;
	k->unit = "GB/s";		/* bytes per ns: 10^9 bytes per second */
	k->work = bytes;
	k->per_cycle_unit = "byte/cycle";
	k->per_cycle_work = bytes;
	k->memory = 1;
	k->run = stream_run;
	k->verify = stream_verify;
	k->ctx = s;
	k->fields = s->fields;
	k->nfields = CT_ARRAY_SIZE(s->fields);
}

static struct ct_stream *stream_new(enum ct_isa isa, struct ct_stream_array *arr,
				    unsigned flags, struct ct_job *k)
{
	struct ct_stream *s = ct_xcalloc(1, sizeof(*s));

	stream_init(s, isa, CT_STREAM_LOOP_PLAIN, "chosen by the caller", arr, flags, k);
	return s;
}

/*
 * One trial call of fn: over the array's next window (the one read least
 * recently, as they are read in turn from the fill on) or whole passes
 * of at least the trial's bytes; 0 when its sum is wrong.  *bytes: what
 * it read; *ns: the thread's CPU time of it, or its wall time where that
 * is shorter (or the CPU clock did not move), so that a slice the thread
 * lost to another process on its cpu counts against no candidate.
 */
static int trial_call(struct ct_stream_array *arr, stream_fn fn, enum ct_stream_loop loop,
		      uint64_t passes, uint64_t *ns, uint64_t *bytes)
{
	const uint64_t *a = arr->a;
	size_t n = arr->n;
	uint64_t want = passes * ct_stream_array_loop_ref(arr, loop), t0, c0, r;

	if (arr->nwin) {
		size_t w = arr->next;

		arr->next = (arr->next + 1) % arr->nwin;
		n = (size_t)(arr->window / sizeof(uint64_t));
		a += w * n;
		passes = 1;
		want = loop == CT_STREAM_LOOP_XOR ? arr->wxref[w] : arr->wref[w];
	}
	c0 = ct_thread_cpu_ns();
	t0 = ct_now_ns();
	r = fn(a, n, passes);
	*ns = ct_now_ns() - t0;
	c0 = ct_thread_cpu_ns() - c0;
	if (c0 > 0 && c0 < *ns)
		*ns = c0;
	*bytes = (uint64_t)n * sizeof(*a) * passes;
	return r == want;
}

/* The probe's reads: the array's first 16 KiB (in L1), 32 MiB a call. */
#define LICENCE_HEAD_BYTES (16u << 10)
#define LICENCE_CALL_BYTES (32ull << 20)
#define LICENCE_CHAIN_ADDS 100000ull
#define LICENCE_LAPSE_NS 2500000ull

/* This process's measurement (ct_stream_licence): -1 not yet, 0 in turns, 1 apart. */
static int licence_measured = -1;
static double licence_ratio = NAN;

/* CT_STREAM_LICENCE: 1 apart, 0 turns, -1 unset (ct_stream_ask_from checked its value). */
static int licence_env(void)
{
	const char *e = getenv("CT_STREAM_LICENCE");

	return !e || !*e ? -1 : strcmp(e, "apart") == 0 ? 1 : strcmp(e, "turns") == 0 ? 0 : -1;
}

int ct_stream_licence(double *ratio)
{
	int e = licence_env();

	*ratio = e >= 0 ? NAN : licence_ratio;
	return e >= 0 ? e : licence_measured;
}

/* The ns of an add chain of LICENCE_CHAIN_ADDS. */
static double chain_ns(void)
{
	uint64_t t0 = ct_now_ns();

	CT_SINK(ct_addchain(LICENCE_CHAIN_ADDS / ct_addchain_desc.ops));
	return (double)(ct_now_ns() - t0);
}

/*
 * The probe (stream.h, ct_stream_licence): the chain after calls of
 * other (the reader of another ISA) and after calls of wide (a 512-bit
 * one), all of them after a chain long enough for any licence to lapse.
 */
static void licence_probe(const struct ct_stream_array *arr, stream_fn other, stream_fn wide)
{
	double after_other[CT_STREAM_LICENCE_CALLS], after_wide[CT_STREAM_LICENCE_CALLS];
	size_t n = arr->n < LICENCE_HEAD_BYTES / sizeof(uint64_t) ? arr->n :
		   LICENCE_HEAD_BYTES / sizeof(uint64_t);
	uint64_t passes = LICENCE_CALL_BYTES / (n * sizeof(uint64_t)), t0 = ct_now_ns();
	unsigned i;

	while (ct_now_ns() - t0 < LICENCE_LAPSE_NS)
		chain_ns();
	for (i = 0; i < CT_STREAM_LICENCE_CALLS; i++) {
		CT_SINK(other(arr->a, n, passes));
		after_other[i] = chain_ns();
	}
	for (i = 0; i < CT_STREAM_LICENCE_CALLS; i++) {
		CT_SINK(wide(arr->a, n, passes));
		after_wide[i] = chain_ns();
	}
	licence_measured = ct_stream_licence_apart(after_wide, after_other,
						   CT_STREAM_LICENCE_CALLS, &licence_ratio);
}

/*
 * Whether the 512-bit candidates among c[n] (take[i] set) are timed
 * apart: where none is, or only they are, nothing is apart; else as
 * CT_STREAM_LICENCE says, or as the probe measured (run the first time).
 */
static int licence_apart(const struct ct_stream_array *arr, const struct ct_stream_cand *c,
			 size_t n, const unsigned *take)
{
	stream_fn other = NULL, wide = NULL, fn;
	int e = licence_env();
	size_t i;

	for (i = 0; i < n; i++) {
		fn = take[i] ? loop_fn(ct_stream_desc(c[i].isa), c[i].loop) : NULL;
		if (fn && c[i].isa == CT_ISA_AVX512 && !wide)
			wide = fn;
		else if (fn && c[i].isa != CT_ISA_AVX512 && !other)
			other = fn;
	}
	if (!other || !wide)
		return 0;
	if (e >= 0)
		return e;
	if (licence_measured < 0)
		licence_probe(arr, other, wide);
	return licence_measured;
}

void ct_stream_licence_words(const struct ct_stream_cand *c, size_t n, char *buf, size_t len)
{
	int e = licence_env(), wide = 0, other = 0, apart;
	double r;
	size_t i;

	for (i = 0; i < n; i++) {
		wide |= c[i].isa == CT_ISA_AVX512;
		other |= c[i].isa != CT_ISA_AVX512;
	}
	apart = ct_stream_licence(&r) > 0;
	if (!wide || !other)
		snprintf(buf, len, "%s", "");
	else if (e >= 0)
		snprintf(buf, len, "512-bit %s: CT_STREAM_LICENCE=%s", apart ? "apart" : "in turns",
			 apart ? "apart" : "turns");
	else if (apart)
		snprintf(buf, len, "512-bit apart: a clock licence (%.2f x)", r);
	else
		snprintf(buf, len, "512-bit in turns: no clock licence (%.2f x)", r);
}

void ct_stream_trial_more(struct ct_stream *s, const struct ct_stream_cand *c, size_t n,
			  const int *more, unsigned trials, struct ct_stream_trials *t)
{
	struct ct_stream_array *arr = s->arr;
	uint64_t passes = (ct_stream_trial_bytes(s->flags) + arr->bytes - 1) / arr->bytes, ns, bytes;
	unsigned j, calls = 0, had[CT_STREAM_CANDS_MAX], take[CT_STREAM_CANDS_MAX];
	size_t i;
	int g, apart;

	if (n > CT_STREAM_CANDS_MAX)
		n = CT_STREAM_CANDS_MAX;
	/* The calls' places go on from the last one's. */
	for (i = 0; i < n; i++)
		if (t[i].n && t[i].last + 1 > calls)
			calls = t[i].last + 1;
	for (i = 0; i < n; i++) {
		had[i] = t[i].n;
		take[i] = !more[i] ? 0 : trials < CT_STREAM_TRIALS_MAX - had[i] ?
			trials : CT_STREAM_TRIALS_MAX - had[i];
		t[i].windowed = arr->nwin > 0;
		if (take[i] && !loop_fn(ct_stream_desc(c[i].isa), c[i].loop))
			t[i].failed = 1;
	}
	/*
	 * One group, or two where 512-bit reads lower the clock (the 512-bit
	 * candidates last); within a group the reverse of the fixed order, a
	 * settle call each (its lines in the caches, the group's clock
	 * licence), then the trials in turns, one of each candidate a turn:
	 * what drifts from ms to ms (the clock, the memory's other users)
	 * lands on every candidate of the group alike and in each one's
	 * spread, not between their medians.  Each block of more trials
	 * again, for the undecided candidates only.
	 */
	apart = licence_apart(arr, c, n, take);
	for (g = 0; g < 1 + apart; g++) {
		for (j = 0; j <= trials; j++)
			for (i = n; i-- > 0;) {
				stream_fn fn = loop_fn(ct_stream_desc(c[i].isa), c[i].loop);

				if ((apart && (c[i].isa == CT_ISA_AVX512) != g) || !fn || !take[i] ||
				    j > take[i])
					continue;
				if (j == 0 && had[i] == 0)
					t[i].first = calls;
				t[i].last = calls++;
				if (!trial_call(arr, fn, c[i].loop, passes, &ns, &bytes))
					t[i].failed = 1;
				t[i].bytes = bytes;
				if (j > 0)
					t[i].gbs[had[i] + j - 1] = (double)bytes / (double)(ns ? ns : 1);
			}
	}
	for (i = 0; i < n; i++)
		t[i].blocks += take[i] > 0;
	for (i = 0; i < n; i++)
		t[i].n = had[i] + take[i];
}

void ct_stream_trial_cands(struct ct_stream *s, const struct ct_stream_cand *c, size_t n,
			   unsigned trials, struct ct_stream_trials *t)
{
	int all[CT_STREAM_CANDS_MAX];
	size_t i;

	if (n > CT_STREAM_CANDS_MAX)
		n = CT_STREAM_CANDS_MAX;
	for (i = 0; i < n; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		all[i] = 1;
	}
	ct_stream_trial_more(s, c, n, all, trials, t);
}

void ct_stream_set_trial_window(struct ct_stream *s, uint64_t window)
{
	struct ct_stream_array *arr = s->arr;
	uint64_t lane[8] = { 0 };
	size_t i, per = (size_t)(window / sizeof(uint64_t));

	ct_stream_array_set_windows(arr, window && arr->bytes >= window && window % CT_STREAM_BLOCK == 0 ?
			  window : 0);
	for (i = 0; i < arr->nwin; i++)
		ct_stream_array_part_refs(arr, i * per, per, lane);
}

void ct_stream_choose(struct ct_stream *s, const struct ct_stream_ask *a, struct ct_job *k)
{
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	struct ct_stream_trials t[CT_STREAM_CANDS_MAX];
	struct ct_stream_cpu id;
	char reason[sizeof(s->isa_reason)], prior[160], name[32], size[32], timing[80];
	size_t n = ct_stream_ask_candidates(a, c), used = 0, i;
	int more[CT_STREAM_CANDS_MAX], win, kept, pref;
	unsigned calls, next;
	uint64_t t0;

	if (n == 0)
		errx(CT_EXIT_FAIL, "no stream kernel %s%s%s%s", a->isa >= 0 ? "for " : "",
		     a->isa >= 0 ? a->isa_how : "", a->loop >= 0 ? " with " : "",
		     a->loop >= 0 ? a->loop_how : "");
	if (a->isa >= 0)
		used = (size_t)snprintf(reason, sizeof(reason), "forced: %s%s", a->isa_how,
					a->loop >= 0 ? ", " : "");
	else if (a->loop >= 0)
		used = (size_t)snprintf(reason, sizeof(reason), "forced: ");
	if (a->loop >= 0)
		used += (size_t)snprintf(reason + used, sizeof(reason) - used, "%s", a->loop_how);
	if (n == 1) {
		if (a->loop < 0 && used < sizeof(reason))
			snprintf(reason + used, sizeof(reason) - used, " (its one loop)");
		stream_init(s, c[0].isa, c[0].loop, a->loop >= 0 ? "forced" : "the kernel's one",
			    s->arr, s->flags, k);
		ct_stream_set_isa_reason(s, reason);
		return;
	}
	/*
	 * Timed here, on the thread (and cpu) the samples will run on: a
	 * block of trials for every candidate, then blocks for the undecided
	 * ones until none is left (or each is at CT_STREAM_TRIALS_MAX).
	 */
	t0 = ct_now_ns();
	ct_stream_cpu_ident(&id);
	pref = ct_stream_prior_for(&id, s->arr->level, c, n, prior, sizeof(prior));
	ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
	for (;;) {
		for (i = 0; i < n; i++)
			if (t[i].failed)
				errx(CT_EXIT_FAIL, "calibration: the %s stream loop's sum is wrong over "
				     "the %s array (a broken kernel or memory)",
				     ct_stream_cand_name(&c[i], name, sizeof(name)),
				     ct_stream_size_text(s->arr->bytes, size, sizeof(size)));
		if (ct_stream_undecided(t, n, pref, more) == 0)
			break;
		for (i = 0, calls = 0, next = 0; i < n; i++) {
			if (t[i].last + 1 > calls)
				calls = t[i].last + 1;
			next += more[i] ? CT_STREAM_TRIALS + 1 : 0;
		}
		if (!ct_stream_block_fits(ct_now_ns() - t0, calls, next))
			break;
		ct_stream_trial_more(s, c, n, more, CT_STREAM_TRIALS, t);
	}
	win = ct_stream_decide(t, n, pref, &kept);
	if (used && used + 2 < sizeof(reason))
		used += (size_t)snprintf(reason + used, sizeof(reason) - used, "; ");
	ct_stream_licence_words(c, n, timing, sizeof(timing));
	ct_stream_calibration_reason(c, t, n, win, win == pref ? prior : NULL,
				     (double)(ct_now_ns() - t0) / 1e6, timing, reason + used,
				     sizeof(reason) - used);
	stream_init(s, c[win].isa, c[win].loop, "calibrated", s->arr, s->flags, k);
	ct_stream_set_isa_reason(s, reason);
	s->calibration_ns = ct_now_ns() - t0;
}

uint64_t ct_stream_calibration_ns(const struct ct_stream *s)
{
	return s->calibration_ns;
}

enum ct_isa ct_stream_isa(const struct ct_stream *s)
{
	return s->isa;
}

enum ct_stream_loop ct_stream_loop(const struct ct_stream *s)
{
	return s->loop;
}

struct ct_stream *ct_stream_new(enum ct_isa isa, uint64_t bytes,
				const char *reason, unsigned flags,
				struct ct_job *k)
{
	char why[128];

	if (!ct_stream_desc(isa))
		errx(CT_EXIT_FAIL, "no stream kernel for ISA %s in this build", ct_isa_name(isa));
	if (ct_stream_size_ok(bytes, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "stream array of %" PRIu64 " bytes: %s", bytes, why);
	return stream_new(isa, ct_stream_array_new(bytes, reason, flags), flags, k);
}

struct ct_stream *ct_stream_share(struct ct_stream *s, enum ct_isa isa,
				  struct ct_job *k)
{
	struct ct_stream *t = stream_new(isa, s->arr, s->flags, k);

	s->arr->users++;
	return t;
}

void ct_stream_free(struct ct_stream *s)
{
	if (!s)
		return;
	if (--s->arr->users == 0)
		ct_stream_array_free(s->arr);
	free(s);
}

void ct_stream_info(const struct ct_stream *s, struct ct_stream_info *info)
{
	info->bytes = s->arr->bytes;
	info->passes = s->passes;
	info->reason = s->arr->reason;
	info->thp = s->arr->thp;
	info->huge_asked = s->arr->huge_asked;
	info->huge_pct = s->arr->huge_pct;
	info->level = s->arr->level;
	info->prefetch = s->prefetch;
	info->prefetch_reason = s->prefetch_reason;
	info->iteration_loads = s->iteration_loads;
	info->loop_reason = s->loop_reason;
	info->isa_reason = s->isa_reason;
}

void ct_stream_set_isa_reason(struct ct_stream *s, const char *reason)
{
	snprintf(s->isa_reason, sizeof(s->isa_reason), "%s", reason);
}

uint32_t *ct_stream_data(struct ct_stream *s, size_t *n)
{
	*n = s->arr->n * 2;
	return (uint32_t *)(void *)s->arr->a;
}
