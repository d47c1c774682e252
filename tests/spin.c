/*
 * spin - the tests' one busy program: the busy processes beside a run
 * (tests/measure/busy-share.sh, tests/place/place-kinds.sh) and the workloads of the
 * --observe tests (tests/place/place-observe.sh).
 *
 *   spin -p CPU [SECONDS]  pin to CPU, check it runs there, print
 *                          "pinned CPU" on stdout, then spin until killed;
 *                          it ends with its parent (the test), and SECONDS
 *                          of wall time (default 120) cap the spin, so a
 *                          test that dies without killing it leaves
 *                          nothing running
 *   spin SECONDS [CPU]     pin to CPU if given, check it runs there, then
 *                          spin until this thread has used SECONDS of CPU
 *                          time (not wall time: on a shared machine the
 *                          CPU time is what the observer must find)
 *   spin -r CMD [ARG...]   run CMD, wait for it, and print
 *                          "rusage_children_s S" on stderr: the user and
 *                          system time of CMD and every descendant it
 *                          reaped, from getrusage(RUSAGE_CHILDREN); the
 *                          status is CMD's
 *
 * Exit status: 0 (for -p, when the cap passed), 1 when it could not pin,
 * 2 usage, 77 when a cpu is given where there is no cpu affinity (not
 * Linux).
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
#include <signal.h>
#include <sys/prctl.h>
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

/* The cpu in ARG, or -1 (said on stderr) when it is not one. */
static long parse_cpu(const char *arg)
{
	char *end;
	long cpu = strtol(arg, &end, 10);

	if (end == arg || *end || cpu < 0 || cpu >= 1024) {
		fprintf(stderr, "spin: invalid cpu '%s'\n", arg);
		return -1;
	}
	return cpu;
}

/* Pin this process to CPU and check it runs there: 0, 1 when it could not,
 * 77 where there is no cpu affinity. */
static int pin(long cpu)
{
#ifdef __linux__
	cpu_set_t set;
	int now;

	CPU_ZERO(&set);
	CPU_SET((int)cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		fprintf(stderr, "spin: cannot pin to cpu %ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	now = sched_getcpu();
	if (now != (int)cpu) {
		fprintf(stderr, "spin: pinned to cpu %ld but on cpu %d\n", cpu, now);
		return 1;
	}
	return 0;
#else
	(void)cpu;
	fprintf(stderr, "spin: no cpu affinity here\n");
	return 77;
#endif
}

/* spin -p CPU [SECONDS]: pinned, announced, until killed or the cap. */
static int busy(int argc, char **argv)
{
	char *end;
	long cpu, secs = 120;
	time_t stop;
	int st;

	if ((cpu = parse_cpu(argv[0])) < 0)
		return 2;
	if (argc == 2) {
		secs = strtol(argv[1], &end, 10);
		if (end == argv[1] || *end || secs < 1 || secs > 3600) {
			fprintf(stderr, "spin: invalid seconds '%s'\n", argv[1]);
			return 2;
		}
	}
#ifdef __linux__
	/* No spinner outlives the test that started it. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) {
		fprintf(stderr, "spin: cannot end with the parent: %s\n", strerror(errno));
		return 1;
	}
#endif
	if ((st = pin(cpu)) != 0)
		return st;
	/* Ready: the test waits for this line before it measures. */
	printf("pinned %ld\n", cpu);
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

int main(int argc, char **argv)
{
	double secs, t0;
	char *end;

	if (argc >= 3 && strcmp(argv[1], "-r") == 0)
		return run(argv + 2);
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "-p") == 0)
		return busy(argc - 2, argv + 2);
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: spin SECONDS [CPU] | spin -p CPU [SECONDS] | "
				"spin -r CMD [ARG...]\n");
		return 2;
	}
	secs = strtod(argv[1], &end);
	if (end == argv[1] || *end || secs <= 0 || secs > 60) {
		fprintf(stderr, "spin: invalid seconds '%s'\n", argv[1]);
		return 2;
	}
	if (argc == 3) {
		long cpu = parse_cpu(argv[2]);
		int st;

		if (cpu < 0)
			return 2;
		if ((st = pin(cpu)) != 0)
			return st;
	}
	t0 = thread_cpu_s();
	while (thread_cpu_s() - t0 < secs)
		spins++;
	return 0;
}
