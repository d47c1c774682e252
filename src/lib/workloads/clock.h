/*
 * workloads/clock.h - the add-chain clock as a harness kernel, shared by ct-clock
 * and ct-place.
 */
#ifndef CT_WORKLOADS_CLOCK_H
#define CT_WORKLOADS_CLOCK_H

#include <stdint.h>

#include "measure/harness.h"

#define CT_CLOCK_ADDS_DEFAULT 50000000ull
#define CT_CLOCK_ADDS_QUICK 10000000ull
#define CT_CLOCK_ADDS_MAX (1ull << 40)
/* The --adds help (src/lib/core/options.c) states the default. */
_Static_assert(CT_CLOCK_ADDS_DEFAULT == 50000000, "--adds help states the default");

struct ct_clock {
	uint64_t iters;			/* loop iterations, CT_ADDCHAIN_UNROLL adds each */
};

/*
 * Fill k with the add-chain kernel: adds per call (rounded up to a
 * multiple of CT_ADDCHAIN_UNROLL), rate in GHz (adds per ns), verified by
 * the count the chain returns.  c must outlive k.
 */
void ct_clock_kernel(struct ct_job *k, struct ct_clock *c, uint64_t adds);

#endif
