/*
 * addchain-x86_64.c - the clock estimate on x86-64.
 *
 * Per iteration: 8 adds, each reading the register the previous one
 * wrote, so they cannot overlap: one add per cycle (latency 1 on every
 * x86-64 core of the field).  The loop counter is a second, independent
 * chain whose dec/jnz pair fuses and hides under the 8 cycles.  Nothing
 * in the loop touches memory.
 *
 * The increment is a register loaded from memory, not an immediate:
 * Golden Cove and its successors (Raptor Cove, Lion Cove) fold chains of
 * `add $imm, %reg` in the renamer, which would run the chain faster than
 * the clock (bench/NOTES).  A value the renamer cannot know keeps every
 * add a real, dependent, one-cycle operation.
 * tests/kernels/asm-addchain.sh checks the loop as assembled.
 */
#include "config.h"

#include "kernels/kernels.h"

#if CT_ADDCHAIN_UNROLL != 8
#error "addchain-x86_64.c makes 8 adds per iteration: keep CT_ADDCHAIN_UNROLL in step"
#endif

/* One iteration: what ct-clock counts and tests/kernels/asm-addchain.sh checks. */
const struct ct_kernel ct_addchain_desc = {
	.kernel = "addchain",
	.isa = "x86-64",
	.symbol = "ct_addchain",
	.accumulators = 1,		/* one chain */
	.lanes = 1,
	.ops = 8,			/* dependent adds */
	.insn = "add %reg,%reg",
	.mnemonic = "^addq?$",
	.reg = "%r",			/* 64-bit general registers */
	.binds = "the add latency, one cycle",
	.fn.addchain = ct_addchain,
};

/* Read through memory so no pass can turn it into an immediate. */
static volatile uint64_t one = 1;

uint64_t ct_addchain(uint64_t iters)
{
	uint64_t x = 0, n = iters, inc = one;

	if (n == 0)
		return 0;
	__asm__ __volatile__(
		".p2align 5\n"
		"1:\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"add %2, %0\n\t"
		"dec %1\n\t"
		"jnz 1b"
		: "+r"(x), "+r"(n)
		: "r"(inc)
		: "cc");
	return x;
}
