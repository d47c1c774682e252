/*
 * share-probe.c - why a time-shared thread's CPU time exceeds what it ran,
 * for bench/share.sh (built there, not by make).
 *
 * A dependent add chain (ct-clock's shape: one add per cycle, nothing in
 * memory) runs on CPU in samples of ADDS adds.  Beside it, on the same
 * cpu, a neighbour process of one KIND:
 *   spin    a pure user-space loop (tests/spin -p's)
 *   yield   sched_yield() in a loop
 *   burst   spins US microseconds, sleeps 50 us, again: a wake-up (and a
 *           switch) every US + 50 us
 * Samples alternate: the neighbour stopped (SIGSTOP; the chain alone on
 * the cpu but for the rest of the machine) and running (SIGCONT).  Each
 * sample runs its adds as chunks of 80000 (about 25 us), each timed on
 * the wall clock: the median chunk is the clock undisturbed (ct-place's
 * brackets' way), whoever else ran.  For each sample it reads, before and after, CLOCK_MONOTONIC,
 * CLOCK_THREAD_CPUTIME_ID, /proc/self/task/TID/schedstat (run ns, wait ns,
 * slices), the thread's voluntary and nonvoluntary switches and the cpu's
 * steal from /proc/stat.  Prints one line per shared sample (the figures
 * over the pair) and a summary:
 *   clock           the median chunk's adds per wall-ns (GHz), median
 *   clock_alone     adds per thread-CPU ns, neighbour stopped, median
 *   cpu_clock       adds per thread-CPU-ns shared (GHz), median and max
 *   ratio           cpu_clock / clock (alone: clock_alone / clock)
 *   share           thread-CPU / wall while shared
 *   switches_s      the thread's switches (vol + nonvol) per wall second
 *   over_us         thread-CPU ns beyond ADDS / clock, per switch
 * Usage: share-probe [-k spin|yield|burst] [-u US] [-n ADDS] [-s SAMPLES] CPU
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile uint64_t one = 1;
static volatile uint64_t sink;

static uint64_t chain(uint64_t iters)
{
	uint64_t x = 0, n = iters, inc = one;

	__asm__ __volatile__(".p2align 5\n1:\n\t"
			     "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
			     "add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\t"
			     "dec %1\n\tjnz 1b"
			     : "+r"(x), "+r"(n) : "r"(inc) : "cc");
	return x;
}

static int64_t ns(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define CHUNK 80000
static double *chunk_ghz;

/* ADDS adds as chunks of CHUNK, each timed: the median chunk's adds per wall-ns. */
static double chunked(uint64_t adds)
{
	int n = (int)(adds / CHUNK), i;

	for (i = 0; i < n; i++) {
		int64_t t0 = ns(CLOCK_MONOTONIC);

		sink = chain(CHUNK / 8);
		chunk_ghz[i] = (double)CHUNK / (double)(ns(CLOCK_MONOTONIC) - t0);
	}
	return median(chunk_ghz, n);
}

struct snap {
	int64_t wall, cpu, run, wait, slices, vol, nonvol, steal;
};

static int cpu_no;
static char sched_path[64], status_path[64];

static void take(struct snap *s)
{
	char line[512];
	FILE *f;
	long long a, b, c;

	s->wall = ns(CLOCK_MONOTONIC);
	s->cpu = ns(CLOCK_THREAD_CPUTIME_ID);
	s->run = s->wait = s->slices = s->vol = s->nonvol = s->steal = 0;
	if ((f = fopen(sched_path, "r"))) {
		if (fscanf(f, "%lld %lld %lld", &a, &b, &c) == 3)
			s->run = a, s->wait = b, s->slices = c;
		fclose(f);
	}
	if ((f = fopen(status_path, "r"))) {
		while (fgets(line, sizeof(line), f)) {
			sscanf(line, "voluntary_ctxt_switches: %lld", &a) == 1 ? (void)(s->vol = a) : (void)0;
			sscanf(line, "nonvoluntary_ctxt_switches: %lld", &a) == 1 ? (void)(s->nonvol = a) : (void)0;
		}
		fclose(f);
	}
	if ((f = fopen("/proc/stat", "r"))) {
		char want[16];

		snprintf(want, sizeof(want), "cpu%d ", cpu_no);
		while (fgets(line, sizeof(line), f)) {
			unsigned long long v[8];

			if (strncmp(line, want, strlen(want)) == 0 &&
			    sscanf(line + strlen(want), "%llu %llu %llu %llu %llu %llu %llu %llu",
				   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) == 8)
				s->steal = (int64_t)v[7];	/* USER_HZ ticks */
		}
		fclose(f);
	}
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		perror("share-probe: sched_setaffinity");
		exit(1);
	}
}

static void neighbour(const char *kind, long us)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	for (;;) {
		if (strcmp(kind, "yield") == 0) {
			sched_yield();
		} else if (strcmp(kind, "burst") == 0) {
			int64_t end = ns(CLOCK_MONOTONIC) + us * 1000;
			struct timespec nap = { 0, 50000 };

			while (ns(CLOCK_MONOTONIC) < end)
				sink++;
			nanosleep(&nap, NULL);
		} else {
			uint64_t i;

			for (i = 0; i < 1000000; i++)
				sink++;
		}
	}
}

int main(int argc, char **argv)
{
	const char *kind = "spin";
	uint64_t adds = 200000000;
	long us = 200;
	int samples = 10, opt, i;
	pid_t child;
	double *alone, *clock, *cpuclk, *share, *rate, *over, *runw, *waitw, *steal;
	double best = 0;

	while ((opt = getopt(argc, argv, "k:n:s:u:")) != -1) {
		switch (opt) {
		case 'k': kind = optarg; break;
		case 'n': adds = strtoull(optarg, NULL, 10); break;
		case 's': samples = atoi(optarg); break;
		case 'u': us = atol(optarg); break;
		default: goto usage;
		}
	}
	if (optind != argc - 1 || samples < 1 || adds < 8 * CHUNK ||
	    (strcmp(kind, "spin") && strcmp(kind, "yield") && strcmp(kind, "burst")))
		goto usage;
	cpu_no = atoi(argv[optind]);
	snprintf(sched_path, sizeof(sched_path), "/proc/self/task/%ld/schedstat", (long)syscall(SYS_gettid));
	snprintf(status_path, sizeof(status_path), "/proc/self/task/%ld/status", (long)syscall(SYS_gettid));
	pin(cpu_no);
	if ((child = fork()) < 0) {
		perror("share-probe: fork");
		return 1;
	}
	if (child == 0)
		neighbour(kind, us);
	kill(child, SIGSTOP);
	adds -= adds % CHUNK;
	chunk_ghz = calloc((size_t)(adds / CHUNK), sizeof(double));
	alone = calloc((size_t)samples, sizeof(double));
	clock = calloc((size_t)samples, sizeof(double));
	cpuclk = calloc((size_t)samples, sizeof(double));
	share = calloc((size_t)samples, sizeof(double));
	rate = calloc((size_t)samples, sizeof(double));
	over = calloc((size_t)samples, sizeof(double));
	runw = calloc((size_t)samples, sizeof(double));
	waitw = calloc((size_t)samples, sizeof(double));
	steal = calloc((size_t)samples, sizeof(double));
	printf("#kind\tsample\tclock_GHz\talone_cpu_GHz\tcpu_GHz\twall_GHz\tshare\trun/wall\twait/wall\t"
	       "vol_s\tnonvol_s\tslices_s\tsteal_ms\tover_us_per_switch\n");
	chain(adds / 64);	/* warm up */
	for (i = 0; i < samples; i++) {
		struct snap a, b, c, d;
		double wall, cpu, sw;

		/* Alone: the neighbour stopped. */
		usleep(20000);
		take(&a);
		chunked(adds);
		take(&b);
		alone[i] = (double)adds / (double)(b.cpu - a.cpu);
		/* Shared. */
		kill(child, SIGCONT);
		usleep(20000);
		take(&c);
		clock[i] = chunked(adds);
		take(&d);
		kill(child, SIGSTOP);
		wall = (double)(d.wall - c.wall);
		cpu = (double)(d.cpu - c.cpu);
		sw = (double)(d.vol - c.vol + d.nonvol - c.nonvol);
		cpuclk[i] = (double)adds / cpu;
		share[i] = cpu / wall;
		rate[i] = sw / wall * 1e9;
		runw[i] = (double)(d.run - c.run) / wall;
		waitw[i] = (double)(d.wait - c.wait) / wall;
		steal[i] = (double)(d.steal - c.steal) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
		over[i] = sw > 0 ? (cpu - (double)adds / clock[i]) / sw / 1000 : 0;
		printf("%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.3f\t%.3f\t%.3f\t%.0f\t%.0f\t%.0f\t%.0f\t%.2f\n", kind, i,
		       clock[i], alone[i], cpuclk[i], (double)adds / wall, share[i], runw[i], waitw[i],
		       (double)(d.vol - c.vol) / wall * 1e9, (double)(d.nonvol - c.nonvol) / wall * 1e9,
		       (double)(d.slices - c.slices) / wall * 1e9, steal[i], over[i]);
		if (cpuclk[i] > best)
			best = cpuclk[i];
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	{
		double mk = median(clock, samples), ma = median(alone, samples);
		double mc = median(cpuclk, samples);

		printf("summary\t%s\tclock %.4f GHz\talone %.3f\tcpu_clock median %.4f max %.4f GHz\t"
		       "ratio %.3f (max %.3f)\tshare %.3f\trun/wall %.3f\twait/wall %.3f\t"
		       "switches_s %.0f\tsteal_ms %.0f\tover_us %.2f\n",
		       kind, mk, ma / mk, mc, best, mc / mk, best / mk, median(share, samples),
		       median(runw, samples), median(waitw, samples), median(rate, samples),
		       median(steal, samples), median(over, samples));
	}
	return 0;
usage:
	fprintf(stderr, "usage: share-probe [-k spin|yield|burst] [-u US] [-n ADDS] [-s SAMPLES] CPU\n");
	return 2;
}
