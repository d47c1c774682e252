/*
 * kernels.h - the measurement kernels.  Each lives in src/kernels/, one
 * file per kernel and ISA, with a header comment stating the work per
 * iteration and what binds it.
 */
#ifndef CT_KERNELS_H
#define CT_KERNELS_H

#include <stdint.h>

/*
 * The dependent add chain: 8 * iters register adds, each depending on the one
 * before, so one add retires per cycle and the time per add is the clock
 * period.  Returns the number of adds performed (the caller checks it).
 * src/kernels/addchain-x86_64.c, addchain-aarch64.c, addchain-portable.c.
 */
uint64_t ct_addchain(uint64_t iters);
#define CT_ADDCHAIN_UNROLL 8
/* "x86-64", "aarch64" or "portable", and the instruction it chains. */
extern const char ct_addchain_isa[];
extern const char ct_addchain_insn[];

#endif
