/*
 * workloads/stream-sizes.c - ct-stream's --size list.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/parse.h"
#include "workloads/stream.h"
#include "workloads/stream-sizes.h"

static int pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* One size, checked; the message names tok. */
static int parse_one(const char *tok, uint64_t *v, char *why, size_t len)
{
	char ok_why[128];
	const char *pwhy;

	if (ct_parse_size(tok, 0, UINT64_MAX, v, &pwhy) < 0) {
		snprintf(why, len, "invalid --size '%s': %s", tok, pwhy);
		return -1;
	}
	if (ct_stream_size_ok(*v, ok_why, sizeof(ok_why)) < 0) {
		snprintf(why, len, "invalid --size '%s': %s", tok, ok_why);
		return -1;
	}
	return 0;
}

/* A..B, its ends at tok and hi (the dots cut out), after the n sizes so far. */
static int parse_range(const char *arg, const char *tok, const char *hi_tok, uint64_t *sizes,
		       size_t *n, char *why, size_t len)
{
	uint64_t lo, hi, v;

	if (*tok == '\0' || *hi_tok == '\0') {
		snprintf(why, len, "invalid --size '%s..%s': a range needs both ends", tok, hi_tok);
		return -1;
	}
	if (parse_one(tok, &lo, why, len) < 0 || parse_one(hi_tok, &hi, why, len) < 0)
		return -1;
	if (!pow2(lo) || !pow2(hi)) {
		snprintf(why, len, "invalid --size '%s..%s': the ends of a range are powers of two",
			 tok, hi_tok);
		return -1;
	}
	if (lo > hi) {
		snprintf(why, len, "invalid --size '%s..%s': the range runs backwards", tok, hi_tok);
		return -1;
	}
	for (v = lo;; v <<= 1) {
		if (*n == CT_STREAM_SIZES_MAX) {
			snprintf(why, len, "invalid --size '%s': more than %d sizes", arg,
				 CT_STREAM_SIZES_MAX);
			return -1;
		}
		sizes[(*n)++] = v;
		if (v == hi)
			return 0;
	}
}

int ct_stream_sizes_parse(const char *arg, uint64_t *sizes, char *why, size_t len)
{
	char *list = ct_xstrdup(arg), *tok, *next, *dots;
	size_t n = 0;
	int rc = 0;

	for (tok = list; rc == 0; tok = next + 1) {
		next = strchr(tok, ',');
		if (next)
			*next = '\0';
		dots = strstr(tok, "..");
		if (*tok == '\0') {
			snprintf(why, len, "invalid --size '%s': an empty size", arg);
			rc = -1;
		} else if (dots) {
			*dots = '\0';
			rc = parse_range(arg, tok, dots + 2, sizes, &n, why, len);
		} else if (n == CT_STREAM_SIZES_MAX) {
			snprintf(why, len, "invalid --size '%s': more than %d sizes", arg,
				 CT_STREAM_SIZES_MAX);
			rc = -1;
		} else {
			rc = parse_one(tok, &sizes[n], why, len);
			n++;
		}
		if (!next)
			break;
	}
	free(list);
	return rc < 0 ? -1 : (int)n;
}
