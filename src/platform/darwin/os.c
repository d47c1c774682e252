/*
 * platform/darwin/os.c - the operating-system seam on macOS: the raw uptime clock
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
#include <stdlib.h>
#include <sys/sysctl.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "platform/caches.h"
#include "platform/os.h"

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

int ct_os_on_each_cpu(const struct ct_cpuset *cpus, void (*fn)(int cpu, void *arg), void *arg)
{
	(void)cpus;
	(void)fn;
	(void)arg;
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

/*
 * macOS has no energy-performance preference, turbo switch or cpu quota a
 * process can read, and no affinity: every online cpu is allowed.
 */
char *ct_os_epp(char *buf, size_t len)
{
	snprintf(buf, len, "none");
	return buf;
}

char *ct_os_turbo(char *buf, size_t len)
{
	snprintf(buf, len, "unknown");
	return buf;
}

long ct_os_cpus_allowed(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN);
}

char *ct_os_container(char *buf, size_t len)
{
	snprintf(buf, len, "none");
	return buf;
}

double ct_os_cpu_quota(void)
{
	return -1;
}

/* An integer sysctl of 4 or 8 bytes, or 0. */
static uint64_t sysctl_u64(const char *name)
{
	union {
		uint32_t u32;
		uint64_t u64;
	} v;
	size_t n = sizeof(v);

	memset(&v, 0, sizeof(v));
	if (sysctlbyname(name, &v, &n, NULL, 0) != 0)
		return 0;
	return n == sizeof(uint32_t) ? v.u32 : n == sizeof(uint64_t) ? v.u64 : 0;
}

static void consider(struct ct_caches *c, int level, const char *name, unsigned line)
{
	uint64_t bytes = sysctl_u64(name), top;
	int at = ct_caches_largest(c, &top);

	if (!bytes || bytes <= c->level[level].bytes)
		return;
	if (level > at || (level == at && bytes > top))
		snprintf(c->where, sizeof(c->where), "%s", name);
	c->level[level].bytes = bytes;
	c->level[level].line = line;
}

/*
 * macOS has no cpu affinity, so the thread may run on any core: every
 * performance level counts, whatever cpus says.  Apple silicon reports
 * its L2 per level (hw.perflevelN.l2cachesize) and no L3; Intel Macs
 * report hw.l3cachesize.  The system level cache is not reported.
 */
int ct_os_caches(const struct ct_cpuset *cpus, struct ct_caches *c)
{
	uint64_t levels = sysctl_u64("hw.nperflevels");
	unsigned line = (unsigned)sysctl_u64("hw.cachelinesize");
	char name[64];
	uint64_t i;
	int lv;

	(void)cpus;
	consider(c, 1, "hw.l1dcachesize", line);
	consider(c, 2, "hw.l2cachesize", line);
	consider(c, 3, "hw.l3cachesize", line);
	for (i = 0; i < levels && i < 8; i++) {
		snprintf(name, sizeof(name), "hw.perflevel%llu.l1dcachesize", (unsigned long long)i);
		consider(c, 1, name, line);
		snprintf(name, sizeof(name), "hw.perflevel%llu.l2cachesize", (unsigned long long)i);
		consider(c, 2, name, line);
		snprintf(name, sizeof(name), "hw.perflevel%llu.l3cachesize", (unsigned long long)i);
		consider(c, 3, name, line);
	}
	if (!c->level[1].bytes && !c->level[2].bytes && !c->level[3].bytes)
		return -1;
	/* The sysctls name every level there is: one not named has no cache. */
	for (lv = 1; lv < CT_CACHE_LEVELS; lv++)
		c->level[lv].source = CT_CACHE_SYSCTL;
	return 0;
}

uint64_t ct_os_mem_bytes(void)
{
	return sysctl_u64("hw.memsize");
}

char *ct_os_thp(char *buf, size_t len)
{
	/* macOS has no transparent huge pages for ordinary allocations. */
	snprintf(buf, len, "none");
	return buf;
}

int ct_os_perf_paranoid(void)
{
	/* No perf_event_paranoid: macOS has no perf events. */
	return -99;
}

void ct_os_mem_advise(void *p, size_t len, int huge)
{
	/* No transparent huge pages to ask for or refuse. */
	(void)p;
	(void)len;
	(void)huge;
}

int64_t ct_os_huge_bytes(const void *p, size_t len)
{
	(void)p;
	(void)len;
	return -1;
}
