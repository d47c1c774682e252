/*
 * spin - the workloads of the --observe tests (tests/place-observe.sh).
 *
 *   spin SECONDS [CPU]     pin to CPU if given (Linux), check it runs
 *                          there, then spin until this thread has used
 *                          SECONDS of CPU time (not wall time: on a
 *                          shared machine the CPU time is what the
 *                          observer must find)
 *   spin -r CMD [ARG...]   run CMD, wait for it, and print
 *                          "rusage_children_s S" on stderr: the user and
 *                          system time of CMD and every descendant it
 *                          reaped, from getrusage(RUSAGE_CHILDREN); the
 *                          status is CMD's
 *
 * Exit status: 0, 1 when it could not pin, 2 usage, 77 when CPU is given
 * where there is no cpu affinity.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <sched.h>
#endif

static volatile unsigned long spins;

static double thread_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run(char **argv)
{
	struct rusage ru;
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return 1;
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 1;
	getrusage(RUSAGE_CHILDREN, &ru);
	fprintf(stderr, "rusage_children_s %.6f\n",
		(double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
			(double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(int argc, char **argv)
{
	double secs, t0;
	char *end;

	if (argc >= 3 && strcmp(argv[1], "-r") == 0)
		return run(argv + 2);
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: spin SECONDS [CPU] | spin -r CMD [ARG...]\n");
		return 2;
	}
	secs = strtod(argv[1], &end);
	if (*end || secs <= 0 || secs > 60) {
		fprintf(stderr, "spin: invalid seconds '%s'\n", argv[1]);
		return 2;
	}
	if (argc == 3) {
#ifdef __linux__
		cpu_set_t set;
		long cpu = strtol(argv[2], &end, 10);

		if (*end || cpu < 0 || cpu >= CPU_SETSIZE) {
			fprintf(stderr, "spin: invalid cpu '%s'\n", argv[2]);
			return 2;
		}
		CPU_ZERO(&set);
		CPU_SET((int)cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0 || sched_getcpu() != cpu) {
			fprintf(stderr, "spin: cannot run on cpu %ld: %s\n", cpu, strerror(errno));
			return 1;
		}
#else
		return 77;
#endif
	}
	t0 = thread_cpu_s();
	while (thread_cpu_s() - t0 < secs)
		spins++;
	return 0;
}
