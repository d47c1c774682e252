/*
 * platform/cpu/arm.c - ISA support on aarch64.  AdvSIMD (NEON) is architectural on
 * ARMv8-A, but the kernel still says so: AT_HWCAP's HWCAP_ASIMD on Linux,
 * hw.optional.AdvSIMD (or hw.optional.neon) on macOS.
 */
#include "config.h"

#include <stddef.h>
#if HAVE_SYS_AUXV_H
#include <sys/auxv.h>
#endif
#if HAVE_SYS_SYSCTL_H && HAVE_SYSCTLBYNAME
#include <sys/sysctl.h>
#endif

#include "platform/isa.h"
#include "platform/cpuid.h"

#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1ul << 1)
#endif

static int has_neon(void)
{
#if HAVE_GETAUXVAL
	return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
#elif HAVE_SYSCTLBYNAME
	int v = 0;
	size_t n = sizeof(v);

	if (sysctlbyname("hw.optional.AdvSIMD", &v, &n, NULL, 0) == 0)
		return v != 0;
	n = sizeof(v);
	if (sysctlbyname("hw.optional.neon", &v, &n, NULL, 0) == 0)
		return v != 0;
	return 0;
#else
	return 1;	/* ARMv8-A makes AdvSIMD mandatory. */
#endif
}

unsigned ct_cpu_isa_mask(void)
{
	unsigned mask = 1u << CT_ISA_SCALAR;

	if (has_neon())
		mask |= 1u << CT_ISA_NEON;
	return mask;
}

/* Arm has no CPUID instruction: the core-kind rules read MIDR from sysfs instead. */
int ct_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	(void)leaf;
	(void)sub;
	r[0] = r[1] = r[2] = r[3] = 0;
	return -1;
}
