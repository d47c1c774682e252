/*
 * mhz-ref.c - an independent clock estimate for bench/clock.sh, built
 * differently from ct-clock on purpose: a dependent chain of 64-bit
 * multiplies (latency 3 cycles on every x86-64 core since Nehalem and
 * Zen; 3 on the Arm Cortex-A7x/X and Neoverse cores, 4 on A5x), 64 per
 * iteration from .rept, timed with CLOCK_MONOTONIC, best of 25.  Prints the
 * clock in GHz.  Usage: mhz-ref [MULS]  (default 30000000)
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile uint64_t seed = 1;

static uint64_t now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

int main(int argc, char **argv)
{
	uint64_t muls = argc > 1 ? strtoull(argv[1], NULL, 10) : 30000000;
	uint64_t iters = muls / 64, best = UINT64_MAX;
	double latency = 3;
	int r;

#if defined(__aarch64__)
	if (getenv("MUL_LATENCY"))
		latency = atof(getenv("MUL_LATENCY"));
#endif
	for (r = 0; r < 25; r++) {
		uint64_t x = seed, m = seed, n = iters, t0, t1;

		t0 = now();
#if defined(__x86_64__)
		__asm__ __volatile__("1:\n\t.rept 64\n\timul %2, %0\n\t.endr\n\t"
				     "sub $1, %1\n\tjnz 1b"
				     : "+r"(x), "+r"(n) : "r"(m) : "cc");
#elif defined(__aarch64__)
		__asm__ __volatile__("1:\n\t.rept 64\n\tmul %0, %0, %2\n\t.endr\n\t"
				     "subs %1, %1, #1\n\tb.ne 1b"
				     : "+r"(x), "+r"(n) : "r"(m) : "cc");
#else
#error "mhz-ref: no multiply chain for this architecture"
#endif
		t1 = now();
		if (x != 1)
			return fprintf(stderr, "mhz-ref: chain result %llu, expected 1\n",
				       (unsigned long long)x), 1;
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	printf("%.4f\n", latency * (double)(iters * 64) / (double)best);
	return 0;
}
