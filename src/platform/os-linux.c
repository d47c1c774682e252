/*
 * os-linux.c - the operating-system seam on Linux: CLOCK_MONOTONIC_RAW
 * (immune to NTP slewing), CLOCK_THREAD_CPUTIME_ID, sched_getcpu(),
 * sched_setaffinity() and what /proc and /sys say about the machine.
 */
#include "config.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ct/os.h"

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

int ct_pin_thread(int cpu)
{
#if HAVE_SCHED_SETAFFINITY
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
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
