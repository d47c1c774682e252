/*
 * platform/os.h - the operating-system seam.  Each function has one implementation
 * per OS: src/platform/linux/os.c and src/platform/darwin/os.c.
 */
#ifndef CT_PLATFORM_OS_H
#define CT_PLATFORM_OS_H

#include <stddef.h>
#include <stdint.h>

/* Monotonic raw time in ns: CLOCK_MONOTONIC_RAW, CLOCK_UPTIME_RAW on macOS. */
uint64_t ct_now_ns(void);
/* CPU time the calling thread has consumed, in ns. */
uint64_t ct_thread_cpu_ns(void);
/* Name of the clock ct_now_ns() reads, for the machine description. */
const char *ct_now_clock_name(void);

/* The cpu the calling thread runs on, or -1 where the OS cannot tell. */
int ct_current_cpu(void);

/*
 * Pin the calling thread to one cpu.  Returns 0, or -1 with errno set
 * (ENOTSUP where the OS has no affinity API, as on macOS).
 */
int ct_pin_thread(int cpu);

struct ct_cpuset;
/*
 * Run fn(cpu, arg) on each cpu of cpus (NULL: every one) the calling
 * thread may run on, pinned there in turn, then give the thread its
 * affinity back: for what a cpu answers only of itself (CPUID on a
 * hybrid).  Returns the cpus visited, or -1 with errno (ENOTSUP on
 * macOS, which has no affinity).
 */
int ct_os_on_each_cpu(const struct ct_cpuset *cpus, void (*fn)(int cpu, void *arg), void *arg);

/*
 * Machine facts for the description.  Each writes a NUL-terminated string
 * into buf ("unknown" when the OS does not say) and returns buf.
 */
char *ct_os_cpu_model(char *buf, size_t len);
char *ct_os_governor(char *buf, size_t len);
/* Seconds since boot, or -1. */
double ct_os_uptime(void);
/* Logical cpus online. */
long ct_os_ncpus(void);

/*
 * The context of a run, for the machine description and its warnings
 * (machine.c).  Live paths only: a recorded tree has no run to describe.
 *
 * The energy-performance preference of cpu 0 (cpufreq
 * energy_performance_preference: "performance", "balance_performance",
 * "balance_power", "power", ...) or "none".
 */
char *ct_os_epp(char *buf, size_t len);
/*
 * Turbo (boost) state: "on", "off", or "unknown" where the OS does not
 * say (Linux: intel_pstate/no_turbo, else cpufreq/boost).
 */
char *ct_os_turbo(char *buf, size_t len);
/* Cpus this process may run on, or -1 when the OS cannot tell. */
long ct_os_cpus_allowed(void);
/* "docker", "podman", another container manager's name, or "none". */
char *ct_os_container(char *buf, size_t len);
/*
 * The cpus a CPU bandwidth quota allows this process's group (the cgroup
 * CFS quota over its period), or -1 when there is none.
 */
double ct_os_cpu_quota(void);

/*
 * Memory facts for the streaming kernel (ct-stream).
 */
struct ct_cpuset;

struct ct_caches;

/*
 * The data caches of cpus (NULL: every cpu) as the OS reports them
 * outside sysfs, into c (zeroed by the caller, platform/caches.h), every
 * level's source the OS's: macOS the hw.perflevelN.* and hw.l*cachesize
 * sysctls; Linux none here (machine/caches.c reads sysfs cpuN/cache/index*
 * itself, as it reads a recorded tree).  Returns 0, or -1 when the OS
 * reports no cache.  The sources and their order: machine/caches.h.
 */
int ct_os_caches(const struct ct_cpuset *cpus, struct ct_caches *c);

/* Physical memory in bytes, or 0 when unknown. */
uint64_t ct_os_mem_bytes(void);

/*
 * Transparent huge pages as the system has them set: "always", "madvise"
 * or "never" (Linux), or "none" where the OS has no such setting.
 */
char *ct_os_thp(char *buf, size_t len);

/*
 * The kernel.perf_event_paranoid level (Linux), for the reason a perf event
 * was refused; -99 when it cannot be read or the OS has no such setting.
 */
int ct_os_perf_paranoid(void);

/* A mapping from ct_os_mem_alloc(), for ct_os_mem_free(). */
struct ct_os_mem {
	void *base;
	size_t len;
};

/*
 * len bytes of zero-filled anonymous memory at an address aligned to
 * align (a power of two), not yet touched.  huge 1 asks the OS for huge
 * pages (MADV_HUGEPAGE), 0 refuses them (MADV_NOHUGEPAGE); a no-op where
 * the OS has no such advice.  NULL with errno set on failure.
 */
void *ct_os_mem_alloc(size_t len, size_t align, int huge, struct ct_os_mem *m);
void ct_os_mem_free(struct ct_os_mem *m);
/* The huge-page advice of ct_os_mem_alloc() for [p, p + len), this OS's own. */
void ct_os_mem_advise(void *p, size_t len, int huge);

/*
 * Bytes of [p, p + len) the OS backs with huge pages right now (call it
 * after touching them), or -1 when it cannot tell.
 */
int64_t ct_os_huge_bytes(const void *p, size_t len);

#endif
