/*
 * unit-allcore-fake.c - the all-core runner's brackets, with a stand-in
 * add chain of known thread CPU times (the test defines ct_addchain, so
 * the link takes this one instead of src/kernels/addchain-*.c, as
 * unit-harness-fake.c does for the harness):
 *
 * - every thread's chain burns BRACKET_SHORT_NS over its even brackets and
 *   BRACKET_LONG_NS over its odd ones, the difference lost in one chunk
 *   (unit-fake-chain.h), so each sample's leading bracket is the short
 *   one: the samples must keep both brackets' own times and read the
 *   clock from the chunks that lost nothing;
 * - one thread's first trailing bracket also sleeps (wall time with no
 *   CPU time, as a bracket that lost its cpu): that sample, and only it,
 *   is disturbed, the per-cycle figures leave it out and the cpu share
 *   counts the brackets' time.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure/allcore.h"
#include "core/common.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "kernels/kernels.h"
#include "platform/os.h"
#include "ct-place/plan.h"
#include "core/stats.h"
#include "unit.h"
#include "unit-fake-chain.h"

#define SLEEP_NS 20000000ull		/* the disturbed bracket's lost time */
#define REPS 4

static _Thread_local unsigned long chain_calls;
static _Thread_local int sleeper;	/* this thread's bracket sleeps once */

uint64_t ct_addchain(uint64_t iters)
{
	unsigned long c = chain_calls++;
	int last = FAKE_BRACKET(c) % 2 == 1 && FAKE_CHUNK(c) == CT_BRACKET_CHUNKS - 1;

	burn(FAKE_CHUNK_NS(c));
	/*
	 * The last chunk of the second trailing bracket: the first is the
	 * single thread's sample (one thread here is its own reference), the
	 * second the first all-core sample's.
	 */
	if (sleeper && last && sleeper++ == 2) {
		struct timespec ts = { 0, (long)SLEEP_NS };

		nanosleep(&ts, NULL);
	}
	return iters * CT_ADDCHAIN_UNROLL;
}

struct fake {
	uint64_t runs;
	int sleeps;			/* each call also sleeps 1 ms */
};

static uint64_t fake_run(void *p)
{
	struct fake *f = p;

	burn(200000);
	if (f->sleeps) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
	}
	return ++f->runs;
}

static int fake_verify(void *p, uint64_t ret, char *why, size_t len)
{
	(void)p;
	(void)ret;
	(void)why;
	(void)len;
	return 0;
}

/* Which thread (by cpu, or the only one unpinned) has the sleeping bracket. */
static int sleep_cpu = -2;

static void *fake_make(void *arg, struct ct_job *k)
{
	struct fake *f = ct_xcalloc(1, sizeof(*f));
	int cpu = ct_current_cpu();

	chain_calls = 0;
	sleeper = cpu == sleep_cpu ? 1 : 0;
	memset(k, 0, sizeof(*k));
	k->name = "fake";
	k->isa = "test";
	k->unit = "Gcall/s";
	k->work = 1;
	/* arg non-NULL: a kernel without a per-cycle figure, whose calls sleep. */
	f->sleeps = arg != NULL;
	if (!arg) {
		k->per_cycle_unit = "op/cycle";
		k->per_cycle_work = 1;
	}
	k->run = fake_run;
	k->verify = fake_verify;
	k->ctx = f;
	return f;
}

static double median_of(double *v, unsigned n)
{
	struct ct_stats st;

	ct_stats_compute(v, n, &st);
	return st.median;
}

static void brackets(void)
{
	struct ct_allcore_kernel ak = { fake_make, free, NULL };
	struct ct_allcore a;
	struct ct_harness h;
	struct ct_cpuset cpus;
	struct ct_summary sum;
	double want = 2.0 * BRACKET_ADDS / (double)(BRACKET_SHORT_NS + BRACKET_LONG_NS);
	double ghz[REPS], pre[REPS], clock[REPS];
	char why[640];
	size_t i;
	unsigned s;

	memset(&h, 0, sizeof(h));
	h.reps = REPS;
	h.bracket_adds = BRACKET_ADDS;
	/* One thread is enough, pinned where the machine lets it. */
	if (ct_place_can_pin() && ct_place_allowed(&cpus) == 0) {
		int c = ct_cpuset_next(&cpus, 0);

		ct_cpuset_zero(&cpus);
		ct_cpuset_set(&cpus, c);
		sleep_cpu = c;
		ct_allcore_plan(&a, NULL, &cpus, 0);
	} else {
		sleep_cpu = -1;
		ct_allcore_plan(&a, NULL, NULL, 1);
	}
	CHECK(a.n == 1);
	CHECK(ct_allcore_run(&a, &h, &ak, 1, why, sizeof(why)) == 0);
	for (i = 0; i < a.n; i++) {
		const struct ct_series *ser = &a.t[i].ser[0];

		CHECK(ser->n == REPS);
		/*
		 * Per sample only what a loaded machine cannot undo (a stalled
		 * vCPU can add to a thread's cpu time); the clock from the median.
		 */
		for (s = 0; s < ser->n && s < REPS; s++) {
			const struct ct_sample *x = &ser->s[s];

			/* Both brackets' own times, the leading one the short one. */
			CHECK(x->pre_cpu_ns >= BRACKET_SHORT_NS && x->post_cpu_ns >= BRACKET_LONG_NS);
			pre[s] = (double)x->pre_cpu_ns;
			ghz[s] = x->bracket_ghz_cpu;
			clock[s] = x->clock_ghz;
			/* Their wall times too (the CPU time's reads lie just outside). */
			CHECK(x->pre_wall_ns * 1.05 >= x->pre_cpu_ns &&
			      x->post_wall_ns * 1.05 >= x->post_cpu_ns);
			CHECK(x->bracket_ghz_wall <= want * 1.02);
		}
		/*
		 * The clock 3 adds/ns, the chunks that lost nothing; the
		 * brackets' adds over their CPU time 1.5.
		 */
		CHECK(median_of(clock, REPS) <= FAKE_CLOCK_GHZ * 1.02 &&
		      median_of(clock, REPS) >= FAKE_CLOCK_GHZ * 0.95);
		CHECK(fabs(median_of(ghz, REPS) / want - 1) < 0.1);
		CHECK(median_of(pre, REPS) < BRACKET_LONG_NS);
		/* The sleeping bracket was seen: disturbed, and left out per cycle. */
		CHECK(ser->s[0].post_wall_ns >= SLEEP_NS + BRACKET_LONG_NS);
		CHECK(ct_sample_disturbed(&ser->s[0]));
		ct_summarize(ser, CT_BASIS_CPU, &sum);
		CHECK(sum.descheduled >= 1);
		CHECK(sum.per_cycle_used == REPS - sum.descheduled);
		/*
		 * The share counts the brackets: the sleeping one's wall time
		 * lowers it below what its cpu time alone would give.
		 */
		{
			const struct ct_sample *x = &ser->s[0];
			double cpu = (double)(x->cpu_ns + x->pre_cpu_ns + x->post_cpu_ns);

			CHECK(ct_sample_share(x) <
			      cpu / (double)(x->wall_ns + x->pre_wall_ns + x->post_cpu_ns));
		}
	}
	/* The single thread's samples keep their brackets too. */
	for (s = 0; s < a.g[0].single[0].n; s++) {
		const struct ct_sample *x = &a.g[0].single[0].s[s];

		CHECK(x->pre_cpu_ns >= BRACKET_SHORT_NS && x->post_cpu_ns >= BRACKET_LONG_NS);
		CHECK(x->bracket_ghz_cpu > 0 && x->bracket_ghz_cpu <= want * 1.02);
		CHECK(x->clock_ghz > 0 && x->clock_ghz <= FAKE_CLOCK_GHZ * 1.02);
	}
	ct_allcore_free(&a);
}

/* A kernel without a per-cycle figure: no brackets run, none kept. */
static void unbracketed(void)
{
	static int flag;
	struct ct_allcore_kernel ak = { fake_make, free, &flag };
	struct ct_allcore a;
	struct ct_harness h;
	double share[REPS];
	char why[640];
	unsigned s;

	memset(&h, 0, sizeof(h));
	h.reps = REPS;
	h.bracket_adds = BRACKET_ADDS;
	sleep_cpu = -2;
	ct_allcore_plan(&a, NULL, NULL, 1);
	CHECK(ct_allcore_run(&a, &h, &ak, 1, why, sizeof(why)) == 0);
	for (s = 0; s < a.t[0].ser[0].n; s++) {
		const struct ct_sample *x = &a.t[0].ser[0].s[s];

		CHECK(x->pre_wall_ns == 0 && x->post_cpu_ns == 0 && x->bracket_ghz_cpu == 0 &&
		      x->clock_ghz == 0);
		CHECK(x->wall_ns >= x->calls * 1000000);
		if (s < REPS)
			share[s] = (double)x->cpu_ns / (double)x->wall_ns;
	}
	/* Their sleep is wall time, not cpu time: 0.2 of 1.2 ms a call. */
	CHECK(a.t[0].ser[0].n == REPS && median_of(share, REPS) < 0.5);
	ct_allcore_free(&a);
}

int main(void)
{
	brackets();
	unbracketed();
	return unit_done();
}
