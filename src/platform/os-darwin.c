/*
 * os-darwin.c - the operating-system seam on macOS: the raw uptime clock
 * (mach_absolute_time in ns, not slewed), the thread CPU clock,
 * pthread_cpu_number_np() (macOS 11.0+) and sysctl facts.  Apple silicon
 * has no cpu-affinity API: pinning fails with ENOTSUP and placements use
 * QoS classes and taskpolicy instead.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysctl.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "ct/os.h"

uint64_t ct_now_ns(void)
{
#if HAVE_CLOCK_GETTIME_NSEC_NP && HAVE_DECL_CLOCK_UPTIME_RAW
	return clock_gettime_nsec_np(CLOCK_UPTIME_RAW);
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

uint64_t ct_thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

const char *ct_now_clock_name(void)
{
#if HAVE_CLOCK_GETTIME_NSEC_NP && HAVE_DECL_CLOCK_UPTIME_RAW
	return "CLOCK_UPTIME_RAW";
#else
	return "CLOCK_MONOTONIC_RAW";
#endif
}

int ct_current_cpu(void)
{
#if HAVE_PTHREAD_CPU_NUMBER_NP
	size_t cpu;

	if (pthread_cpu_number_np(&cpu) == 0)
		return (int)cpu;
#endif
	return -1;
}

int ct_pin_thread(int cpu)
{
	(void)cpu;
	errno = ENOTSUP;
	return -1;
}

static char *sysctl_string(const char *name, char *buf, size_t len)
{
	size_t n = len;

	if (sysctlbyname(name, buf, &n, NULL, 0) != 0 || n == 0)
		snprintf(buf, len, "unknown");
	else
		buf[len - 1] = '\0';
	return buf;
}

char *ct_os_cpu_model(char *buf, size_t len)
{
	return sysctl_string("machdep.cpu.brand_string", buf, len);
}

char *ct_os_governor(char *buf, size_t len)
{
	/* macOS exposes no frequency governor. */
	snprintf(buf, len, "none");
	return buf;
}

double ct_os_uptime(void)
{
	struct timeval boot;
	size_t n = sizeof(boot);
	struct timeval now;

	if (sysctlbyname("kern.boottime", &boot, &n, NULL, 0) != 0)
		return -1;
	gettimeofday(&now, NULL);
	return (double)(now.tv_sec - boot.tv_sec) +
	       (double)(now.tv_usec - boot.tv_usec) / 1e6;
}

long ct_os_ncpus(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN);
}
