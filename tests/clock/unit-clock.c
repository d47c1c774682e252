/*
 * unit-clock.c - the add chain as a harness kernel (workloads/clock.h):
 * the adds asked are rounded up to whole iterations of the chain, never
 * down (13 asked run 16, 1 asked runs 8, never none); the work the rates
 * divide is the adds run, and so is the cycle count a hardware counter
 * can check it against (one add a cycle); a run verifies, and a count
 * off by one iteration fails with both counts named.
 */
#include "config.h"

#include <string.h>

#include "kernels/kernels.h"
#include "workloads/clock.h"
#include "unit.h"

int main(void)
{
	static const struct {
		uint64_t asked, iters;
	} cases[] = {
		{ 1, 1 },
		{ CT_ADDCHAIN_UNROLL - 1, 1 },
		{ CT_ADDCHAIN_UNROLL, 1 },
		{ CT_ADDCHAIN_UNROLL + 5, 2 },
		{ 1000001, 125001 },
		{ 1000000, 125000 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ct_clock c;
		struct ct_job k;
		char why[256];
		uint64_t ret, adds = cases[i].iters * CT_ADDCHAIN_UNROLL;

		ct_clock_kernel(&k, &c, cases[i].asked);
		CHECK(c.iters == cases[i].iters);
		CHECK(k.work == (double)adds);
		/* One dependent add a cycle: the cycles claimed are the adds. */
		CHECK(k.cycles_work == (double)adds);
		CHECK(strcmp(k.unit, "GHz") == 0);
		CHECK(strcmp(k.name, "addchain") == 0);

		ret = k.run(k.ctx);
		CHECK(ret == adds);
		why[0] = '\0';
		CHECK(k.verify(k.ctx, ret, why, sizeof(why)) == 0);
		/* An iteration short: caught, both counts said. */
		CHECK(k.verify(k.ctx, ret - CT_ADDCHAIN_UNROLL, why, sizeof(why)) != 0);
		CHECK(strstr(why, "expected") != NULL);
		printf("%llu asked: %llu iterations, %llu adds; short: %s\n",
		       (unsigned long long)cases[i].asked, (unsigned long long)c.iters,
		       (unsigned long long)ret, why);
	}
	return unit_done();
}
