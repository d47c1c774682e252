/*
 * platform/linux/place.c - placements on Linux.  Linux has affinity (a pin) but no
 * quality-of-service API: the background hint is the SCHED_IDLE policy and,
 * where the kernel has utilization clamping (CONFIG_UCLAMP_TASK, 5.3+),
 * uclamp.max = 0, which tells energy-aware scheduling and schedutil that
 * the thread needs little capacity.  Neither moves a thread by itself on
 * an x86 hybrid; the placement's row shows where it really ran.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "platform/place.h"

/* struct sched_attr, as in include/uapi/linux/sched/types.h (glibc < 2.41 lacks it). */
struct ct_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
	uint32_t sched_util_min;
	uint32_t sched_util_max;
};

#define CT_SCHED_FLAG_KEEP_POLICY 0x08
#define CT_SCHED_FLAG_KEEP_PARAMS 0x10
#define CT_SCHED_FLAG_UTIL_CLAMP_MAX 0x40

int ct_place_background_hint(char *how, size_t len)
{
	struct sched_param sp = { 0 };
	int idle, clamp = 0;

#ifdef SCHED_IDLE
	idle = pthread_setschedparam(pthread_self(), SCHED_IDLE, &sp) == 0;
#else
	idle = 0;
#endif
#if HAVE_DECL_SYS_SCHED_SETATTR
	{
		struct ct_sched_attr a;

		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.sched_flags = CT_SCHED_FLAG_KEEP_POLICY | CT_SCHED_FLAG_KEEP_PARAMS |
				CT_SCHED_FLAG_UTIL_CLAMP_MAX;
		a.sched_util_max = 0;
		clamp = syscall(SYS_sched_setattr, 0, &a, 0) == 0;
	}
#endif
	snprintf(how, len, "%s%s%s (a hint)", idle ? "SCHED_IDLE" : "",
		 idle && clamp ? " + " : "", clamp ? "uclamp.max 0" : "");
	if (!idle && !clamp) {
		snprintf(how, len, "no hint available");
		errno = ENOTSUP;
		return -1;
	}
	return 0;
}

/* Dynamic cpu sets: cpu_set_t stops at 1024 cpus, Linux goes to 8192. */
int ct_place_allowed(struct ct_cpuset *cpus)
{
	size_t size = CPU_ALLOC_SIZE(CT_CPUSET_MAX);
	cpu_set_t *set = CPU_ALLOC(CT_CPUSET_MAX);
	int c;

	if (!set)
		return -1;
	if (sched_getaffinity(0, size, set) != 0) {
		CPU_FREE(set);
		return -1;
	}
	ct_cpuset_zero(cpus);
	for (c = 0; c < CT_CPUSET_MAX; c++)
		if (CPU_ISSET_S(c, size, set))
			ct_cpuset_set(cpus, c);
	CPU_FREE(set);
	return 0;
}

int ct_place_clamp_process(const struct ct_cpuset *cpus)
{
	size_t size = CPU_ALLOC_SIZE(CT_CPUSET_MAX);
	cpu_set_t *set = CPU_ALLOC(CT_CPUSET_MAX);
	int c, rc;

	if (!set)
		return -1;
	CPU_ZERO_S(size, set);
	ct_cpuset_foreach(c, cpus)
		CPU_SET_S(c, size, set);
	/*
	 * pid 0 is the calling thread only; called before any other thread
	 * exists, and inherited by exec and by threads created later, it
	 * clamps the whole process, as taskset does.
	 */
	rc = sched_setaffinity(0, size, set);
	CPU_FREE(set);
	return rc;
}

int ct_place_can_pin(void)
{
	return 1;
}

int ct_place_self_exe(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

int ct_place_exec_background(char *const argv[])
{
	(void)argv;
	errno = ENOTSUP;
	return -1;
}
