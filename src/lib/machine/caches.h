/*
 * machine/caches.h - the data caches of the cpus a run is on, level by
 * level, and where each level's facts came from.  The OS first (Linux:
 * sysfs cpuN/cache/index*; macOS: the hw.*cachesize sysctls), then CPUID
 * on x86 (Intel leaf 4, AMD leaf 0x8000001D when CPUID 0x80000001 ECX
 * says topoext, else AMD's legacy 0x80000005/0x80000006), else unknown.
 * A Firecracker guest, some containers and some Arm boards have no sysfs
 * cache folder: there CPUID is the only source on x86, and on Arm the
 * levels are unknown, never guessed.
 *
 * Two knobs for tests (coretype(7)): CT_CACHE_SOURCE=auto|os|cpuid|none
 * limits the sources, and CT_CACHE_SYSROOT=DIR reads a recorded machine
 * in place of the live one (DIR/sys/devices/system/cpu/cpuN/cache/ as
 * sysfs, DIR/cpuid.txt as what CPUID answered on each cpu, in the format
 * of ct-place --sysroot).
 */
#ifndef CT_MACHINE_CACHES_H
#define CT_MACHINE_CACHES_H

#include <stddef.h>
#include <stdint.h>

#include "platform/caches.h"

struct ct_cpuset;

const char *ct_cache_source_name(enum ct_cache_source s);

/*
 * The caches of cpus (NULL: every cpu), from the first source that knows
 * any (CT_CACHE_SOURCE and CT_CACHE_SYSROOT obeyed).  Returns 0, or -1
 * with every level unknown.  An invalid knob or an unreadable cpuid.txt
 * is a usage error (exit 2).
 */
int ct_caches_read(const struct ct_cpuset *cpus, struct ct_caches *c);

/* 1 when some source said something of the caches (even "none at L3"). */
int ct_caches_known(const struct ct_caches *c);
/* ct_caches_largest(): platform/caches.h (the macOS seam uses it too). */

/*
 * The level an array of bytes falls in: "L1", "L2", "L3" (the smallest
 * known cache that holds it), "memory" when every level up to L3 is
 * known and none holds it, "unknown" when a level that might hold it is
 * not known.  Pure.
 */
const char *ct_caches_level(uint64_t bytes, const struct ct_caches *c);

/*
 * The decoders, pure, for the unit tests and every reader: the CPUID
 * answers of one cpu through q (which returns 0 and fills r, or -1 for
 * a leaf it does not have) into the levels of one (every level's source
 * CT_CACHE_CPUID when any was found); returns 0, or -1 when CPUID
 * describes no cache.
 */
typedef int (*ct_cpuid_query)(void *arg, uint32_t leaf, uint32_t sub, uint32_t r[4]);
int ct_caches_from_cpuid(ct_cpuid_query q, void *arg, struct ct_caches *one);
/* Take one cpu's caches into all: the largest at each level (1 when taken). */
int ct_caches_merge(struct ct_caches *all, const struct ct_caches *one);

/*
 * A Linux sysfs tree under root ("" for the live one): the caches of
 * cpus (NULL: every cpuN directory).  Returns 0, or -1 when it lists no
 * cache.
 */
int ct_caches_sysfs(const char *root, const struct ct_cpuset *cpus, struct ct_caches *c);

#endif
