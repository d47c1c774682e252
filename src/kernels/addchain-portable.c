/*
 * addchain-portable.c - the clock estimate where coretype has no assembly
 * for the architecture.  The empty asm between adds stops the compiler
 * from folding the chain into one multiply-add, but it may still schedule
 * the adds as it likes: the isa name "portable" says the figure is only
 * an estimate.
 */
#include "config.h"

#include "kernels/kernels.h"

#define STEP() do { x += 1; __asm__ __volatile__("" : "+r"(x)); } while (0)

#if CT_ADDCHAIN_UNROLL != 8
#error "addchain-portable.c makes 8 adds per iteration: keep CT_ADDCHAIN_UNROLL in step"
#endif

/* One iteration as written; the compiler decides the instructions. */
const struct ct_kernel ct_addchain_desc = {
	.kernel = "addchain",
	.isa = "portable",
	.symbol = "ct_addchain",
	.accumulators = 1,		/* one chain */
	.lanes = 1,
	.ops = 8,			/* dependent adds */
	.insn = "C loop, not assembly",
	.mnemonic = "",
	.reg = "",
	.binds = "the add latency, as far as the compiler keeps the chain",
	.flags = CT_KERNEL_AS_COMPILED,
	.fn.addchain = ct_addchain,
};

uint64_t ct_addchain(uint64_t iters)
{
	uint64_t x = 0, n;

	for (n = 0; n < iters; n++) {
		STEP(); STEP(); STEP(); STEP();
		STEP(); STEP(); STEP(); STEP();
	}
	return x;
}
