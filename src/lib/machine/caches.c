/*
 * machine/caches.c - the data caches of a run's cpus, level by level, from
 * the first source that knows them (see caches.h): the OS (Linux sysfs
 * through ct_caches_sysfs below, else the platform seam ct_os_caches:
 * macOS sysctl), then CPUID, then nothing.  A level nobody knows stays unknown,
 * so that a size is never called "memory" for want of a cache size.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "core/parse.h"
#include "machine/caches.h"
#include "platform/cpuid.h"
#include "platform/os.h"

const char *ct_cache_source_name(enum ct_cache_source s)
{
	switch (s) {
	case CT_CACHE_SYSFS:
		return "sysfs";
	case CT_CACHE_SYSCTL:
		return "sysctl";
	case CT_CACHE_CPUID:
		return "cpuid";
	case CT_CACHE_UNKNOWN:
		break;
	}
	return "unknown";
}

int ct_caches_known(const struct ct_caches *c)
{
	int lv;

	for (lv = 1; lv < CT_CACHE_LEVELS; lv++)
		if (c->level[lv].source != CT_CACHE_UNKNOWN)
			return 1;
	return 0;
}

const char *ct_caches_level(uint64_t bytes, const struct ct_caches *c)
{
	static const char *const names[] = { "", "L1", "L2", "L3" };
	int lv;

	for (lv = 1; lv <= 3; lv++) {
		const struct ct_cache_level *l = &c->level[lv];

		/* Not known here: a cache of this level might hold it. */
		if (l->source == CT_CACHE_UNKNOWN)
			return "unknown";
		if (l->bytes && bytes <= l->bytes)
			return names[lv];
	}
	return "memory";
}

/* --- CPUID. --- */

/* The cache walk's end: subleaves past the last answer type 0. */
#define WALK_MAX 16

/*
 * Intel leaf 4 and AMD leaf 0x8000001D share one layout: EAX[4:0] type
 * (0 none, 1 data, 2 instruction, 3 unified), EAX[7:5] level, EAX[25:14]
 * the logical cpus sharing it less one; EBX[11:0] line, [21:12]
 * partitions, [31:22] ways, ECX sets, each less one.  The number of
 * sharers is the IDs reserved for them (an upper bound where a part has
 * fewer cpus than its ID space).  Returns the caches seen.
 */
static int walk(ct_cpuid_query q, void *arg, uint32_t leaf, struct ct_caches *one)
{
	uint32_t r[4], sub;
	int found = 0;

	for (sub = 0; sub < WALK_MAX; sub++) {
		unsigned type, lv;
		uint64_t ways, parts, line, sets, bytes;

		if (q(arg, leaf, sub, r) < 0 || (type = r[0] & 0x1f) == 0)
			break;
		found++;
		lv = (r[0] >> 5) & 7;
		/* The instruction cache holds no data the kernels read. */
		if (type == 2 || type > 3 || lv < 1 || lv >= CT_CACHE_LEVELS)
			continue;
		ways = (r[1] >> 22) + 1;
		parts = ((r[1] >> 12) & 0x3ff) + 1;
		line = (r[1] & 0xfff) + 1;
		sets = (uint64_t)r[2] + 1;
		bytes = ways * parts * line * sets;
		if (bytes > one->level[lv].bytes) {
			one->level[lv].bytes = bytes;
			one->level[lv].line = (unsigned)line;
			one->level[lv].sharing = ((r[0] >> 14) & 0xfff) + 1;
		}
	}
	return found;
}

/*
 * AMD before topoext (or a hypervisor that hides it, as Firecracker does):
 * 0x80000005 ECX L1d (KiB in [31:24], line in [7:0]); 0x80000006 ECX L2
 * (KiB in [31:16], associativity [15:12], 0 for none), EDX L3 (512 KiB
 * units in [31:18], associativity [15:12]).  The L3 figure is the whole
 * package's, every CCX together (a Zen 5 guest reads 508 MiB where one
 * core reaches 32 MiB): not one cache's size, so the L3 stays unknown and
 * the figure goes to the note.  Returns the levels given.
 */
static int legacy(ct_cpuid_query q, void *arg, uint32_t emax, struct ct_caches *one,
		  int *l3_unknown)
{
	uint32_t r[4];
	int found = 0;

	if (emax >= 0x80000005u && q(arg, 0x80000005u, 0, r) == 0 && (r[2] >> 24)) {
		one->level[1].bytes = (uint64_t)(r[2] >> 24) << 10;
		one->level[1].line = r[2] & 0xff;
		found++;
	}
	if (emax >= 0x80000006u && q(arg, 0x80000006u, 0, r) == 0) {
		if ((r[2] >> 16) && ((r[2] >> 12) & 0xf)) {
			one->level[2].bytes = (uint64_t)(r[2] >> 16) << 10;
			one->level[2].line = r[2] & 0xff;
			found++;
		}
		if ((r[3] >> 18) && ((r[3] >> 12) & 0xf)) {
			snprintf(one->note, sizeof(one->note), "CPUID 0x80000006 gives an L3 of "
				 "%g MiB for the whole package, not one cache's size",
				 (double)(r[3] >> 18) / 2);
			*l3_unknown = 1;
		}
	}
	return found;
}

int ct_caches_from_cpuid(ct_cpuid_query q, void *arg, struct ct_caches *one)
{
	uint32_t r[4], max, emax = 0;
	enum ct_cpu_vendor vendor;
	int found = 0, l3_unknown = 0, lv, topoext = 0;

	memset(one, 0, sizeof(*one));
	if (q(arg, 0, 0, r) < 0)
		return -1;
	max = r[0];
	vendor = ct_cpuid_vendor(r);
	if (q(arg, 0x80000000u, 0, r) == 0 && r[0] >= 0x80000000u && r[0] < 0x8000ffffu)
		emax = r[0];
	/* 0x80000001 ECX[22] TopologyExtensions: AMD's (and Hygon's) leaf 0x8000001D. */
	if (emax >= 0x8000001du && q(arg, 0x80000001u, 0, r) == 0)
		topoext = (r[2] >> 22) & 1;
	if (topoext) {
		found = walk(q, arg, 0x8000001du, one);
		snprintf(one->where, sizeof(one->where), "CPUID 0x8000001D");
	} else if (vendor == CT_VENDOR_AMD) {
		found = legacy(q, arg, emax, one, &l3_unknown);
		snprintf(one->where, sizeof(one->where), "CPUID 0x80000005/6");
	} else if (max >= 4) {
		found = walk(q, arg, 4, one);
		snprintf(one->where, sizeof(one->where), "CPUID leaf 4");
	}
	if (found <= 0) {
		memset(one, 0, sizeof(*one));
		return -1;
	}
	/* The walk listed every cache: a level it did not name has none. */
	for (lv = 1; lv < CT_CACHE_LEVELS; lv++)
		one->level[lv].source = CT_CACHE_CPUID;
	if (l3_unknown)
		one->level[3].source = CT_CACHE_UNKNOWN;
	return 0;
}

int ct_caches_merge(struct ct_caches *all, const struct ct_caches *one)
{
	uint64_t a, o;
	int lv, la, lo, taken = 0;

	la = ct_caches_largest(all, &a);
	lo = ct_caches_largest(one, &o);
	if (!ct_caches_known(all) || lo > la || (lo == la && o > a))
		snprintf(all->where, sizeof(all->where), "%s", one->where);
	if (!all->note[0])
		snprintf(all->note, sizeof(all->note), "%s", one->note);
	for (lv = 1; lv < CT_CACHE_LEVELS; lv++) {
		const struct ct_cache_level *l = &one->level[lv];

		if (l->source == CT_CACHE_UNKNOWN)
			continue;
		if (all->level[lv].source == CT_CACHE_UNKNOWN || l->bytes > all->level[lv].bytes) {
			all->level[lv] = *l;
			taken = 1;
		}
	}
	return taken;
}

/* --- The live cpu's CPUID. --- */

static int live_query(void *arg, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	(void)arg;
	return ct_cpuid(leaf, sub, r);
}

/*
 * Cpus of different kinds answer for themselves: an Intel hybrid
 * (CPUID 7 EDX[15]; an Alder Lake P-core has a 48 KiB L1d and 1.25 MiB
 * L2, an E-core 32 KiB and 2 MiB shared by four) or an AMD one (0x80000026
 * EAX[30]).
 */
static int hybrid(void)
{
	uint32_t r[4], max, emax;

	if (ct_cpuid(0, 0, r) < 0)
		return 0;
	max = r[0];
	if (max >= 7 && ct_cpuid(7, 0, r) == 0 && ((r[3] >> 15) & 1))
		return 1;
	ct_cpuid(0x80000000u, 0, r);
	emax = r[0];
	return emax >= 0x80000026u && emax < 0x8000ffffu && ct_cpuid(0x80000026u, 0, r) == 0 &&
	       ((r[0] >> 30) & 1);
}

static void live_one(int cpu, void *arg)
{
	struct ct_caches *c = arg, one;
	char src[sizeof(one.where)];

	if (ct_caches_from_cpuid(live_query, NULL, &one) < 0)
		return;
	if (cpu >= 0) {
		snprintf(src, sizeof(src), "%s", one.where);
		snprintf(one.where, sizeof(one.where), "%.40s on cpu%d", src, cpu);
	}
	ct_caches_merge(c, &one);
}

/* On the calling cpu; on a hybrid, on each of cpus in turn (the OS seam pins). */
static int cpuid_live(const struct ct_cpuset *cpus, struct ct_caches *c)
{
	if (!hybrid() || ct_os_on_each_cpu(cpus, live_one, c) <= 0 || !ct_caches_known(c))
		live_one(-1, c);
	return ct_caches_known(c) ? 0 : -1;
}

/* --- A recorded machine's cpuid.txt. --- */

struct recorded_leaf {
	uint32_t cpu, leaf, sub, r[4];
};

struct recorded {
	struct recorded_leaf *v;
	size_t n;
	uint32_t cpu;			/* the cpu a query asks of */
};

static void recorded_line(void *arg, uint32_t cpu, uint32_t leaf, uint32_t sub,
			  const uint32_t r[4])
{
	struct recorded *d = arg;
	struct recorded_leaf *l;

	d->v = ct_xrealloc(d->v, (d->n + 1) * sizeof(*d->v));
	l = &d->v[d->n++];
	l->cpu = cpu;
	l->leaf = leaf;
	l->sub = sub;
	memcpy(l->r, r, sizeof(l->r));
}

/* A leaf the recording does not have is one the cpu did not answer. */
static int recorded_query(void *arg, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	const struct recorded *d = arg;
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i].cpu == d->cpu && d->v[i].leaf == leaf && d->v[i].sub == sub) {
			memcpy(r, d->v[i].r, sizeof(d->v[i].r));
			return 0;
		}
	memset(r, 0, 4 * sizeof(*r));
	return -1;
}

static int cpuid_recorded(const char *root, const struct ct_cpuset *cpus, struct ct_caches *c)
{
	struct recorded d = { NULL, 0, 0 };
	struct ct_cpuset seen;
	char path[4096], why[4200];
	FILE *f;
	size_t i;

	snprintf(path, sizeof(path), "%s/cpuid.txt", root);
	f = fopen(path, "r");
	if (!f) {
		if (errno == ENOENT)
			return -1;
		errx(CT_EXIT_USAGE, "invalid CT_CACHE_SYSROOT: %s: %s", path, strerror(errno));
	}
	if (ct_cpuid_parse(f, path, recorded_line, &d, why, sizeof(why)) < 0)
		errx(CT_EXIT_USAGE, "invalid CT_CACHE_SYSROOT: %s", why);
	fclose(f);
	/* The run's cpus are this machine's: none of them recorded, every recorded one. */
	for (i = 0; cpus && i < d.n; i++)
		if (d.v[i].cpu < CT_CPUSET_MAX && ct_cpuset_isset(cpus, (int)d.v[i].cpu))
			break;
	if (i == d.n)
		cpus = NULL;
	ct_cpuset_zero(&seen);
	for (i = 0; i < d.n; i++) {
		struct ct_caches one;

		if (d.v[i].cpu >= CT_CPUSET_MAX || ct_cpuset_isset(&seen, (int)d.v[i].cpu))
			continue;
		ct_cpuset_set(&seen, (int)d.v[i].cpu);
		if (cpus && !ct_cpuset_isset(cpus, (int)d.v[i].cpu))
			continue;
		d.cpu = d.v[i].cpu;
		if (ct_caches_from_cpuid(recorded_query, &d, &one) == 0) {
			char src[sizeof(one.where)];

			snprintf(src, sizeof(src), "%s", one.where);
			snprintf(one.where, sizeof(one.where), "%.40s on cpu%u", src, d.cpu);
			ct_caches_merge(c, &one);
		}
	}
	free(d.v);
	return ct_caches_known(c) ? 0 : -1;
}

/* --- sysfs. --- */

static int read_line(const char *root, char *buf, size_t len, int cpu, int idx,
		     const char *name)
{
	char path[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpu%d/cache/index%d/%s", root,
		 cpu, idx, name);
	if (!(f = fopen(path, "r")))
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strlen(buf);
	while (n && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return 0;
}

/*
 * One cpu's cache/index*: "48K", "2048K" (kibibytes) through the size
 * parser every option uses (make fuzz checks it), so a shift that
 * overflows or junk after the unit is unreadable, not a wrong size.
 */
static void sysfs_cpu(const char *root, int cpu, struct ct_caches *c)
{
	struct ct_caches one;
	char buf[4096];
	int idx, lv, found = 0;

	memset(&one, 0, sizeof(one));
	for (idx = 0; idx < 32; idx++) {
		struct ct_cpuset shared;
		uint64_t bytes, line;

		if (read_line(root, buf, sizeof(buf), cpu, idx, "type") < 0)
			break;
		if (strcmp(buf, "Instruction") == 0)
			continue;
		if (read_line(root, buf, sizeof(buf), cpu, idx, "level") < 0 ||
		    (lv = atoi(buf)) < 1 || lv >= CT_CACHE_LEVELS)
			continue;
		if (read_line(root, buf, sizeof(buf), cpu, idx, "size") < 0 ||
		    ct_parse_size(buf, 1, UINT64_MAX, &bytes, NULL) < 0 ||
		    bytes <= one.level[lv].bytes)
			continue;
		/* Only a size counts: some Arm boards list caches without one. */
		found++;
		one.level[lv].bytes = bytes;
		one.level[lv].line = read_line(root, buf, sizeof(buf), cpu, idx,
					       "coherency_line_size") == 0 &&
				     ct_parse_size(buf, 1, 1u << 20, &line, NULL) == 0 ?
				     (unsigned)line : 0;
		one.level[lv].sharing = read_line(root, buf, sizeof(buf), cpu, idx,
						  "shared_cpu_list") == 0 &&
					ct_cpuset_parse(buf, &shared, NULL) == 0 ?
					(unsigned)ct_cpuset_count(&shared) : 0;
	}
	if (!found)
		return;
	for (lv = 1; lv < CT_CACHE_LEVELS; lv++)
		one.level[lv].source = CT_CACHE_SYSFS;
	snprintf(one.where, sizeof(one.where), "cpu%d", cpu);
	ct_caches_merge(c, &one);
}

int ct_caches_sysfs(const char *root, const struct ct_cpuset *cpus, struct ct_caches *c)
{
	char path[4096];
	struct dirent *e;
	DIR *d;
	int cpu;

	if (cpus) {
		ct_cpuset_foreach(cpu, cpus)
			sysfs_cpu(root, cpu, c);
		return ct_caches_known(c) ? 0 : -1;
	}
	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu", root);
	if (!(d = opendir(path)))
		return -1;
	while ((e = readdir(d)) != NULL) {
		char *end;
		long n;

		if (strncmp(e->d_name, "cpu", 3) != 0 || !isdigit((unsigned char)e->d_name[3]))
			continue;
		n = strtol(e->d_name + 3, &end, 10);
		if (*end == '\0' && n < CT_CPUSET_MAX)
			sysfs_cpu(root, (int)n, c);
	}
	closedir(d);
	return ct_caches_known(c) ? 0 : -1;
}

/* --- The sources in order. --- */

/*
 * The OS's sizes: a recorded tree's sysfs, or the live OS's (the seam).
 * A recorded tree stands for the live machine, whose cpus the run's are:
 * where the tree has none of them, every cpu it has.
 */
static int read_os(const char *root, const struct ct_cpuset *cpus, struct ct_caches *c)
{
	/* Live: sysfs where there is one (Linux), else what the OS seam says (macOS). */
	if (!root)
		return ct_caches_sysfs("", cpus, c) == 0 ? 0 : ct_os_caches(cpus, c);
	return ct_caches_sysfs(root, cpus, c) == 0 ||
	       (cpus && ct_caches_sysfs(root, NULL, c) == 0) ? 0 : -1;
}

static int read_cpuid(const char *root, const struct ct_cpuset *cpus, struct ct_caches *c)
{
	return root ? cpuid_recorded(root, cpus, c) : cpuid_live(cpus, c);
}

int ct_caches_read(const struct ct_cpuset *cpus, struct ct_caches *c)
{
	const char *knob = getenv("CT_CACHE_SOURCE"), *root = getenv("CT_CACHE_SYSROOT");
	int os = 1, cpuid = 1;

	memset(c, 0, sizeof(*c));
	if (!knob || !*knob || strcmp(knob, "auto") == 0)
		;
	else if (strcmp(knob, "os") == 0)
		cpuid = 0;
	else if (strcmp(knob, "cpuid") == 0)
		os = 0;
	else if (strcmp(knob, "none") == 0)
		os = cpuid = 0;
	else
		errx(CT_EXIT_USAGE, "invalid CT_CACHE_SOURCE '%s': use auto, os, cpuid or none",
		     knob);
	if (root && !*root)
		root = NULL;
	/* The OS first: it knows what CPUID cannot (an L3 a hypervisor hides). */
	if (os && read_os(root, cpus, c) == 0)
		return 0;
	memset(c, 0, sizeof(*c));
	if (cpuid && read_cpuid(root, cpus, c) == 0)
		return 0;
	memset(c, 0, sizeof(*c));
	return -1;
}
