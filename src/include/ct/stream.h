/*
 * stream.h - the streaming-read kernel: single-stream memory read
 * bandwidth, verified.  One kernel file per ISA in src/kernels/stream-*.c,
 * each with its own flags; src/lib/stream.c builds a struct ct_kernel
 * around the one an ISA needs, so ct-stream and ct-place run the same code.
 *
 * Every kernel sums n 64-bit words mod 2^64, one sequential read stream,
 * one add per load, nothing stored: the loads bind at every level, not
 * the arithmetic.  The sum still checks every 32-bit value: changing one
 * by d changes the sum by d (a low half) or d * 2^32 (a high half),
 * neither 0 mod 2^64.
 *
 * The array is filled from a pseudo-random sequence seeded at run time,
 * and the reference sum is accumulated while filling, so no compiler can
 * know it; every call's sum must equal passes x reference (mod 2^64).
 */
#ifndef CT_STREAM_H
#define CT_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "ct/harness.h"
#include "ct/isa.h"
#include "ct/kernels.h"
#include "ct/topo.h"

struct ct_cpuset;

/*
 * Bytes the widest kernel iteration reads (avx512 and avx2: 512; neon 256,
 * scalar 64 divide it): the array is a whole number of these, 64-byte
 * aligned (in fact 2 MiB aligned, see stream.c).
 */
#define CT_STREAM_BLOCK 512u

/*
 * How far ahead the prefetching loops (ct_stream_avx512_pf,
 * ct_stream_avx2_pf) prefetch, in bytes: one 4 KiB page.  Hardware
 * prefetchers stop at page boundaries; a software prefetch of every line
 * a page ahead starts the next page's lines before the demand reaches it.
 * Measured on an Emerald Rapids core (avx512, 1 GiB): no prefetch 0.80 of
 * a bare load loop's bandwidth, this 0.95-0.98; 2 to 12 KiB ahead alike.
 * On Skylake-SP no distance from 512 bytes to 8 KiB beat no prefetch at
 * 8 or 64 MiB, and every distance cost half the loads in L1 and a quarter
 * in L2 (a prefetch takes a load slot).  Which loop runs is decided at
 * run time by ct_stream_prefetch_rule().
 */
#define CT_STREAM_PREFETCH 4096u

/* Sizes: the smallest array, and the defaults (see ct_stream_default_size). */
#define CT_STREAM_MIN_BYTES 4096u
#define CT_STREAM_FLOOR_BYTES (64ull << 20)	/* default at least 64 MiB */
#define CT_STREAM_CACHE_FACTOR 4		/* ... and 4 x the largest cache */
#define CT_STREAM_QUICK_BYTES (16ull << 20)	/* QUICK: a smoke run */
/*
 * Each timed call reads at least this many bytes (whole passes over the
 * array), so that a small array's sample is not a timer tick: 256 MiB is
 * a few ms from L1 and 20-100 ms from memory.
 */
#define CT_STREAM_CALL_BYTES (256ull << 20)
#define CT_STREAM_CALL_BYTES_QUICK (16ull << 20)

/*
 * The kernels.  a: n 64-bit words, 64-byte aligned, n a multiple of
 * CT_STREAM_BLOCK / 8.  Each reads the words passes times (passes >= 1)
 * and returns the sum of all it read mod 2^64, passes x their sum.  The
 * passes are the kernel's own outer loop, its accumulators carried from
 * one pass to the next: a call and a reduction per pass cost a 16 KiB
 * array a third of its L1 bandwidth on Skylake-SP (91 against 136 GB/s,
 * interleaved in one process).  The _pf loops also prefetch every line
 * CT_STREAM_PREFETCH bytes ahead (reading up to that far past the end of
 * a: a prefetch never faults).
 */
uint64_t ct_stream_scalar(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx2(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx2_pf(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512_pf(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_avx512_short(const uint64_t *a, size_t n, uint64_t passes);
uint64_t ct_stream_neon(const uint64_t *a, size_t n, uint64_t passes);

/*
 * The description of isa's stream kernel (kernels.h: load width,
 * accumulators, bytes per iteration, its prefetching loop if it has
 * one), NULL for an ISA with no stream kernel in this build.
 */
const struct ct_kernel_desc *ct_stream_desc(enum ct_isa isa);

/* What the ISA rule knows of a core: CPUID's vendor, display family and model. */
struct ct_stream_cpu {
	enum ct_topo_vendor vendor;
	unsigned family, model;
};

/*
 * The default ISA of ct-stream for an array in level ("L1", "L2", "L3",
 * "memory"): the fastest reader on this core by a documented rule (see the
 * function), with a sentence saying why.  _for is the rule itself, pure:
 * the core, the ISAs usable on it (bit 1u << isa) and the level.
 */
enum ct_isa ct_stream_isa_rule(const char *level, char *reason, size_t len);
enum ct_isa ct_stream_isa_rule_for(const struct ct_stream_cpu *id, unsigned usable,
				   const char *level, char *reason, size_t len);

/*
 * The stream kernel's ISA for a tool given req (--isa, NULL when not
 * given) and chosen, what ct_isa_choose(req) returned: the rule's choice
 * when nothing asked for one (req NULL or auto, CT_ISA unset, empty or
 * auto), else chosen; reason says which and why.  ct-stream and ct-place
 * both take their stream ISA from here.
 */
enum ct_isa ct_stream_isa_pick(const char *req, enum ct_isa chosen, const char *level,
			       char *reason, size_t len);

/* Cache sizes of the cpus a run is on, per level (1-3), 0 when unknown. */
struct ct_stream_caches {
	uint64_t bytes[4];		/* [1] L1d, [2] L2, [3] L3 */
};
void ct_stream_caches(const struct ct_cpuset *cpus, struct ct_stream_caches *c);
/*
 * The level an array of bytes falls in: "L1", "L2", "L3" (the smallest
 * level that holds it) or "memory".
 */
const char *ct_stream_level(uint64_t bytes, const struct ct_stream_caches *c);

/*
 * Prefetch distance (0: the plain loop) for isa over an array at level,
 * from the cpu's vendor, family and model (CPUID) and the level, with a
 * sentence saying why.
 */
unsigned ct_stream_prefetch_rule(enum ct_isa isa, const char *level, char *reason,
				 size_t len);

/*
 * Which plain loop of isa's kernel reads an array at level: 1 for its
 * short loop (kernels.h: short_loads lines an iteration), 0 for its main
 * loop, from the core (CPUID) and the level, with a sentence saying why
 * that names the loads an iteration.  Asked only when no prefetch was
 * chosen.  _for is the rule itself, pure.
 */
int ct_stream_loop_rule(enum ct_isa isa, const char *level, char *reason, size_t len);
int ct_stream_loop_rule_for(const struct ct_stream_cpu *id, enum ct_isa isa,
			    const char *level, char *reason, size_t len);

/*
 * The default array size for a run on cpus (NULL: any cpu): the larger of
 * CT_STREAM_FLOOR_BYTES and CT_STREAM_CACHE_FACTOR x the largest cache
 * level the OS reports for them, or CT_STREAM_QUICK_BYTES when quick; a
 * sentence saying why goes into reason.
 */
uint64_t ct_stream_default_size(const struct ct_cpuset *cpus, int quick,
				char *reason, size_t len);

/*
 * Check a requested size: at least CT_STREAM_MIN_BYTES, at most the
 * machine's memory.  Returns 0, or -1 with a reason.  Sizes that are not a
 * multiple of CT_STREAM_BLOCK are rounded up by ct_stream_new().
 */
int ct_stream_size_ok(uint64_t bytes, char *why, size_t len);

/* ct_stream_new() flags. */
#define CT_STREAM_QUICK 1u		/* CT_STREAM_CALL_BYTES_QUICK per call */
#define CT_STREAM_SMALL_PAGES 2u	/* refuse huge pages (default: ask) */

struct ct_stream;

/*
 * Set k up to run the stream kernel of isa (compiled and usable: the
 * caller chose it through ct_isa_choose() or ct_isa_usable()) over a
 * fresh array of bytes bytes (rounded up to CT_STREAM_BLOCK), filled and
 * touched before this returns.  reason (copied) says why this size, for
 * the record.  k->ctx is the returned object; free it with
 * ct_stream_free() once k is no longer used.  An array that cannot be
 * allocated exits 1 with a message.
 */
struct ct_stream *ct_stream_new(enum ct_isa isa, uint64_t bytes,
				const char *reason, unsigned flags,
				struct ct_kernel *k);
/*
 * The same kernel for another ISA over the same array (and reference):
 * --all-isa compares ISAs on identical data without a second allocation.
 */
struct ct_stream *ct_stream_share(struct ct_stream *s, enum ct_isa isa,
				  struct ct_kernel *k);
/* Frees the array with the last object that uses it. */
void ct_stream_free(struct ct_stream *s);

/* What the record says about the array, for the table's header line. */
struct ct_stream_info {
	const char *level;		/* "L1" ... "memory" */
	unsigned prefetch;		/* bytes ahead, 0: none */
	const char *prefetch_reason;
	unsigned iteration_loads;	/* of the loop that runs */
	const char *loop_reason;
	uint64_t bytes;			/* the array */
	uint64_t passes;		/* per call */
	const char *reason;		/* why this size */
	const char *thp;		/* the system's THP setting */
	int huge_asked;			/* MADV_HUGEPAGE was given */
	double huge_pct;		/* of the array on huge pages, -1 unknown */
};
void ct_stream_info(const struct ct_stream *s, struct ct_stream_info *info);

/* Why this ISA (copied into the record's isa_reason field). */
void ct_stream_set_isa_reason(struct ct_stream *s, const char *reason);

/*
 * For tests only: the array the kernel reads (its reference was taken
 * while filling), to corrupt it and watch the real verifier fail.
 */
uint32_t *ct_stream_data(struct ct_stream *s, size_t *n);

#endif
