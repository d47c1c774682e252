/*
 * kernels/kernels.h - the measurement kernels.  Each lives in src/kernels/, one
 * file per kernel and ISA, with a header comment stating the work per
 * iteration and what binds it, and exports one description of itself
 * (struct ct_kernel): the facts the dispatch (src/lib/workloads/fma.c,
 * stream.c, clock.c), the records and the inner-loop shape tests
 * (tests/kernels/asm-*.sh, through tests/kernels/checkasm --facts) read, so that each fact
 * is written once, beside the loop it describes, as likwid-bench's .ptt
 * files state FLOPS, BYTES and LOADS above their loops.
 */
#ifndef CT_KERNELS_KERNELS_H
#define CT_KERNELS_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ct_kernel.flags */
/*
 * One loaded vector feeds every accumulator (the SIMD FMA kernels): the
 * reference sums follow from it, see src/lib/workloads/fma.c.
 */
#define CT_KERNEL_SHARED_LOAD 1u
/*
 * Portable C whose instructions are the compiler's choice (it may pack
 * the chains into SIMD registers or contract into FMAs): the shape tests
 * check the work per byte of the loop, not its instructions, and no
 * instructions-per-cycle figure is recorded.
 */
#define CT_KERNEL_AS_COMPILED 2u

/*
 * A loop of a kernel beside its main one: its name, its function (of
 * fn's form, or the chase's interleaved chains) and the symbol the shape
 * tests find it by.
 */
struct ct_kernel_loop {
	const char *name;
	union {
		uint64_t (*stream)(const uint64_t *a, size_t n, uint64_t passes);
		void (*chains)(const void **p, unsigned n, uint64_t steps);
	} fn;
	const char *symbol;
};
/* The most loops a kernel has beside fn (the avx512 stream kernel's three). */
#define CT_KERNEL_LOOPS 3

/*
 * What one kernel does per iteration of its inner loop.  "Per iteration"
 * is one trip through the loop as written in the kernel file; a compiler
 * that unrolls it further does a whole multiple of it per trip.
 */
struct ct_kernel {
	const char *kernel;		/* the records' kernel: "fma", "stream", "addchain" */
	const char *isa;		/* the records' isa: "avx512", "neon", "x86-64", ... */
	const char *symbol;		/* the function with the loop, "ct_fma_avx512" */
	unsigned accumulators;		/* independent chains carried across iterations */
	unsigned lanes;			/* elements per accumulator: fp32 (fma), 64-bit (stream) */
	unsigned loads;			/* loads per iteration */
	unsigned load_bytes;		/* bytes of one load */
	unsigned bytes;			/* bytes loaded per iteration: loads x load_bytes */
	unsigned flops;			/* floating-point operations per iteration (an FMA is 2) */
	unsigned ops;			/* instructions of the kind insn names, per iteration */
	const char *insn;		/* the instruction as the tools print it */
	const char *mnemonic;		/* ERE the shape tests match it with, "" as compiled */
	const char *reg;		/* register class of its operands: "zmm", "4s", "" */
	const char *binds;		/* what binds the loop */
	unsigned flags;			/* CT_KERNEL_* */
	union {
		void (*fma)(const float *data, size_t n, uint64_t passes, float *out);
		uint64_t (*stream)(const uint64_t *a, size_t n, uint64_t passes);
		uint64_t (*addchain)(uint64_t iters);
		const void *(*chase)(const void *p, uint64_t steps);
	} fn;
	/*
	 * The loops beside fn, by name (ct_kernel_loop()); a kernel without
	 * them leaves the rest of the array zero.  A stream kernel's:
	 *   "prefetch"  fn's loads and adds, and prefetches per iteration
	 *               the prefetches of them, CT_STREAM_PREFETCH ahead;
	 *   "short"     the same loads and adds, short_loads of them an
	 *               iteration into as many accumulators, for where a
	 *               branch every few lines reads faster (ct_stream_choose);
	 *   "xor"       xor_loads lines an iteration, folded two at a time
	 *               into an accumulator by one three-input XOR, the
	 *               accumulators folded and added into the sum at the end
	 *               of every pass: it returns what ct_stream_xor_ref
	 *               says, not passes x the sum.
	 * The pointer chase's (chase.c): "chains", n chains interleaved, one
	 * step of each per trip.
	 */
	unsigned prefetches;
	unsigned short_loads;
	unsigned xor_loads;
	struct ct_kernel_loop loops[CT_KERNEL_LOOPS];
};

/* The loop of d named name ("prefetch", "short", "xor", "chains"), or NULL. */
static inline const struct ct_kernel_loop *ct_kernel_loop(const struct ct_kernel *d,
							  const char *name)
{
	size_t i;

	for (i = 0; i < CT_KERNEL_LOOPS && d->loops[i].name; i++)
		if (strcmp(d->loops[i].name, name) == 0)
			return &d->loops[i];
	return NULL;
}

/*
 * The dependent add chain: CT_ADDCHAIN_UNROLL * iters register adds, each
 * depending on the one before, so one add retires per cycle and the time
 * per add is the clock period.  Returns the number of adds performed (the
 * caller checks it).  src/kernels/addchain-x86_64.c, addchain-aarch64.c,
 * addchain-portable.c: the one for this architecture is built, and
 * describes itself in ct_addchain_desc.
 */
uint64_t ct_addchain(uint64_t iters);
extern const struct ct_kernel ct_addchain_desc;
/*
 * Adds per iteration (ct_addchain_desc.ops) as a constant for the callers'
 * arithmetic; every add-chain file checks that it agrees.
 */
#define CT_ADDCHAIN_UNROLL 8

/*
 * The FMA kernels, src/kernels/fma-*.c (what they compute, and why the
 * data keep every sum exact: src/lib/workloads/fma.h).  data: n floats,
 * n a multiple of the floats one iteration reads (the description's
 * bytes / 4); out: accumulators * lanes floats, accumulator a's lane l at
 * out[a * lanes + l].
 */
void ct_fma_scalar(const float *data, size_t n, uint64_t passes, float *out);
void ct_fma_avx2(const float *data, size_t n, uint64_t passes, float *out);
void ct_fma_avx512(const float *data, size_t n, uint64_t passes, float *out);
void ct_fma_neon(const float *data, size_t n, uint64_t passes, float *out);

/*
 * The streaming reads, src/kernels/stream-*.c (how the dispatch sizes and
 * verifies them: src/lib/workloads/stream.h).  CT_STREAM_BLOCK: the bytes
 * the widest kernel iteration reads (avx512 and avx2: 512; neon 256,
 * scalar 64 divide it); the array is a whole number of these, 64-byte
 * aligned (in fact 2 MiB aligned, see src/lib/workloads/stream.c).
 */
#define CT_STREAM_BLOCK 512u

/*
 * How far ahead the prefetching loops (ct_stream_avx512_pf,
 * ct_stream_avx2_pf) prefetch, in bytes: one 4 KiB page.  Hardware
 * prefetchers stop at page boundaries; a software prefetch of every line
 * a page ahead starts the next page's lines before the demand reaches it;
 * a prefetch also takes a load slot, so it costs in L1 and L2 (the
 * distances tried: bench/NOTES).  Whether the prefetching loop runs is
 * decided at run time by the calibration (ct_stream_choose()).
 */
#define CT_STREAM_PREFETCH 4096u

/*
 * Between two loads of a kernel's block: no instruction, but the compiler
 * may move no memory access across it (and GCC schedules nothing across a
 * volatile asm), so the loads stay in the order written, ascending: GCC
 * 12 reordered both vector kernels' blocks without it, at a cost from
 * memory (bench/NOTES).  The accumulators are registers, untouched by the
 * clobber.
 * tests/kernels/asm-stream.sh checks the order as compiled.
 */
#define CT_STREAM_IN_ORDER() __asm__ __volatile__("" ::: "memory")

/*
 * The stream kernels.  a: n 64-bit words, 64-byte aligned, n a multiple of
 * CT_STREAM_BLOCK / 8.  Each reads the words passes times (passes >= 1)
 * and returns the sum of all it read mod 2^64, passes x their sum.  The
 * passes are the kernel's own outer loop, its accumulators carried from
 * one pass to the next: a call and a reduction per pass cost a small
 * array a third of its L1 bandwidth (bench/NOTES).  The _pf loops also prefetch every line
 * CT_STREAM_PREFETCH bytes ahead (reading up to that far past the end of
 * a: a prefetch never faults).  The _xor loop returns passes x the sum
 * (mod 2^64) of the eight lanes of one pass's XOR, lane l the XOR of
 * every word i with i mod 8 = l: what ct_stream_xor_ref computes.
 */
uint64_t ct_stream_scalar(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx2(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx2_pf(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512_pf(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512_xor(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512_short(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_neon(const uint64_t *a, size_t n, uint64_t passes);

/*
 * The pointer chase, src/kernels/chase.c (the array, its order and the
 * verification: src/lib/workloads/latency.h).  ct_chase follows p for
 * steps steps (a multiple of CT_CHASE_UNROLL) and returns where it
 * landed; ct_chase_chains follows each of p[0..n-1] for steps steps and
 * leaves each where it landed.  Every line's first word points to the
 * next line of its cycle.
 */
#define CT_CHASE_UNROLL 4
const void *ct_chase(const void *p, uint64_t steps);
void ct_chase_chains(const void **p, unsigned n, uint64_t steps);
extern const struct ct_kernel ct_chase_desc;

/*
 * Only the descriptions of the ISAs configure built are defined: reach
 * them through ct_fma_desc() and ct_stream_desc().
 */
extern const struct ct_kernel ct_fma_scalar_desc;
extern const struct ct_kernel ct_fma_avx2_desc;
extern const struct ct_kernel ct_fma_avx512_desc;
extern const struct ct_kernel ct_fma_neon_desc;
extern const struct ct_kernel ct_stream_scalar_desc;
extern const struct ct_kernel ct_stream_avx2_desc;
extern const struct ct_kernel ct_stream_avx512_desc;
extern const struct ct_kernel ct_stream_neon_desc;

#endif
