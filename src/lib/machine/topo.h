/*
 * machine/topo.h - the kinds of core of a machine: for every logical cpu, whether
 * it is online and allowed to this process, its kind (performance,
 * efficiency, low-power), its rank (0 = the fastest kind, counted over the
 * whole machine) and the evidence that decided it.
 *
 * Three layers, so that the rules can be tested without a machine:
 *
 *   facts    struct ct_topo, filled by a reader: the live machine
 *            (src/lib/machine/live-linux.c, platform/darwin/topo.c) or a recorded
 *            tree given with --sysroot (src/lib/machine/load.c, sysfs.c,
 *            src/lib/machine/recorded-text.c);
 *   rules    ct_topo_classify() (src/lib/machine/topo.c), pure: the detection
 *            rules R0-R8 (Linux) and M1-M2 (macOS) of the design notes,
 *            in their priority order, over the facts alone;
 *   queries  the usable cpus of a kind, a cpu's kind, descriptions.
 *
 * Ranks describe kinds, not per-core binning: favoured cores (Turbo Boost
 * Max 3.0, AMD preferred cores) stay in their kind's rank.
 */
#ifndef CT_MACHINE_TOPO_H
#define CT_MACHINE_TOPO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/cpuset.h"
#include "platform/cpuid.h"

enum ct_kind {
	CT_KIND_PERFORMANCE,
	CT_KIND_EFFICIENCY,
	CT_KIND_LOWPOWER,
	CT_KIND_COUNT
};

/* "performance", "efficiency", "low-power". */
const char *ct_kind_name(enum ct_kind k);
/* Name -> kind; -1 for anything else. */
int ct_kind_parse(const char *s, enum ct_kind *k);

/* Evidence: which facts decided a cpu's kind (a bit set). */
enum {
	CT_EV_PMU = 1u << 0,		/* R1: Intel hybrid PMU cpu sets */
	CT_EV_NOL3 = 1u << 1,		/* R2: an Atom cpu without an L3 */
	CT_EV_CPUID_1A = 1u << 2,	/* R3: Intel CPUID leaf 0x1A core type */
	CT_EV_CPUID_80000026 = 1u << 3,	/* R3: AMD CPUID 0x80000026 core type */
	CT_EV_MIDR = 1u << 4,		/* R4: Arm MIDR part numbers */
	CT_EV_CAPACITY = 1u << 5,	/* R5: cpu_capacity tiers */
	CT_EV_FREQUENCY = 1u << 6,	/* R6: frequency tiers */
	CT_EV_UNIFORM = 1u << 7,	/* R8: one kind */
	CT_EV_PERFLEVEL = 1u << 8,	/* M1: macOS hw.perflevelN */
	CT_EV_IOREG = 1u << 9,		/* M2: IORegistry cluster-type per cpu id */
	CT_EV_IDORDER = 1u << 10,	/* M2 without the IORegistry: ids assumed */
	CT_EV_FAMILY = 1u << 11,	/* C2: an AMD family before 0x1a has one kind */
	CT_EV_IOREG_MISMATCH = 1u << 12, /* C6: the IORegistry's clusters match no perflevels */
	CT_EV_UNCLASSIFIED = 1u << 13,	/* no rule could classify: listed as one kind */
	CT_EV_GIVEN = 1u << 14,		/* declared with --kinds or CT_KINDS (kinds.h) */
	/* C7: cpu_capacity ranks of one MIDR part (named after midr: "midr+capacity"). */
	CT_EV_CAPACITY_RANK = 1u << 15,
	/* C8: MIDR parts as tiers where cpu_capacity is flat or absent. */
	CT_EV_FLAT_CAPACITY = 1u << 16
};

/*
 * Evidence as the machine formats write it: names joined with '+'
 * ("pmu+no-l3", "capacity+midr").
 */
char *ct_evidence_format(unsigned ev, char *buf, size_t len);

enum ct_pmu { CT_PMU_NONE, CT_PMU_CORE, CT_PMU_ATOM, CT_PMU_LOWPOWER };
enum ct_topo_arch { CT_TOPO_ARCH_UNKNOWN, CT_TOPO_ARCH_X86, CT_TOPO_ARCH_ARM };

/* Highest CPUID leaf 4 subleaf kept (the cache walk stops at type 0). */
#define CT_TOPO_CPUID4_MAX 16

struct ct_topo_cpu {
	/* R0 */
	int online;
	int allowed;
	/* R1: the hybrid PMU whose cpus file lists this cpu. */
	enum ct_pmu pmu;
	/* R2, from sysfs cache/index*: known, an L3 among them, the LLC. */
	int cache_known;
	int has_l3;
	int llc_id;			/* index of its last-level cache, -1 unknown */
	/* R3, from CPUID read on this cpu (or cpuid.txt). */
	int has_leaf0, has_leaf1, has_leaf7, has_leaf1a, has_leaf4, has_ext0, has_leaf26;
	uint32_t leaf0_eax;		/* highest basic leaf */
	struct ct_cpu_id id;		/* leaves 0, 1 and 0x1A decoded (platform/cpuid.h) */
	uint32_t leaf7_edx;		/* bit 15: hybrid */
	int cpuid_l3;			/* leaf 4 walk found a level-3 cache */
	uint32_t ext0_eax;		/* highest extended leaf */
	uint32_t leaf26_eax, leaf26_ebx;
	/* R4 */
	int has_midr;
	unsigned implementer, variant, part, revision;
	/* R5, R6; -1 when unknown. */
	long capacity;
	long max_khz;			/* cpufreq/cpuinfo_max_freq */
	long base_khz;			/* cpufreq/base_frequency */
	/* M2: the IORegistry cluster-type, any capital letter ('E', 'P', 'M'), or 0. */
	char cluster_type;

	/* Results of ct_topo_classify(). */
	int classified;
	enum ct_kind kind;
	int rank;
	unsigned evidence;
	int perflevel;			/* macOS: the hw.perflevelN, else -1 */
};

#define CT_TOPO_PERFLEVELS 8

struct ct_perflevel {
	char name[32];			/* "Performance", "Efficiency" */
	int logicalcpu;
};

struct ct_topo {
	int ncpu;			/* length of cpu[]: highest cpu id + 1 */
	struct ct_topo_cpu *cpu;
	struct ct_cpuset possible, online, allowed, usable;
	enum ct_topo_arch arch;
	enum ct_cpu_vendor vendor;
	char model[128];		/* "12th Gen Intel(R) Core(TM) i9-12900K", or "" */
	int family;			/* x86 family from /proc/cpuinfo ("cpu family"), 0 unknown */
	int recorded;			/* read from a --sysroot tree */
	int pmu_files;			/* how many hybrid PMU cpus files were found */

	/* macOS (M1, M2): live sysctl/IOKit or sysctl.txt + ioreg-cpus.txt. */
	int mac;
	int nperflevels;		/* 0 when hw.nperflevels is absent */
	struct ct_perflevel perflevel[CT_TOPO_PERFLEVELS];
	int mac_ncpu;			/* hw.logicalcpu */
	int have_ioreg;

	/* Results of ct_topo_classify(). */
	int nranks;
	char rules[32];			/* "R1+R2", "R5+R4", "M1+M2" */
	char basis[160];		/* one sentence: what decided, for people */
};

/* An empty topology with room for cpus 0..ncpu-1, every fact unknown. */
void ct_topo_init(struct ct_topo *t, int ncpu);
/* Make room for cpu ids below ncpu, keeping what is there. */
void ct_topo_grow(struct ct_topo *t, int ncpu);
void ct_topo_free(struct ct_topo *t);

/*
 * Read the machine and classify it (machine/load.c).  sysroot NULL or ""
 * reads the live machine (and, on x86 Linux, pins this thread to each
 * allowed cpu in turn to read CPUID, then restores its affinity);
 * otherwise the recorded tree under sysroot, where nothing is pinned or
 * run.  Kinds declared for the
 * run (--kinds, CT_KINDS: kinds.h) replace the rules, and one that does
 * not fit the machine is a usage error.  Returns 0 (free t with
 * ct_topo_free()), or -1 with a message naming the file in why (t holds
 * nothing then).
 */
int ct_topo_load(struct ct_topo *t, const char *sysroot, char *why, size_t len);

/*
 * The rules engine: kinds, ranks and evidence for every online cpu from
 * the facts in t.  Returns 0, or -1 with a reason when no cpu is usable.
 */
int ct_topo_classify(struct ct_topo *t, char *why, size_t len);

/*
 * t->usable from the online and allowed cpus: 0, or -1 with a reason
 * ("no usable cpu: ...") when there is none.  ct_topo_classify() and a
 * declared machine (ct_kinds_classify()) both start from it.
 */
int ct_topo_usable(struct ct_topo *t, char *why, size_t len);

/* Apply one CPUID answer (as read on cpu c) to c's facts. */
void ct_topo_cpuid_fact(struct ct_topo_cpu *c, enum ct_cpu_vendor *vendor,
			uint32_t leaf, uint32_t sub, const uint32_t r[4]);

/*
 * The engine's parts, shared by its files (topo.c: the order of the
 * rules; topo-x86.c, topo-tiers.c, topo-mac.c: the rules), for no other
 * caller: the helpers set a cpu's results or all of them; each rule's
 * comment (in its file) says what it returns.
 */
void ct_topo_set_cpu(struct ct_topo_cpu *c, enum ct_kind k, int rank, unsigned ev);
void ct_topo_clear_results(struct ct_topo *t);
int ct_topo_usable_classified(const struct ct_topo *t);
void ct_topo_rank_by_kind(struct ct_topo *t, int assume_perf);
void ct_topo_uniform_by(struct ct_topo *t, const char *rules, unsigned ev, const char *reason);
void ct_topo_uniform(struct ct_topo *t, const char *rules, const char *reason);
void ct_topo_unclassified(struct ct_topo *t, const char *rules, const char *reason);
int ct_topo_rule_pmu(struct ct_topo *t);
int ct_topo_rule_cpuid_intel(struct ct_topo *t);
int ct_topo_rule_cpuid_amd(struct ct_topo *t);
void ct_topo_rule_amd_without_cpuid(struct ct_topo *t);
int ct_topo_rule_capacity(struct ct_topo *t);
int ct_topo_rule_frequency(struct ct_topo *t);
int ct_topo_arm_rules(struct ct_topo *t);
void ct_topo_rule_mac(struct ct_topo *t);

/* --- Readers (each returns 0, or -1 with a message in why). --- */

/* A Linux tree: root + /sys/devices/system/cpu/..., root + /proc/... */
int ct_topo_read_sysfs(struct ct_topo *t, const char *root, char *why, size_t len);
/*
 * Open a file of the machine (path) for reading: 1 open (*fp), 0 absent,
 * -1 an error in why.  Regular files only, none larger than any machine's.
 */
int ct_topo_open_file(const char *path, FILE **fp, char *why, size_t len);
/* Take the cpus of root's sys/devices/system/cpu/isolated out of t->allowed. */
int ct_topo_read_isolated(struct ct_topo *t, const char *root, char *why, size_t len);
/* Cpus_allowed_list of a /proc/PID/status file. */
int ct_topo_read_status(struct ct_cpuset *allowed, const char *path, char *why,
			size_t len);
/*
 * The text formats of recorded trees.  name is what messages call the
 * file.  cpuid.txt: "cpu=N leaf=0x7 sub=0x0 eax=... ebx=... ecx=... edx=...";
 * sysctl.txt: "key: value" as sysctl(8) prints; ioreg-cpus.txt:
 * "cpuN logical-cpu-id=N cluster-type=L compatible=...", L any capital
 * letter (E, P, M...).
 */
int ct_topo_parse_cpuid(struct ct_topo *t, FILE *f, const char *name, char *why,
			size_t len);
int ct_topo_parse_sysctl(struct ct_topo *t, FILE *f, const char *name, char *why,
			 size_t len);
int ct_topo_parse_ioreg(struct ct_topo *t, FILE *f, const char *name, char *why,
			size_t len);
/*
 * After the macOS facts (sysctl): cpus 0..hw.logicalcpu-1 are online and
 * allowed (macOS has no affinity to restrict them).
 */
int ct_topo_mac_cpus(struct ct_topo *t, char *why, size_t len);

/* --- The platform seam (src/lib/machine/live-linux.c, platform/darwin/topo.c). --- */

/* Read the live machine's facts (not classified yet). */
int ct_topo_read_live(struct ct_topo *t, char *why, size_t len);

/* --- Queries. --- */

/* Usable (online and allowed) cpus of kind k; all online ones in all if not NULL. */
void ct_topo_kind_cpus(const struct ct_topo *t, enum ct_kind k,
		       struct ct_cpuset *usable, struct ct_cpuset *all);
/* Usable cpus of rank r; all online cpus of rank r. */
void ct_topo_rank_cpus(const struct ct_topo *t, int r, struct ct_cpuset *usable);
void ct_topo_rank_online(const struct ct_topo *t, int r, struct ct_cpuset *all);
/* The classified cpu c, or NULL (offline, unknown id, not classified). */
const struct ct_topo_cpu *ct_topo_cpu(const struct ct_topo *t, int c);

/*
 * For people: what decided the cpus of one rank ("cpu_atom PMU, no L3",
 * "capacity 397, Cortex-A55"), over the usable cpus in set.
 */
char *ct_topo_describe(const struct ct_topo *t, const struct ct_cpuset *set,
		       char *buf, size_t len);
/* The Arm core's name for an implementer and part ("Cortex-A55"), or NULL. */
const char *ct_midr_name(unsigned implementer, unsigned part);
/* Whether c's MIDR is a known little part: 1, a known big one: 0, else -1. */
int ct_midr_little(const struct ct_topo_cpu *c);

/* Every cpu of set that t has a record of (below t->ncpu), in order. */
#define ct_topo_for_each_cpu(t, i, set) \
	for ((i) = ct_cpuset_next((set), 0); (i) >= 0 && (i) < (t)->ncpu; \
	     (i) = ct_cpuset_next((set), (i) + 1))
/* The x86 family: CPUID leaf 1 read on a cpu, else /proc/cpuinfo; 0 unknown. */
int ct_topo_x86_family(const struct ct_topo *t);
/*
 * An x86 family as every message of the suite writes it: in decimal, as
 * lscpu and /proc/cpuinfo print it, with the hex of vendors' manuals in
 * parentheses where it differs ("25 (0x19)", "6").  Returns buf.
 */
char *ct_topo_family_format(unsigned family, char *buf, size_t len);
/* A cpu's figures the tiers are made of and the descriptions range over. */
long ct_topo_capacity(const struct ct_topo_cpu *c);
long ct_topo_base_khz(const struct ct_topo_cpu *c);
long ct_topo_max_khz(const struct ct_topo_cpu *c);

#endif
