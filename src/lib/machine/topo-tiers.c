/*
 * machine/topo-tiers.c - the tier rules of the core-kind engine:
 * tiers of a value with C1's 10 % steps, labelled by MIDR parts (R4, C5),
 * cpu_capacity (R5), frequency (R6), and Arm's order of them (C3, C7,
 * C8).  Pure, as topo.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "machine/topo.h"

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
		ct_topo_set_cpu(c, kind[tier[i]], tier[i], e);
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
int ct_topo_rule_capacity(struct ct_topo *t)
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
		ct_topo_set_cpu(&t->cpu[i], little[part[i]] ? CT_KIND_EFFICIENCY : CT_KIND_PERFORMANCE,
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
int ct_topo_rule_frequency(struct ct_topo *t)
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
			ct_topo_set_cpu(&t->cpu[i], CT_KIND_PERFORMANCE, tier[i],
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
int ct_topo_arm_rules(struct ct_topo *t)
{
	char part[64], reason[128];
	int r;

	if (one_part(t, part, sizeof(part))) {
		if (rule_one_part_capacity(t, part))
			return 1;
		snprintf(reason, sizeof(reason), "every cpu is the same part, %s (C3)", part);
		ct_topo_uniform_by(t, "R4+R8", CT_EV_MIDR, reason);
		return 1;
	}
	r = ct_topo_rule_capacity(t);
	if (r == 1)
		return 1;
	if (rule_midr_flat(t))
		return 1;
	if (r == 2) {
		/* Authoritative on Arm: one tier is one kind (C3). */
		ct_topo_uniform_by(t, "R5+R8", CT_EV_CAPACITY, "cpu_capacity forms one tier (C3)");
		return 1;
	}
	return 0;
}
