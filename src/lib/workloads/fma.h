/*
 * workloads/fma.h - the FMA kernel: vector FMA throughput in L1, verified bit for
 * bit.  One kernel file per ISA in src/kernels/fma-*.c, each with its own
 * flags; src/lib/workloads/fma.c builds a struct ct_job around the one an ISA
 * needs, so ct-fma and ct-place run the same code.
 *
 * Every kernel makes `passes` passes over n floats.  A SIMD kernel loads
 * one vector and feeds it to all its accumulators, acc_i = acc_i + v * v:
 * one load per accumulator count of FMAs, so the FMA pipes bind, not the
 * load ports.  The scalar kernel cannot share a load (its compiler would
 * square once and add as many times as it has accumulators), so each of
 * its accumulators squares an element of its own (see fma-scalar.c).
 * Each kernel file describes its kernel (struct ct_kernel, kernels.h):
 * accumulators, lanes, bytes and flops per iteration.
 *
 * The data are 0.5 and 1.0: every product is 0.25 or 1, every partial sum
 * a multiple of 0.25 below 2^22, and fp32 is exact, so a kernel's sums
 * must equal a double-precision reference bit for bit.
 */
#ifndef CT_WORKLOADS_FMA_H
#define CT_WORKLOADS_FMA_H

#include <stddef.h>
#include <stdint.h>

#include "measure/harness.h"
#include "platform/isa.h"
#include "kernels/kernels.h"

/*
 * 16 KiB: inside the L1d of every core of the field (32 KiB or more), with
 * room to spare for the stack and the add-chain brackets.
 */
#define CT_FMA_ARRAY_BYTES 16384u
#define CT_FMA_PASSES_DEFAULT 2048u
#define CT_FMA_PASSES_QUICK 1024u
/*
 * The most passes that keep every sum exact on every ISA: the narrowest
 * kernel (neon, 4 lanes) adds 1024 elements into each lane per pass, each
 * square at most 1.0, onto a start of at most 3.75, and
 * 1024 * 4095 + 3.75 < 2^22.
 */
#define CT_FMA_PASSES_MAX 4095u
/* The --passes help (src/lib/core/options.c) states the default and bounds. */
_Static_assert(CT_FMA_PASSES_DEFAULT == 2048 && CT_FMA_PASSES_QUICK == 1024 &&
	       CT_FMA_PASSES_MAX == 4095, "--passes help states the default and bounds");

/*
 * The description of isa's FMA kernel (kernels.h), NULL for an ISA with
 * no FMA kernel in this build.
 */
const struct ct_kernel *ct_fma_desc(enum ct_isa isa);

struct ct_fma;

/*
 * Set k up to run the FMA kernel of isa (compiled and usable: the caller
 * chose it through ct_isa_choose() or ct_isa_usable()), passes passes per
 * call over a fresh CT_FMA_ARRAY_BYTES array.  k->ctx is the returned
 * object; free it with ct_fma_free() once k is no longer used.  Exits
 * with a message on a passes count outside 1..CT_FMA_PASSES_MAX (exit 1)
 * or an ISA that cannot run here (exit CT_EXIT_NOISA).
 */
struct ct_fma *ct_fma_new(enum ct_isa isa, uint64_t passes, struct ct_job *k);
void ct_fma_free(struct ct_fma *f);

/*
 * For tests only: the data the kernel reads (reference computed at
 * ct_fma_new()) and the accumulators it wrote, to corrupt either and watch
 * the real verifier fail.
 */
float *ct_fma_data(struct ct_fma *f, size_t *n);
float *ct_fma_result(struct ct_fma *f, size_t *n);

/* The kernel's own fields of its summaries, described once (ct-fma(1)). */
extern const struct ct_rec_kind ct_rec_fma_fields;

#endif
