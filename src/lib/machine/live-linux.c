/*
 * machine/live-linux.c - the live Linux machine's cpu facts: sysfs and procfs
 * through the portable reader (src/lib/machine/sysfs.c, rooted at "/"), this
 * process's affinity from sched_getaffinity(), and on x86 CPUID read on
 * each allowed cpu while pinned to it: leaves 0x1A and 0x80000026 describe
 * the cpu that executes CPUID, so the instruction must run there.  The
 * thread's affinity is restored afterwards.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "platform/os.h"
#include "platform/place.h"
#include "machine/topo.h"

static void cpuid_fact(struct ct_topo *t, int cpu, uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	if (ct_cpuid(leaf, sub, r) == 0)
		ct_topo_cpuid_fact(&t->cpu[cpu], &t->vendor, leaf, sub, r);
}

/* The leaves the rules use, as far as this cpu has them. */
static void read_cpuid(struct ct_topo *t, int cpu)
{
	uint32_t r[4], max, emax, k;

	cpuid_fact(t, cpu, 0, 0, r);
	max = r[0];
	if (max >= 1)
		cpuid_fact(t, cpu, 1, 0, r);
	if (max >= 4)
		for (k = 0; k < CT_TOPO_CPUID4_MAX; k++) {
			cpuid_fact(t, cpu, 4, k, r);
			if ((r[0] & 0x1f) == 0)
				break;
		}
	if (max >= 7)
		cpuid_fact(t, cpu, 7, 0, r);
	if (max >= 0x1a)
		cpuid_fact(t, cpu, 0x1a, 0, r);
	cpuid_fact(t, cpu, 0x80000000u, 0, r);
	emax = r[0];
	if (emax >= 0x80000026u && emax < 0x8000ffffu)
		cpuid_fact(t, cpu, 0x80000026u, 0, r);
}

static void read_cpuid_all(struct ct_topo *t)
{
	struct ct_cpuset saved, usable;
	uint32_t r[4];
	int c;

	if (ct_cpuid(0, 0, r) < 0)
		return;			/* not x86: no CPUID */
	if (ct_place_allowed(&saved) < 0)
		return;
	ct_cpuset_and(&usable, &t->online, &t->allowed);
	ct_topo_for_each_cpu(t, c, &usable) {
		/*
		 * The thread is migrated before the call returns; a cpu that
		 * went offline meanwhile stays without CPUID facts.
		 */
		if (ct_pin_thread(c) < 0 || ct_current_cpu() != c)
			continue;
		read_cpuid(t, c);
	}
	/* The calling thread gets its affinity back (pid 0: this thread only). */
	ct_place_clamp_process(&saved);
}

int ct_topo_read_live(struct ct_topo *t, char *why, size_t len)
{
	if (ct_topo_read_sysfs(t, "", why, len) < 0)
		return -1;
	if (ct_place_allowed(&t->allowed) < 0) {
		snprintf(why, len, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	if (t->arch == CT_TOPO_ARCH_UNKNOWN) {
		if (strcmp(CT_ARCH_NAME, "x86_64") == 0)
			t->arch = CT_TOPO_ARCH_X86;
		else if (strcmp(CT_ARCH_NAME, "aarch64") == 0)
			t->arch = CT_TOPO_ARCH_ARM;
	}
	read_cpuid_all(t);
	return 0;
}
