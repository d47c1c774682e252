/*
 * chase-ref.c - an independent pointer chase for bench/latency.sh, built
 * differently from ct-latency on purpose: the random cycle is a
 * Fisher-Yates shuffle of the lines with each linked to the next of the
 * shuffle (not Sattolo's permutation), the pointer at a random word of
 * its line (not the first), the loop 16 loads an iteration, timed with
 * CLOCK_MONOTONIC, the median of 9 runs of STEPS loads each after one
 * untimed lap; each run also on the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID), which leaves out the time the thread was
 * descheduled.  Prints ns per load: the median run on wall and on CPU
 * time, then the fastest run on each (the floor: on a shared host, the
 * runs no other tenant slowed).
 * Usage: chase-ref BYTES [STEPS [small]]  (default 1048576 steps; "small":
 * MADV_NOHUGEPAGE instead of MADV_HUGEPAGE)
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define LINE 64
#define RUNS 9

static uint64_t now(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t rnd(uint64_t *s)
{
	/* splitmix64: another generator than ct-latency's xorshift. */
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	size_t bytes = argc > 1 ? strtoull(argv[1], NULL, 0) : 0;
	uint64_t steps = argc > 2 ? strtoull(argv[2], NULL, 0) : 1048576, t[RUNS], c[RUNS], s = 42, n;
	int small = argc > 3 && strcmp(argv[3], "small") == 0;
	double loads;
	size_t lines = bytes / LINE, i, j, *perm;
	char *a;
	void **p;
	int r;

	if (lines < 2)
		return fprintf(stderr, "usage: chase-ref BYTES [STEPS [small]]\n"), 2;
	a = mmap(NULL, bytes + (2u << 20), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		return perror("chase-ref: mmap"), 1;
	a = (char *)(((uintptr_t)a + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1));
	madvise(a, bytes, small ? MADV_NOHUGEPAGE : MADV_HUGEPAGE);
	perm = malloc(lines * sizeof(*perm));
	if (!perm)
		return perror("chase-ref"), 1;
	for (i = 0; i < lines; i++)
		perm[i] = i;
	for (i = lines - 1; i > 0; i--) {
		size_t k;

		j = (size_t)(rnd(&s) % (i + 1));
		k = perm[i], perm[i] = perm[j], perm[j] = k;
	}
	/* Line perm[i] holds, at a random word, the address of line perm[i+1]'s word. */
	{
		size_t *word = malloc(lines * sizeof(*word));

		if (!word)
			return perror("chase-ref"), 1;
		for (i = 0; i < lines; i++)
			word[i] = (size_t)(rnd(&s) % (LINE / sizeof(void *)));
		for (i = 0; i < lines; i++) {
			size_t from = perm[i], to = perm[(i + 1) % lines];

			((void **)(a + from * LINE))[word[from]] = (void **)(a + to * LINE) + word[to];
		}
		p = (void **)(a + perm[0] * LINE) + word[perm[0]];
		free(word);
	}
	free(perm);
	for (n = 0; n < lines; n++)
		p = *p;
	for (r = 0; r < RUNS; r++) {
		uint64_t t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);

		for (n = steps / 16; n > 0; n--) {
			p = *p; p = *p; p = *p; p = *p; p = *p; p = *p; p = *p; p = *p;
			p = *p; p = *p; p = *p; p = *p; p = *p; p = *p; p = *p; p = *p;
		}
		c[r] = now(CLOCK_THREAD_CPUTIME_ID) - c0;
		t[r] = now(CLOCK_MONOTONIC) - t0;
		__asm__ __volatile__("" : : "r"(p) : "memory");
	}
	qsort(t, RUNS, sizeof(t[0]), cmp);
	qsort(c, RUNS, sizeof(c[0]), cmp);
	loads = (double)(steps / 16 * 16);
	printf("%.4f %.4f %.4f %.4f\n", (double)t[RUNS / 2] / loads, (double)c[RUNS / 2] / loads,
	       (double)t[0] / loads, (double)c[0] / loads);
	return 0;
}
