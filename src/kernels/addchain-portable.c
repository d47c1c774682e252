/*
 * addchain-portable.c - the clock estimate where coretype has no assembly
 * for the architecture.  The empty asm between adds stops the compiler
 * from folding the chain into one multiply-add, but it may still schedule
 * the adds as it likes: the isa name "portable" says the figure is only
 * an estimate.
 */
#include "config.h"

#include "ct/kernels.h"

const char ct_addchain_isa[] = "portable";
const char ct_addchain_insn[] = "C loop, not assembly";

#define STEP() do { x += 1; __asm__ __volatile__("" : "+r"(x)); } while (0)

uint64_t ct_addchain(uint64_t iters)
{
	uint64_t x = 0, n;

	for (n = 0; n < iters; n++) {
		STEP(); STEP(); STEP(); STEP();
		STEP(); STEP(); STEP(); STEP();
	}
	return x;
}
