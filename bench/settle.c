/*
 * bench/settle.c - how long an idle core takes to come back to its clock:
 * the question behind the settle before each placement's turn in
 * ct-place's interleaved rounds (measure/rounds.h, CT_ROUNDS_SETTLE_NS).
 *
 * Pinned to a cpu, it sleeps (the core idles as a placement's worker does
 * while the others take their turns), then times 50 us pieces of a
 * dependent add chain for 20 ms and says after how long every piece was
 * within 2 % of the last 10 ms's median.  Repeated for several sleeps.
 *
 *   cc -O2 -o settle bench/settle.c && ./settle [CPU]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A dependent add chain: one add a cycle, n of them. */
static uint64_t chain(uint64_t n)
{
	uint64_t x = 0;

	while (n--)
		__asm__ volatile("add $1, %0" : "+r"(x));
	return x;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static const int sleeps_ms[] = { 1, 5, 20, 100, 500 };
	enum { PIECES = 400 };
	double rate[PIECES], t[PIECES], tail[PIECES / 2];
	cpu_set_t set;
	int cpu = argc > 1 ? atoi(argv[1]) : 0;
	size_t s;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		perror("sched_setaffinity");
		return 1;
	}
	chain(100000000);
	for (s = 0; s < sizeof(sleeps_ms) / sizeof(sleeps_ms[0]); s++) {
		struct timespec ts = { sleeps_ms[s] / 1000, (sleeps_ms[s] % 1000) * 1000000L };
		uint64_t t0, a, b, n = 150000;
		double med, settled = 0;
		int i;

		nanosleep(&ts, NULL);
		t0 = now();
		for (i = 0; i < PIECES; i++) {
			a = now();
			chain(n);
			b = now();
			rate[i] = (double)n / (double)(b - a);
			t[i] = (double)(b - t0) / 1e6;
		}
		for (i = 0; i < PIECES / 2; i++)
			tail[i] = rate[PIECES / 2 + i];
		qsort(tail, PIECES / 2, sizeof(tail[0]), cmp);
		med = tail[PIECES / 4];
		for (i = 0; i < PIECES / 2; i++)
			if (rate[i] < 0.98 * med)
				settled = t[i];
		printf("cpu %d after %4d ms idle: first piece %.3f of the settled %.3f adds/ns, "
		       "every piece within 2%% after %.2f ms\n", cpu, sleeps_ms[s], rate[0] / med, med,
		       settled);
	}
	return 0;
}
