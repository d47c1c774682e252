/*
 * core/parse.c - strict number and size parsing (strtoull with an end pointer,
 * no sign, no junk, no overflow).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/common.h"
#include "core/parse.h"

/* Digits only: strtoull() would take "-1", " 1" and "+1". */
static int parse_digits(const char *s, uint64_t *out, const char **end,
			const char **why)
{
	char *e;
	unsigned long long v;

	if (!isdigit((unsigned char)s[0])) {
		*why = "not a number";
		return -1;
	}
	errno = 0;
	v = strtoull(s, &e, 10);
	if (errno == ERANGE) {
		*why = "too large";
		return -1;
	}
	*out = v;
	*end = e;
	return 0;
}

int ct_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out,
		 const char **why)
{
	const char *end, *dummy;
	uint64_t v;

	if (!why)
		why = &dummy;
	if (parse_digits(s, &v, &end, why) < 0)
		return -1;
	if (*end) {
		*why = "not a number";
		return -1;
	}
	if (v < min) {
		*why = "too small";
		return -1;
	}
	if (v > max) {
		*why = "too large";
		return -1;
	}
	*out = v;
	return 0;
}

int ct_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out,
		  const char **why)
{
	static const struct {
		const char *suffix;
		unsigned shift;
	} units[] = {
		{ "", 0 }, { "B", 0 },
		{ "K", 10 }, { "KB", 10 }, { "KiB", 10 },
		{ "M", 20 }, { "MB", 20 }, { "MiB", 20 },
		{ "G", 30 }, { "GB", 30 }, { "GiB", 30 },
		{ "T", 40 }, { "TB", 40 }, { "TiB", 40 },
	};
	const char *end, *dummy;
	uint64_t v;
	size_t i;

	if (!why)
		why = &dummy;
	if (parse_digits(s, &v, &end, why) < 0)
		return -1;
	for (i = 0; i < CT_ARRAY_SIZE(units); i++)
		if (strcasecmp(end, units[i].suffix) == 0)
			break;
	if (i == CT_ARRAY_SIZE(units)) {
		*why = "not a size (use a number with K, M, G or T)";
		return -1;
	}
	if (units[i].shift && v > (UINT64_MAX >> units[i].shift)) {
		*why = "too large";
		return -1;
	}
	v <<= units[i].shift;
	if (v < min) {
		*why = "too small";
		return -1;
	}
	if (v > max) {
		*why = "too large";
		return -1;
	}
	*out = v;
	return 0;
}

uint64_t ct_u64_or_usage(const char *what, const char *s, uint64_t min,
			 uint64_t max)
{
	const char *why;
	uint64_t v;

	if (ct_parse_u64(s, min, max, &v, &why) < 0)
		ct_usage_error("invalid %s '%s': %s (%llu to %llu)", what, s, why,
			       (unsigned long long)min, (unsigned long long)max);
	return v;
}

uint64_t ct_size_or_usage(const char *what, const char *s, uint64_t min,
			  uint64_t max)
{
	const char *why;
	uint64_t v;

	if (ct_parse_size(s, min, max, &v, &why) < 0)
		ct_usage_error("invalid %s '%s': %s", what, s, why);
	return v;
}
