/*
 * machine/describe.c - the rules' results in words: the names of the kinds
 * and of the evidence, and what decided the cpus of a rank, for people.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "machine/topo.h"

static const char *const kind_names[CT_KIND_COUNT] = {
	"performance", "efficiency", "low-power"
};

const char *ct_kind_name(enum ct_kind k)
{
	return (unsigned)k < CT_KIND_COUNT ? kind_names[k] : "unknown";
}

int ct_kind_parse(const char *s, enum ct_kind *k)
{
	int i;

	for (i = 0; i < CT_KIND_COUNT; i++)
		if (strcmp(s, kind_names[i]) == 0) {
			*k = (enum ct_kind)i;
			return 0;
		}
	return -1;
}

/* In the order the formats write them: the deciding source first. */
static const struct {
	unsigned bit;
	const char *name;
} ev_names[] = {
	{ CT_EV_PMU, "pmu" },
	{ CT_EV_CPUID_1A, "cpuid-1a" },
	{ CT_EV_CPUID_80000026, "cpuid-80000026" },
	{ CT_EV_FAMILY, "cpu-family" },
	{ CT_EV_NOL3, "no-l3" },
	{ CT_EV_CAPACITY, "capacity" },
	{ CT_EV_MIDR, "midr" },
	{ CT_EV_CAPACITY_RANK, "capacity" },
	{ CT_EV_FLAT_CAPACITY, "flat-capacity" },
	{ CT_EV_FREQUENCY, "frequency" },
	{ CT_EV_PERFLEVEL, "perflevel" },
	{ CT_EV_IOREG, "ioreg" },
	{ CT_EV_IDORDER, "id-order" },
	{ CT_EV_IOREG_MISMATCH, "ioreg-mismatch" },
	{ CT_EV_UNIFORM, "uniform" },
	{ CT_EV_UNCLASSIFIED, "unclassified" },
	{ CT_EV_GIVEN, "given" },
};

char *ct_evidence_format(unsigned ev, char *buf, size_t len)
{
	size_t i, used = 0;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < CT_ARRAY_SIZE(ev_names); i++) {
		if (!(ev & ev_names[i].bit))
			continue;
		snprintf(buf + used, len - used, "%s%s", used ? "+" : "", ev_names[i].name);
		used = strlen(buf);
	}
	if (!used)
		snprintf(buf, len, "-");
	return buf;
}

/* Append ", text" (or "text" first) to buf. */
static void add_part(char *buf, size_t len, const char *text)
{
	size_t used = strlen(buf);

	if (used + 1 < len)
		snprintf(buf + used, len - used, "%s%s", used ? ", " : "", text);
}

/* A range "lo" or "lo-hi" of a long over the set's cpus. */
static void add_range(const struct ct_topo *t, const struct ct_cpuset *set,
		      long (*val)(const struct ct_topo_cpu *), const char *prefix,
		      long div, const char *suffix, char *buf, size_t len)
{
	long lo = -1, hi = -1;
	char part[96];
	int i;

	ct_topo_for_each_cpu(t, i, set) {
		long v = val(&t->cpu[i]);

		if (v < 0)
			continue;
		if (lo < 0 || v < lo)
			lo = v;
		if (v > hi)
			hi = v;
	}
	if (lo < 0)
		return;
	if (lo == hi)
		snprintf(part, sizeof(part), "%s %ld%s", prefix, lo / div, suffix);
	else
		snprintf(part, sizeof(part), "%s %ld-%ld%s", prefix, lo / div, hi / div, suffix);
	add_part(buf, len, part);
}

char *ct_topo_describe(const struct ct_topo *t, const struct ct_cpuset *set,
		       char *buf, size_t len)
{
	static const char *const pmu_names[] = { "", "cpu_core", "cpu_atom", "cpu_lowpower" };
	unsigned ev = 0;
	int i, seen_pmu[4] = { 0 }, seen_1a[2] = { 0 }, seen_26[16] = { 0 };
	char part[160];

	if (len)
		buf[0] = '\0';
	ct_topo_for_each_cpu(t, i, set) {
		const struct ct_topo_cpu *c = &t->cpu[i];

		ev |= c->evidence;
		if (c->evidence & CT_EV_PMU)
			seen_pmu[c->pmu] = 1;
		if (c->evidence & CT_EV_CPUID_1A)
			seen_1a[c->id.core_type == CT_CPU_CORE_TYPE_CORE] = 1;
		if (c->evidence & CT_EV_CPUID_80000026)
			seen_26[c->leaf26_ebx >> 28] = 1;
	}
	for (i = 1; i < 4; i++)
		if (seen_pmu[i]) {
			snprintf(part, sizeof(part), "%s PMU", pmu_names[i]);
			add_part(buf, len, part);
		}
	if (seen_1a[1])
		add_part(buf, len, "CPUID 0x1A Core");
	if (seen_1a[0])
		add_part(buf, len, "CPUID 0x1A Atom");
	for (i = 0; i < 16; i++)
		if (seen_26[i]) {
			snprintf(part, sizeof(part), "CPUID 0x80000026 core type %d", i);
			add_part(buf, len, part);
		}
	if (ev & CT_EV_FAMILY) {
		char fname[32];

		snprintf(part, sizeof(part), "AMD family %s",
			 ct_topo_family_format((unsigned)ct_topo_x86_family(t), fname,
					       sizeof(fname)));
		add_part(buf, len, part);
	}
	if (ev & CT_EV_NOL3)
		add_part(buf, len, "no L3");
	if (ev & CT_EV_CAPACITY)
		add_range(t, set, ct_topo_capacity, "capacity", 1, "", buf, len);
	if (ev & (CT_EV_MIDR | CT_EV_CAPACITY | CT_EV_CAPACITY_RANK | CT_EV_FLAT_CAPACITY)) {
		/*
		 * Distinct part names in cpu order, joined with " + ": also
		 * beside capacity tiers that MIDR did not label (C5's big
		 * designs in the lowest tier), as long as every cpu has one.
		 */
		char names[160] = "";

		ct_topo_for_each_cpu(t, i, set) {
			const struct ct_topo_cpu *c = &t->cpu[i];
			const char *n = ct_midr_name(c->implementer, c->part);
			char hex[32];

			if (!c->has_midr || c->part == 0) {
				names[0] = '\0';
				break;
			}

			if (!n) {
				snprintf(hex, sizeof(hex), "MIDR 0x%02x:0x%03x", c->implementer, c->part);
				n = hex;
			}
			if (!strstr(names, n)) {
				size_t u = strlen(names);

				snprintf(names + u, sizeof(names) - u, "%s%s", u ? " + " : "", n);
			}
		}
		if (names[0])
			add_part(buf, len, names);
	}
	/* C7 ranks one part by capacity; C8 orders parts by their maxima. */
	if (ev & CT_EV_CAPACITY_RANK)
		add_range(t, set, ct_topo_capacity, "capacity", 1, "", buf, len);
	if (ev & CT_EV_FLAT_CAPACITY)
		add_range(t, set, ct_topo_max_khz, "max", 1000, " MHz", buf, len);
	if (ev & CT_EV_FREQUENCY) {
		int base = 1;

		ct_topo_for_each_cpu(t, i, &t->online)
			if (t->cpu[i].base_khz <= 0)
				base = 0;
		add_range(t, set, base ? ct_topo_base_khz : ct_topo_max_khz, base ? "base" : "max", 1000, " MHz",
			  buf, len);
	}
	if (ev & CT_EV_PERFLEVEL) {
		ct_topo_for_each_cpu(t, i, set) {
			const struct ct_topo_cpu *c = &t->cpu[i];

			snprintf(part, sizeof(part), "hw.perflevel%d %s", c->perflevel,
				 t->perflevel[c->perflevel].name);
			if (c->cluster_type && (ev & CT_EV_IOREG))
				snprintf(part + strlen(part), sizeof(part) - strlen(part),
					 ", cluster-type %c", c->cluster_type);
			if (ev & CT_EV_IDORDER)
				snprintf(part + strlen(part), sizeof(part) - strlen(part),
					 ", ids assumed");
			if (ev & CT_EV_IOREG_MISMATCH)
				snprintf(part + strlen(part), sizeof(part) - strlen(part),
					 ", IORegistry unmatched");
			break;
		}
		add_part(buf, len, part);
	}
	/* The reason is the machine's, in t->basis; the group just has one kind. */
	if (ev & CT_EV_UNIFORM)
		add_part(buf, len, "one kind");
	if (ev & CT_EV_UNCLASSIFIED)
		add_part(buf, len, "one kind, unclassified");
	if (ev & CT_EV_GIVEN)
		add_part(buf, len, "declared");
	return buf;
}
