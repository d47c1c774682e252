/*
 * workloads/latency-chains.c - --chains: the chain counts of ct-latency's
 * parallelism columns, parsed and checked (latency.h), on its own so that
 * fuzz/fuzz-chains.c drives it without the rest of the workload.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/parse.h"
#include "workloads/latency.h"

static int pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

/* One count; the message names tok. */
static int chains_one(const char *tok, unsigned *v, char *why, size_t len)
{
	const char *pwhy;
	uint64_t u;

	if (ct_parse_u64(tok, 1, CT_LATENCY_CHAINS_MAX, &u, &pwhy) < 0) {
		snprintf(why, len, "invalid --chains '%s': %s (1 to %u)", tok, pwhy,
			 CT_LATENCY_CHAINS_MAX);
		return -1;
	}
	*v = (unsigned)u;
	return 0;
}

/* Append v after the n so far: ascending, at most the list's room. */
static int chains_add(const char *arg, unsigned v, unsigned *chains, size_t *n, char *why,
		      size_t len)
{
	if (*n && v <= chains[*n - 1]) {
		snprintf(why, len, "invalid --chains '%s': the counts must ascend", arg);
		return -1;
	}
	if (*n == CT_LATENCY_CHAINS_LIST_MAX) {
		snprintf(why, len, "invalid --chains '%s': more than %d counts", arg,
			 CT_LATENCY_CHAINS_LIST_MAX);
		return -1;
	}
	chains[(*n)++] = v;
	return 0;
}

int ct_latency_chains_parse(const char *arg, unsigned *chains, char *why, size_t len)
{
	char *list = ct_xstrdup(arg), *tok, *next, *dots;
	unsigned lo, hi, v;
	size_t n = 0;
	int rc = 0;

	/* 1 first, always: the latency every other count is held against. */
	chains[n++] = 1;
	for (tok = list; rc == 0; tok = next + 1) {
		next = strchr(tok, ',');
		if (next)
			*next = '\0';
		dots = strstr(tok, "..");
		if (*tok == '\0') {
			snprintf(why, len, "invalid --chains '%s': an empty count", arg);
			rc = -1;
		} else if (dots) {
			*dots = '\0';
			if (*tok == '\0' || dots[2] == '\0') {
				snprintf(why, len, "invalid --chains '%s': a range needs both ends", arg);
				rc = -1;
			} else if (chains_one(tok, &lo, why, len) < 0 ||
				   chains_one(dots + 2, &hi, why, len) < 0) {
				rc = -1;
			} else if (!pow2(lo) || !pow2(hi) || lo > hi) {
				snprintf(why, len, "invalid --chains '%s': the ends of a range are powers "
					 "of two, the first the smaller", arg);
				rc = -1;
			} else {
				for (v = lo; rc == 0 && v <= hi; v <<= 1)
					if (!(n == 1 && v == 1))
						rc = chains_add(arg, v, chains, &n, why, len);
			}
		} else if ((rc = chains_one(tok, &v, why, len)) == 0 && !(n == 1 && v == 1)) {
			rc = chains_add(arg, v, chains, &n, why, len);
		}
		if (!next)
			break;
	}
	free(list);
	return rc < 0 ? -1 : (int)n;
}

size_t ct_latency_chains_default(unsigned *chains)
{
	size_t n = 0;
	unsigned v;

	for (v = 1; v <= CT_LATENCY_CHAINS_MAX; v <<= 1)
		chains[n++] = v;
	return n;
}
