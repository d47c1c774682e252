/*
 * harness.c - settle, warm up, then take REPS samples round-robin over the
 * kernels, verifying every call.  Round-robin (not kernel after kernel)
 * spreads a slow stretch of a shared machine over every kernel instead of
 * charging it all to one.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/harness.h"
#include "ct/kernels.h"
#include "ct/os.h"
#include "ct/parse.h"

int ct_env_quick(void)
{
	const char *q = getenv("QUICK");

	return q && *q && strcmp(q, "0") != 0;
}

void ct_harness_defaults(struct ct_harness *h, int quick)
{
	const char *reps = getenv("REPS");

	quick |= ct_env_quick();
	h->reps = quick ? CT_REPS_QUICK : CT_REPS_DEFAULT;
	h->settle_ns = quick ? CT_SETTLE_NS_QUICK : CT_SETTLE_NS_DEFAULT;
	h->bracket_adds = CT_BRACKET_ADDS_DEFAULT;
	if (reps && *reps)
		h->reps = (unsigned)ct_u64_or_usage("REPS", reps, 1, CT_REPS_MAX);
}

const char *ct_basis_name(enum ct_basis b)
{
	return b == CT_BASIS_WALL ? "wall" : "cpu";
}

/* One bracket: adds, wall ns and cpu ns of a short dependent add chain. */
struct bracket {
	uint64_t adds, wall_ns, cpu_ns;
};

static int run_bracket(uint64_t adds, struct bracket *b)
{
	uint64_t iters = adds / CT_ADDCHAIN_UNROLL, c0, t0, t1, c1, got;

	c0 = ct_thread_cpu_ns();
	t0 = ct_now_ns();
	got = ct_addchain(iters);
	t1 = ct_now_ns();
	c1 = ct_thread_cpu_ns();
	b->adds = iters * CT_ADDCHAIN_UNROLL;
	b->wall_ns = t1 - t0;
	b->cpu_ns = c1 - c0;
	return got == b->adds ? 0 : -1;
}

/* Spin on the add chain until settle_ns have passed. */
static void settle(uint64_t settle_ns)
{
	uint64_t start = ct_now_ns();

	while (ct_now_ns() - start < settle_ns)
		CT_SINK(ct_addchain(1u << 16));
}

static int take_sample(const struct ct_harness *h, const struct ct_kernel *k,
		       struct ct_sample *s, char *why, size_t len)
{
	struct bracket pre, post;
	uint64_t c0, t0, t1, c1, ret;
	int bracketed = k->per_cycle_unit != NULL && h->bracket_adds > 0;
	char reason[256];

	s->cpu_start = ct_current_cpu();
	if (bracketed && run_bracket(h->bracket_adds, &pre) < 0) {
		snprintf(why, len, "the add chain before it miscounted");
		return -1;
	}
	c0 = ct_thread_cpu_ns();
	t0 = ct_now_ns();
	ret = k->run(k->ctx);
	t1 = ct_now_ns();
	c1 = ct_thread_cpu_ns();
	if (bracketed && run_bracket(h->bracket_adds, &post) < 0) {
		snprintf(why, len, "the add chain after it miscounted");
		return -1;
	}
	s->cpu_end = ct_current_cpu();
	s->calls = 1;
	s->wall_ns = t1 - t0 ? t1 - t0 : 1;
	s->cpu_ns = c1 - c0 ? c1 - c0 : 1;
	s->bracket_ghz_wall = s->bracket_ghz_cpu = 0;
	if (bracketed) {
		/* The mean of the two periods (ns per add), as a frequency. */
		s->bracket_ghz_wall = 2.0 * (double)pre.adds /
				      (double)(pre.wall_ns + post.wall_ns);
		s->bracket_ghz_cpu = 2.0 * (double)pre.adds /
				     (double)(pre.cpu_ns + post.cpu_ns);
	}
	reason[0] = '\0';
	if (k->verify(k->ctx, ret, reason, sizeof(reason)) != 0) {
		snprintf(why, len, "%s", reason[0] ? reason : "result does not verify");
		return -1;
	}
	return 0;
}

int ct_harness_run(const struct ct_harness *h, const struct ct_kernel *k,
		   size_t nk, struct ct_series *out, char *why, size_t len)
{
	struct ct_sample scratch;
	char reason[384];
	unsigned rep;
	size_t i;

	for (i = 0; i < nk; i++) {
		out[i].k = &k[i];
		out[i].s = ct_xcalloc(h->reps, sizeof(*out[i].s));
		out[i].n = 0;
		out[i].verified = 0;
	}
	settle(h->settle_ns);
	/* The warm-up: caches, TLB and page faults, discarded but verified. */
	for (i = 0; i < nk; i++)
		if (take_sample(h, &k[i], &scratch, reason, sizeof(reason)) < 0) {
			snprintf(why, len, "warm-up of %s (%s): %s", k[i].name, k[i].isa, reason);
			return -1;
		}
	for (rep = 0; rep < h->reps; rep++)
		for (i = 0; i < nk; i++) {
			struct ct_sample *s = &out[i].s[rep];

			s->rep = rep;
			if (take_sample(h, &k[i], s, reason, sizeof(reason)) < 0) {
				snprintf(why, len, "sample %u of %s (%s): %s", rep + 1,
					 k[i].name, k[i].isa, reason);
				return -1;
			}
			out[i].n = rep + 1;
		}
	for (i = 0; i < nk; i++)
		out[i].verified = out[i].n == h->reps;
	return 0;
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

double ct_sample_rate(const struct ct_kernel *k, const struct ct_sample *s,
		      enum ct_basis b)
{
	return k->work * sample_calls(s) / (double)(b == CT_BASIS_WALL ? s->wall_ns : s->cpu_ns);
}

double ct_sample_per_cycle(const struct ct_kernel *k, double work,
			   const struct ct_sample *s, enum ct_basis b)
{
	double ghz = b == CT_BASIS_WALL ? s->bracket_ghz_wall : s->bracket_ghz_cpu;
	double ns = (double)(b == CT_BASIS_WALL ? s->wall_ns : s->cpu_ns);

	(void)k;
	return ghz > 0 ? work * sample_calls(s) / (ns * ghz) : 0;
}

void ct_summarize(const struct ct_series *ser, enum ct_basis b,
		  struct ct_summary *sum)
{
	const struct ct_kernel *k = ser->k;
	double *rate = ct_xcalloc(ser->n, sizeof(double));
	double *pc = ct_xcalloc(ser->n, sizeof(double));
	double *ipc = ct_xcalloc(ser->n, sizeof(double));
	double *share = ct_xcalloc(ser->n, sizeof(double));
	struct ct_cpuset seen;
	struct ct_stats st;
	unsigned i;

	memset(sum, 0, sizeof(*sum));
	sum->k = k;
	sum->basis = b;
	sum->reps = ser->n;
	sum->verified = ser->verified;
	ct_cpuset_zero(&seen);
	for (i = 0; i < ser->n; i++) {
		const struct ct_sample *s = &ser->s[i];

		rate[i] = ct_sample_rate(k, s, b);
		pc[i] = ct_sample_per_cycle(k, k->per_cycle_work, s, b);
		ipc[i] = ct_sample_per_cycle(k, k->insn_work, s, b);
		share[i] = (double)s->cpu_ns / (double)s->wall_ns;
		ct_cpuset_set(&seen, s->cpu_start);
		ct_cpuset_set(&seen, s->cpu_end);
		sum->migrated += s->cpu_start != s->cpu_end;
	}
	ct_stats_compute(rate, ser->n, &sum->rate);
	if (k->per_cycle_unit)
		ct_stats_compute(pc, ser->n, &sum->per_cycle);
	if (k->insn_unit)
		ct_stats_compute(ipc, ser->n, &sum->insn_per_cycle);
	ct_stats_compute(share, ser->n, &st);
	sum->cpu_share = st.median;
	ct_cpuset_format(&seen, sum->cpus, sizeof(sum->cpus));
	if (!sum->cpus[0])
		snprintf(sum->cpus, sizeof(sum->cpus), "unknown");
	free(rate);
	free(pc);
	free(ipc);
	free(share);
}
