/*
 * busy-cpu - the busy process of the live hybrid tests (tests/place-kinds.sh):
 * pin this process to one cpu, check that it runs there, say so, then spin
 * until killed, so that a measurement on that cpu shares it.
 *
 *   busy-cpu CPU [SECONDS]
 *
 * Prints "busy CPU" on stdout once it runs on CPU.  It ends with its
 * parent (the test), and SECONDS (default 120) caps the spin, so a test
 * that dies without killing it leaves nothing running.  Exit status: 0 when the cap passed, 1 when it could
 * not pin, 2 usage, 77 where there is no cpu affinity (not Linux).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __linux__
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#endif

static volatile unsigned long spins;

int main(int argc, char **argv)
{
	char *end;
	long cpu, secs = 120;
	time_t stop;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: busy-cpu CPU [SECONDS]\n");
		return 2;
	}
	cpu = strtol(argv[1], &end, 10);
	if (end == argv[1] || *end || cpu < 0 || cpu >= 1024) {
		fprintf(stderr, "busy-cpu: invalid cpu '%s'\n", argv[1]);
		return 2;
	}
	if (argc == 3) {
		secs = strtol(argv[2], &end, 10);
		if (end == argv[2] || *end || secs < 1 || secs > 3600) {
			fprintf(stderr, "busy-cpu: invalid seconds '%s'\n", argv[2]);
			return 2;
		}
	}
#ifdef __linux__
	{
		cpu_set_t set;
		int now;

		/* No spinner outlives the test that started it. */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) {
			fprintf(stderr, "busy-cpu: cannot end with the parent: %s\n", strerror(errno));
			return 1;
		}
		CPU_ZERO(&set);
		CPU_SET((int)cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0) {
			fprintf(stderr, "busy-cpu: cannot pin to cpu %ld: %s\n", cpu,
				strerror(errno));
			return 1;
		}
		now = sched_getcpu();
		if (now != (int)cpu) {
			fprintf(stderr, "busy-cpu: pinned to cpu %ld but on cpu %d\n", cpu, now);
			return 1;
		}
	}
#else
	fprintf(stderr, "busy-cpu: no cpu affinity here\n");
	return 77;
#endif
	printf("busy %ld\n", cpu);
	if (fflush(stdout) == EOF)
		return 1;
	/* Spin in user space: the clock is read once per million iterations. */
	stop = time(NULL) + secs;
	while (time(NULL) < stop) {
		unsigned long i;

		for (i = 0; i < 1000000; i++)
			spins++;
	}
	return 0;
}
