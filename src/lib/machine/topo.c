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
 * The clarifications C1-C8 of the design notes refine these:
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
 *
 * Here: the facts' construction, the helpers every rule sets results
 * with, the order the rules are tried in (ct_topo_classify) and the
 * queries.  The rules are topo-x86.c (R1-R3, C2), topo-tiers.c (R4-R6,
 * C1, C3, C5, C7, C8) and topo-mac.c (M1, M2, C6).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "machine/topo.h"

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

void ct_topo_set_cpu(struct ct_topo_cpu *c, enum ct_kind k, int rank, unsigned ev)
{
	c->classified = 1;
	c->kind = k;
	c->rank = rank;
	c->evidence = ev;
}

void ct_topo_clear_results(struct ct_topo *t)
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
int ct_topo_usable_classified(const struct ct_topo *t)
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
void ct_topo_rank_by_kind(struct ct_topo *t, int assume_perf)
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

void ct_topo_uniform_by(struct ct_topo *t, const char *rules, unsigned ev, const char *reason)
{
	int i;

	ct_topo_for_each_cpu(t, i, &t->online)
		ct_topo_set_cpu(&t->cpu[i], CT_KIND_PERFORMANCE, 0, ev | CT_EV_UNIFORM);
	snprintf(t->rules, sizeof(t->rules), "%s", rules);
	snprintf(t->basis, sizeof(t->basis), "one kind: %s", reason);
}

void ct_topo_uniform(struct ct_topo *t, const char *rules, const char *reason)
{
	ct_topo_uniform_by(t, rules, 0, reason);
}

/*
 * No rule could classify the machine: it is listed as one kind (a listing
 * is still useful, and every placement still runs), and the evidence says
 * "unclassified" rather than pretending the machine is uniform.
 */
void ct_topo_unclassified(struct ct_topo *t, const char *rules, const char *reason)
{
	int i;

	ct_topo_clear_results(t);
	ct_topo_for_each_cpu(t, i, &t->online)
		ct_topo_set_cpu(&t->cpu[i], CT_KIND_PERFORMANCE, 0, CT_EV_UNCLASSIFIED);
	snprintf(t->rules, sizeof(t->rules), "%s", rules);
	snprintf(t->basis, sizeof(t->basis), "one kind, unclassified: %s", reason);
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

	ct_topo_clear_results(t);
	if (ct_topo_usable(t, why, len) < 0)
		return -1;
	if (t->mac) {
		ct_topo_rule_mac(t);
	} else if (ct_topo_rule_pmu(t)) {
		/* R1 decided. */
	} else if (t->vendor == CT_VENDOR_AMD) {
		/* R3 decided, or said the part has one kind; else C2. */
		if (ct_topo_rule_cpuid_amd(t) != 1)
			ct_topo_rule_amd_without_cpuid(t);
	} else if (t->vendor == CT_VENDOR_INTEL && ct_topo_rule_cpuid_intel(t) == 1) {
		/* R3 decided, or said the part has one kind. */
	} else {
		ct_topo_clear_results(t);
		if (t->arch == CT_TOPO_ARCH_ARM) {
			if (!ct_topo_arm_rules(t) && ct_topo_rule_frequency(t) != 1)
				ct_topo_uniform(t, "R8", "no rule found more than one kind");
		} else {
			/*
			 * x86 capacities say something only when they differ
			 * (intel_pstate on hybrids without SMT, Linux 6.16+):
			 * 1024 everywhere is no information.
			 */
			if (ct_topo_rule_capacity(t) != 1 && ct_topo_rule_frequency(t) != 1)
				ct_topo_uniform(t, "R8", "no rule found more than one kind");
		}
	}
	if (!ct_topo_usable_classified(t)) {
		char rules[sizeof(t->rules)];

		snprintf(rules, sizeof(rules), "%s", t->rules[0] ? t->rules : "R8");
		ct_topo_unclassified(t, rules, "some usable cpus could not be classified");
	}
	one_kind_is_performance(t);
	t->nranks = 0;
	ct_topo_for_each_cpu(t, i, &t->online)
		if (t->cpu[i].classified && t->cpu[i].rank + 1 > t->nranks)
			t->nranks = t->cpu[i].rank + 1;
	return 0;
}

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
