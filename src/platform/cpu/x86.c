/*
 * platform/cpu/x86.c - ISA support on x86-64.  A vector ISA is usable only when the
 * cpu reports it (CPUID) and the OS saves its registers on a context
 * switch (OSXSAVE and XGETBV's XCR0 bits); otherwise its first instruction
 * faults.  The inline assembly keeps this file free of ISA flags: it is
 * built for the baseline cpu like the rest of libct.
 */
#include "config.h"

#include <stdint.h>

#include "platform/isa.h"
#include "platform/cpuid.h"

static void cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	__asm__ __volatile__("cpuid"
			     : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3])
			     : "a"(leaf), "c"(sub));
}

/*
 * For the core-kind rules: leaves 0x1A (Intel core type) and 0x80000026
 * (AMD core type) answer for the cpu that executes CPUID, so callers pin
 * first (src/lib/machine/live-linux.c).
 */
int ct_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	cpuid(leaf, sub, r);
	return 0;
}

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

unsigned ct_cpu_isa_mask(void)
{
	unsigned mask = 1u << CT_ISA_SCALAR;
	uint32_t r[4], max;
	uint64_t xcr0;
	int fma, osxsave, avx;

	cpuid(0, 0, r);
	max = r[0];
	if (max < 7)
		return mask;
	cpuid(1, 0, r);
	fma = (r[2] >> 12) & 1;
	osxsave = (r[2] >> 27) & 1;
	avx = (r[2] >> 28) & 1;
	if (!osxsave || !avx)
		return mask;
	xcr0 = xgetbv0();
	/* XCR0 bits 1 (SSE) and 2 (AVX upper halves) must both be enabled. */
	if ((xcr0 & 0x6) != 0x6)
		return mask;
	cpuid(7, 0, r);
	if (fma && ((r[1] >> 5) & 1))		/* EBX bit 5: AVX2 */
		mask |= 1u << CT_ISA_AVX2;
	/* XCR0 bits 5-7: opmask, upper ZMM0-15, ZMM16-31. */
	if (((r[1] >> 16) & 1) && (xcr0 & 0xe0) == 0xe0) /* EBX bit 16: AVX-512F */
		mask |= 1u << CT_ISA_AVX512;
	return mask;
}
