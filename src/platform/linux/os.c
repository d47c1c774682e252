/*
 * platform/linux/os.c - the operating-system seam on Linux: CLOCK_MONOTONIC_RAW
 * (immune to NTP slewing), CLOCK_THREAD_CPUTIME_ID, sched_getcpu(),
 * sched_setaffinity() and what /proc and /sys say about the machine.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "core/cpuset.h"
#include "platform/os.h"
#include "core/parse.h"

#if HAVE_DECL_CLOCK_MONOTONIC_RAW
#define CT_NOW_CLOCK CLOCK_MONOTONIC_RAW
#define CT_NOW_CLOCK_NAME "CLOCK_MONOTONIC_RAW"
#else
#define CT_NOW_CLOCK CLOCK_MONOTONIC
#define CT_NOW_CLOCK_NAME "CLOCK_MONOTONIC"
#endif

static uint64_t read_clock(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t ct_now_ns(void)
{
	return read_clock(CT_NOW_CLOCK);
}

uint64_t ct_thread_cpu_ns(void)
{
	return read_clock(CLOCK_THREAD_CPUTIME_ID);
}

const char *ct_now_clock_name(void)
{
	return CT_NOW_CLOCK_NAME;
}

int ct_current_cpu(void)
{
#if HAVE_SCHED_GETCPU
	return sched_getcpu();
#else
	return -1;
#endif
}

/*
 * The cpus this process was allowed before it pinned a thread of its own:
 * what ct_os_cpus_allowed() reports, since a tool's own --cpu does not
 * confine the run.  Taken at the first pin, whichever thread makes it
 * (a new thread inherits the process's set).
 */
static pthread_mutex_t allowed_lock = PTHREAD_MUTEX_INITIALIZER;
static long allowed_at_first_pin = -1;

static long affinity_count(void)
{
#if HAVE_SCHED_GETAFFINITY
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		return CPU_COUNT(&set);
#endif
	return -1;
}

int ct_pin_thread(int cpu)
{
#if HAVE_SCHED_SETAFFINITY
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&allowed_lock);
	if (allowed_at_first_pin < 0)
		allowed_at_first_pin = affinity_count();
	pthread_mutex_unlock(&allowed_lock);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	/* pid 0 is the calling thread, not the whole process. */
	return sched_setaffinity(0, sizeof(set), &set);
#else
	(void)cpu;
	errno = ENOTSUP;
	return -1;
#endif
}

int ct_os_on_each_cpu(const struct ct_cpuset *cpus, void (*fn)(int cpu, void *arg), void *arg)
{
#if HAVE_SCHED_SETAFFINITY
	size_t size = CPU_ALLOC_SIZE(CT_CPUSET_MAX);
	cpu_set_t *saved = CPU_ALLOC(CT_CPUSET_MAX);
	int cpu, n = 0;

	if (!saved)
		return -1;
	if (sched_getaffinity(0, size, saved) != 0) {
		CPU_FREE(saved);
		return -1;
	}
	for (cpu = 0; cpu < CT_CPUSET_MAX; cpu++) {
		if (!CPU_ISSET_S(cpu, size, saved) || (cpus && !ct_cpuset_isset(cpus, cpu)))
			continue;
		/* Migrated before the call returns; a cpu gone offline meanwhile is skipped. */
		if (ct_pin_thread(cpu) < 0 || ct_current_cpu() != cpu)
			continue;
		fn(cpu, arg);
		n++;
	}
	/* The calling thread gets its affinity back (pid 0: this thread only). */
	sched_setaffinity(0, size, saved);
	CPU_FREE(saved);
	return n;
#else
	(void)cpus;
	(void)fn;
	(void)arg;
	errno = ENOTSUP;
	return -1;
#endif
}

/* First line of a small file, newline stripped; -1 if unreadable. */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

char *ct_os_cpu_model(char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned impl = 0, part = 0;
	int have_arm = 0;

	snprintf(buf, len, "unknown");
	if (!f)
		return buf;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "model name", 10) == 0) {
			colon += strspn(colon + 1, " \t") + 1;
			snprintf(buf, len, "%s", colon);
			fclose(f);
			return buf;
		}
		/* arm64 /proc/cpuinfo has no model name: name the core by MIDR. */
		if (strncmp(line, "CPU implementer", 15) == 0 && !have_arm)
			have_arm |= sscanf(colon + 1, "%x", &impl) == 1;
		if (strncmp(line, "CPU part", 8) == 0 && have_arm == 1)
			have_arm |= (sscanf(colon + 1, "%x", &part) == 1) << 1;
	}
	fclose(f);
	if (have_arm == 3)
		snprintf(buf, len, "implementer 0x%02x part 0x%03x", impl, part);
	return buf;
}

char *ct_os_governor(char *buf, size_t len)
{
	if (read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
		      buf, len) < 0 || !buf[0])
		snprintf(buf, len, "none");
	return buf;
}

double ct_os_uptime(void)
{
	char buf[128];
	double up;

	if (read_line("/proc/uptime", buf, sizeof(buf)) < 0 ||
	    sscanf(buf, "%lf", &up) != 1)
		return -1;
	return up;
}

long ct_os_ncpus(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN);
}

char *ct_os_epp(char *buf, size_t len)
{
	if (read_line("/sys/devices/system/cpu/cpu0/cpufreq/energy_performance_preference",
		      buf, len) < 0 || !buf[0])
		snprintf(buf, len, "none");
	return buf;
}

/*
 * intel_pstate says no_turbo (1: off); acpi-cpufreq a global boost (1:
 * on); amd-pstate a boost per policy.
 */
char *ct_os_turbo(char *buf, size_t len)
{
	static const char *const boost[] = {
		"/sys/devices/system/cpu/cpufreq/boost",
		"/sys/devices/system/cpu/cpu0/cpufreq/boost",
	};
	char v[16];
	size_t i;

	if (read_line("/sys/devices/system/cpu/intel_pstate/no_turbo", v, sizeof(v)) == 0 &&
	    (v[0] == '0' || v[0] == '1')) {
		snprintf(buf, len, "%s", v[0] == '1' ? "off" : "on");
		return buf;
	}
	for (i = 0; i < sizeof(boost) / sizeof(boost[0]); i++)
		if (read_line(boost[i], v, sizeof(v)) == 0 && (v[0] == '0' || v[0] == '1')) {
			snprintf(buf, len, "%s", v[0] == '1' ? "on" : "off");
			return buf;
		}
	snprintf(buf, len, "unknown");
	return buf;
}

long ct_os_cpus_allowed(void)
{
	long n;

	pthread_mutex_lock(&allowed_lock);
	n = allowed_at_first_pin;
	pthread_mutex_unlock(&allowed_lock);
	return n >= 0 ? n : affinity_count();
}

char *ct_os_container(char *buf, size_t len)
{
	const char *env = getenv("container");

	if (access("/.dockerenv", F_OK) == 0)
		snprintf(buf, len, "docker");
	else if (access("/run/.containerenv", F_OK) == 0)
		snprintf(buf, len, "podman");
	else if (env && *env)
		snprintf(buf, len, "%s", env);	/* systemd-nspawn, lxc */
	else
		snprintf(buf, len, "none");
	return buf;
}

/* cgroup v2: "max 100000" or "QUOTA PERIOD" in DIR/cpu.max. */
static double quota_v2(const char *dir)
{
	char path[4200], line[64];
	long long q, p;

	snprintf(path, sizeof(path), "/sys/fs/cgroup%s/cpu.max", dir);
	if (read_line(path, line, sizeof(line)) < 0)
		return -2;
	if (sscanf(line, "%lld %lld", &q, &p) != 2 || q <= 0 || p <= 0)
		return -1;	/* "max": no quota */
	return (double)q / (double)p;
}

/* cgroup v1: cpu.cfs_quota_us (-1: none) over cpu.cfs_period_us. */
static double quota_v1(const char *mount, const char *dir)
{
	char path[4200], line[64];
	long long q, p;

	snprintf(path, sizeof(path), "/sys/fs/cgroup/%s%s/cpu.cfs_quota_us", mount, dir);
	if (read_line(path, line, sizeof(line)) < 0)
		return -2;
	if (sscanf(line, "%lld", &q) != 1 || q <= 0)
		return -1;
	snprintf(path, sizeof(path), "/sys/fs/cgroup/%s%s/cpu.cfs_period_us", mount, dir);
	if (read_line(path, line, sizeof(line)) < 0 || sscanf(line, "%lld", &p) != 1 || p <= 0)
		return -1;
	return (double)q / (double)p;
}

/*
 * The quota of this process's own cgroup, as /proc/self/cgroup names it
 * (inside a cgroup namespace, "/": the mount's root).  -2 from a reader
 * is "no such file": try the next place.
 */
double ct_os_cpu_quota(void)
{
	FILE *f = fopen("/proc/self/cgroup", "r");
	char line[4096];
	double q = -2;

	if (!f)
		return -1;
	while (q == -2 && fgets(line, sizeof(line), f)) {
		char *ctl = strchr(line, ':'), *dir;

		if (!ctl || !(dir = strchr(ctl + 1, ':')))
			continue;
		*dir++ = '\0';
		ctl++;
		dir[strcspn(dir, "\n")] = '\0';
		if (strcmp(dir, "/") == 0)
			dir[0] = '\0';
		if (*ctl == '\0') {
			q = quota_v2(dir);
		} else {
			char *c, *save = NULL;
			int cpu = 0;

			for (c = strtok_r(ctl, ",", &save); c; c = strtok_r(NULL, ",", &save))
				cpu |= strcmp(c, "cpu") == 0;
			if (cpu && (q = quota_v1("cpu", dir)) == -2)
				q = quota_v1("cpu,cpuacct", dir);
		}
	}
	fclose(f);
	if (q == -2)
		q = quota_v2("");
	if (q == -2)
		q = quota_v1("cpu", "");
	return q < 0 ? -1 : q;
}

/* Linux reports its caches in sysfs, which machine/caches.c reads itself. */
int ct_os_caches(const struct ct_cpuset *cpus, struct ct_caches *c)
{
	(void)cpus, (void)c;
	return -1;
}

uint64_t ct_os_mem_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

/* "always [madvise] never": the bracketed word is the one in effect. */
char *ct_os_thp(char *buf, size_t len)
{
	char line[128], *open, *close;

	if (read_line("/sys/kernel/mm/transparent_hugepage/enabled", line, sizeof(line)) < 0 ||
	    !(open = strchr(line, '[')) || !(close = strchr(open, ']'))) {
		snprintf(buf, len, "none");
		return buf;
	}
	*close = '\0';
	snprintf(buf, len, "%s", open + 1);
	return buf;
}

int ct_os_perf_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = -99;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -99;
		fclose(f);
	}
	return v;
}

void ct_os_mem_advise(void *p, size_t len, int huge)
{
#if HAVE_MADVISE && defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
	/*
	 * Advice only: with THP "never" the kernel ignores it, with "always"
	 * NOHUGEPAGE is what keeps 4 KiB pages.
	 */
	(void)madvise(p, len, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#else
	(void)p;
	(void)len;
	(void)huge;
#endif
}

/*
 * From /proc/self/smaps: the AnonHugePages of every mapping that overlaps
 * [p, p + len), each capped at the overlap.
 */
int64_t ct_os_huge_bytes(const void *p, size_t len)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	uintptr_t lo = (uintptr_t)p, hi = lo + len, vlo = 0, vhi = 0;
	uint64_t total = 0;
	char line[512];
	int seen = 0, in = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a, b, kb;
		char c;

		if (sscanf(line, "%llx-%llx %c", &a, &b, &c) == 3 && strchr(line, ' ')) {
			vlo = (uintptr_t)a;
			vhi = (uintptr_t)b;
			in = vlo < hi && vhi > lo;
		} else if (in && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1) {
			uint64_t over = (vhi < hi ? vhi : hi) - (vlo > lo ? vlo : lo);
			uint64_t bytes = (uint64_t)kb << 10;

			total += bytes < over ? bytes : over;
			seen = 1;
		}
	}
	fclose(f);
	return seen ? (int64_t)total : -1;
}
