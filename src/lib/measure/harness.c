/*
 * measure/harness.c - settle, warm up, then take REPS samples round-robin over the
 * kernels, verifying every call.  Round-robin (not kernel after kernel)
 * spreads a slow stretch of a shared machine over every kernel instead of
 * charging it all to one.  With a precision asked for, rounds go on until
 * every median is known well enough or the time cap is reached; where the
 * machine has hardware counters, they are read around every call.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/counters.h"
#include "measure/floor.h"
#include "measure/harness.h"
#include "core/stats.h"
#include "kernels/kernels.h"
#include "platform/os.h"
#include "core/parse.h"

int ct_env_quick(void)
{
	const char *q = getenv("QUICK");

	return q && *q && strcmp(q, "0") != 0;
}

void ct_harness_defaults(struct ct_harness *h, int quick)
{
	const char *reps = getenv("REPS");

	quick |= ct_env_quick();
	/* Every field, the hooks (progress) included, has a value. */
	memset(h, 0, sizeof(*h));
	h->reps = quick ? CT_REPS_QUICK : CT_REPS_DEFAULT;
	h->settle_ns = quick ? CT_SETTLE_NS_QUICK : CT_SETTLE_NS_DEFAULT;
	h->bracket_adds = CT_BRACKET_ADDS_DEFAULT;
	h->precision_pct = 0;
	h->max_ns = 0;
	h->floor_ns = ct_floor_get()->floor_ns;
	h->floor_why = ct_floor_get()->why;
	if (reps && *reps)
		h->reps = (unsigned)ct_u64_or_usage("REPS", reps, 1, CT_REPS_MAX);
}

const char *ct_basis_name(enum ct_basis b)
{
	return b == CT_BASIS_WALL ? "wall" : "cpu";
}

const char *ct_stop_name(enum ct_stop s)
{
	switch (s) {
	case CT_STOP_PRECISION:
		return "precision";
	case CT_STOP_MAX_TIME:
		return "max-time";
	default:
		return "reps";
	}
}

int ct_bracket_run(uint64_t adds, struct ct_bracket *b)
{
	uint64_t iters = adds / CT_ADDCHAIN_UNROLL / CT_BRACKET_CHUNKS, c0, ta, t0, t, now, got = 0;
	unsigned i, chunks = CT_BRACKET_CHUNKS;

	if (!iters) {
		chunks = 1;
		iters = adds / CT_ADDCHAIN_UNROLL;
	}
	ta = ct_now_ns();
	c0 = ct_thread_cpu_ns();
	t0 = t = ct_now_ns();
	for (i = 0; i < chunks; i++) {
		got += ct_addchain(iters);
		now = ct_now_ns();
		b->chunk_ghz[i] = now > t ? (double)(iters * CT_ADDCHAIN_UNROLL) / (double)(now - t) : 0;
		t = now;
	}
	b->cpu_ns = ct_thread_cpu_ns() - c0;
	b->reads_ns = ct_now_ns() - t + (t0 - ta);
	b->wall_ns = t - t0;
	b->chunks = chunks;
	b->adds = chunks * iters * CT_ADDCHAIN_UNROLL;
	return got == b->adds ? 0 : -1;
}

void ct_sample_set_brackets(struct ct_sample *s, const struct ct_bracket *pre,
			    const struct ct_bracket *post)
{
	double adds = (double)pre->adds + (double)post->adds;
	uint64_t wall = pre->wall_ns + post->wall_ns, cpu = pre->cpu_ns + post->cpu_ns;
	double rate[2 * CT_BRACKET_CHUNKS];
	struct ct_stats st;
	unsigned i, n = 0;

	for (i = 0; i < pre->chunks && i < CT_BRACKET_CHUNKS; i++)
		if (pre->chunk_ghz[i] > 0)
			rate[n++] = pre->chunk_ghz[i];
	for (i = 0; i < post->chunks && i < CT_BRACKET_CHUNKS; i++)
		if (post->chunk_ghz[i] > 0)
			rate[n++] = post->chunk_ghz[i];
	s->clock_ghz = 0;
	if (n) {
		ct_stats_compute(rate, n, &st);
		s->clock_ghz = st.median;
	}
	s->pre_wall_ns = pre->wall_ns;
	s->pre_cpu_ns = pre->cpu_ns;
	s->post_wall_ns = post->wall_ns;
	s->post_cpu_ns = post->cpu_ns;
	s->reads_ns += pre->reads_ns + post->reads_ns;
	s->bracket_ghz_wall = wall ? adds / (double)wall : 0;
	s->bracket_ghz_cpu = cpu ? adds / (double)cpu : 0;
}

uint64_t ct_sample_floor_ns(const struct ct_sample *s)
{
	uint64_t t = s->wall_ns < s->cpu_ns ? s->wall_ns : s->cpu_ns;

	return s->calls > 1 ? t / s->calls : t;
}

void ct_settle(uint64_t settle_ns)
{
	uint64_t start = ct_now_ns();

	while (ct_now_ns() - start < settle_ns)
		CT_SINK(ct_addchain(1u << 16));
}

static int take_sample(const struct ct_harness *h, const struct ct_job *k,
		       struct ct_counters *pmc, struct ct_sample *s, char *why, size_t len)
{
	struct ct_bracket pre, post;
	struct ct_counter_read r0, r1;
	struct ct_count cnt;
	uint64_t ta, c0, t0, t1, c1, tb, ret;
	int bracketed = k->per_cycle_unit != NULL && h->bracket_adds > 0;
	int read0 = -1, read1 = -1;
	char reason[256];

	s->cpu_start = ct_current_cpu();
	if (bracketed && ct_bracket_run(h->bracket_adds, &pre) < 0) {
		snprintf(why, len, "the add chain before it miscounted");
		return -1;
	}
	/* The counters outside the clock readings: a read is a system call. */
	if (pmc)
		read0 = ct_counters_read(pmc, &r0);
	ta = ct_now_ns();
	c0 = ct_thread_cpu_ns();
	t0 = ct_now_ns();
	ret = k->run(k->ctx);
	t1 = ct_now_ns();
	c1 = ct_thread_cpu_ns();
	tb = ct_now_ns();
	if (pmc)
		read1 = ct_counters_read(pmc, &r1);
	if (bracketed && ct_bracket_run(h->bracket_adds, &post) < 0) {
		snprintf(why, len, "the add chain after it miscounted");
		return -1;
	}
	s->cpu_end = ct_current_cpu();
	s->calls = 1;
	s->wall_ns = t1 - t0 ? t1 - t0 : 1;
	s->cpu_ns = c1 - c0 ? c1 - c0 : 1;
	s->clock_ghz = s->bracket_ghz_wall = s->bracket_ghz_cpu = 0;
	s->pre_wall_ns = s->pre_cpu_ns = s->post_wall_ns = s->post_cpu_ns = 0;
	s->reads_ns = (tb - t1) + (t0 - ta);
	s->count_status = CT_COUNT_NONE;
	s->cycles = s->instructions = 0;
	if (pmc) {
		if (read0 < 0 || read1 < 0)
			cnt.status = CT_COUNT_NOT_RUNNING;
		else
			ct_count_decide(&r0, &r1, c1 - c0, &cnt);
		s->count_status = cnt.status;
		if (ct_count_usable(cnt.status)) {
			s->cycles = cnt.cycles;
			s->instructions = cnt.instructions;
		}
	}
	if (bracketed)
		ct_sample_set_brackets(s, &pre, &post);
	reason[0] = '\0';
	if (k->verify(k->ctx, ret, reason, sizeof(reason)) != 0) {
		snprintf(why, len, "%s", reason[0] ? reason : "result does not verify");
		return -1;
	}
	return 0;
}

/* Room for at least n samples in every series. */
static void grow(struct ct_series *out, size_t nk, unsigned *cap, unsigned n)
{
	size_t i;

	if (n <= *cap)
		return;
	*cap = *cap * 2 > n ? *cap * 2 : n;
	if (*cap > CT_REPS_MAX)
		*cap = CT_REPS_MAX;
	for (i = 0; i < nk; i++)
		out[i].s = ct_xrealloc(out[i].s, *cap * sizeof(*out[i].s));
}

/* The first round against the floor (ct_sample_floor_ns). */
int ct_harness_too_short(const struct ct_harness *h, const struct ct_job *k, size_t nk,
		     const struct ct_series *out, char *why, size_t len)
{
	size_t i;

	for (i = 0; i < nk; i++) {
		uint64_t t = ct_sample_floor_ns(&out[i].s[0]);

		if (t < h->floor_ns) {
			snprintf(why, len, "a sample of %s (%s) takes %.1f us, under the floor of "
				 "%.0f us (%s): give each sample about %.0fx the work",
				 k[i].name, k[i].isa, (double)t / 1e3, (double)h->floor_ns / 1e3,
				 h->floor_why ? h->floor_why : "set by the caller",
				 ceil((double)h->floor_ns / (double)(t ? t : 1)));
			return 1;
		}
	}
	return 0;
}

int ct_harness_begin(struct ct_harness_session *S, const struct ct_harness *h,
		     const struct ct_job *k, size_t nk, struct ct_series *out, char *why,
		     size_t len)
{
	struct ct_sample scratch;
	char reason[384];
	size_t i;

	memset(S, 0, sizeof(*S));
	S->h = h;
	S->k = k;
	S->nk = nk;
	S->out = out;
	S->cap = h->reps;
	S->first_reject = CT_COUNT_NONE;
	S->worst = NAN;
	S->start = ct_now_ns();
	/* Precision grows the series as it goes: start with room to spare. */
	if (h->precision_pct > 0 && S->cap < 64)
		S->cap = 64;
	if (S->cap < 1)
		S->cap = 1;
	for (i = 0; i < nk; i++) {
		out[i].k = &k[i];
		out[i].s = ct_xcalloc(S->cap, sizeof(*out[i].s));
		out[i].n = 0;
		out[i].verified = 0;
		out[i].stopped_by = CT_STOP_REPS;
		out[i].counters = 0;
		out[i].precision_pct = h->precision_pct;
	}
	/* Opened in the measuring thread: the counts are this thread's. */
	S->pmc = ct_counters_start();
	ct_settle(h->settle_ns);
	/* The warm-up: caches, TLB and page faults, discarded but verified. */
	for (i = 0; i < nk; i++)
		if (take_sample(h, &k[i], S->pmc, &scratch, reason, sizeof(reason)) < 0) {
			snprintf(why, len, "warm-up of %s (%s): %s", k[i].name, k[i].isa, reason);
			return -1;
		}
	return 0;
}

int ct_harness_round(struct ct_harness_session *S, unsigned round, unsigned position,
		     char *why, size_t len)
{
	const struct ct_harness *h = S->h;
	char reason[384];
	unsigned rep = S->rounds;
	size_t i;

	grow(S->out, S->nk, &S->cap, rep + 1);
	for (i = 0; i < S->nk; i++) {
		struct ct_sample *s = &S->out[i].s[rep];

		memset(s, 0, sizeof(*s));
		s->rep = round;
		s->position = position;
		if (take_sample(h, &S->k[i], S->pmc, s, reason, sizeof(reason)) < 0) {
			snprintf(why, len, "sample %u of %s (%s): %s", rep + 1, S->k[i].name,
				 S->k[i].isa, reason);
			return -1;
		}
		S->out[i].n = rep + 1;
		/* Between samples: a progress line costs the next one nothing. */
		if (h->progress) {
			struct ct_harness_state st = { h, &S->k[i], i, S->nk, rep + 1, S->worst,
						       ct_now_ns() - S->start };

			h->progress(h->progress_arg, &st);
		}
		if (ct_count_usable(s->count_status))
			S->counted++;
		else if (S->first_reject == CT_COUNT_NONE)
			S->first_reject = s->count_status;
	}
	S->rounds = rep + 1;
	return 0;
}

void ct_harness_end(struct ct_harness_session *S, int complete, enum ct_stop stop)
{
	size_t i;

	if (complete)
		for (i = 0; i < S->nk; i++) {
			S->out[i].verified = 1;
			S->out[i].stopped_by = stop;
			S->out[i].counters = S->pmc != NULL;
		}
	if (S->pmc) {
		unsigned taken = 0;

		for (i = 0; i < S->nk; i++)
			taken += S->out[i].n;
		ct_counters_note_run(1, S->counted, taken, S->first_reject);
	}
	ct_counters_close(S->pmc);
	S->pmc = NULL;
}

int ct_harness_run(const struct ct_harness *h, const struct ct_job *k,
		   size_t nk, struct ct_series *out, char *why, size_t len)
{
	struct ct_harness_session S;
	unsigned rep;
	int stop = -1;

	if (ct_harness_begin(&S, h, k, nk, out, why, len) < 0) {
		ct_harness_end(&S, 0, CT_STOP_REPS);
		return -1;
	}
	for (rep = 0; stop < 0; rep++) {
		if (ct_harness_round(&S, rep, 0, why, len) < 0) {
			ct_harness_end(&S, 0, CT_STOP_REPS);
			return -1;
		}
		if (rep == 0 && h->floor_ns && ct_harness_too_short(h, k, nk, out, why, len)) {
			ct_harness_end(&S, 0, CT_STOP_REPS);
			return CT_HARNESS_TOO_SHORT;
		}
		stop = ct_harness_should_stop(h, out, nk, ct_now_ns() - S.start, &S.worst);
	}
	ct_harness_end(&S, 1, (enum ct_stop)stop);
	return 0;
}

double ct_series_halfwidth_pct(const struct ct_series *ser, enum ct_basis b)
{
	double *v, lo, hi, hw;
	unsigned i;

	if (ser->n < 6)
		return NAN;
	v = ct_xmalloc(ser->n * sizeof(*v));
	for (i = 0; i < ser->n; i++)
		v[i] = ct_sample_rate(ser->k, &ser->s[i], b);
	ct_median_ci(v, ser->n, &lo, &hi, &hw);
	free(v);
	return hw;
}

/*
 * Checking sorts every series on both bases: after 100 rounds, check
 * every n/100 rounds only, so that a kernel with very short samples does
 * not spend its run sorting (it overshoots by at most 1%).
 */
static int check_due(unsigned n)
{
	return n < 100 || n % (n / 100) == 0;
}

int ct_harness_should_stop(const struct ct_harness *h, const struct ct_series *ser,
			   size_t nk, uint64_t elapsed_ns, double *worst_pct)
{
	unsigned n = nk ? ser[0].n : 0;
	size_t i;
	int b;

	*worst_pct = NAN;
	if (h->precision_pct <= 0) {
		if (n >= h->reps)
			return CT_STOP_REPS;
	} else if (n >= h->reps && check_due(n)) {
		double worst = 0;
		int all = 1;

		for (i = 0; i < nk && all; i++)
			for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
				double hw = ct_series_halfwidth_pct(&ser[i], (enum ct_basis)b);

				/* NaN (too few samples, a zero median) is not precise. */
				if (!(hw <= h->precision_pct))
					all = 0;
				if (!(hw <= worst))
					worst = hw;
			}
		*worst_pct = worst;
		if (all)
			return CT_STOP_PRECISION;
	}
	if (n >= CT_REPS_MAX)
		return CT_STOP_REPS;
	if (h->max_ns && elapsed_ns >= h->max_ns)
		return CT_STOP_MAX_TIME;
	return -1;
}

void ct_series_free(struct ct_series *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(s[i].s);
		s[i].s = NULL;
	}
}

/* The kernel calls a sample timed (0, as the harness leaves it, is one). */
static double sample_calls(const struct ct_sample *s)
{
	return s->calls ? (double)s->calls : 1.0;
}

double ct_sample_rate(const struct ct_job *k, const struct ct_sample *s,
		      enum ct_basis b)
{
	return k->work * sample_calls(s) / (double)(b == CT_BASIS_WALL ? s->wall_ns : s->cpu_ns);
}

double ct_sample_per_cycle(const struct ct_job *k, double work,
			   const struct ct_sample *s, enum ct_basis b)
{
	double ns = (double)(b == CT_BASIS_WALL ? s->wall_ns : s->cpu_ns);

	(void)k;
	return s->clock_ghz > 0 ? work * sample_calls(s) / (ns * s->clock_ghz) : 0;
}

double ct_sample_cycles_est(const struct ct_job *k, const struct ct_sample *s,
			    enum ct_basis b)
{
	double ns = (double)(b == CT_BASIS_WALL ? s->wall_ns : s->cpu_ns);

	if (k->per_cycle_unit && s->clock_ghz > 0)
		return ns * s->clock_ghz;
	if (k->cycles_work > 0)
		return k->cycles_work * sample_calls(s);
	return NAN;
}

double ct_sample_counter_ghz(const struct ct_sample *s)
{
	return ct_count_usable(s->count_status) && s->cpu_ns ?
	       s->cycles / (double)s->cpu_ns : NAN;
}

double ct_sample_share(const struct ct_sample *s)
{
	double wall = (double)s->wall_ns + (double)s->pre_wall_ns + (double)s->post_wall_ns +
		      (double)s->reads_ns / 2;
	double cpu = (double)s->cpu_ns + (double)s->pre_cpu_ns + (double)s->post_cpu_ns;

	return wall > 0 ? cpu / wall : NAN;
}

/* A part of a sample (the call, a bracket) ran for under the threshold. */
static int part_disturbed(uint64_t wall_ns, uint64_t cpu_ns)
{
	return wall_ns && (double)cpu_ns < CT_DESCHEDULED_SHARE * (double)wall_ns;
}

int ct_sample_disturbed(const struct ct_sample *s)
{
	if (s->lost_known)
		return ct_lost_disturbed(s->wall_ns, s->cpu_ns, s->lost_ns);
	return part_disturbed(s->wall_ns, s->cpu_ns) ||
	       part_disturbed(s->pre_wall_ns, s->pre_cpu_ns) ||
	       part_disturbed(s->post_wall_ns, s->post_cpu_ns);
}

int ct_share_disturbed(uint64_t wall_ns, uint64_t cpu_ns)
{
	return part_disturbed(wall_ns, cpu_ns);
}

double ct_lost_share(uint64_t wall_ns, uint64_t cpu_ns, uint64_t lost_ns)
{
	double had = (double)cpu_ns + (double)lost_ns;

	if ((double)wall_ns > had)
		had = (double)wall_ns;
	return had > 0 ? (double)lost_ns / had : NAN;
}

int ct_lost_disturbed(uint64_t wall_ns, uint64_t cpu_ns, uint64_t lost_ns)
{
	return ct_lost_share(wall_ns, cpu_ns, lost_ns) > CT_LOST_SHARE_MAX;
}
