/*
 * unit-fake-chain.h - what the tests that replace the add chain share
 * (unit-harness-fake.c, unit-allcore-fake.c): the brackets' known thread
 * CPU times, chunk by chunk, a loop that burns them, and the stand-in
 * chain's description.
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
/* A multiple of CT_ADDCHAIN_UNROLL x CT_BRACKET_CHUNKS. */
#define BRACKET_ADDS 3000000ull
/*
 * A bracket is CT_BRACKET_CHUNKS calls of the chain.  The stand-in burns
 * BRACKET_SHORT_NS over a sample's leading bracket (an even one), in
 * equal parts, and BRACKET_LONG_NS over its trailing one: the same parts,
 * and the rest in its first chunk, as a slice lost there and counted as
 * CPU time (as a hypervisor's steal of the vCPU is).  The clock is the
 * rate of the chunks that lost nothing, 3 adds/ns; both brackets' adds
 * over their whole time say 1.5, the trailing one's alone 1.
 */
#define FAKE_BRACKET(call) ((call) / CT_BRACKET_CHUNKS)
#define FAKE_CHUNK(call) ((call) % CT_BRACKET_CHUNKS)
#define FAKE_CHUNK_NS(call)                                                     \
	(BRACKET_SHORT_NS / CT_BRACKET_CHUNKS +                                  \
	 (FAKE_BRACKET(call) % 2 && FAKE_CHUNK(call) == 0 ? BRACKET_LONG_NS - BRACKET_SHORT_NS : 0))
#define FAKE_CLOCK_GHZ (BRACKET_ADDS / (double)BRACKET_SHORT_NS)

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
