/*
 * core/cpuset.c - cpu sets and the cpulist format of
 * Documentation/admin-guide/cputopology.rst.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/cpuset.h"

#define WORD_BITS (8 * sizeof(unsigned long))
#define NWORDS CT_ARRAY_SIZE(((struct ct_cpuset *)0)->bits)

void ct_cpuset_zero(struct ct_cpuset *s)
{
	memset(s, 0, sizeof(*s));
}

void ct_cpuset_set(struct ct_cpuset *s, int cpu)
{
	if (cpu >= 0 && cpu < CT_CPUSET_MAX)
		s->bits[cpu / WORD_BITS] |= 1ul << (cpu % WORD_BITS);
}

void ct_cpuset_clear(struct ct_cpuset *s, int cpu)
{
	if (cpu >= 0 && cpu < CT_CPUSET_MAX)
		s->bits[cpu / WORD_BITS] &= ~(1ul << (cpu % WORD_BITS));
}

int ct_cpuset_isset(const struct ct_cpuset *s, int cpu)
{
	if (cpu < 0 || cpu >= CT_CPUSET_MAX)
		return 0;
	return (s->bits[cpu / WORD_BITS] >> (cpu % WORD_BITS)) & 1;
}

int ct_cpuset_count(const struct ct_cpuset *s)
{
	int n = 0;
	size_t i;

	for (i = 0; i < NWORDS; i++)
		n += __builtin_popcountl(s->bits[i]);
	return n;
}

int ct_cpuset_empty(const struct ct_cpuset *s)
{
	return ct_cpuset_next(s, 0) < 0;
}

int ct_cpuset_equal(const struct ct_cpuset *a, const struct ct_cpuset *b)
{
	return memcmp(a->bits, b->bits, sizeof(a->bits)) == 0;
}

void ct_cpuset_and(struct ct_cpuset *dst, const struct ct_cpuset *a,
		   const struct ct_cpuset *b)
{
	size_t i;

	for (i = 0; i < NWORDS; i++)
		dst->bits[i] = a->bits[i] & b->bits[i];
}

void ct_cpuset_or(struct ct_cpuset *dst, const struct ct_cpuset *a,
		  const struct ct_cpuset *b)
{
	size_t i;

	for (i = 0; i < NWORDS; i++)
		dst->bits[i] = a->bits[i] | b->bits[i];
}

void ct_cpuset_andnot(struct ct_cpuset *dst, const struct ct_cpuset *a,
		      const struct ct_cpuset *b)
{
	size_t i;

	for (i = 0; i < NWORDS; i++)
		dst->bits[i] = a->bits[i] & ~b->bits[i];
}

int ct_cpuset_next(const struct ct_cpuset *s, int from)
{
	size_t w;
	unsigned long bits;

	if (from < 0)
		from = 0;
	if (from >= CT_CPUSET_MAX)
		return -1;
	w = (size_t)from / WORD_BITS;
	bits = s->bits[w] & (~0ul << (from % WORD_BITS));
	for (;;) {
		if (bits)
			return (int)(w * WORD_BITS) + __builtin_ctzl(bits);
		if (++w == NWORDS)
			return -1;
		bits = s->bits[w];
	}
}

/* A cpu id: digits only, below CT_CPUSET_MAX. */
static int parse_cpu(const char **p, int *cpu)
{
	long v = 0;
	const char *s = *p;

	if (!isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (*s++ - '0');
		if (v >= CT_CPUSET_MAX)
			return -1;
	}
	*cpu = (int)v;
	*p = s;
	return 0;
}

int ct_cpuset_parse(const char *text, struct ct_cpuset *s, const char **why)
{
	const char *p = text, *dummy;
	size_t len;

	if (!why)
		why = &dummy;
	ct_cpuset_zero(s);
	while (isspace((unsigned char)*p))
		p++;
	len = strlen(p);
	while (len && isspace((unsigned char)p[len - 1]))
		len--;
	if (len == 0)
		return 0;
	for (;;) {
		int first, last, stride = 1, c;
		const char *q = p;

		if (parse_cpu(&q, &first) < 0) {
			*why = isdigit((unsigned char)*q) ? "cpu number too large"
							  : "expected a cpu number";
			return -1;
		}
		last = first;
		if (*q == '-') {
			q++;
			if (parse_cpu(&q, &last) < 0) {
				*why = "range has no valid end";
				return -1;
			}
			if (last < first) {
				*why = "range is reversed";
				return -1;
			}
			if (*q == ':') {
				q++;
				if (parse_cpu(&q, &stride) < 0 || stride == 0) {
					*why = "bad stride";
					return -1;
				}
			}
		}
		for (c = first; c <= last; c += stride)
			ct_cpuset_set(s, c);
		if ((size_t)(q - p) >= len) {
			if ((size_t)(q - p) > len) {
				*why = "trailing junk";
				return -1;
			}
			return 0;
		}
		if (*q != ',') {
			*why = "expected ',' between cpus";
			return -1;
		}
		len -= (size_t)(q + 1 - p);
		p = q + 1;
		if (len == 0) {
			*why = "list ends with ','";
			return -1;
		}
	}
}

char *ct_cpuset_format(const struct ct_cpuset *s, char *buf, size_t len)
{
	size_t used = 0;
	int c = ct_cpuset_next(s, 0);

	if (len)
		buf[0] = '\0';
	while (c >= 0) {
		int end = c;
		int n;

		while (ct_cpuset_isset(s, end + 1))
			end++;
		if (end == c)
			n = snprintf(buf + used, len - used, "%s%d", used ? "," : "", c);
		else
			n = snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", c, end);
		if (n < 0 || (size_t)n >= len - used) {
			/*
			 * Too long: end with "..." rather than a wrong list;
			 * in a buffer too short even for that, only dots
			 * (a cut "123" must not read as cpu 12).
			 */
			if (len >= 4) {
				strcpy(buf + len - 4, "...");
			} else if (len) {
				memset(buf, '.', len - 1);
				buf[len - 1] = '\0';
			}
			return buf;
		}
		used += (size_t)n;
		c = ct_cpuset_next(s, end + 1);
	}
	return buf;
}
