/*
 * workloads/clock.c - the add-chain clock as a harness kernel.  One dependent add
 * per cycle: adds per ns is the clock in GHz.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "workloads/clock.h"
#include "kernels/kernels.h"

static uint64_t clock_run(void *p)
{
	const struct ct_clock *c = p;

	return ct_addchain(c->iters);
}

/* The chain returns how many adds it made: all of them, or the run fails. */
static int clock_verify(void *p, uint64_t ret, char *why, size_t len)
{
	const struct ct_clock *c = p;
	uint64_t want = c->iters * CT_ADDCHAIN_UNROLL;

	if (ret == want)
		return 0;
	snprintf(why, len, "the chain counted %llu adds, expected %llu",
		 (unsigned long long)ret, (unsigned long long)want);
	return -1;
}

void ct_clock_kernel(struct ct_job *k, struct ct_clock *c, uint64_t adds)
{
	c->iters = (adds + CT_ADDCHAIN_UNROLL - 1) / CT_ADDCHAIN_UNROLL;
	memset(k, 0, sizeof(*k));
	k->name = ct_addchain_desc.kernel;
	k->isa = ct_addchain_desc.isa;
	k->unit = "GHz";
	k->work = (double)(c->iters * CT_ADDCHAIN_UNROLL);
	/* The chain's claim, which a hardware cycle count can check. */
	k->cycles_work = k->work;
	k->run = clock_run;
	k->verify = clock_verify;
	k->ctx = c;
}

int ct_clock_adds_check(uint64_t adds, char *why, size_t len)
{
	struct ct_harness h;
	struct ct_job k;
	struct ct_clock c;
	struct ct_series ser;
	int rc;

	ct_harness_defaults(&h, 1);
	h.reps = 1;
	h.settle_ns = 0;
	h.bracket_adds = 0;
	ct_clock_kernel(&k, &c, adds);
	rc = ct_harness_run(&h, &k, 1, &ser, why, len);
	ct_series_free(&ser, 1);
	return rc < 0 ? rc : 0;
}
