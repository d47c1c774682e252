/*
 * unit-cpuid-caches - the cache decoders of src/lib/machine/caches.c on
 * recorded CPUID answers (tests/machine/caches/NAME/cpuid.txt, read as
 * CT_CACHE_SYSROOT): a Zen 5 guest that hides topoext (AMD's legacy
 * leaves, its L3 unknown), the same Zen 5 with topoext (0x8000001D), a
 * Sapphire Rapids and an Alder Lake whose P- and E-cores answer leaf 4
 * differently; the OS first where the tree has a sysfs cache folder;
 * the knobs; the levels and the default size that follow.  On x86 the
 * live cpu's CPUID is decoded too, so every x86 run exercises that path.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "machine/caches.h"
#include "platform/cpuid.h"
#include "workloads/stream.h"
#include "../unit.h"

#define KIB 1024ull
#define MIB (1024ull * 1024)

static void use(const char *name, const char *source)
{
	static char dir[4096];
	const char *top = getenv("top_srcdir");

	snprintf(dir, sizeof(dir), "%s/tests/machine/caches/%s", top ? top : ".", name);
	setenv("CT_CACHE_SYSROOT", dir, 1);
	if (source)
		setenv("CT_CACHE_SOURCE", source, 1);
	else
		unsetenv("CT_CACHE_SOURCE");
}

/* One level: its size, line and sharers, and its source. */
static int level_is(const struct ct_caches *c, int lv, uint64_t bytes, unsigned line,
		    unsigned sharing, enum ct_cache_source src)
{
	const struct ct_cache_level *l = &c->level[lv];

	if (l->bytes == bytes && l->line == line && l->sharing == sharing && l->source == src)
		return 1;
	fprintf(stderr, "L%d: %llu bytes, line %u, %u sharing, %s\n", lv,
		(unsigned long long)l->bytes, l->line, l->sharing, ct_cache_source_name(l->source));
	return 0;
}

static struct ct_cpuset one_cpu(int cpu)
{
	struct ct_cpuset s;

	ct_cpuset_zero(&s);
	ct_cpuset_set(&s, cpu);
	return s;
}

static void test_zen5_guest(void)
{
	const enum ct_cache_source C = CT_CACHE_CPUID;
	struct ct_caches c;
	char reason[200];
	uint64_t size;

	/* No sysfs cache folder: CPUID, topoext hidden, so the legacy leaves. */
	use("amd-zen5-firecracker", NULL);
	CHECK(ct_caches_read(NULL, &c) == 0);
	CHECK(level_is(&c, 1, 48 * KIB, 64, 0, C));
	CHECK(level_is(&c, 2, 1 * MIB, 64, 0, C));
	/* The L3 field is the package's 508 MiB: not one cache's size. */
	CHECK(level_is(&c, 3, 0, 0, 0, CT_CACHE_UNKNOWN));
	CHECK(strstr(c.note, "508 MiB") != NULL);
	CHECK(strncmp(c.where, "CPUID 0x80000005/6", 18) == 0);
	CHECK(strcmp(ct_caches_level(16 * KIB, &c), "L1") == 0);
	CHECK(strcmp(ct_caches_level(256 * KIB, &c), "L2") == 0);
	CHECK(strcmp(ct_caches_level(8 * MIB, &c), "unknown") == 0);
	CHECK(strcmp(ct_caches_level(64 * MIB, &c), "unknown") == 0);
	/* The default array: the floor, and a guess that says so. */
	size = ct_stream_default_size(NULL, 0, reason, sizeof(reason));
	CHECK(size == CT_STREAM_FLOOR_BYTES);
	CHECK(strstr(reason, "a guess: the L3 size is unknown") != NULL);
	/* The OS alone knows nothing here; none knows nothing anywhere. */
	use("amd-zen5-firecracker", "os");
	CHECK(ct_caches_read(NULL, &c) < 0 && !ct_caches_known(&c));
	CHECK(strcmp(ct_caches_level(16 * KIB, &c), "unknown") == 0);
	size = ct_stream_default_size(NULL, 0, reason, sizeof(reason));
	CHECK(size == CT_STREAM_FLOOR_BYTES && strstr(reason, "a guess: no cache size is known"));
	use("amd-zen5-firecracker", "none");
	CHECK(ct_caches_read(NULL, &c) < 0 && !ct_caches_known(&c));
}

static void test_zen5_topoext(void)
{
	const enum ct_cache_source C = CT_CACHE_CPUID;
	struct ct_caches c;
	char reason[200];

	use("amd-zen5-turin", NULL);
	CHECK(ct_caches_read(NULL, &c) == 0);
	CHECK(level_is(&c, 1, 48 * KIB, 64, 2, C));
	CHECK(level_is(&c, 2, 1 * MIB, 64, 2, C));
	CHECK(level_is(&c, 3, 32 * MIB, 64, 16, C));
	/* The walk lists every cache: no L4 is "none", not unknown. */
	CHECK(level_is(&c, 4, 0, 0, 0, C));
	CHECK(c.note[0] == '\0');
	CHECK(strncmp(c.where, "CPUID 0x8000001D", 16) == 0);
	CHECK(strcmp(ct_caches_level(8 * MIB, &c), "L3") == 0);
	CHECK(strcmp(ct_caches_level(64 * MIB, &c), "memory") == 0);
	CHECK(ct_stream_default_size(NULL, 0, reason, sizeof(reason)) == 4 * 32 * MIB);
	CHECK(strstr(reason, "a guess") == NULL && strstr(reason, "L3 32 MiB"));
}

static void test_sapphire_rapids(void)
{
	const enum ct_cache_source C = CT_CACHE_CPUID;
	struct ct_caches c;

	use("intel-spr-8480", "cpuid");
	CHECK(ct_caches_read(NULL, &c) == 0);
	/* Leaf 4: ways x partitions x line x sets, each field plus one. */
	CHECK(level_is(&c, 1, 48 * KIB, 64, 2, C));
	CHECK(level_is(&c, 2, 2 * MIB, 64, 2, C));
	CHECK(level_is(&c, 3, 105 * MIB, 64, 128, C));
	CHECK(strncmp(c.where, "CPUID leaf 4", 12) == 0);
	CHECK(strcmp(ct_caches_level(64 * MIB, &c), "L3") == 0);
	CHECK(strcmp(ct_caches_level(106 * MIB, &c), "memory") == 0);
}

static void test_alder_lake(void)
{
	const enum ct_cache_source C = CT_CACHE_CPUID, S = CT_CACHE_SYSFS;
	struct ct_cpuset p = one_cpu(0), e = one_cpu(12), both = one_cpu(1), other = one_cpu(40);
	struct ct_caches c;

	ct_cpuset_set(&both, 13);
	/* CPUID, each cpu its own: a P-core, an E-core, the largest of both. */
	use("intel-adl-12600k", "cpuid");
	CHECK(ct_caches_read(&p, &c) == 0);
	CHECK(level_is(&c, 1, 48 * KIB, 64, 2, C));
	CHECK(level_is(&c, 2, 1280 * KIB, 64, 8, C));
	CHECK(level_is(&c, 3, 20 * MIB, 64, 128, C));
	CHECK(strstr(c.where, "on cpu0") != NULL);
	CHECK(ct_caches_read(&e, &c) == 0);
	/* The E-core's L1i (64 KiB) is larger than its L1d: not a data cache. */
	CHECK(level_is(&c, 1, 32 * KIB, 64, 2, C));
	CHECK(level_is(&c, 2, 2 * MIB, 64, 8, C));
	CHECK(level_is(&c, 3, 20 * MIB, 64, 128, C));
	CHECK(ct_caches_read(&both, &c) == 0);
	CHECK(c.level[1].bytes == 48 * KIB && c.level[2].bytes == 2 * MIB);
	CHECK(ct_caches_read(NULL, &c) == 0);
	CHECK(c.level[1].bytes == 48 * KIB && c.level[2].bytes == 2 * MIB);
	/* A cpu the recording does not have: every recorded one. */
	CHECK(ct_caches_read(&other, &c) == 0 && c.level[2].bytes == 2 * MIB);
	/* The OS first: the tree's sysfs, its sharers the kernel's lists. */
	use("intel-adl-12600k", NULL);
	CHECK(ct_caches_read(&p, &c) == 0);
	CHECK(level_is(&c, 1, 48 * KIB, 64, 2, S));
	CHECK(level_is(&c, 2, 1280 * KIB, 64, 2, S));
	CHECK(level_is(&c, 3, 20 * MIB, 64, 16, S));
	CHECK(level_is(&c, 4, 0, 0, 0, S));
	CHECK(strcmp(c.where, "cpu0") == 0);
	CHECK(ct_caches_read(&e, &c) == 0);
	CHECK(level_is(&c, 1, 32 * KIB, 64, 1, S));
	CHECK(level_is(&c, 2, 2 * MIB, 64, 4, S));
	CHECK(ct_caches_read(&other, &c) == 0 && c.level[2].bytes == 2 * MIB);
	use("intel-adl-12600k", "os");
	CHECK(ct_caches_read(NULL, &c) == 0 && c.level[1].source == S);
}

/* An Arm board whose sysfs lists its caches without sizes, and no CPUID: unknown. */
static void test_no_sizes(void)
{
	struct ct_caches c;

	use("arm-sizeless", NULL);
	CHECK(ct_caches_read(NULL, &c) < 0 && !ct_caches_known(&c));
	CHECK(strcmp(ct_caches_level(16 * KIB, &c), "unknown") == 0);
}

/* A made-up cpu for the decoder alone: leaves in a table. */
struct fake {
	const uint32_t (*v)[6];		/* leaf, sub, eax, ebx, ecx, edx */
	size_t n;
};

static int fake_query(void *arg, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	const struct fake *f = arg;
	size_t i;

	for (i = 0; i < f->n; i++)
		if (f->v[i][0] == leaf && f->v[i][1] == sub) {
			memcpy(r, &f->v[i][2], 4 * sizeof(*r));
			return 0;
		}
	memset(r, 0, 4 * sizeof(*r));
	return -1;
}

static void test_decoder(void)
{
	/* GenuineIntel with leaf 4, a cache listed after the walk's end. */
	static const uint32_t intel[][6] = {
		{ 0, 0, 0x20, 0x756e6547, 0x6c65746e, 0x49656e69 },
		{ 4, 0, 0xfc004121, 0x02c0003f, 0x3f, 0 },
		{ 4, 1, 0, 0, 0, 0 },
		{ 4, 2, 0xfc004143, 0x03c0003f, 0x7ff, 0 },
	};
	/* Leaf 4 not reached (max 2): nothing, not zeros taken for sizes. */
	static const uint32_t old[][6] = {
		{ 0, 0, 0x2, 0x756e6547, 0x6c65746e, 0x49656e69 },
		{ 4, 0, 0xfc004121, 0x02c0003f, 0x3f, 0 },
	};
	/* AuthenticAMD with no L3 at all (0x80000006 EDX 0): past L2 is memory. */
	static const uint32_t k8[][6] = {
		{ 0, 0, 0x1, 0x68747541, 0x444d4163, 0x69746e65 },
		{ 0x80000000u, 0, 0x80000018u, 0, 0, 0 },
		{ 0x80000001u, 0, 0, 0, 0x000037ff, 0 },
		{ 0x80000005u, 0, 0, 0, 0x40020140, 0 },
		{ 0x80000006u, 0, 0, 0, 0x02006140, 0 },
	};
	struct fake f = { intel, CT_ARRAY_SIZE(intel) };
	struct ct_caches c;

	CHECK(ct_caches_from_cpuid(fake_query, &f, &c) == 0);
	CHECK(c.level[1].bytes == 48 * KIB && c.level[2].bytes == 0);
	CHECK(c.level[2].source == CT_CACHE_CPUID);
	f.v = old;
	f.n = CT_ARRAY_SIZE(old);
	CHECK(ct_caches_from_cpuid(fake_query, &f, &c) < 0 && !ct_caches_known(&c));
	f.v = k8;
	f.n = CT_ARRAY_SIZE(k8);
	CHECK(ct_caches_from_cpuid(fake_query, &f, &c) == 0);
	CHECK(level_is(&c, 1, 64 * KIB, 64, 0, CT_CACHE_CPUID));
	CHECK(level_is(&c, 2, 512 * KIB, 64, 0, CT_CACHE_CPUID));
	CHECK(level_is(&c, 3, 0, 0, 0, CT_CACHE_CPUID));
	CHECK(c.note[0] == '\0');
	CHECK(strcmp(ct_caches_level(1 * MIB, &c), "memory") == 0);
	CHECK(strcmp(ct_cache_source_name(CT_CACHE_SYSCTL), "sysctl") == 0);
	CHECK(strcmp(ct_cache_source_name(CT_CACHE_UNKNOWN), "unknown") == 0);
}

/* This cpu's CPUID, read live: on x86 it must describe an L1d. */
static void test_live(void)
{
	struct ct_caches c;
	uint32_t r[4];

	unsetenv("CT_CACHE_SYSROOT");
	setenv("CT_CACHE_SOURCE", "cpuid", 1);
	if (ct_cpuid(0, 0, r) < 0) {
		CHECK(ct_caches_read(NULL, &c) < 0);
		return;
	}
	CHECK(ct_caches_read(NULL, &c) == 0);
	CHECK(c.level[1].source == CT_CACHE_CPUID && c.level[2].source == CT_CACHE_CPUID);
	CHECK(c.level[1].bytes >= 8 * KIB && c.level[1].bytes <= 1 * MIB);
	CHECK(c.level[1].line == 64 || c.level[1].line == 128);
	printf("live CPUID (%s): L1d %llu, L2 %llu, L3 %llu bytes (%s)%s%s\n", c.where,
	       (unsigned long long)c.level[1].bytes, (unsigned long long)c.level[2].bytes,
	       (unsigned long long)c.level[3].bytes, ct_cache_source_name(c.level[3].source),
	       c.note[0] ? "; " : "", c.note);
}

int main(void)
{
	test_zen5_guest();
	test_zen5_topoext();
	test_sapphire_rapids();
	test_alder_lake();
	test_no_sizes();
	test_decoder();
	test_live();
	return unit_done();
}
