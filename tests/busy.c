/*
 * busy.c - the tests' own busy loop: pins itself to one cpu and spins
 * until killed, so a test can take half of that cpu from a run without
 * taskset(1).  Usage: busy CPU.  Exits 77 (skip) where a thread cannot
 * be pinned (not Linux), 99 on a bad argument or a refused pin.
 */
#include "config.h"

#ifdef __linux__
#include <sched.h>		/* config.h asked for the GNU extensions */
#endif
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	volatile unsigned long spin = 0;
	char *end;
	long cpu;

	if (argc != 2 || (cpu = strtol(argv[1], &end, 10)) < 0 || *end || end == argv[1]) {
		fprintf(stderr, "usage: busy CPU\n");
		return 99;
	}
#ifdef __linux__
	{
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET((int)cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0) {
			perror("busy: sched_setaffinity");
			return 99;
		}
	}
#else
	return 77;
#endif
	/* Ready: the test waits for this line before it measures. */
	printf("pinned %ld\n", cpu);
	fflush(stdout);
	for (;;)
		spin++;
}
