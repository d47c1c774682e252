/*
 * machine/topo-x86.c - the x86 rules of the core-kind engine: the
 * CPUID facts a reader hands in, Intel's hybrid PMU cpu sets and Atoms
 * without an L3 (R1, R2), CPUID leaves 0x1A and 0x80000026 (R3), AMD
 * without them (C2), and the x86 family.  Pure, as topo.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "machine/topo.h"

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
int ct_topo_rule_pmu(struct ct_topo *t)
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
		ct_topo_set_cpu(c, kind_of[c->pmu], 0, CT_EV_PMU);
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
	ct_topo_rank_by_kind(t, 0);
	return 1;
}

/* One kind, performance rank 0, decided by the facts in ev (and R8). */

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
int ct_topo_rule_cpuid_intel(struct ct_topo *t)
{
	int i, hybrid = 0;

	ct_topo_for_each_cpu(t, i, &t->usable) {
		if (!t->cpu[i].has_leaf7)
			return 0;
		if (t->cpu[i].leaf7_edx & (1u << 15))
			hybrid = 1;
	}
	if (!hybrid) {
		ct_topo_uniform(t, "R3+R8", "CPUID leaf 7 says the part is not hybrid");
		return 1;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];

		if (!c->has_leaf1a)
			continue;
		if (c->id.core_type == CT_CPU_CORE_TYPE_CORE)
			ct_topo_set_cpu(c, CT_KIND_PERFORMANCE, 0, CT_EV_CPUID_1A);
		else if (c->id.core_type == CT_CPU_CORE_TYPE_ATOM)
			ct_topo_set_cpu(c, CT_KIND_EFFICIENCY, 0, CT_EV_CPUID_1A);
	}
	if (!ct_topo_usable_classified(t))
		return -1;
	snprintf(t->rules, sizeof(t->rules), "R3");
	snprintf(t->basis, sizeof(t->basis), "CPUID leaf 0x1A core types read on each cpu");
	if (split_atoms(t)) {
		snprintf(t->rules, sizeof(t->rules), "R3+R2");
		snprintf(t->basis + strlen(t->basis), sizeof(t->basis) - strlen(t->basis),
			 "; Atom cpus without an L3 are low-power");
	}
	ct_topo_rank_by_kind(t, 1);
	return 1;
}

/*
 * R3 on AMD: CPUID 0x80000026 ECX=0: EAX[30] heterogeneous core topology,
 * EBX[31:28] core type, 0 performance (Zen 5), 1 efficiency (Zen 5c),
 * 2 low-power.  The primary AMD source: Linux has no core-type file, and
 * cpu_capacity reads 1024 on every AMD cpu.
 */
int ct_topo_rule_cpuid_amd(struct ct_topo *t)
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
		ct_topo_uniform(t, "R3+R8", "CPUID leaf 0x80000026 says the core topology is not heterogeneous");
		return 1;
	}
	ct_topo_for_each_cpu(t, i, &t->online) {
		struct ct_topo_cpu *c = &t->cpu[i];
		unsigned type;

		if (!c->has_leaf26 || !(c->leaf26_eax & (1u << 30)))
			continue;
		type = c->leaf26_ebx >> 28;
		if (type < CT_ARRAY_SIZE(kind_of))
			ct_topo_set_cpu(c, kind_of[type], 0, CT_EV_CPUID_80000026);
	}
	if (!ct_topo_usable_classified(t))
		return -1;
	snprintf(t->rules, sizeof(t->rules), "R3");
	snprintf(t->basis, sizeof(t->basis), "CPUID leaf 0x80000026 core types read on each cpu");
	ct_topo_rank_by_kind(t, 1);
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
void ct_topo_rule_amd_without_cpuid(struct ct_topo *t)
{
	char reason[128], fname[32];
	int fam = ct_topo_x86_family(t);

	ct_topo_clear_results(t);
	ct_topo_family_format((unsigned)fam, fname, sizeof(fname));
	if (fam > 0 && fam < 0x1a) {
		snprintf(reason, sizeof(reason),
			 "AMD family %s has no heterogeneous parts (C2)", fname);
		ct_topo_uniform_by(t, "C2+R8", CT_EV_FAMILY, reason);
		return;
	}
	if (fam > 0)
		snprintf(reason, sizeof(reason), "AMD family %s without a CPUID 0x80000026 answer "
			 "(C2: frequencies never make AMD kinds)", fname);
	else
		snprintf(reason, sizeof(reason), "AMD of unknown family without a CPUID 0x80000026 "
			 "answer (C2: frequencies never make AMD kinds)");
	ct_topo_unclassified(t, "C2", reason);
}
