/*
 * unit-topo.c - the core-kind rules on made-up machines: each rule alone,
 * their priority order, the tiering of values, and the text parsers of
 * recorded trees.  No machine is read: the facts are set by hand.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __linux__
#include <sched.h>
#endif

#include "core/cpuset.h"
#include "machine/topo.h"
#include "unit.h"
#include "unit-machine.h"

static char why[512];

static int classify(struct ct_topo *t)
{
	why[0] = '\0';
	return ct_topo_classify(t, why, sizeof(why));
}

static int is(const struct ct_topo *t, int cpu, enum ct_kind k, int rank)
{
	const struct ct_topo_cpu *c = ct_topo_cpu(t, cpu);

	return c && c->kind == k && c->rank == rank;
}

static int ev_is(const struct ct_topo *t, int cpu, const char *want)
{
	const struct ct_topo_cpu *c = ct_topo_cpu(t, cpu);
	char buf[128];

	return c && strcmp(ct_evidence_format(c->evidence, buf, sizeof(buf)), want) == 0;
}

static int rules_are(const struct ct_topo *t, const char *want)
{
	return strcmp(t->rules, want) == 0;
}

#define P CT_KIND_PERFORMANCE
#define E CT_KIND_EFFICIENCY
#define LP CT_KIND_LOWPOWER

static void set_midr(struct ct_topo_cpu *c, unsigned impl, unsigned part)
{
	c->has_midr = 1;
	c->implementer = impl;
	c->part = part;
}

static void test_names(void)
{
	enum ct_kind k;
	char buf[64];

	CHECK(strcmp(ct_kind_name(LP), "low-power") == 0);
	CHECK(ct_kind_parse("efficiency", &k) == 0 && k == E);
	CHECK(ct_kind_parse("Efficiency", &k) < 0);
	CHECK(ct_kind_parse("e", &k) < 0);
	CHECK(strcmp(ct_evidence_format(CT_EV_PMU | CT_EV_NOL3, buf, sizeof(buf)), "pmu+no-l3") == 0);
	CHECK(strcmp(ct_evidence_format(CT_EV_MIDR | CT_EV_CAPACITY, buf, sizeof(buf)),
		     "capacity+midr") == 0);
	CHECK(strcmp(ct_evidence_format(0, buf, sizeof(buf)), "-") == 0);
	CHECK(strcmp(ct_midr_name(0x41, 0xd05), "Cortex-A55") == 0);
	CHECK(strcmp(ct_midr_name(0x41, 0xd4e), "Cortex-X3") == 0);
	CHECK(strcmp(ct_midr_name(0x61, 0x022), "Icestorm") == 0);
	CHECK(strcmp(ct_midr_name(0x61, 0x039), "Avalanche") == 0);
	CHECK(ct_midr_name(0x51, 0x805) == NULL);
}

/* R5: tiers of cpu_capacity, adjacent values within 10 % merged. */
static void test_capacity_tiers(void)
{
	static const long caps[] = { 1024, 1000, 950, 500 };
	struct ct_topo t;
	int i;

	unit_machine(&t, 4, CT_TOPO_ARCH_ARM);
	for (i = 0; i < 4; i++)
		t.cpu[i].capacity = caps[i];
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 1, P, 0) && is(&t, 2, P, 0));
	CHECK(is(&t, 3, E, 1));
	CHECK(t.nranks == 2);
	CHECK(ev_is(&t, 3, "capacity"));
	CHECK(rules_are(&t, "R5"));

	/* The 10 % boundary: 922 is within 10 % of 1024, 921 is not. */
	t.cpu[1].capacity = t.cpu[2].capacity = 1024;
	t.cpu[3].capacity = 922;
	CHECK(classify(&t) == 0 && t.nranks == 1 && rules_are(&t, "R5+R8"));
	t.cpu[3].capacity = 921;
	CHECK(classify(&t) == 0 && t.nranks == 2 && is(&t, 3, E, 1));

	/* Adjacent values chain: 1024, 930, 850 are one tier. */
	t.cpu[1].capacity = 930;
	t.cpu[2].capacity = 850;
	t.cpu[3].capacity = 850;
	CHECK(classify(&t) == 0 && t.nranks == 1);

	/* Three tiers: the middle one is performance rank 1, never low-power. */
	t.cpu[0].capacity = 1024;
	t.cpu[1].capacity = 852;
	t.cpu[2].capacity = 852;
	t.cpu[3].capacity = 350;
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 1, P, 1) && is(&t, 2, P, 1) && is(&t, 3, E, 2));
	CHECK(t.nranks == 3);

	/* One cpu without the file: no tiers, so R5 says nothing. */
	t.cpu[2].capacity = -1;
	CHECK(classify(&t) == 0 && rules_are(&t, "R8") && t.nranks == 1);
	ct_topo_free(&t);
}

/* R4 with R5: MIDR labels tiers; equal capacities leave MIDR alone. */
static void test_midr(void)
{
	struct ct_topo t;
	int i;

	/* SM8550: A510 x3, A715 x2, A710 x2, X3. */
	unit_machine(&t, 8, CT_TOPO_ARCH_ARM);
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 3 ? 0xd46 : i < 5 ? 0xd4d : i < 7 ? 0xd47 : 0xd4e);
		t.cpu[i].capacity = i < 3 ? 350 : i < 7 ? 852 : 1024;
	}
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 7, P, 0) && is(&t, 3, P, 1) && is(&t, 6, P, 1) && is(&t, 0, E, 2));
	CHECK(ev_is(&t, 0, "capacity+midr") && ev_is(&t, 4, "capacity+midr"));
	CHECK(rules_are(&t, "R5+R4"));

	/*
	 * A device tree without capacity-dmips-mhz: 1024 everywhere.  C8:
	 * a flat capacity is missing evidence, so each MIDR part is a tier,
	 * the little part last; without cpufreq maxima the big parts share
	 * a rank.
	 */
	for (i = 0; i < 8; i++)
		t.cpu[i].capacity = 1024;
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 7, P, 0) && is(&t, 3, P, 0) && is(&t, 5, P, 0) && is(&t, 0, E, 1));
	CHECK(t.nranks == 2);
	CHECK(ev_is(&t, 0, "midr+flat-capacity") && rules_are(&t, "R4+C8"));
	/* cpufreq maxima order the big parts; equal maxima share a rank. */
	for (i = 0; i < 8; i++)
		t.cpu[i].max_khz = i < 3 ? 2016000 : i < 7 ? 2803200 : 3187200;
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 7, P, 0) && is(&t, 3, P, 1) && is(&t, 6, P, 1) && is(&t, 0, E, 2));
	CHECK(t.nranks == 3);
	/* One big part's maximum unknown: the big parts share a rank again. */
	t.cpu[7].max_khz = -1;
	CHECK(classify(&t) == 0 && is(&t, 7, P, 0) && is(&t, 3, P, 0) && is(&t, 0, E, 1));
	t.cpu[7].max_khz = 3187200;
	/* Capacities of one tier (within 10 %) are flat too. */
	for (i = 0; i < 8; i++)
		t.cpu[i].capacity = i < 4 ? 1000 : 1024;
	CHECK(classify(&t) == 0 && is(&t, 7, P, 0) && is(&t, 0, E, 2) && t.nranks == 3);
	/* But two capacity tiers decide (R5): A715 and A710 stay one tier. */
	for (i = 0; i < 8; i++)
		t.cpu[i].capacity = i < 3 ? 350 : i < 7 ? 852 : 1024;
	CHECK(classify(&t) == 0 && rules_are(&t, "R5+R4") && is(&t, 4, P, 1) && is(&t, 5, P, 1));

	/* No capacities at all: MIDR parts as tiers too (C8). */
	for (i = 0; i < 8; i++)
		t.cpu[i].capacity = -1;
	CHECK(classify(&t) == 0 && t.nranks == 3 && is(&t, 2, E, 2) && is(&t, 5, P, 1));
	CHECK(is(&t, 7, P, 0) && ev_is(&t, 2, "midr+flat-capacity"));

	/*
	 * C8's examples: 4 A53 at 1.5 GHz and 2 A72 at 1.4 GHz: the littles'
	 * higher clock does not lift them above the big part.
	 */
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 4 ? 0xd03 : 0xd08);
		t.cpu[i].capacity = 1024;
		t.cpu[i].max_khz = i < 4 ? 1500000 : 1400000;
	}
	ct_cpuset_clear(&t.online, 6);
	ct_cpuset_clear(&t.online, 7);
	CHECK(classify(&t) == 0 && is(&t, 4, P, 0) && is(&t, 5, P, 0) && is(&t, 0, E, 1));
	CHECK(t.nranks == 2);
	/* Two little parts, A53 faster than A55: both efficiency, in clock order. */
	for (i = 0; i < 2; i++)
		set_midr(&t.cpu[i], 0x41, 0xd05);
	t.cpu[0].max_khz = t.cpu[1].max_khz = 1200000;
	CHECK(classify(&t) == 0 && is(&t, 4, P, 0) && is(&t, 2, E, 1) && is(&t, 0, E, 2));
	ct_cpuset_set(&t.online, 6);
	ct_cpuset_set(&t.online, 7);
	/* 4 A510, 3 A710 at 2.5 GHz, 1 X2 at 3.0 GHz, no capacities. */
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 4 ? 0xd46 : i < 7 ? 0xd47 : 0xd48);
		t.cpu[i].capacity = -1;
		t.cpu[i].max_khz = i < 4 ? 1785600 : i < 7 ? 2496000 : 2995200;
	}
	CHECK(classify(&t) == 0 && is(&t, 7, P, 0) && is(&t, 4, P, 1) && is(&t, 0, E, 2));
	for (i = 0; i < 8; i++)
		t.cpu[i].max_khz = -1;

	/* Part 0x000 everywhere (a virtual machine): no information. */
	for (i = 0; i < 8; i++)
		set_midr(&t.cpu[i], 0x61, 0);
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 0, "uniform"));

	/* An unknown part is not taken for a little one. */
	for (i = 0; i < 8; i++)
		set_midr(&t.cpu[i], i < 4 ? 0x51 : 0x41, i < 4 ? 0x805 : 0xd0b);
	CHECK(classify(&t) == 0 && t.nranks == 1);
	ct_topo_free(&t);

	/* Apple M1 under Linux: capacities 459 / 1024, Icestorm is little. */
	unit_machine(&t, 8, CT_TOPO_ARCH_ARM);
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x61, i < 4 ? 0x022 : 0x023);
		t.cpu[i].capacity = i < 4 ? 459 : 1024;
	}
	CHECK(classify(&t) == 0 && is(&t, 0, E, 1) && is(&t, 4, P, 0));
	CHECK(ev_is(&t, 0, "capacity+midr"));

	/* Two A55 clusters at different clocks: both tiers are efficiency. */
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 6 ? 0xd05 : 0xd0b);
		t.cpu[i].capacity = i < 4 ? 350 : i < 6 ? 500 : 1024;
	}
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 6, P, 0) && is(&t, 4, E, 1) && is(&t, 0, E, 2) && t.nranks == 3);
	/* An unknown part in the lowest tier stays efficiency... */
	for (i = 0; i < 4; i++)
		set_midr(&t.cpu[i], 0x51, 0x805);
	CHECK(classify(&t) == 0 && is(&t, 4, E, 1) && is(&t, 0, E, 2));
	CHECK(ev_is(&t, 0, "capacity") && ev_is(&t, 4, "capacity+midr"));
	/* ... a big core clocked lower than its faster copies is performance (C5)... */
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 6 ? 0xd41 : 0xd44);
		t.cpu[i].capacity = i < 2 ? 600 : i < 6 ? 853 : 1024;
	}
	CHECK(classify(&t) == 0 && is(&t, 0, P, 2) && is(&t, 2, P, 1) && is(&t, 6, P, 0));
	CHECK(ev_is(&t, 0, "capacity+midr"));
	/* ... but a different big design under it is efficiency (C5: A725 under X925). */
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 4 ? 0xd87 : 0xd85);
		t.cpu[i].capacity = i < 4 ? 737 : 1024;
	}
	CHECK(classify(&t) == 0 && is(&t, 0, E, 1) && is(&t, 4, P, 0) && t.nranks == 2);
	CHECK(ev_is(&t, 0, "capacity") && ev_is(&t, 4, "capacity+midr"));
	/* One of the lowest cpus without a faster copy: the whole tier is efficiency. */
	for (i = 0; i < 8; i++) {
		set_midr(&t.cpu[i], 0x41, i < 6 ? 0xd41 : 0xd44);
		t.cpu[i].capacity = i < 2 ? 600 : i < 6 ? 853 : 1024;
	}
	set_midr(&t.cpu[1], 0x41, 0xd81);
	CHECK(classify(&t) == 0 && is(&t, 0, E, 2) && is(&t, 1, E, 2) && is(&t, 2, P, 1));
	ct_topo_free(&t);

	/*
	 * C7: identical cores in capacity tiers are one kind, performance,
	 * ranked by capacity; frequencies alone never split them (C3).
	 */
	unit_machine(&t, 12, CT_TOPO_ARCH_ARM);
	for (i = 0; i < 12; i++) {
		set_midr(&t.cpu[i], 0x51, 0x001);
		t.cpu[i].capacity = i < 4 ? 870 : 1024;
		t.cpu[i].max_khz = i < 4 ? 3417600 : 4012800;
	}
	CHECK(classify(&t) == 0 && t.nranks == 2 && is(&t, 0, P, 1) && is(&t, 11, P, 0));
	CHECK(ev_is(&t, 0, "midr+capacity") && ev_is(&t, 4, "midr+capacity"));
	CHECK(rules_are(&t, "R4+R5") && strstr(t.basis, "Oryon") && strstr(t.basis, "(C7)"));
	/* Capacities within 10 % are one tier: one kind, one rank. */
	for (i = 0; i < 4; i++)
		t.cpu[i].capacity = 922;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 0, "midr+uniform"));
	CHECK(rules_are(&t, "R4+R8"));
	/* The example: capacities 1024 and 640 of one part, ranks 0 and 1. */
	for (i = 0; i < 12; i++)
		t.cpu[i].capacity = i < 6 ? 1024 : 640;
	CHECK(classify(&t) == 0 && is(&t, 5, P, 0) && is(&t, 6, P, 1) && t.nranks == 2);
	/* Without capacities either: still one kind, frequency never splits them. */
	for (i = 0; i < 12; i++)
		t.cpu[i].capacity = -1;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 5, "midr+uniform"));
	/* No MIDR, one capacity tier: one kind too. */
	for (i = 0; i < 12; i++) {
		t.cpu[i].has_midr = 0;
		t.cpu[i].capacity = 1024;
	}
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 5, "capacity+uniform"));
	/* Neither: frequency tiers are all that is left (R6). */
	for (i = 0; i < 12; i++)
		t.cpu[i].capacity = -1;
	CHECK(classify(&t) == 0 && t.nranks == 2 && rules_are(&t, "R6"));
	/* C4: a little core alone is performance rank 0. */
	for (i = 0; i < 12; i++) {
		set_midr(&t.cpu[i], 0x41, 0xd03);
		t.cpu[i].capacity = 1024;
	}
	CHECK(classify(&t) == 0 && t.nranks == 1 && is(&t, 3, P, 0));
	ct_topo_free(&t);
}

/* x86: capacity 1024 everywhere is no information; R6 is the fallback. */
static void test_x86_capacity_frequency(void)
{
	struct ct_topo t;
	int i;

	unit_machine(&t, 8, CT_TOPO_ARCH_X86);
	t.vendor = CT_VENDOR_INTEL;
	for (i = 0; i < 8; i++) {
		t.cpu[i].capacity = 1024;
		/* Turbo Boost Max 3.0 spreads the maxima: base_frequency is used. */
		t.cpu[i].max_khz = i < 2 ? 5200000 : i < 4 ? 5100000 : 3900000;
		t.cpu[i].base_khz = i < 4 ? 3200000 : 2400000;
	}
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 3, P, 0) && is(&t, 4, E, 1));
	CHECK(ev_is(&t, 4, "frequency") && rules_are(&t, "R6"));

	/* Frequencies within 10 %: one kind. */
	for (i = 0; i < 8; i++)
		t.cpu[i].base_khz = i < 4 ? 3700000 : 3600000;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 7, "uniform"));

	/* Differing capacities (6.16+ hybrid without SMT) do count. */
	for (i = 0; i < 8; i++)
		t.cpu[i].capacity = i < 4 ? 1024 : 789;
	CHECK(classify(&t) == 0 && is(&t, 4, E, 1) && ev_is(&t, 4, "capacity"));

	/* CPUID saying "not hybrid" wins over frequencies and capacities. */
	for (i = 0; i < 8; i++) {
		t.cpu[i].has_leaf7 = 1;
		t.cpu[i].leaf7_edx = 0;
		t.cpu[i].base_khz = i < 4 ? 3200000 : 2400000;
	}
	CHECK(classify(&t) == 0 && t.nranks == 1 && rules_are(&t, "R3+R8"));
	ct_topo_free(&t);
}

/* R1 and R2: the PMU sets, and the missing-L3 split of the Atom cpus. */
static void test_pmu(void)
{
	struct ct_topo t;
	int i;

	unit_machine(&t, 10, CT_TOPO_ARCH_X86);
	t.pmu_files = 2;
	for (i = 0; i < 10; i++) {
		t.cpu[i].pmu = i < 4 ? CT_PMU_CORE : CT_PMU_ATOM;
		t.cpu[i].capacity = 1024;
	}
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 9, E, 1) && ev_is(&t, 9, "pmu") && rules_are(&t, "R1"));

	/* Meteor Lake: cpus 8-9 have no L3 while the others do. */
	for (i = 0; i < 10; i++) {
		t.cpu[i].cache_known = 1;
		t.cpu[i].has_l3 = i < 8;
		t.cpu[i].llc_id = i < 8 ? 0 : 1;
	}
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 7, E, 1) && is(&t, 8, LP, 2) && is(&t, 9, LP, 2));
	CHECK(ev_is(&t, 8, "pmu+no-l3") && ev_is(&t, 7, "pmu") && rules_are(&t, "R1+R2"));

	/* A performance cpu never becomes low-power, L3 or not. */
	t.cpu[0].has_l3 = 0;
	CHECK(classify(&t) == 0 && is(&t, 0, P, 0));
	t.cpu[0].has_l3 = 1;

	/* An L3 not shared with any performance cpu splits too. */
	t.cpu[8].has_l3 = t.cpu[9].has_l3 = 1;
	t.cpu[8].llc_id = t.cpu[9].llc_id = 2;
	CHECK(classify(&t) == 0 && is(&t, 8, LP, 2));
	t.cpu[8].llc_id = t.cpu[9].llc_id = 0;
	CHECK(classify(&t) == 0 && is(&t, 8, E, 1) && t.nranks == 2);

	/* Unknown caches: no split. */
	for (i = 0; i < 10; i++)
		t.cpu[i].cache_known = 0;
	CHECK(classify(&t) == 0 && is(&t, 8, E, 1));

	/* Arrow Lake-H: the kernel's own cpu_lowpower set. */
	t.pmu_files = 3;
	t.cpu[8].pmu = t.cpu[9].pmu = CT_PMU_LOWPOWER;
	CHECK(classify(&t) == 0 && is(&t, 8, LP, 2) && ev_is(&t, 8, "pmu"));

	/* Lunar Lake: no Atom cpu has an L3; low-power is then rank 1. */
	t.pmu_files = 2;
	for (i = 0; i < 10; i++) {
		t.cpu[i].pmu = i < 4 ? CT_PMU_CORE : CT_PMU_ATOM;
		t.cpu[i].cache_known = 1;
		t.cpu[i].has_l3 = i < 4;
		t.cpu[i].llc_id = i < 4 ? 0 : 1;
	}
	CHECK(classify(&t) == 0 && is(&t, 4, LP, 1) && t.nranks == 2);

	/* Sets that miss a usable cpu are not used. */
	t.cpu[5].pmu = CT_PMU_NONE;
	CHECK(classify(&t) == 0 && !rules_are(&t, "R1") && !rules_are(&t, "R1+R2"));

	/*
	 * C4: a cpu_atom set covering every online cpu (the P-cores offline)
	 * is one kind: performance rank 0, the PMU still named as evidence.
	 */
	for (i = 0; i < 10; i++) {
		t.cpu[i].pmu = CT_PMU_ATOM;
		t.cpu[i].cache_known = 0;
	}
	CHECK(classify(&t) == 0 && t.nranks == 1 && is(&t, 0, P, 0) && is(&t, 9, P, 0));
	CHECK(ev_is(&t, 9, "pmu") && strstr(t.basis, "(C4)") != NULL);
	/* ... but not when some online cpus are unclassified (a container). */
	for (i = 0; i < 4; i++)
		t.cpu[i].pmu = CT_PMU_NONE;
	ct_cpuset_zero(&t.allowed);
	for (i = 4; i < 10; i++)
		ct_cpuset_set(&t.allowed, i);
	CHECK(classify(&t) == 0 && is(&t, 4, E, 0) && ct_topo_cpu(&t, 0) == NULL);
	ct_topo_free(&t);
}

static const uint32_t intel_vendor[4] = { 0x20, 0x756e6547, 0x6c65746e, 0x49656e69 };

static void cpuid(struct ct_topo *t, int c, uint32_t leaf, uint32_t sub, uint32_t a,
		  uint32_t b, uint32_t d)
{
	uint32_t r[4] = { a, b, 0, d };

	ct_topo_cpuid_fact(&t->cpu[c], &t->vendor, leaf, sub, r);
}

/* R3 on Intel: leaf 7 hybrid bit, leaf 0x1A types, leaf 4 for R2. */
static void test_cpuid_intel(void)
{
	struct ct_topo t;
	int i;

	unit_machine(&t, 8, CT_TOPO_ARCH_X86);
	for (i = 0; i < 8; i++) {
		ct_topo_cpuid_fact(&t.cpu[i], &t.vendor, 0, 0, intel_vendor);
		cpuid(&t, i, 7, 0, 0, 0, 1u << 15);
		cpuid(&t, i, 0x1a, 0, i < 4 ? 0x40000002 : 0x20000002, 0, 0);
		cpuid(&t, i, 4, 0, 0x121, 0, 0);
		cpuid(&t, i, 4, 3, i < 6 ? 0x163 : 0, 0, 0);
		t.cpu[i].max_khz = 3000000;
	}
	CHECK(t.vendor == CT_VENDOR_INTEL);
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 4, E, 1) && is(&t, 6, LP, 2) && is(&t, 7, LP, 2));
	CHECK(ev_is(&t, 4, "cpuid-1a") && ev_is(&t, 6, "cpuid-1a+no-l3"));
	CHECK(rules_are(&t, "R3+R2"));

	/* A container on cpus 4-5: the P cpus were not readable, ranks stay. */
	ct_topo_free(&t);
	unit_machine(&t, 8, CT_TOPO_ARCH_X86);
	ct_cpuset_zero(&t.allowed);
	for (i = 4; i < 6; i++) {
		ct_cpuset_set(&t.allowed, i);
		ct_topo_cpuid_fact(&t.cpu[i], &t.vendor, 0, 0, intel_vendor);
		cpuid(&t, i, 7, 0, 0, 0, 1u << 15);
		cpuid(&t, i, 0x1a, 0, 0x20000001, 0, 0);
	}
	CHECK(classify(&t) == 0 && is(&t, 4, E, 1) && is(&t, 5, E, 1));
	CHECK(ct_topo_cpu(&t, 0) == NULL);

	/* A core type the rules do not know: R3 is inconclusive, not a guess. */
	cpuid(&t, 5, 0x1a, 0, 0x10000001, 0, 0);
	CHECK(classify(&t) == 0 && rules_are(&t, "R8"));

	/* Not hybrid (as KVM reports it here): one kind. */
	for (i = 4; i < 6; i++)
		cpuid(&t, i, 7, 0, 0, 0, 0);
	CHECK(classify(&t) == 0 && t.nranks == 1 && rules_are(&t, "R3+R8"));
	CHECK(ev_is(&t, 4, "uniform"));
	ct_topo_free(&t);
}

/* R3 on AMD: CPUID 0x80000026 EBX[31:28] core type when EAX[30] is set. */
static void test_cpuid_amd(void)
{
	static const uint32_t amd_vendor[4] = { 0x10, 0x68747541, 0x444d4163, 0x69746e65 };
	struct ct_topo t;
	int i;

	unit_machine(&t, 6, CT_TOPO_ARCH_X86);
	for (i = 0; i < 6; i++) {
		ct_topo_cpuid_fact(&t.cpu[i], &t.vendor, 0, 0, amd_vendor);
		cpuid(&t, i, 0x80000000u, 0, 0x80000028u, 0, 0);
		cpuid(&t, i, 0x80000026u, 0, 0x60000001,
		      i < 2 ? 0x00000002 : i < 4 ? 0x10000002 : 0x20000002, i);
		t.cpu[i].capacity = 1024;
	}
	CHECK(t.vendor == CT_VENDOR_AMD);
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, P, 0) && is(&t, 2, E, 1) && is(&t, 4, LP, 2));
	CHECK(ev_is(&t, 3, "cpuid-80000026") && rules_are(&t, "R3"));

	/* EAX[30] clear: not heterogeneous, one kind. */
	for (i = 0; i < 6; i++)
		cpuid(&t, i, 0x80000026u, 0, 0x00000001, 0x10000002, i);
	CHECK(classify(&t) == 0 && t.nranks == 1 && rules_are(&t, "R3+R8"));

	/* No leaf 0x80000026 at all (Zen 4 and older): one kind too. */
	ct_topo_free(&t);
	unit_machine(&t, 2, CT_TOPO_ARCH_X86);
	for (i = 0; i < 2; i++) {
		ct_topo_cpuid_fact(&t.cpu[i], &t.vendor, 0, 0, amd_vendor);
		cpuid(&t, i, 0x80000000u, 0, 0x80000021u, 0, 0);
		t.cpu[i].max_khz = i ? 3000000 : 5000000;
	}
	CHECK(classify(&t) == 0 && t.nranks == 1 && rules_are(&t, "R3+R8"));

	/*
	 * C2: no CPUID answer at all (a recorded tree without cpuid.txt):
	 * frequencies never make AMD kinds.  Family 0x19 is one kind...
	 */
	for (i = 0; i < 2; i++) {
		t.cpu[i].has_ext0 = 0;
		t.cpu[i].has_leaf0 = 0;
	}
	t.family = 0x19;
	CHECK(classify(&t) == 0 && t.nranks == 1 && rules_are(&t, "C2+R8"));
	/* The family in the words of every message: decimal, the hex beside it. */
	CHECK(strstr(t.basis, "AMD family 25 (0x19) has no heterogeneous parts") != NULL);
	CHECK(ev_is(&t, 0, "cpu-family+uniform"));
	/* ... and CPUID leaf 1, when there is one, says the family first. */
	cpuid(&t, 1, 1, 0, 0x00b40f40, 0, 0);
	CHECK(classify(&t) == 0 && ev_is(&t, 0, "unclassified") && rules_are(&t, "C2"));
	CHECK(strstr(t.basis, "AMD family 26 (0x1a) without") != NULL);
	t.cpu[1].has_leaf1 = 0;
	/* Family 0x1a or unknown: one kind, unclassified, never frequency tiers. */
	t.family = 0;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 1, "unclassified"));
	t.family = 0x1a;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 1, "unclassified"));
	ct_topo_free(&t);
}

/* R0: offline cpus are never classified, disallowed ones never usable. */
static void test_r0(void)
{
	struct ct_topo t;
	struct ct_cpuset u, all;
	char buf[64];
	int i;

	unit_machine(&t, 8, CT_TOPO_ARCH_ARM);
	for (i = 0; i < 8; i++)
		t.cpu[i].capacity = i < 4 ? 400 : 1024;
	ct_cpuset_clear(&t.online, 1);
	t.cpu[1].capacity = -1;		/* offline cpus lose the file */
	ct_cpuset_clear(&t.allowed, 6);
	ct_cpuset_clear(&t.allowed, 7);
	CHECK(classify(&t) == 0);
	CHECK(ct_topo_cpu(&t, 1) == NULL);
	CHECK(is(&t, 6, P, 0));		/* classified, but not usable */
	CHECK(!ct_cpuset_isset(&t.usable, 6) && !ct_cpuset_isset(&t.usable, 1));
	ct_topo_kind_cpus(&t, P, &u, &all);
	CHECK(strcmp(ct_cpuset_format(&u, buf, sizeof(buf)), "4-5") == 0);
	CHECK(strcmp(ct_cpuset_format(&all, buf, sizeof(buf)), "4-7") == 0);
	ct_topo_rank_cpus(&t, 1, &u);
	CHECK(strcmp(ct_cpuset_format(&u, buf, sizeof(buf)), "0,2-3") == 0);
	ct_topo_rank_cpus(&t, 0, &u);
	ct_topo_rank_online(&t, 0, &all);
	CHECK(strcmp(ct_cpuset_format(&u, buf, sizeof(buf)), "4-5") == 0);
	CHECK(strcmp(ct_cpuset_format(&all, buf, sizeof(buf)), "4-7") == 0);
	ct_topo_kind_cpus(&t, LP, &u, NULL);
	CHECK(ct_cpuset_empty(&u));

	/* Nothing usable is an error, not an empty listing. */
	ct_cpuset_zero(&t.allowed);
	ct_cpuset_set(&t.allowed, 1);
	CHECK(classify(&t) < 0 && strstr(why, "no usable cpu"));
	ct_topo_free(&t);
}

/* M1, M2: perflevels, and the IORegistry's cluster types per cpu id. */
static void test_mac(void)
{
	struct ct_topo t;
	int i;

	memset(&t, 0, sizeof(t));
	t.mac = 1;
	t.nperflevels = 2;
	snprintf(t.perflevel[0].name, sizeof(t.perflevel[0].name), "Performance");
	snprintf(t.perflevel[1].name, sizeof(t.perflevel[1].name), "Efficiency");
	t.perflevel[0].logicalcpu = 8;
	t.perflevel[1].logicalcpu = 4;
	t.mac_ncpu = 12;
	CHECK(ct_topo_mac_cpus(&t, why, sizeof(why)) == 0 && t.ncpu == 12);
	/* Without the IORegistry: the efficiency level has the lowest ids. */
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, E, 1) && is(&t, 3, E, 1) && is(&t, 4, P, 0) && is(&t, 11, P, 0));
	CHECK(ev_is(&t, 0, "perflevel+id-order"));
	/* With it, even in an order perflevels could not predict. */
	for (i = 0; i < 12; i++)
		t.cpu[i].cluster_type = i % 3 == 0 ? 'E' : 'P';
	t.have_ioreg = 1;
	CHECK(classify(&t) == 0);
	CHECK(is(&t, 0, E, 1) && is(&t, 3, E, 1) && is(&t, 1, P, 0) && is(&t, 4, P, 0));
	CHECK(ev_is(&t, 3, "perflevel+ioreg") && rules_are(&t, "M1+M2"));
	/*
	 * C6: counts that match no hw.perflevelN.logicalcpu fall back to the
	 * observed order, and the evidence says so.
	 */
	t.cpu[1].cluster_type = 'E';
	CHECK(classify(&t) == 0 && is(&t, 1, E, 1) && is(&t, 3, E, 1) && is(&t, 4, P, 0));
	CHECK(ev_is(&t, 1, "perflevel+id-order+ioreg-mismatch") && rules_are(&t, "M1+M2"));
	CHECK(strstr(t.basis, "cluster-type 'E'") != NULL);
	t.cpu[1].cluster_type = 'X';
	CHECK(classify(&t) == 0 && ev_is(&t, 1, "perflevel+id-order+ioreg-mismatch"));
	/* Levels that add up to too few cpus: one kind, unclassified. */
	t.perflevel[0].logicalcpu = 6;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 0, "unclassified"));
	CHECK(rules_are(&t, "M1") && strstr(t.basis, "add up to 10"));
	t.perflevel[0].logicalcpu = 8;
	/*
	 * Letters are not initials: an M5 Pro has a "Super" level of 5 cpus
	 * typed P and a "Performance" level of 10 typed M, both performance.
	 */
	snprintf(t.perflevel[0].name, sizeof(t.perflevel[0].name), "Super");
	snprintf(t.perflevel[1].name, sizeof(t.perflevel[1].name), "Performance");
	t.perflevel[0].logicalcpu = 4;
	t.perflevel[1].logicalcpu = 8;
	for (i = 0; i < 12; i++)
		t.cpu[i].cluster_type = i < 8 ? 'M' : 'P';
	CHECK(classify(&t) == 0 && is(&t, 0, P, 1) && is(&t, 7, P, 1) && is(&t, 8, P, 0));
	CHECK(ev_is(&t, 8, "perflevel+ioreg") && t.nranks == 2);
	/* Equal sizes: the group with the lowest id takes the slowest level. */
	t.perflevel[0].logicalcpu = 6;
	t.perflevel[1].logicalcpu = 6;
	for (i = 0; i < 12; i++)
		t.cpu[i].cluster_type = i % 2 ? 'A' : 'B';
	CHECK(classify(&t) == 0 && is(&t, 0, P, 1) && is(&t, 1, P, 0) && is(&t, 11, P, 0));
	snprintf(t.perflevel[1].name, sizeof(t.perflevel[1].name), "Efficiency");
	CHECK(classify(&t) == 0 && is(&t, 0, E, 1) && is(&t, 10, E, 1) && is(&t, 1, P, 0));
	/* One level (or none): one kind. */
	t.nperflevels = 1;
	CHECK(classify(&t) == 0 && t.nranks == 1 && ev_is(&t, 5, "uniform"));
	ct_topo_free(&t);
}

static FILE *text(const char *s)
{
	return fmemopen((void *)s, strlen(s), "r");
}

static void test_parsers(void)
{
	struct ct_topo t;
	FILE *f;
	char *longline;

	unit_machine(&t, 2, CT_TOPO_ARCH_UNKNOWN);
	f = text("# comment\n\ncpu=1 leaf=0x1a sub=0x0 eax=0x20000002 ebx=0x0 ecx=0 edx=0 # E\n"
		 "cpu=1 leaf=0x7 sub=0x0 eax=0x0 ebx=0x0 ecx=0x0 edx=0x00008000\n");
	CHECK(ct_topo_parse_cpuid(&t, f, "cpuid.txt", why, sizeof(why)) == 0);
	fclose(f);
	CHECK(t.cpu[1].has_leaf1a && t.cpu[1].id.core_type == CT_CPU_CORE_TYPE_ATOM &&
	      t.cpu[1].id.native_model == 2);
	CHECK(t.cpu[1].has_leaf7 && (t.cpu[1].leaf7_edx & 0x8000));
	CHECK(!t.cpu[0].has_leaf1a);

	f = text("cpu=0 leaf=0x7 sub=0x0 eax=0x0 ebx=0x0 ecx=0x0\n");
	CHECK(ct_topo_parse_cpuid(&t, f, "cpuid.txt", why, sizeof(why)) < 0);
	CHECK(strcmp(why, "cpuid.txt:1: needs cpu, leaf, sub, eax, ebx, ecx and edx") == 0);
	fclose(f);
	f = text("\ncpu=0 leaf=0x7 sub=0x0 eax=zz ebx=0x0 ecx=0x0 edx=0\n");
	CHECK(ct_topo_parse_cpuid(&t, f, "c", why, sizeof(why)) < 0 && strstr(why, "c:2:"));
	fclose(f);
	f = text("cpu=0 leaf=0x7 sub=0x0 eax=0x100000000 ebx=0 ecx=0 edx=0\n");
	CHECK(ct_topo_parse_cpuid(&t, f, "c", why, sizeof(why)) < 0);
	fclose(f);
	f = text("cpu=0 leaf=0x7 colour=0x0\n");
	CHECK(ct_topo_parse_cpuid(&t, f, "c", why, sizeof(why)) < 0 && strstr(why, "unknown key"));
	fclose(f);
	longline = malloc(100000);
	memset(longline, 'x', 99999);
	longline[99999] = '\0';
	f = text(longline);
	CHECK(ct_topo_parse_cpuid(&t, f, "c", why, sizeof(why)) < 0 && strstr(why, "too long"));
	fclose(f);
	free(longline);
	ct_topo_free(&t);

	memset(&t, 0, sizeof(t));
	f = text("hw.nperflevels: 2\nhw.perflevel0.name: Performance\n"
		 "hw.perflevel0.logicalcpu: 4\nhw.perflevel1.name: Efficiency\n"
		 "hw.perflevel1.logicalcpu: 4\nhw.logicalcpu: 8\nkern.empty:\n"
		 "machdep.cpu.brand_string: Apple M1\n");
	CHECK(ct_topo_parse_sysctl(&t, f, "sysctl.txt", why, sizeof(why)) == 0);
	fclose(f);
	CHECK(t.mac && t.nperflevels == 2 && t.mac_ncpu == 8);
	CHECK(strcmp(t.perflevel[1].name, "Efficiency") == 0 && t.perflevel[1].logicalcpu == 4);
	CHECK(strcmp(t.model, "Apple M1") == 0);
	CHECK(ct_topo_mac_cpus(&t, why, sizeof(why)) == 0);
	f = text("cpu0 logical-cpu-id=0 cluster-type=E compatible=apple,icestorm\n"
		 "cpu4 logical-cpu-id=4 cluster-type=P compatible=apple,firestorm\n");
	CHECK(ct_topo_parse_ioreg(&t, f, "ioreg-cpus.txt", why, sizeof(why)) == 0);
	fclose(f);
	CHECK(t.have_ioreg && t.cpu[0].cluster_type == 'E' && t.cpu[4].cluster_type == 'P');
	f = text("cpu0 logical-cpu-id=0 cluster-type=E\n");
	CHECK(ct_topo_parse_ioreg(&t, f, "i", why, sizeof(why)) < 0 && strstr(why, "twice"));
	fclose(f);
	f = text("cpu9 logical-cpu-id=9 cluster-type=E\n");
	CHECK(ct_topo_parse_ioreg(&t, f, "i", why, sizeof(why)) < 0 && strstr(why, "beyond"));
	fclose(f);
	f = text("cpu1 logical-cpu-id=1 cluster-type=efficiency\n");
	CHECK(ct_topo_parse_ioreg(&t, f, "i", why, sizeof(why)) < 0);
	fclose(f);
	ct_topo_free(&t);

	memset(&t, 0, sizeof(t));
	f = text("hw.nperflevels: two\n");
	CHECK(ct_topo_parse_sysctl(&t, f, "s", why, sizeof(why)) < 0 &&
	      strcmp(why, "s:1: value is not a number") == 0);
	fclose(f);
	f = text("hw.ncpu = 8\n");
	CHECK(ct_topo_parse_sysctl(&t, f, "s", why, sizeof(why)) < 0 && strstr(why, "key: value"));
	fclose(f);
	memset(&t, 0, sizeof(t));
	CHECK(ct_topo_mac_cpus(&t, why, sizeof(why)) < 0);
	ct_topo_free(&t);
}

/*
 * The live reader pins this thread to each allowed cpu to read CPUID: the
 * thread's affinity must be what it was afterwards, or everything the
 * tool measures next would run on the last cpu read.
 */
static void test_live_affinity(void)
{
#ifdef __linux__
	cpu_set_t before, after;
	struct ct_topo t;

	CHECK(sched_getaffinity(0, sizeof(before), &before) == 0);
	CHECK(ct_topo_load(&t, NULL, why, sizeof(why)) == 0);
	CHECK(sched_getaffinity(0, sizeof(after), &after) == 0);
	CHECK(CPU_EQUAL(&before, &after));
	CHECK(t.nranks >= 1 && !ct_cpuset_empty(&t.usable));
	ct_topo_free(&t);
#endif
}

/* A family is written one way everywhere: decimal, as lscpu prints it, hex beside. */
static void test_family_format(void)
{
	char buf[32];

	CHECK(strcmp(ct_topo_family_format(25, buf, sizeof(buf)), "25 (0x19)") == 0);
	CHECK(strcmp(ct_topo_family_format(26, buf, sizeof(buf)), "26 (0x1a)") == 0);
	CHECK(strcmp(ct_topo_family_format(16, buf, sizeof(buf)), "16 (0x10)") == 0);
	CHECK(strcmp(ct_topo_family_format(6, buf, sizeof(buf)), "6") == 0);
	CHECK(strcmp(ct_topo_family_format(0, buf, sizeof(buf)), "0") == 0);
}

int main(void)
{
	test_names();
	test_family_format();
	test_capacity_tiers();
	test_midr();
	test_x86_capacity_frequency();
	test_pmu();
	test_cpuid_intel();
	test_cpuid_amd();
	test_r0();
	test_mac();
	test_parsers();
	test_live_affinity();
	return unit_done();
}
