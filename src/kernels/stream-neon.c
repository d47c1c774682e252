/*
 * stream-neon.c - the streaming read with AdvSIMD (NEON), aarch64.
 *
 * Per iteration: 256 bytes, eight ldp of two q registers (32 bytes each),
 * one prefetch per 64-byte line CT_STREAM_PREFETCH bytes ahead (prfm
 * pldl1keep).  Each q register holds four 32-bit values: uaddw widens and
 * adds its low two into a 64-bit accumulator, uaddw2 its high two into
 * another: 16 uaddw and 16 uaddw2 per 256 bytes, 64 values summed,
 * nothing stored.
 *
 * What binds it: from memory, the misses in flight and the prefetchers
 * (see stream-avx512.c).  The prefetch distance was chosen on x86; it
 * follows the same reasoning (physically addressed L2 prefetchers stop at
 * page boundaries) but was not measured on Arm hardware.  From L1, the
 * vector pipes: two to four uaddw a cycle, latency 2-3; eight
 * accumulators (four adds each per iteration) and sixteen loaded
 * registers take 24 of the 32 v registers: nothing spills.
 * tests/asm-stream.sh checks the loop as compiled.
 */
#include "config.h"

#include <arm_neon.h>

#include "ct/stream.h"

#if CT_STREAM_BLOCK != 256
#error "stream-neon.c reads 256 bytes per iteration: keep CT_STREAM_BLOCK in step"
#endif

#define WIDEN(acc_lo, acc_hi, v)                                  \
	do {                                                      \
		acc_lo = vaddw_u32(acc_lo, vget_low_u32(v));      \
		acc_hi = vaddw_high_u32(acc_hi, v);               \
	} while (0)

uint64_t ct_stream_neon(const uint32_t *a, size_t n)
{
	uint64x2_t s0 = vdupq_n_u64(0), s1 = s0, s2 = s0, s3 = s0;
	uint64x2_t s4 = s0, s5 = s0, s6 = s0, s7 = s0;
	const uint32_t *end = a + n;

	for (; a < end; a += CT_STREAM_BLOCK / sizeof(*a)) {
		uint32x4_t v0, v1, v2, v3, v4, v5, v6, v7;

		__builtin_prefetch((const char *)a + CT_STREAM_PREFETCH, 0, 3);
		__builtin_prefetch((const char *)a + CT_STREAM_PREFETCH + 64, 0, 3);
		__builtin_prefetch((const char *)a + CT_STREAM_PREFETCH + 128, 0, 3);
		__builtin_prefetch((const char *)a + CT_STREAM_PREFETCH + 192, 0, 3);
		v0 = vld1q_u32(a + 0);
		v1 = vld1q_u32(a + 4);
		v2 = vld1q_u32(a + 8);
		v3 = vld1q_u32(a + 12);
		v4 = vld1q_u32(a + 16);
		v5 = vld1q_u32(a + 20);
		v6 = vld1q_u32(a + 24);
		v7 = vld1q_u32(a + 28);
		WIDEN(s0, s1, v0);
		WIDEN(s2, s3, v1);
		WIDEN(s4, s5, v2);
		WIDEN(s6, s7, v3);
		WIDEN(s0, s1, v4);
		WIDEN(s2, s3, v5);
		WIDEN(s4, s5, v6);
		WIDEN(s6, s7, v7);
		v0 = vld1q_u32(a + 32);
		v1 = vld1q_u32(a + 36);
		v2 = vld1q_u32(a + 40);
		v3 = vld1q_u32(a + 44);
		v4 = vld1q_u32(a + 48);
		v5 = vld1q_u32(a + 52);
		v6 = vld1q_u32(a + 56);
		v7 = vld1q_u32(a + 60);
		WIDEN(s0, s1, v0);
		WIDEN(s2, s3, v1);
		WIDEN(s4, s5, v2);
		WIDEN(s6, s7, v3);
		WIDEN(s0, s1, v4);
		WIDEN(s2, s3, v5);
		WIDEN(s4, s5, v6);
		WIDEN(s6, s7, v7);
	}
	s0 = vaddq_u64(vaddq_u64(vaddq_u64(s0, s1), vaddq_u64(s2, s3)),
		       vaddq_u64(vaddq_u64(s4, s5), vaddq_u64(s6, s7)));
	return vaddvq_u64(s0);
}
