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
/*
 * Whether a sample of adds is long enough to time, by the rule ct-clock's
 * harness applies to its first round: one sample of the chain on this
 * thread against the floor (measure/floor.h).  For a tool that runs the
 * chain with the floor off (ct-place's -n).  0, else the harness's
 * return (CT_HARNESS_TOO_SHORT) with its message in why, for
 * ct_cli_harness_failed().
 */
int ct_clock_adds_check(uint64_t adds, char *why, size_t len);

#endif
