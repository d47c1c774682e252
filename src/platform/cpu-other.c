/*
 * cpu-other.c - ISA support on an architecture coretype has no vector
 * kernels for: only the portable scalar kernels run.
 */
#include "config.h"

#include "ct/isa.h"

unsigned ct_cpu_isa_mask(void)
{
	return 1u << CT_ISA_SCALAR;
}
