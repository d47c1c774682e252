/*
 * unit-fake-chain.h - what the tests that replace the add chain share
 * (unit-harness-fake.c, unit-allcore-fake.c): the brackets' known thread
 * CPU times, a loop that burns them, and the stand-in chain's description.
 * Each test defines ct_addchain() itself (what its calls burn, and
 * whether one also sleeps), so the link takes it instead of
 * src/kernels/addchain-*.c.
 */
#ifndef CT_TESTS_UNIT_FAKE_CHAIN_H
#define CT_TESTS_UNIT_FAKE_CHAIN_H

#include <stdint.h>

#include "kernels/kernels.h"
#include "platform/os.h"

#define BRACKET_SHORT_NS 1000000ull
#define BRACKET_LONG_NS 3000000ull
#define BRACKET_ADDS 3000000ull		/* a multiple of CT_ADDCHAIN_UNROLL */

/* Burn ns of this thread's CPU time: preemption stretches the wall, not this. */
static inline void burn(uint64_t ns)
{
	uint64_t start = ct_thread_cpu_ns();

	while (ct_thread_cpu_ns() - start < ns)
		;
}

const struct ct_kernel ct_addchain_desc = {
	.kernel = "addchain",
	.isa = "fake",
	.symbol = "ct_addchain",
	.accumulators = 1,
	.lanes = 1,
	.ops = CT_ADDCHAIN_UNROLL,
	.insn = "thread CPU time",
	.binds = "the time it burns",
	.fn.addchain = ct_addchain,
};

#endif
