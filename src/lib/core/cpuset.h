/*
 * core/cpuset.h - sets of logical cpu ids and the kernel's cpulist text format
 * ("0-3,8,10-11"), the format of /sys/devices/system/cpu/online, of
 * Cpus_allowed_list and of taskset -c.
 */
#ifndef CT_CORE_CPUSET_H
#define CT_CORE_CPUSET_H

#include <stddef.h>

/* Highest cpu id + 1 a set can hold (Linux's NR_CPUS tops out at 8192). */
#define CT_CPUSET_MAX 8192

struct ct_cpuset {
	unsigned long bits[CT_CPUSET_MAX / (8 * sizeof(unsigned long))];
};

void ct_cpuset_zero(struct ct_cpuset *s);
void ct_cpuset_set(struct ct_cpuset *s, int cpu);
void ct_cpuset_clear(struct ct_cpuset *s, int cpu);
int ct_cpuset_isset(const struct ct_cpuset *s, int cpu);
int ct_cpuset_count(const struct ct_cpuset *s);
int ct_cpuset_empty(const struct ct_cpuset *s);
int ct_cpuset_equal(const struct ct_cpuset *a, const struct ct_cpuset *b);
/* dst = a & b, dst = a | b, dst = a & ~b (dst may alias either). */
void ct_cpuset_and(struct ct_cpuset *dst, const struct ct_cpuset *a, const struct ct_cpuset *b);
void ct_cpuset_or(struct ct_cpuset *dst, const struct ct_cpuset *a, const struct ct_cpuset *b);
void ct_cpuset_andnot(struct ct_cpuset *dst, const struct ct_cpuset *a, const struct ct_cpuset *b);
/* The first cpu >= from in the set, or -1. */
int ct_cpuset_next(const struct ct_cpuset *s, int from);
/*
 * Every cpu of s in increasing order, as hwloc_bitmap_foreach_begin():
 *
 *	ct_cpuset_foreach(c, &set)
 *		use(c);
 *
 * c is an int; break and continue work as in any for loop.  s is read
 * afresh at each step, so the body may add or remove cpus above c.
 */
#define ct_cpuset_foreach(c, s) \
	for ((c) = ct_cpuset_next((s), 0); (c) >= 0; (c) = ct_cpuset_next((s), (c) + 1))

/*
 * Parse a cpulist.  Leading and trailing white space (the newline of a
 * sysfs file) is allowed; an empty list gives an empty set.  Strides
 * ("0-7:2") are accepted as taskset does.  Returns 0, or -1 with a reason
 * in *why ("'9-3': range is reversed").  why may be NULL.
 */
int ct_cpuset_parse(const char *text, struct ct_cpuset *s, const char **why);

/* Format as a cpulist with ranges collapsed ("0-3,8"); "" when empty. */
char *ct_cpuset_format(const struct ct_cpuset *s, char *buf, size_t len);

#endif
