/*
 * chase.c - the pointer chase in portable C: load-to-use latency and,
 * with several chains interleaved, the misses a core keeps in flight.
 *
 * Per iteration of ct_chase: CT_CHASE_UNROLL steps, each one 8-byte load
 * whose address is the value the load before it returned (one pointer
 * per 64-byte line, the lines in a random cyclic order made by
 * src/lib/workloads/latency.c).  Nothing but the load is on the chain,
 * so a step takes the load-to-use latency of the level the array is in.
 * What binds it: the latency of one load; no prefetcher can guess the
 * next address, and no two loads can overlap.  The unroll keeps the
 * counter and branch, which run beside the chain, to one in four steps.
 * tests/kernels/asm-latency.sh checks the loop as compiled: every load's
 * address register is the register the load before wrote.
 *
 * ct_chase_chains: n chains (each its own stretch of the cycle), one
 * step of each per trip, their pointers in the caller's array, so that n
 * misses can be outstanding at once; each chain's pointer goes through
 * that array in L1 on every step (a store and a forwarded load), which
 * adds a few cycles to each chain's own step but none between chains.
 */
#include "config.h"

#include "kernels/kernels.h"

#if CT_CHASE_UNROLL != 4
#error "chase.c makes 4 steps per iteration: keep CT_CHASE_UNROLL in step"
#endif

/* One step: the line's pointer is the next line. */
#define STEP(q) ((q) = *(const void *const *)(q))

const struct ct_kernel ct_chase_desc = {
	.kernel = "chase",
	.isa = "scalar",
	.symbol = "ct_chase",
	.accumulators = 1,		/* one chain */
	.lanes = 1,
	.loads = CT_CHASE_UNROLL,
	.load_bytes = 8,
	.bytes = 8 * CT_CHASE_UNROLL,
	.ops = CT_CHASE_UNROLL,		/* dependent loads */
	.insn = "dependent 64-bit loads",
	.mnemonic = "",
	.reg = "",
	.binds = "the load-to-use latency, one load in flight",
	.flags = 0,
	.fn.chase = ct_chase,
	.loops = { { "chains", { .chains = ct_chase_chains }, "ct_chase_chains" } },
};

/*
 * The loops as written, CT_CHASE_UNROLL loads an iteration and one step
 * of each chain: clang unrolls them four times more (16 loads; 4 chains'
 * steps), which is still the same chase but not the loops this file
 * describes (tests/kernels/asm-chase.sh counts them).
 */
#if defined(__clang__)
#define CT_CHASE_AS_WRITTEN _Pragma("clang loop unroll(disable)")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define CT_CHASE_AS_WRITTEN _Pragma("GCC unroll 1")
#else
#define CT_CHASE_AS_WRITTEN
#endif

const void *ct_chase(const void *p, uint64_t steps)
{
	CT_CHASE_AS_WRITTEN
	for (; steps >= CT_CHASE_UNROLL; steps -= CT_CHASE_UNROLL) {
		STEP(p);
		STEP(p);
		STEP(p);
		STEP(p);
	}
	return p;
}

void ct_chase_chains(const void **p, unsigned n, uint64_t steps)
{
	unsigned j;

	for (; steps > 0; steps--) {
		CT_CHASE_AS_WRITTEN
		for (j = 0; j < n; j++)
			STEP(p[j]);
	}
}
