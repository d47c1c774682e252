/*
 * addchain-aarch64.c - the clock estimate on aarch64.
 *
 * Per iteration: 8 `add xN, xN, xM`, each depending on the one before:
 * one add per cycle on every Arm core of the field (latency 1).  The
 * counter (subs/b.ne) is an independent chain.  Nothing in the loop
 * touches memory.  As on x86-64 the increment is a register loaded from
 * memory rather than `#1`: renamers that fold immediate adds (seen on
 * Intel's Golden Cove) would otherwise run the chain faster than the clock.
 * tests/kernels/asm-addchain.sh checks the loop as assembled.
 */
#include "config.h"

#include "kernels/kernels.h"

#if CT_ADDCHAIN_UNROLL != 8
#error "addchain-aarch64.c makes 8 adds per iteration: keep CT_ADDCHAIN_UNROLL in step"
#endif

/* One iteration: what ct-clock counts and tests/kernels/asm-addchain.sh checks. */
const struct ct_kernel ct_addchain_desc = {
	.kernel = "addchain",
	.isa = "aarch64",
	.symbol = "ct_addchain",
	.accumulators = 1,		/* one chain */
	.lanes = 1,
	.ops = 8,			/* dependent adds */
	.insn = "add xN, xN, xM",
	.mnemonic = "^add$",
	.reg = "x",			/* 64-bit general registers */
	.binds = "the add latency, one cycle",
	.fn.addchain = ct_addchain,
};

static volatile uint64_t one = 1;

uint64_t ct_addchain(uint64_t iters)
{
	uint64_t x = 0, n = iters, inc = one;

	if (n == 0)
		return 0;
	__asm__ __volatile__(
		".p2align 5\n"
		"1:\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"add %0, %0, %2\n\t"
		"subs %1, %1, #1\n\t"
		"b.ne 1b"
		: "+r"(x), "+r"(n)
		: "r"(inc)
		: "cc");
	return x;
}
