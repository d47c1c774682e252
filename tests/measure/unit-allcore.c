/*
 * unit-allcore.c - the all-core runner with a kernel that counts its own
 * calls: every call the runner makes is verified and counted in exactly
 * one place (warm-up, the duration's measurement, a sample), every sample
 * lasts at least the fixed duration and ran on its thread's cpu, a failed
 * call anywhere fails the run and is named; and the grouping by kind on
 * recorded machines (names, references) matches ct-place's pin rows.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/allcore.h"
#include "core/common.h"
#include "kernels/kernels.h"
#include "platform/os.h"
#include "ct-place/plan.h"
#include "unit.h"

/* About 7 us a call at 3 GHz: samples of 8 calls stay short. */
#define FAKE_ADDS 20000u

struct fake {
	uint64_t runs;			/* calls made on this instance */
	int cpu;			/* where make() ran, -1 unknown */
	uint64_t fail_at;		/* this call fails verification; 0: none */
};

/* Which cpu's instance fails, and at which call (0: none). */
static int fail_cpu = -1;
static uint64_t fail_call;

static uint64_t fake_run(void *p)
{
	struct fake *f = p;

	CT_SINK(ct_addchain(FAKE_ADDS / CT_ADDCHAIN_UNROLL));
	return ++f->runs;
}

static int fake_verify(void *p, uint64_t ret, char *why, size_t len)
{
	struct fake *f = p;

	if (ret != f->runs) {
		snprintf(why, len, "call %llu returned %llu", (unsigned long long)f->runs,
			 (unsigned long long)ret);
		return -1;
	}
	if (f->fail_at && ret == f->fail_at) {
		snprintf(why, len, "planted failure");
		return -1;
	}
	return 0;
}

static void *fake_make(void *arg, struct ct_job *k)
{
	struct fake *f = ct_xcalloc(1, sizeof(*f));

	(void)arg;
	f->cpu = ct_current_cpu();
	if (fail_call && f->cpu == fail_cpu)
		f->fail_at = fail_call;
	memset(k, 0, sizeof(*k));
	k->name = "fake";
	k->isa = "test";
	k->unit = "Gcall/s";
	k->work = 1;
	k->run = fake_run;
	k->verify = fake_verify;
	k->ctx = f;
	return f;
}

static void plan_here(struct ct_allcore *a)
{
	struct ct_cpuset cpus;

	if (ct_place_can_pin() && ct_place_allowed(&cpus) == 0)
		ct_allcore_plan(a, NULL, &cpus, 0);
	else
		ct_allcore_plan(a, NULL, NULL, 2);
}

static void harness(struct ct_harness *h)
{
	memset(h, 0, sizeof(*h));
	h->reps = 3;
	h->settle_ns = 0;
	h->bracket_adds = 0;
}

static void run_counts(void)
{
	struct ct_allcore_kernel ak = { fake_make, free, NULL };
	struct ct_allcore_results res;
	struct ct_allcore a;
	struct ct_harness h;
	char why[640];
	size_t i, g;
	unsigned s;

	harness(&h);
	plan_here(&a);
	CHECK(a.n >= 1 && a.ngroups == 1);
	CHECK(ct_allcore_run(&a, &h, &ak, 1, why, sizeof(why)) == 0);
	CHECK(a.sample_ns[0] > 0);
	for (i = 0; i < a.n; i++) {
		const struct ct_allcore_thread *t = &a.t[i];
		const struct fake *f = t->state[0];
		uint64_t counted = 1;	/* the warm-up */

		CHECK(t->ser[0].n == h.reps && t->ser[0].verified);
		if (i == a.g[0].ref)
			counted += CT_ALLCORE_CHUNKS;	/* the duration's measurement */
		for (s = 0; s < t->ser[0].n; s++) {
			const struct ct_sample *x = &t->ser[0].s[s];

			CHECK(x->calls >= 1);
			CHECK(x->rep == s);
			/* The loop stops once the duration has passed, not before. */
			CHECK(x->wall_ns >= a.sample_ns[0]);
			CHECK(x->cpu_ns > 0 && x->cpu_ns <= x->wall_ns);
			if (a.pinned)
				CHECK(x->cpu_start == t->cpu && x->cpu_end == t->cpu);
			counted += x->calls;
		}
		if (i == a.g[0].ref)
			for (s = 0; s < a.g[0].single[0].n; s++)
				counted += a.g[0].single[0].s[s].calls;
		/* Every call made was one the runner counted, none twice. */
		CHECK(f->runs == counted);
		if (a.pinned)
			CHECK(f->cpu == t->cpu);
	}
	ct_allcore_results(&a, &res);
	for (g = 0; g < a.ngroups; g++) {
		CHECK(a.g[g].single[0].n == h.reps && a.g[g].single[0].verified);
		CHECK(a.g[g].all[0].n == h.reps * a.g[g].nthreads && a.g[g].all[0].verified);
		CHECK(res.all[g * a.nk].ratio[CT_BASIS_WALL] > 0);
	}
	ct_allcore_results_free(&res);
	ct_allcore_free(&a);
}

/* A call that fails verification fails the run, and the message says where. */
static void run_failure(uint64_t call, const char *want)
{
	struct ct_allcore_kernel ak = { fake_make, free, NULL };
	struct ct_allcore a;
	struct ct_harness h;
	char why[640], prefix[64];

	harness(&h);
	plan_here(&a);
	if (!a.pinned) {
		ct_allcore_free(&a);
		return;
	}
	fail_cpu = a.t[a.n - 1].cpu;
	fail_call = call;
	why[0] = '\0';
	CHECK(ct_allcore_run(&a, &h, &ak, 1, why, sizeof(why)) < 0);
	snprintf(prefix, sizeof(prefix), "cpu %d: ", fail_cpu);
	CHECK(strncmp(why, prefix, strlen(prefix)) == 0);
	CHECK(strstr(why, want) != NULL);
	CHECK(strstr(why, "planted failure") != NULL);
	if (!strstr(why, want) || !strstr(why, "planted failure"))
		fprintf(stderr, "  message: %s\n", why);
	fail_call = 0;
	fail_cpu = -1;
	ct_allcore_free(&a);
}

/* Groups on a recorded machine: one per rank, named as ct-place's pins. */
static void plan_recorded(void)
{
	const char *top = getenv("top_srcdir");
	struct ct_topo t;
	struct ct_allcore a;
	struct ct_cpuset cpus;
	char root[1024], why[512];

	snprintf(root, sizeof(root), "%s/data/machines/arm-sm8550", top ? top : "..");
	CHECK(ct_topo_load(&t, root, why, sizeof(why)) == 0);
	ct_allcore_plan(&a, &t, &t.usable, 0);
	CHECK(a.n == 8 && a.ngroups == 3);
	if (a.ngroups == 3) {
		CHECK(strcmp(a.g[0].name, "performance") == 0);
		CHECK(strcmp(a.g[1].name, "performance-rank1") == 0);
		CHECK(strcmp(a.g[2].name, "efficiency") == 0);
		CHECK(strcmp(a.g[0].single_name, "single-cpu7") == 0);
		CHECK(strcmp(a.g[1].single_name, "single-cpu6") == 0);
		CHECK(strcmp(a.g[2].single_name, "single-cpu2") == 0);
		CHECK(strcmp(a.g[1].union_name, "allcore-performance-rank1") == 0);
		CHECK(a.g[1].nthreads == 4 && a.g[2].nthreads == 3);
		CHECK(strcmp(a.g[2].kind, "efficiency") == 0);
	}
	CHECK(strcmp(a.t[0].name, "allcore-cpu7") == 0);
	ct_allcore_free(&a);

	/* The first two cpus of the machine's order: one of each rank here. */
	ct_cpuset_zero(&cpus);
	ct_cpuset_set(&cpus, 2);
	ct_cpuset_set(&cpus, 3);
	ct_allcore_plan(&a, &t, &cpus, 0);
	CHECK(a.n == 2 && a.ngroups == 2);
	if (a.ngroups == 2) {
		CHECK(strcmp(a.g[0].name, "performance-rank1") == 0 && a.t[a.g[0].ref].cpu == 3);
		CHECK(strcmp(a.g[1].name, "efficiency") == 0 && a.t[a.g[1].ref].cpu == 2);
	}
	ct_allcore_free(&a);
	ct_topo_free(&t);

	snprintf(root, sizeof(root), "%s/data/machines/intel-adl-12900k", top ? top : "..");
	CHECK(ct_topo_load(&t, root, why, sizeof(why)) == 0);
	ct_allcore_plan(&a, &t, &t.usable, 0);
	CHECK(a.n == 24 && a.ngroups == 2);
	if (a.ngroups == 2) {
		CHECK(strcmp(a.g[0].union_name, "allcore-performance") == 0);
		CHECK(strcmp(a.g[0].single_name, "single-cpu15") == 0);
		CHECK(strcmp(a.g[1].single_name, "single-cpu23") == 0);
		CHECK(a.g[0].nthreads == 16 && a.g[1].nthreads == 8);
	}
	ct_allcore_free(&a);
	ct_topo_free(&t);

	/* Pinned without a topology: one group "all" of unknown kind. */
	ct_cpuset_zero(&cpus);
	ct_cpuset_set(&cpus, 1);
	ct_cpuset_set(&cpus, 3);
	ct_allcore_plan(&a, NULL, &cpus, 0);
	CHECK(a.pinned && a.n == 2 && a.ngroups == 1 && a.g[0].nthreads == 2);
	CHECK(strcmp(a.g[0].kind, "unknown") == 0 && strcmp(a.g[0].name, "all") == 0);
	CHECK(strcmp(a.t[0].name, "allcore-cpu1") == 0 && a.t[1].cpu == 3);
	CHECK(strcmp(a.g[0].single_name, "single-cpu3") == 0 && a.g[0].ref == 1);
	CHECK(ct_cpuset_equal(&a.g[0].cpus, &cpus) && ct_cpuset_equal(&a.cpus, &cpus));
	ct_allcore_free(&a);

	/* Unpinned (macOS): one group, threads by number, the last the reference. */
	ct_allcore_plan(&a, NULL, NULL, 3);
	CHECK(!a.pinned && a.n == 3 && a.ngroups == 1);
	CHECK(strcmp(a.g[0].kind, "unknown") == 0 && a.g[0].nthreads == 3);
	CHECK(strcmp(a.t[2].name, "allcore-thread2") == 0 && a.t[2].cpu == -1);
	CHECK(strcmp(a.g[0].single_name, "single-thread2") == 0);
	CHECK(strcmp(a.g[0].union_name, "allcore-all") == 0);
	ct_allcore_free(&a);
}

/*
 * The ratio on given series: the all-core median over the single thread's
 * (0.5 here, each thread getting half), per basis, 0 without a reference.
 */
static void ratio_known(void)
{
	struct ct_job k;
	struct ct_sample one[3], all[4];
	struct ct_series single = { 0 }, every = { 0 };
	struct ct_allcore_results res;
	struct ct_allcore_group g;
	struct ct_allcore a;
	unsigned i;

	memset(&k, 0, sizeof(k));
	k.name = "fake";
	k.isa = "test";
	k.work = 1000;
	memset(one, 0, sizeof(one));
	memset(all, 0, sizeof(all));
	for (i = 0; i < 3; i++) {
		one[i].calls = 10;
		one[i].wall_ns = 1000 + i;	/* median 1001 ns for 10 calls */
		one[i].cpu_ns = 500;
	}
	for (i = 0; i < 4; i++) {
		all[i].calls = 5;
		all[i].wall_ns = i < 2 ? 1001 : 2002;	/* the median halfway: 1/1.5 */
		all[i].cpu_ns = 500;
	}
	single.k = every.k = &k;
	single.s = one;
	single.n = 3;
	every.s = all;
	every.n = 4;
	memset(&g, 0, sizeof(g));
	g.single = &single;
	g.all = &every;
	memset(&a, 0, sizeof(a));
	a.g = &g;
	a.ngroups = 1;
	a.nk = 1;
	ct_allcore_results(&a, &res);
	/* All-core: 5 calls in 1001 or 2002 ns, median (5/1001 + 5/2002) / 2. */
	CHECK(fabs(res.all[0].ratio[CT_BASIS_WALL] - 0.375) < 1e-9);
	/* On cpu time every sample took 500 ns: half the calls, half the rate. */
	CHECK(fabs(res.all[0].ratio[CT_BASIS_CPU] - 0.5) < 1e-9);
	ct_allcore_results_free(&res);
	single.n = 0;
	ct_allcore_results(&a, &res);
	CHECK(res.all[0].ratio[CT_BASIS_WALL] == 0);
	ct_allcore_results_free(&res);
}

int main(void)
{
	ratio_known();
	run_counts();
	run_failure(1, "warm-up of fake (test)");
	/* The duration's measurement: the reference's calls 2 to 1 + CHUNKS. */
	run_failure(2, "timing a sample of fake (test): planted failure");
	run_failure(1 + CT_ALLCORE_CHUNKS, "timing a sample of fake (test): planted failure");
	/* The first call after it: the first single-thread sample's first call. */
	run_failure(2 + CT_ALLCORE_CHUNKS,
		    "single-thread sample 1 of fake (test): call 1: planted failure");
	/* Past the warm-up and the measurement: in some sample. */
	run_failure(2 + CT_ALLCORE_CHUNKS + 5, " sample ");
	plan_recorded();
	return unit_done();
}
