/*
 * machine/topo-mac.c - macOS's rules of the core-kind engine:
 * hw.perflevelN (M1) and the IORegistry's cluster types by cpu id (M2,
 * C6).  Pure, as topo.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "machine/topo.h"

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
void ct_topo_rule_mac(struct ct_topo *t)
{
	char mismatch[160] = "", why[160];
	int n = t->nperflevels, i, l;
	unsigned ev = CT_EV_PERFLEVEL;

	if (n < 2) {
		ct_topo_uniform(t, "M1+R8", n == 1 ? "hw.nperflevels is 1" : "no hw.nperflevels");
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
		ct_topo_unclassified(t, "M1", reason);
		return;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];

		l = c->perflevel;
		ct_topo_set_cpu(c, strcasecmp(t->perflevel[l].name, "Efficiency") == 0
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
