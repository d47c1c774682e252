/*
 * platform/caches.h - what the OS seam reports of the data caches
 * (ct_os_caches, platform/os.h) and every other source fills alike: a
 * size, line and sharing per level and where each came from.  The
 * sources and their order: machine/caches.h.
 */
#ifndef CT_PLATFORM_CACHES_H
#define CT_PLATFORM_CACHES_H

#include <stdint.h>

enum ct_cache_source {
	CT_CACHE_UNKNOWN,		/* no source said anything of the level */
	CT_CACHE_SYSFS,
	CT_CACHE_SYSCTL,
	CT_CACHE_CPUID
};

/* Levels 1 to CT_CACHE_LEVELS - 1 (L4 is an Intel eDRAM's, kept when given). */
#define CT_CACHE_LEVELS 5

/*
 * One level: the largest data or unified cache at it among the cpus.
 * bytes 0 with a known source: the source listed every cache and there
 * is none at this level (an Apple M1 has no L3); bytes 0 with
 * CT_CACHE_UNKNOWN: nobody knows.
 */
struct ct_cache_level {
	uint64_t bytes;			/* one cache's size */
	unsigned line;			/* its line in bytes, 0 unknown */
	unsigned sharing;		/* logical cpus that share one, 0 unknown */
	enum ct_cache_source source;
};

struct ct_caches {
	struct ct_cache_level level[CT_CACHE_LEVELS];	/* [0] unused */
	char where[64];			/* "cpu0", "hw.l3cachesize", "CPUID 0x8000001D" */
	/*
	 * What a source gave that is not one cache's size, said beside the
	 * levels ("CPUID 0x80000006 gives an L3 of 508 MiB for the whole
	 * package"), "" for none.
	 */
	char note[128];
};

/* A source by name ("sysfs", "sysctl", "cpuid", "unknown"): machine/caches.h. */

/*
 * The highest level with a cache (0: none known), and its size: for the
 * machine's merge of the sources and for an OS seam that takes the
 * largest of several answers (darwin/os.c's sysctl names).
 */
static inline int ct_caches_largest(const struct ct_caches *c, uint64_t *bytes)
{
	int lv;

	*bytes = 0;
	for (lv = CT_CACHE_LEVELS - 1; lv >= 1; lv--)
		if (c->level[lv].bytes) {
			*bytes = c->level[lv].bytes;
			return lv;
		}
	return 0;
}

#endif
