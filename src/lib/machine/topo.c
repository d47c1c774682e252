/*
 * machine/topo.c - the core-kind rules engine: pure functions over the facts a
 * reader gathered (struct ct_topo), so every rule can be tested on
 * made-up machines (their results in words are in machine/describe.c).  The
 * rules and their sources are in ct-place(1); in short, in priority order:
 *
 *   R0  classify every online cpu; report only online and allowed ones
 *   M1  macOS: hw.perflevelN, M2: IORegistry cluster-type per cpu id
 *   R1  Intel hybrid PMU cpu sets (cpu_core, cpu_atom, cpu_lowpower)
 *   R2  an Atom cpu without an L3, when others have one, is low-power
 *   R3  CPUID on each cpu: Intel leaf 0x1A, AMD leaf 0x80000026
 *   R4  Arm MIDR: known little parts (machine/arm-parts.c) are efficiency cores
 *   R5  cpu_capacity tiers (Arm; x86 only when the values differ)
 *   R6  frequency tiers, only when nothing above said anything
 *   R8  otherwise one kind: performance, rank 0
 *
 * R7 (cache and SMT shape) is not used: it breaks when SMT is switched
 * off and on parts without SMT, so it would invent kinds.
 *
 * The clarifications C1-C6 of the design notes refine these:
 *   C1  a new tier only where a value is more than 10 % below the adjacent
 *       larger one (a spread of small steps is one tier)
 *   C2  AMD: only CPUID 0x80000026 makes kinds; without it, a family
 *       before 0x1a is uniform and a later one unclassified
 *   C3  Arm: one MIDR part everywhere, or one cpu_capacity tier, is one kind
 *   C4  a machine of one kind is performance rank 0, whatever that kind is
 *   C5  the lowest of several tiers is efficiency unless it is the same
 *       MIDR part as a faster performance tier
 *   C6  macOS: cluster-type groups map to perflevels by their sizes
 *   C7  one MIDR part in capacity tiers: one kind, performance, a rank a tier
 *   C8  different MIDR parts with a flat or absent capacity: each part a
 *       tier, little parts efficiency and last, cpufreq orders the rest
 * A machine no rule can classify is listed as one kind, "unclassified".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "machine/topo.h"

/* --- Construction. --- */

static void cpu_init(struct ct_topo_cpu *c)
{
	memset(c, 0, sizeof(*c));
	c->llc_id = -1;
	c->capacity = -1;
	c->max_khz = -1;
	c->base_khz = -1;
	c->rank = -1;
	c->perflevel = -1;
}

void ct_topo_init(struct ct_topo *t, int ncpu)
{
	memset(t, 0, sizeof(*t));
	ct_topo_grow(t, ncpu);
}

void ct_topo_grow(struct ct_topo *t, int ncpu)
{
	int i;

	if (ncpu > CT_CPUSET_MAX)
		ncpu = CT_CPUSET_MAX;
	if (ncpu <= t->ncpu)
		return;
	t->cpu = ct_xrealloc(t->cpu, (size_t)ncpu * sizeof(*t->cpu));
	for (i = t->ncpu; i < ncpu; i++)
		cpu_init(&t->cpu[i]);
	t->ncpu = ncpu;
}

void ct_topo_free(struct ct_topo *t)
{
	free(t->cpu);
	t->cpu = NULL;
	t->ncpu = 0;
}

/* --- CPUID facts (R2, R3). --- */

void ct_topo_cpuid_fact(struct ct_topo_cpu *c, enum ct_cpu_vendor *vendor,
			uint32_t leaf, uint32_t sub, const uint32_t r[4])
{
	ct_cpu_id_leaf(&c->id, leaf, sub, r);
	switch (leaf) {
	case 0:
		c->has_leaf0 = 1;
		c->leaf0_eax = r[0];
		*vendor = c->id.vendor;
		break;
	case 1:
		c->has_leaf1 = 1;
		break;
	case 4:
		/* EAX[4:0] cache type (0: no more caches), EAX[7:5] level. */
		c->has_leaf4 = 1;
		if ((r[0] & 0x1f) != 0 && ((r[0] >> 5) & 7) == 3)
			c->cpuid_l3 = 1;
		break;
	case 7:
		if (sub == 0) {
			c->has_leaf7 = 1;
			c->leaf7_edx = r[3];
		}
		break;
	case 0x1a:
		if (sub == 0)
			c->has_leaf1a = 1;
		break;
	case 0x80000000u:
		c->has_ext0 = 1;
		c->ext0_eax = r[0];
		break;
	case 0x80000026u:
		if (sub == 0) {
			c->has_leaf26 = 1;
			c->leaf26_eax = r[0];
			c->leaf26_ebx = r[1];
		}
		break;
	default:
		break;
	}
}

/* --- The rules. --- */

static void set_cpu(struct ct_topo_cpu *c, enum ct_kind k, int rank, unsigned ev)
{
	c->classified = 1;
	c->kind = k;
	c->rank = rank;
	c->evidence = ev;
}

static void clear_results(struct ct_topo *t)
{
	int i;

	for (i = 0; i < t->ncpu; i++) {
		t->cpu[i].classified = 0;
		t->cpu[i].rank = -1;
		t->cpu[i].evidence = 0;
		t->cpu[i].perflevel = -1;
	}
	t->nranks = 0;
	t->rules[0] = '\0';
	t->basis[0] = '\0';
}

/* Every usable cpu has been classified. */
static int usable_classified(const struct ct_topo *t)
{
	int i;

	ct_topo_for_each_cpu(t, i, &t->usable)
		if (!t->cpu[i].classified)
			return 0;
	return 1;
}

/*
 * Ranks from kinds: performance before efficiency before low-power, dense
 * over the kinds present.  assume_perf: a hybrid flag said there are
 * performance cores, even if none could be read (a live container whose
 * affinity excludes them), so efficiency cores still rank 1.
 */
static void rank_by_kind(struct ct_topo *t, int assume_perf)
{
	int present[CT_KIND_COUNT] = { 0 };
	int rank[CT_KIND_COUNT];
	int i, k, r = 0, unclassified = 0;

	ct_topo_for_each_cpu(t, i, &t->online) {
		if (t->cpu[i].classified)
			present[t->cpu[i].kind] = 1;
		else
			unclassified = 1;
	}
	if (assume_perf && unclassified)
		present[CT_KIND_PERFORMANCE] = 1;
	for (k = 0; k < CT_KIND_COUNT; k++)
		rank[k] = present[k] ? r++ : -1;
	ct_topo_for_each_cpu(t, i, &t->online)
		if (t->cpu[i].classified)
			t->cpu[i].rank = rank[t->cpu[i].kind];
}

/* An L3 on cpu c: 1, 0, or -1 unknown.  sysfs first, then CPUID leaf 4. */
static int cpu_l3(const struct ct_topo_cpu *c)
{
	if (c->cache_known)
		return c->has_l3;
	if (c->has_leaf4)
		return c->cpuid_l3;
	return -1;
}

/*
 * R2: an Atom cpu (classified efficiency so far) is low-power when it has
 * no L3 while the machine has one, or when its last-level cache is shared
 * with no performance cpu.  Sources: intel-lpmd is_cpu_lcore(), hwloc
 * look_cpukinds_intel() ("Atom cores without an L3 cache are low-power").
 */
static int split_atoms(struct ct_topo *t)
{
	int i, j, any_l3 = 0, any_unknown = 0, split = 0;

	ct_topo_for_each_cpu(t, i, &t->online) {
		int l3 = cpu_l3(&t->cpu[i]);

		if (l3 > 0)
			any_l3 = 1;
		else if (l3 < 0)
			any_unknown = 1;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];
		int lp = 0;

		if (!c->classified || c->kind != CT_KIND_EFFICIENCY)
			continue;
		if (cpu_l3(c) == 0 && (any_l3 || any_unknown))
			lp = 1;
		if (!lp && c->cache_known && c->llc_id >= 0) {
			int perf = 0, shared = 0;

			ct_topo_for_each_cpu(t, j, &t->online) {
				const struct ct_topo_cpu *p = &t->cpu[j];

				if (!p->classified || p->kind != CT_KIND_PERFORMANCE ||
				    !p->cache_known || p->llc_id < 0)
					continue;
				perf = 1;
				if (p->llc_id == c->llc_id)
					shared = 1;
			}
			lp = perf && !shared;
		}
		if (lp) {
			c->kind = CT_KIND_LOWPOWER;
			c->evidence |= CT_EV_NOL3;
			split = 1;
		}
	}
	return split;
}

/* R1: the hybrid PMUs' cpus files, when they cover every usable cpu. */
static int rule_pmu(struct ct_topo *t)
{
	static const enum ct_kind kind_of[] = {
		[CT_PMU_CORE] = CT_KIND_PERFORMANCE,
		[CT_PMU_ATOM] = CT_KIND_EFFICIENCY,
		[CT_PMU_LOWPOWER] = CT_KIND_LOWPOWER,
	};
	int i, lowpower = 0;

	if (!t->pmu_files)
		return 0;
	ct_topo_for_each_cpu(t, i, &t->usable)
		if (t->cpu[i].pmu == CT_PMU_NONE)
			return 0;
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];

		if (c->pmu == CT_PMU_NONE)
			continue;
		set_cpu(c, kind_of[c->pmu], 0, CT_EV_PMU);
		if (c->pmu == CT_PMU_LOWPOWER)
			lowpower = 1;
	}
	snprintf(t->rules, sizeof(t->rules), "R1");
	snprintf(t->basis, sizeof(t->basis), "Intel hybrid PMU cpu sets (cpu_core, cpu_atom%s)",
		 lowpower ? ", cpu_lowpower" : "");
	if (split_atoms(t)) {
		snprintf(t->rules, sizeof(t->rules), "R1+R2");
		snprintf(t->basis + strlen(t->basis), sizeof(t->basis) - strlen(t->basis),
			 "; Atom cpus without an L3 are low-power");
	}
	rank_by_kind(t, 0);
	return 1;
}

/* One kind, performance rank 0, decided by the facts in ev (and R8). */
static void uniform_by(struct ct_topo *t, const char *rules, unsigned ev, const char *reason)
{
	int i;

	ct_topo_for_each_cpu(t, i, &t->online)
		set_cpu(&t->cpu[i], CT_KIND_PERFORMANCE, 0, ev | CT_EV_UNIFORM);
	snprintf(t->rules, sizeof(t->rules), "%s", rules);
	snprintf(t->basis, sizeof(t->basis), "one kind: %s", reason);
}

static void uniform(struct ct_topo *t, const char *rules, const char *reason)
{
	uniform_by(t, rules, 0, reason);
}

/*
 * No rule could classify the machine: it is listed as one kind (a listing
 * is still useful, and every placement still runs), and the evidence says
 * "unclassified" rather than pretending the machine is uniform.
 */
static void unclassified(struct ct_topo *t, const char *rules, const char *reason)
{
	int i;

	clear_results(t);
	ct_topo_for_each_cpu(t, i, &t->online)
		set_cpu(&t->cpu[i], CT_KIND_PERFORMANCE, 0, CT_EV_UNCLASSIFIED);
	snprintf(t->rules, sizeof(t->rules), "%s", rules);
	snprintf(t->basis, sizeof(t->basis), "one kind, unclassified: %s", reason);
}

/* The x86 family: CPUID leaf 1 read on a cpu, else /proc/cpuinfo; 0 unknown. */
int ct_topo_x86_family(const struct ct_topo *t)
{
	int i;

	ct_topo_for_each_cpu(t, i, &t->online) {
		const struct ct_topo_cpu *c = &t->cpu[i];

		if (c->has_leaf1)
			return (int)c->id.family;
	}
	return t->family;
}

char *ct_topo_family_format(unsigned family, char *buf, size_t len)
{
	if (family < 10)
		snprintf(buf, len, "%u", family);
	else
		snprintf(buf, len, "%u (0x%x)", family, family);
	return buf;
}

/*
 * R3 on Intel: CPUID.(7,0):EDX[15] says hybrid; leaf 0x1A EAX[31:24] is
 * 0x40 for a Core (performance) cpu and 0x20 for an Atom one.  A part that
 * says it is not hybrid has one kind, whatever its frequencies say.
 */
static int rule_cpuid_intel(struct ct_topo *t)
{
	int i, hybrid = 0;

	ct_topo_for_each_cpu(t, i, &t->usable) {
		if (!t->cpu[i].has_leaf7)
			return 0;
		if (t->cpu[i].leaf7_edx & (1u << 15))
			hybrid = 1;
	}
	if (!hybrid) {
		uniform(t, "R3+R8", "CPUID leaf 7 says the part is not hybrid");
		return 1;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];

		if (!c->has_leaf1a)
			continue;
		if (c->id.core_type == CT_CPU_CORE_TYPE_CORE)
			set_cpu(c, CT_KIND_PERFORMANCE, 0, CT_EV_CPUID_1A);
		else if (c->id.core_type == CT_CPU_CORE_TYPE_ATOM)
			set_cpu(c, CT_KIND_EFFICIENCY, 0, CT_EV_CPUID_1A);
	}
	if (!usable_classified(t))
		return -1;
	snprintf(t->rules, sizeof(t->rules), "R3");
	snprintf(t->basis, sizeof(t->basis), "CPUID leaf 0x1A core types read on each cpu");
	if (split_atoms(t)) {
		snprintf(t->rules, sizeof(t->rules), "R3+R2");
		snprintf(t->basis + strlen(t->basis), sizeof(t->basis) - strlen(t->basis),
			 "; Atom cpus without an L3 are low-power");
	}
	rank_by_kind(t, 1);
	return 1;
}

/*
 * R3 on AMD: CPUID 0x80000026 ECX=0: EAX[30] heterogeneous core topology,
 * EBX[31:28] core type, 0 performance (Zen 5), 1 efficiency (Zen 5c),
 * 2 low-power.  The primary AMD source: Linux has no core-type file, and
 * cpu_capacity reads 1024 on every AMD cpu.
 */
static int rule_cpuid_amd(struct ct_topo *t)
{
	static const enum ct_kind kind_of[] = {
		CT_KIND_PERFORMANCE, CT_KIND_EFFICIENCY, CT_KIND_LOWPOWER
	};
	int i, hetero = 0;

	ct_topo_for_each_cpu(t, i, &t->usable) {
		const struct ct_topo_cpu *c = &t->cpu[i];

		if (c->has_leaf26) {
			if (c->leaf26_eax & (1u << 30))
				hetero = 1;
		} else if (!(c->has_ext0 && c->ext0_eax < 0x80000026u)) {
			return 0;
		}
	}
	if (!hetero) {
		uniform(t, "R3+R8", "CPUID leaf 0x80000026 says the core topology is not heterogeneous");
		return 1;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];
		unsigned type;

		if (!c->has_leaf26 || !(c->leaf26_eax & (1u << 30)))
			continue;
		type = c->leaf26_ebx >> 28;
		if (type < CT_ARRAY_SIZE(kind_of))
			set_cpu(c, kind_of[type], 0, CT_EV_CPUID_80000026);
	}
	if (!usable_classified(t))
		return -1;
	snprintf(t->rules, sizeof(t->rules), "R3");
	snprintf(t->basis, sizeof(t->basis), "CPUID leaf 0x80000026 core types read on each cpu");
	rank_by_kind(t, 1);
	return 1;
}

/*
 * C2: on AMD only CPUID 0x80000026 makes kinds.  Frequencies, CPPC
 * highest_perf and preferred-core rankings differ per core on uniform
 * parts (a Threadripper PRO's maxima climb in 3 % steps), and cpu_capacity
 * is 1024 everywhere, so none of them is read here.  Without a CPUID
 * answer, a family before 0x1a (Zen 5, the first with heterogeneous
 * parts) has one kind; a later or unknown family cannot be told.
 */
static void rule_amd_without_cpuid(struct ct_topo *t)
{
	char reason[128], fname[32];
	int fam = ct_topo_x86_family(t);

	clear_results(t);
	ct_topo_family_format((unsigned)fam, fname, sizeof(fname));
	if (fam > 0 && fam < 0x1a) {
		snprintf(reason, sizeof(reason),
			 "AMD family %s has no heterogeneous parts (C2)", fname);
		uniform_by(t, "C2+R8", CT_EV_FAMILY, reason);
		return;
	}
	if (fam > 0)
		snprintf(reason, sizeof(reason), "AMD family %s without a CPUID 0x80000026 answer "
			 "(C2: frequencies never make AMD kinds)", fname);
	else
		snprintf(reason, sizeof(reason), "AMD of unknown family without a CPUID 0x80000026 "
			 "answer (C2: frequencies never make AMD kinds)");
	unclassified(t, "C2", reason);
}

/*
 * Tiers of a value over the online cpus: distinct values from the largest
 * down, a new tier whenever a value is more than 10 % below the adjacent
 * larger one (hwloc's freqadjust=10: Turbo Boost Max 3.0 and binning
 * spread values inside one kind).  val(c) < 0 means unknown: then there
 * are no tiers (returns 0).  tier[] is indexed by cpu id.
 */
static int tiers(const struct ct_topo *t, long (*val)(const struct ct_topo_cpu *),
		 int *tier)
{
	long *v;
	int i, n = 0, j, ntier;

	v = ct_xmalloc((size_t)t->ncpu * sizeof(*v));
	ct_topo_for_each_cpu(t, i, &t->online) {
		long x = val(&t->cpu[i]);

		if (x <= 0) {
			free(v);
			return 0;
		}
		v[n++] = x;
	}
	if (n == 0) {
		free(v);
		return 0;
	}
	/* Sort descending (insertion sort: a few hundred values at most). */
	for (i = 1; i < n; i++) {
		long x = v[i];

		for (j = i; j > 0 && v[j - 1] < x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	/* Collapse into tier boundaries: v[k] becomes the tier's lowest value. */
	ntier = 1;
	for (i = 1; i < n; i++) {
		if (v[i] == v[i - 1])
			continue;
		if (v[i] * 10 < v[i - 1] * 9)
			ntier++;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		long x = val(&t->cpu[i]);
		int k = 0;

		for (j = 1; j < n && v[j] >= x; j++)
			if (v[j] != v[j - 1] && v[j] * 10 < v[j - 1] * 9)
				k++;
		tier[i] = k;
	}
	free(v);
	return ntier;
}

long ct_topo_capacity(const struct ct_topo_cpu *c)
{
	return c->capacity;
}

long ct_topo_base_khz(const struct ct_topo_cpu *c)
{
	return c->base_khz;
}

long ct_topo_max_khz(const struct ct_topo_cpu *c)
{
	return c->max_khz;
}

/* Two cpus are the same Arm core (MIDR implementer and part, part known). */
static int same_part(const struct ct_topo_cpu *a, const struct ct_topo_cpu *b)
{
	return a->has_midr && b->has_midr && a->part != 0 && a->implementer == b->implementer &&
	       a->part == b->part;
}

/*
 * Kinds of tiers (R5, R6): tier 0 is performance; a middle tier whose
 * cpus are all known little parts (MIDR) is efficiency, any other middle
 * tier performance at its rank (the phone SoC's middle cores).  C5: the
 * lowest tier is efficiency, even when it is a "big" design (Cortex-A725
 * under X925, A720 under X4), unless every one of its cpus is the same
 * MIDR part as a performance cpu of a higher tier: the same core at a
 * lower clock, performance at its rank.  "low-power" is never given from
 * tiers: it is reserved for classes the platform marks (Intel LP E-cores,
 * AMD core type 2).
 */
static void label_tiers(struct ct_topo *t, const int *tier, int ntier, unsigned ev)
{
	int *little = ct_xcalloc((size_t)ntier, sizeof(*little));
	enum ct_kind *kind = ct_xcalloc((size_t)ntier, sizeof(*kind));
	int i, j, k, low = ntier - 1, copy = 1;

	/* little[k]: every cpu of tier k is a known little part. */
	for (k = 0; k < ntier; k++)
		little[k] = 1;
	ct_topo_for_each_cpu(t, i, &t->online)
		if (ct_midr_little(&t->cpu[i]) != 1)
			little[tier[i]] = 0;
	for (k = 0; k < low; k++)
		kind[k] = k > 0 && little[k] ? CT_KIND_EFFICIENCY : CT_KIND_PERFORMANCE;
	/* copy: every lowest-tier cpu has its part among the faster performance cpus. */
	ct_topo_for_each_cpu(t, i, &t->online) {
		int found = 0;

		if (tier[i] != low)
			continue;
		ct_topo_for_each_cpu(t, j, &t->online)
			if (tier[j] < low && kind[tier[j]] == CT_KIND_PERFORMANCE &&
			    same_part(&t->cpu[i], &t->cpu[j])) {
				found = 1;
				break;
			}
		if (!found) {
			copy = 0;
			break;
		}
	}
	kind[low] = low > 0 && !copy ? CT_KIND_EFFICIENCY : CT_KIND_PERFORMANCE;
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];
		int ml = ct_midr_little(c);
		unsigned e = ev;

		/* MIDR agrees with the kind, or made it (a copy): name it too. */
		if ((ml >= 0 && ml == (kind[tier[i]] == CT_KIND_EFFICIENCY)) ||
		    (tier[i] == low && low > 0 && copy))
			e |= CT_EV_MIDR;
		set_cpu(c, kind[tier[i]], tier[i], e);
	}
	free(little);
	free(kind);
}

/* Evidence bits used by any online cpu. */
static unsigned evidence_union(const struct ct_topo *t)
{
	unsigned ev = 0;
	int i;

	ct_topo_for_each_cpu(t, i, &t->online)
		ev |= t->cpu[i].evidence;
	return ev;
}

/* R5: cpu_capacity tiers; 1 classified, 0 no capacities, 2 all equal. */
static int rule_capacity(struct ct_topo *t)
{
	int *tier = ct_xcalloc((size_t)t->ncpu, sizeof(*tier));
	int n = tiers(t, ct_topo_capacity, tier);

	if (n >= 2) {
		label_tiers(t, tier, n, CT_EV_CAPACITY);
		if (evidence_union(t) & CT_EV_MIDR) {
			snprintf(t->rules, sizeof(t->rules), "R5+R4");
			snprintf(t->basis, sizeof(t->basis),
				 "cpu_capacity tiers, labelled with MIDR part numbers");
		} else {
			snprintf(t->rules, sizeof(t->rules), "R5");
			snprintf(t->basis, sizeof(t->basis), "cpu_capacity tiers");
		}
	}
	free(tier);
	return n >= 2 ? 1 : n == 1 ? 2 : 0;
}

/*
 * C8: different MIDR parts where cpu_capacity is flat or absent (missing
 * evidence, not sameness): each distinct part (implementer and part) is a
 * tier.  Known little parts are efficiency and rank below every other
 * part, which is performance; inside each class the parts are ordered by
 * their highest cpufreq maximum, higher first, and equal maxima share a
 * rank, as do all parts of a class where one part's maximum is unknown.
 * Frequency only orders parts of one class: it never lifts a little part
 * above a big one.  0 when a cpu has no MIDR or every cpu is one part.
 */
static int rule_midr_flat(struct ct_topo *t)
{
	size_t n = (size_t)t->ncpu;
	int *part = ct_xcalloc(n, sizeof(*part)), *first = ct_xcalloc(n, sizeof(*first));
	int *little = ct_xcalloc(n, sizeof(*little)), *rank = ct_xcalloc(n, sizeof(*rank));
	long *max = ct_xcalloc(n, sizeof(*max));
	int i, j, np = 0, next = 0, cls, done = 0;

	ct_topo_for_each_cpu(t, i, &t->online) {
		const struct ct_topo_cpu *c = &t->cpu[i];

		if (!c->has_midr || c->part == 0)
			goto out;
		for (j = 0; j < np && !same_part(&t->cpu[first[j]], c); j++)
			;
		if (j == np) {
			first[np] = i;
			little[np] = ct_midr_little(c) == 1;
			max[np] = -1;
			np++;
		}
		part[i] = j;
		if (max[j] != 0 && c->max_khz > max[j])
			max[j] = c->max_khz;
		if (c->max_khz <= 0)
			max[j] = 0;
	}
	if (np < 2)
		goto out;
	/* Ranks: the big class first, then the little one; faster parts first. */
	for (cls = 0; cls < 2; cls++) {
		int unknown = 0, any = 0;

		for (j = 0; j < np; j++)
			if (little[j] == cls) {
				any = 1;
				if (max[j] <= 0)
					unknown = 1;
			}
		if (!any)
			continue;
		for (j = 0; j < np; j++) {
			int k, above = 0;

			if (little[j] != cls)
				continue;
			/* Distinct maxima of the class above this part's. */
			for (k = 0; k < np && !unknown; k++) {
				int m, dup = 0;

				if (little[k] != cls || max[k] <= max[j])
					continue;
				for (m = 0; m < k; m++)
					if (little[m] == cls && max[m] == max[k])
						dup = 1;
				above += !dup;
			}
			rank[j] = next + above;
		}
		for (j = 0, i = next; j < np; j++)
			if (little[j] == cls && rank[j] + 1 > i)
				i = rank[j] + 1;
		next = i;
	}
	ct_topo_for_each_cpu(t, i, &t->online)
		set_cpu(&t->cpu[i], little[part[i]] ? CT_KIND_EFFICIENCY : CT_KIND_PERFORMANCE,
			rank[part[i]], CT_EV_MIDR | CT_EV_FLAT_CAPACITY);
	snprintf(t->rules, sizeof(t->rules), "R4+C8");
	snprintf(t->basis, sizeof(t->basis), "MIDR parts as tiers, cpu_capacity flat (C8): "
		 "little parts last, the rest by cpufreq maximum");
	done = 1;
out:
	free(part);
	free(first);
	free(little);
	free(rank);
	free(max);
	return done;
}

/* R6: base_frequency tiers (or cpuinfo_max_freq); 1, 0 or 2 as R5. */
static int rule_frequency(struct ct_topo *t)
{
	int *tier = ct_xcalloc((size_t)t->ncpu, sizeof(*tier));
	const char *what = "base_frequency";
	int n = tiers(t, ct_topo_base_khz, tier);

	if (n == 0) {
		what = "cpuinfo_max_freq";
		n = tiers(t, ct_topo_max_khz, tier);
	}
	if (n >= 2) {
		label_tiers(t, tier, n, CT_EV_FREQUENCY);
		snprintf(t->rules, sizeof(t->rules), "R6");
		snprintf(t->basis, sizeof(t->basis), "cpufreq %s tiers (a fallback)", what);
	}
	free(tier);
	return n >= 2 ? 1 : n == 1 ? 2 : 0;
}

/*
 * C6: the IORegistry's cluster-type groups mapped to perflevels by their
 * sizes, never by letters (on an M5 Pro the letters are P for the "Super"
 * level and M for "Performance").  Groups of a size shared with others
 * take the tied perflevels in order of their lowest cpu id, slowest level
 * first (the efficiency-first numbering of M1 to M4).  Returns 0, or -1
 * with the reason no consistent mapping exists.
 */
static int mac_by_cluster(struct ct_topo *t, char *why, size_t len)
{
	int size[26] = { 0 }, first[26], taken[CT_TOPO_PERFLEVELS] = { 0 };
	int level[26];
	int n = t->nperflevels, i, g, h, l;

	for (g = 0; g < 26; g++)
		first[g] = level[g] = -1;
	ct_topo_for_each_cpu(t, i, &t->online) {
		char ct = t->cpu[i].cluster_type;

		if (ct < 'A' || ct > 'Z') {
			snprintf(why, len, "cpu %d has no cluster-type", i);
			return -1;
		}
		g = ct - 'A';
		if (size[g]++ == 0)
			first[g] = i;
	}
	/* Groups in order of their lowest cpu id, each to the slowest free level of its size. */
	for (;;) {
		g = -1;
		for (h = 0; h < 26; h++)
			if (size[h] && level[h] < 0 && (g < 0 || first[h] < first[g]))
				g = h;
		if (g < 0)
			break;
		for (l = n - 1; l >= 0; l--)
			if (!taken[l] && t->perflevel[l].logicalcpu == size[g])
				break;
		if (l < 0) {
			snprintf(why, len, "%d cpus of cluster-type '%c', and no other "
				 "hw.perflevelN.logicalcpu is %d", size[g], 'A' + g, size[g]);
			return -1;
		}
		taken[l] = 1;
		level[g] = l;
	}
	for (l = 0; l < n; l++)
		if (!taken[l]) {
			snprintf(why, len, "no cluster-type group has the %d cpus of hw.perflevel%d",
				 t->perflevel[l].logicalcpu, l);
			return -1;
		}
	ct_topo_for_each_cpu(t, i, &t->online)
		t->cpu[i].perflevel = level[t->cpu[i].cluster_type - 'A'];
	return 0;
}

/*
 * M2 without (usable) IORegistry data: the slowest level gets the lowest
 * ids (observed on M1 to M4, not documented).  Returns 0, or -1 with a
 * reason when the levels' cpu counts do not add up to the cpus.
 */
static int mac_by_id_order(struct ct_topo *t, char *why, size_t len)
{
	int n = t->nperflevels, total = ct_cpuset_count(&t->online), id = 0, l, k;

	for (l = n - 1; l >= 0; l--)
		for (k = 0; k < t->perflevel[l].logicalcpu; k++, id++) {
			if (id >= t->ncpu || !ct_cpuset_isset(&t->online, id)) {
				snprintf(why, len, "hw.perflevelN.logicalcpu add up to more than the "
					 "%d cpus", total);
				return -1;
			}
			t->cpu[id].perflevel = l;
		}
	if (id != total) {
		snprintf(why, len, "hw.perflevelN.logicalcpu add up to %d, not the %d cpus", id,
			 total);
		return -1;
	}
	return 0;
}

/*
 * M1, M2 as C6 states them: kinds and ranks from hw.perflevelN (rank = N;
 * efficiency only for a level named "Efficiency", so "Super" and
 * "Performance" are both performance), cpu ids from the IORegistry's
 * cluster-type groups, or from the observed order when the IORegistry is
 * missing or matches no perflevels (the evidence says which).  Never
 * fails: without a consistent mapping at all, the machine is one kind,
 * unclassified.
 */
static void rule_mac(struct ct_topo *t)
{
	char mismatch[160] = "", why[160];
	int n = t->nperflevels, i, l;
	unsigned ev = CT_EV_PERFLEVEL;

	if (n < 2) {
		uniform(t, "M1+R8", n == 1 ? "hw.nperflevels is 1" : "no hw.nperflevels");
		return;
	}
	if (t->have_ioreg && mac_by_cluster(t, mismatch, sizeof(mismatch)) == 0) {
		ev |= CT_EV_IOREG;
	} else if (mac_by_id_order(t, why, sizeof(why)) == 0) {
		ev |= CT_EV_IDORDER | (t->have_ioreg ? CT_EV_IOREG_MISMATCH : 0);
	} else {
		char reason[160];

		snprintf(reason, sizeof(reason), "%.60s%s%.60s", mismatch, mismatch[0] ? "; " : "",
			 why);
		unclassified(t, "M1", reason);
		return;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];

		l = c->perflevel;
		set_cpu(c, strcasecmp(t->perflevel[l].name, "Efficiency") == 0
				   ? CT_KIND_EFFICIENCY : CT_KIND_PERFORMANCE, l, ev);
	}
	snprintf(t->rules, sizeof(t->rules), "M1+M2");
	if (ev & CT_EV_IOREG)
		snprintf(t->basis, sizeof(t->basis),
			 "hw.perflevelN, cpu ids from the IORegistry cluster-type");
	else if (ev & CT_EV_IOREG_MISMATCH)
		snprintf(t->basis, sizeof(t->basis), "hw.perflevelN, cpu ids assumed (slowest "
			 "level first): the IORegistry does not match: %s", mismatch);
	else
		snprintf(t->basis, sizeof(t->basis), "hw.perflevelN, cpu ids assumed (slowest "
			 "level first): no IORegistry data");
}

/* Every online cpu has the same known MIDR part (C3); its name in name. */
static int one_part(const struct ct_topo *t, char *name, size_t len)
{
	const struct ct_topo_cpu *first = NULL;
	const char *n;
	int i;

	ct_topo_for_each_cpu(t, i, &t->online) {
		const struct ct_topo_cpu *c = &t->cpu[i];

		if (!c->has_midr || c->part == 0)
			return 0;
		if (!first)
			first = c;
		else if (!same_part(first, c))
			return 0;
	}
	if (!first)
		return 0;
	n = ct_midr_name(first->implementer, first->part);
	if (n)
		snprintf(name, len, "%s", n);
	else
		snprintf(name, len, "MIDR 0x%02x:0x%03x", first->implementer, first->part);
	return 1;
}

/*
 * C7: every cpu is one MIDR part, and cpu_capacity has two or more tiers
 * (the firmware derives it from each cluster's throughput): one kind,
 * performance, each capacity tier a rank of it.  1 done, 0 not two tiers.
 */
static int rule_one_part_capacity(struct ct_topo *t, const char *part)
{
	int *tier = ct_xcalloc((size_t)t->ncpu, sizeof(*tier));
	int n = tiers(t, ct_topo_capacity, tier), i;

	if (n >= 2) {
		ct_topo_for_each_cpu(t, i, &t->online)
			set_cpu(&t->cpu[i], CT_KIND_PERFORMANCE, tier[i],
				CT_EV_MIDR | CT_EV_CAPACITY_RANK);
		snprintf(t->rules, sizeof(t->rules), "R4+R5");
		snprintf(t->basis, sizeof(t->basis), "one kind, %s, in cpu_capacity tiers (C7)",
			 part);
	}
	free(tier);
	return n >= 2;
}

/*
 * Arm: one MIDR part everywhere is one kind (C3), ranked by capacity
 * tiers where there are two or more (C7), never by cpufreq (some laptop
 * SoCs offer boost clocks on some clusters of identical cores only); then
 * R5 tiers labelled by R4 and C5; then, with capacity flat or absent, the
 * MIDR parts as tiers (C8); then one capacity tier without MIDR is one
 * kind (C3).  0 when nothing applies (R6 may then try).
 */
static int arm_rules(struct ct_topo *t)
{
	char part[64], reason[128];
	int r;

	if (one_part(t, part, sizeof(part))) {
		if (rule_one_part_capacity(t, part))
			return 1;
		snprintf(reason, sizeof(reason), "every cpu is the same part, %s (C3)", part);
		uniform_by(t, "R4+R8", CT_EV_MIDR, reason);
		return 1;
	}
	r = rule_capacity(t);
	if (r == 1)
		return 1;
	if (rule_midr_flat(t))
		return 1;
	if (r == 2) {
		/* Authoritative on Arm: one tier is one kind (C3). */
		uniform_by(t, "R5+R8", CT_EV_CAPACITY, "cpu_capacity forms one tier (C3)");
		return 1;
	}
	return 0;
}

/*
 * C4: a machine with one kind is performance rank 0, even when that kind
 * is an Atom-class core (Intel N-series, E-core Xeons: a cpu_atom PMU set
 * covering every cpu) or a little Arm core.  Only when every online cpu
 * is classified: a container seeing E-cores alone keeps rank 1.
 */
static void one_kind_is_performance(struct ct_topo *t)
{
	int i, n = 0;
	enum ct_kind k = CT_KIND_PERFORMANCE;

	ct_topo_for_each_cpu(t, i, &t->online) {
		if (!t->cpu[i].classified)
			return;
		if (n++ == 0)
			k = t->cpu[i].kind;
		else if (t->cpu[i].kind != k)
			return;
	}
	if (n == 0 || k == CT_KIND_PERFORMANCE)
		return;
	ct_topo_for_each_cpu(t, i, &t->online) {
		t->cpu[i].kind = CT_KIND_PERFORMANCE;
		t->cpu[i].rank = 0;
	}
	if (strlen(t->basis) + 40 < sizeof(t->basis))
		snprintf(t->basis + strlen(t->basis), sizeof(t->basis) - strlen(t->basis),
			 "; one kind, so performance (C4)");
}

int ct_topo_usable(struct ct_topo *t, char *why, size_t len)
{
	ct_cpuset_and(&t->usable, &t->online, &t->allowed);
	if (ct_cpuset_empty(&t->usable)) {
		char a[256], b[256];

		snprintf(why, len, "no usable cpu: online %s, allowed %s",
			 ct_cpuset_format(&t->online, a, sizeof(a)),
			 ct_cpuset_format(&t->allowed, b, sizeof(b)));
		return -1;
	}
	return 0;
}

int ct_topo_classify(struct ct_topo *t, char *why, size_t len)
{
	int i;

	clear_results(t);
	if (ct_topo_usable(t, why, len) < 0)
		return -1;
	if (t->mac) {
		rule_mac(t);
	} else if (rule_pmu(t)) {
		/* R1 decided. */
	} else if (t->vendor == CT_VENDOR_AMD) {
		/* R3 decided, or said the part has one kind; else C2. */
		if (rule_cpuid_amd(t) != 1)
			rule_amd_without_cpuid(t);
	} else if (t->vendor == CT_VENDOR_INTEL && rule_cpuid_intel(t) == 1) {
		/* R3 decided, or said the part has one kind. */
	} else {
		clear_results(t);
		if (t->arch == CT_TOPO_ARCH_ARM) {
			if (!arm_rules(t) && rule_frequency(t) != 1)
				uniform(t, "R8", "no rule found more than one kind");
		} else {
			/*
			 * x86 capacities say something only when they differ
			 * (intel_pstate on hybrids without SMT, Linux 6.16+):
			 * 1024 everywhere is no information.
			 */
			if (rule_capacity(t) != 1 && rule_frequency(t) != 1)
				uniform(t, "R8", "no rule found more than one kind");
		}
	}
	if (!usable_classified(t)) {
		char rules[sizeof(t->rules)];

		snprintf(rules, sizeof(rules), "%s", t->rules[0] ? t->rules : "R8");
		unclassified(t, rules, "some usable cpus could not be classified");
	}
	one_kind_is_performance(t);
	t->nranks = 0;
	ct_topo_for_each_cpu(t, i, &t->online)
		if (t->cpu[i].classified && t->cpu[i].rank + 1 > t->nranks)
			t->nranks = t->cpu[i].rank + 1;
	return 0;
}

/* --- Queries. --- */

const struct ct_topo_cpu *ct_topo_cpu(const struct ct_topo *t, int c)
{
	if (c < 0 || c >= t->ncpu || !ct_cpuset_isset(&t->online, c) ||
	    !t->cpu[c].classified)
		return NULL;
	return &t->cpu[c];
}

void ct_topo_kind_cpus(const struct ct_topo *t, enum ct_kind k,
		       struct ct_cpuset *usable, struct ct_cpuset *all)
{
	int i;

	ct_cpuset_zero(usable);
	if (all)
		ct_cpuset_zero(all);
	ct_topo_for_each_cpu(t, i, &t->online) {
		if (!t->cpu[i].classified || t->cpu[i].kind != k)
			continue;
		if (all)
			ct_cpuset_set(all, i);
		if (ct_cpuset_isset(&t->usable, i))
			ct_cpuset_set(usable, i);
	}
}

void ct_topo_rank_cpus(const struct ct_topo *t, int r, struct ct_cpuset *usable)
{
	ct_topo_rank_online(t, r, usable);
	ct_cpuset_and(usable, usable, &t->usable);
}

void ct_topo_rank_online(const struct ct_topo *t, int r, struct ct_cpuset *all)
{
	int i;

	ct_cpuset_zero(all);
	ct_topo_for_each_cpu(t, i, &t->online)
		if (t->cpu[i].classified && t->cpu[i].rank == r)
			ct_cpuset_set(all, i);
}
