/*
 * unit-measure-fake.c - kinds checked by measurement on made-up machines,
 * with a stand-in probe: this test defines ct_probe_cpus(), so the link
 * takes it instead of src/ct-place/probe.c, and each cpu "measures" the
 * figures the test gave it.  Two clusters of different clock, or of
 * different FMA width, agree with kinds that match them and disagree
 * with swapped ones; a cpu off the rest of its kind, the 10 % step and
 * the probe's own spread decide as machine/check.h says.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "machine/check.h"
#include "machine/topo.h"
#include "ct-place/measure.h"
#include "ct-place/probe.h"
#include "unit.h"
#include "unit-machine.h"

#define NCPU 8

static struct {
	double ghz, fma, spread;
	int fail;
	int slow_probes;	/* this many probes read FMA 23 % low, then the figure */
	int probes;		/* probes made */
} given[NCPU];

static int probe_cpu(int cpu, struct ct_measured *m)
{
	memset(m, 0, sizeof(*m));
	m->cpu = cpu;
	given[cpu].probes++;
	if (given[cpu].fail) {
		snprintf(m->why, sizeof(m->why), "stand-in failure on cpu %d", cpu);
		return -1;
	}
	m->ok = 1;
	m->ghz = given[cpu].ghz;
	m->fma_cycle = given[cpu].fma;
	if (given[cpu].slow_probes > 0) {
		given[cpu].slow_probes--;
		m->fma_cycle *= 0.77;
	}
	m->spread = given[cpu].spread;
	snprintf(m->isa, sizeof(m->isa), "fake");
	return 0;
}

void ct_probe_cpus(const int *cpus, size_t n, struct ct_measured *out)
{
	size_t i;

	for (i = 0; i < n; i++)
		probe_cpu(cpus[i], &out[i]);
}

static struct ct_measured m[NCPU];
static struct ct_kinds_verdict v[NCPU];
static size_t nv;
static double tol;

/* Probe every usable cpu through the stand-in and judge the kinds of t. */
static void check(struct ct_topo *t)
{
	char why[256];
	size_t n;

	CHECK(ct_topo_classify(t, why, sizeof(why)) == 0);
	n = ct_place_probe_all(t, m);
	CHECK(n == (size_t)ct_cpuset_count(&t->usable));
	tol = ct_check_tolerance(m, n);
	nv = ct_kinds_check(t, m, n, tol, v);
}

/* Two clusters: cpus 0-3 of capacity hi, 4-7 of capacity lo (R5 kinds). */
static void clusters(struct ct_topo *t, long hi, long lo)
{
	int i;

	for (i = 0; i < NCPU; i++)
		t->cpu[i].capacity = i < 4 ? hi : lo;
}

static void figures(double ghz0, double fma0, double ghz1, double fma1, double spread)
{
	int i;

	for (i = 0; i < NCPU; i++) {
		given[i].ghz = i < 4 ? ghz0 : ghz1;
		given[i].fma = i < 4 ? fma0 : fma1;
		given[i].spread = spread;
		given[i].fail = 0;
		given[i].slow_probes = 0;
		given[i].probes = 0;
	}
}

static int all_agree(void)
{
	size_t i;

	for (i = 0; i < nv; i++)
		if (!v[i].agrees || v[i].reason[0])
			return 0;
	return nv > 0;
}

static void test_clock_clusters(void)
{
	struct ct_topo t;

	unit_machine(&t, NCPU, CT_TOPO_ARCH_ARM);
	/* 3.5 GHz and 2.0 GHz, both 2 FMA/cycle: cpus 0-3 performance, 4-7 efficiency. */
	figures(3.5, 2.0, 2.0, 2.0, 0.01);
	clusters(&t, 1024, 500);
	check(&t);
	CHECK(nv == 2 && all_agree());
	CHECK(v[0].rank == 0 && v[0].kind == CT_KIND_PERFORMANCE && v[0].ghz == 3.5);
	CHECK(v[1].rank == 1 && v[1].kind == CT_KIND_EFFICIENCY && v[1].ghz == 2.0);
	/* Swapped: the efficiency cpus measure faster. */
	clusters(&t, 500, 1024);
	check(&t);
	CHECK(nv == 2 && !v[0].agrees && !v[1].agrees);
	CHECK(strstr(v[0].reason, "cpus 4 and 0 are detected as performance and efficiency "
			"but cpu 0 measures faster: clock 2.00 and 3.50 GHz") != NULL);
	ct_topo_free(&t);
}

static void test_fma_clusters(void)
{
	struct ct_topo t;

	unit_machine(&t, NCPU, CT_TOPO_ARCH_ARM);
	/* One clock, FMA 2 and 1 per cycle (a narrower vector unit). */
	figures(3.0, 2.0, 3.0, 1.0, 0.01);
	clusters(&t, 1024, 500);
	check(&t);
	CHECK(nv == 2 && all_agree());
	clusters(&t, 500, 1024);
	check(&t);
	CHECK(nv == 2 && !v[0].agrees && !v[1].agrees);
	CHECK(strstr(v[1].reason, "2.00 FMA/cycle") != NULL);
	/* A higher clock with narrower FMA is neither faster nor slower: apart, agrees. */
	figures(2.0, 2.0, 3.0, 1.0, 0.01);
	clusters(&t, 1024, 500);
	check(&t);
	CHECK(nv == 2 && all_agree());
	ct_topo_free(&t);
}

static void test_alike(void)
{
	struct ct_topo t;

	/* Two kinds that measure alike: both disagree, naming a cpu of each. */
	unit_machine(&t, NCPU, CT_TOPO_ARCH_ARM);
	figures(3.67, 2.0, 3.67, 2.0, 0.01);
	clusters(&t, 1024, 500);
	check(&t);
	CHECK(nv == 2 && !v[0].agrees && !v[1].agrees);
	CHECK(strcmp(v[0].reason, "cpus 0 and 4 are detected as performance and efficiency but "
		     "measure alike: clock 3.67 and 3.67 GHz, 2.00 and 2.00 FMA/cycle") == 0);
	CHECK(strcmp(v[0].reason, v[1].reason) == 0);
	/* One kind (no capacities): alike is what it should be. */
	clusters(&t, -1, -1);
	check(&t);
	CHECK(nv == 1 && all_agree() && t.nranks == 1);
	/* A cpu 30 % below the rest of its kind. */
	given[5].ghz = 3.67 * 0.7;
	check(&t);
	CHECK(nv == 1 && !v[0].agrees);
	CHECK(strcmp(v[0].reason, "cpu 5 measures 30 % below the rest of its kind: clock 2.57 "
		     "against 3.67 GHz") == 0);
	/* A failed probe is left out of the verdict. */
	given[5].fail = 1;
	check(&t);
	CHECK(nv == 1 && all_agree() && !m[5].ok && strstr(m[5].why, "cpu 5"));
	CHECK(!ct_cpuset_isset(&v[0].cpus, 5) && ct_cpuset_count(&v[0].cpus) == 7);
	ct_topo_free(&t);
}

/*
 * A disagreement measured again: one slow probe of cpu 0 (a stretch the
 * hypervisor took) is not told, two are; an agreement takes one round.
 */
static void test_again(void)
{
	struct ct_topo t;
	char why[256];
	size_t n;
	int i, once = 1;

	unit_machine(&t, NCPU, CT_TOPO_ARCH_ARM);
	clusters(&t, -1, -1);
	CHECK(ct_topo_classify(&t, why, sizeof(why)) == 0);
	figures(3.14, 1.59, 3.14, 1.59, 0.01);
	nv = ct_place_measure_check(&t, m, &n, &tol, v);
	CHECK(n == NCPU && nv == 1 && all_agree());
	for (i = 0; i < NCPU; i++)
		once &= given[i].probes == 1;
	CHECK(once);
	figures(3.14, 1.59, 3.14, 1.59, 0.01);
	given[0].slow_probes = 1;
	nv = ct_place_measure_check(&t, m, &n, &tol, v);
	CHECK(nv == 1 && all_agree() && given[0].probes == 2 && given[7].probes == 2);
	CHECK(m[0].fma_cycle == 1.59);
	figures(3.14, 1.59, 3.14, 1.59, 0.01);
	given[0].slow_probes = CT_CHECK_ROUNDS;
	nv = ct_place_measure_check(&t, m, &n, &tol, v);
	CHECK(nv == 1 && !v[0].agrees && given[0].probes == CT_CHECK_ROUNDS);
	CHECK(strstr(v[0].reason, "cpu 0 measures 23 % below the rest of its kind") != NULL);
	ct_topo_free(&t);
}

/* C1's 10 % step, widened by the probe's own spread. */
static void test_threshold(void)
{
	struct ct_topo t;

	unit_machine(&t, NCPU, CT_TOPO_ARCH_ARM);
	clusters(&t, 1024, 500);
	/* 8 % apart is alike at the 10 % step: the two kinds disagree. */
	figures(3.0, 2.0, 2.76, 2.0, 0.01);
	check(&t);
	CHECK(tol == CT_CHECK_STEP && !v[0].agrees);
	/* 12 % apart is apart. */
	figures(3.0, 2.0, 2.64, 2.0, 0.01);
	check(&t);
	CHECK(all_agree());
	/* ... but not on a probe whose samples spread 7 %: 14 % is the tolerance. */
	figures(3.0, 2.0, 2.64, 2.0, 0.01);
	given[6].spread = 0.07;
	check(&t);
	CHECK(tol > 0.139 && tol < 0.141 && !v[0].agrees);
	/* Within the kind, the same tolerance: a cpu 12 % off is alike there. */
	figures(3.0, 2.0, 2.0, 2.0, 0.07);
	given[1].ghz = 3.0 * 0.88;
	check(&t);
	CHECK(all_agree());
	given[1].ghz = 3.0 * 0.85;
	check(&t);
	CHECK(!v[0].agrees && strstr(v[0].reason, "cpu 1 measures 15 % below") && v[1].agrees);
	ct_topo_free(&t);
}

int main(void)
{
	test_clock_clusters();
	test_fma_clusters();
	test_alike();
	test_threshold();
	test_again();
	return unit_done();
}
