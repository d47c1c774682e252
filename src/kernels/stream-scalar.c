/*
 * stream-scalar.c - the streaming read in portable C, as the compiler
 * builds it for the baseline cpu.
 *
 * Per iteration: 64 bytes (one cache line), sixteen 32-bit loads, each
 * zero-extended; the two values eight apart are added and their sum added
 * into one of eight 64-bit accumulators (16 adds), and one prefetch
 * CT_STREAM_PREFETCH bytes ahead where the compiler has
 * __builtin_prefetch.  16 values summed, nothing stored.
 *
 * Written as pairs because that is the shape GCC makes of sixteen plain
 * "s += a[i]" anyway; clang keeps every loaded value live to the end of
 * the iteration, runs out of the sixteen registers and spills two
 * accumulators and the end pointer to the stack inside the loop.
 *
 * What binds it: from memory, the misses in flight and the prefetchers,
 * as for the vector kernels (see stream-avx512.c); from the caches, the
 * load ports, four bytes per load: the baseline a user without a vector
 * kernel gets.  Eight accumulators, each taking two adds per iteration,
 * keep the one-cycle add chains off the critical path.  The compiler may
 * pack the chains into SIMD registers; tests/asm-stream.sh checks what it
 * made: loads, adds, no store, no spill.
 */
#include "config.h"

#include "ct/stream.h"

#if CT_STREAM_BLOCK % 64 != 0
#error "stream-scalar.c reads 64 bytes per iteration: CT_STREAM_BLOCK must be a multiple"
#endif

#if defined(__GNUC__) || defined(__clang__)
/* Into L1 (prefetcht0 on x86-64, prfm pldl1keep on aarch64), as the others. */
#define PREFETCH(p) __builtin_prefetch((p), 0, 3)
#else
#define PREFETCH(p) ((void)0)
#endif

uint64_t ct_stream_scalar(const uint32_t *a, size_t n)
{
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	const uint32_t *end = a + n;

	for (; a < end; a += 16) {
		PREFETCH((const char *)a + CT_STREAM_PREFETCH);
		s0 += (uint64_t)a[0] + a[8];
		s1 += (uint64_t)a[1] + a[9];
		s2 += (uint64_t)a[2] + a[10];
		s3 += (uint64_t)a[3] + a[11];
		s4 += (uint64_t)a[4] + a[12];
		s5 += (uint64_t)a[5] + a[13];
		s6 += (uint64_t)a[6] + a[14];
		s7 += (uint64_t)a[7] + a[15];
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}
