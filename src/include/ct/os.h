/*
 * os.h - the operating-system seam.  Each function has one implementation
 * per OS: src/platform/os-linux.c and src/platform/os-darwin.c.
 */
#ifndef CT_OS_H
#define CT_OS_H

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

#endif
