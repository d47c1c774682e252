/*
 * platform/cpu/other.c - ISA support on an architecture coretype has no vector
 * kernels for: only the portable scalar kernels run.
 */
#include "config.h"

#include "platform/isa.h"
#include "platform/cpuid.h"

unsigned ct_cpu_isa_mask(void)
{
	return 1u << CT_ISA_SCALAR;
}

/* No CPUID on this architecture. */
int ct_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	(void)leaf;
	(void)sub;
	r[0] = r[1] = r[2] = r[3] = 0;
	return -1;
}
