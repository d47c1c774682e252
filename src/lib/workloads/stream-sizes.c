/*
 * workloads/stream-sizes.c - the array's sizes: ct-stream's --size list,
 * the default size (a multiple of the largest cache) and its reason, the
 * sizes refused, the cache level a size reads from, and a size in words.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/parse.h"
#include "machine/caches.h"
#include "platform/os.h"
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



/* "16 KiB", "1040 MiB", "3 GiB": exact, in the largest unit that divides. */
char *ct_stream_size_text(uint64_t b, char *buf, size_t len)
{
	if (b && b % (1ull << 30) == 0)
		snprintf(buf, len, "%" PRIu64 " GiB", b >> 30);
	else if (b && b % (1ull << 20) == 0)
		snprintf(buf, len, "%" PRIu64 " MiB", b >> 20);
	else if (b && b % (1ull << 10) == 0)
		snprintf(buf, len, "%" PRIu64 " KiB", b >> 10);
	else
		snprintf(buf, len, "%" PRIu64 " bytes", b);
	return buf;
}

void ct_stream_caches(const struct ct_cpuset *cpus, struct ct_stream_caches *c)
{
	struct ct_caches all;
	int lv;

	memset(c, 0, sizeof(*c));
	ct_caches_read(cpus, &all);
	for (lv = 1; lv <= 3; lv++) {
		c->bytes[lv] = all.level[lv].bytes;
		c->source[lv] = all.level[lv].source;
	}
	snprintf(c->note, sizeof(c->note), "%s", all.note);
}

const char *ct_stream_level(uint64_t bytes, const struct ct_stream_caches *c)
{
	struct ct_caches all;
	int lv;

	memset(&all, 0, sizeof(all));
	for (lv = 1; lv <= 3; lv++) {
		all.level[lv].bytes = c->bytes[lv];
		all.level[lv].source = c->source[lv];
	}
	return ct_caches_level(bytes, &all);
}

int ct_stream_caches_unknown(const struct ct_stream_caches *c)
{
	int lv;

	for (lv = 1; lv <= 3; lv++)
		if (c->source[lv] == CT_CACHE_UNKNOWN)
			return lv;
	return 0;
}

uint64_t ct_stream_default_size(const struct ct_cpuset *cpus, int quick,
				char *reason, size_t len)
{
	struct ct_caches c;
	char floor[32], csize[32], guess[64];
	uint64_t want, bytes;
	int lv, unknown;

	ct_stream_size_text(CT_STREAM_FLOOR_BYTES, floor, sizeof(floor));
	if (quick) {
		snprintf(reason, len, "QUICK: a %s smoke run, which a large cache may hold",
			 ct_stream_size_text(CT_STREAM_QUICK_BYTES, csize, sizeof(csize)));
		return CT_STREAM_QUICK_BYTES;
	}
	if (ct_caches_read(cpus, &c) < 0) {
		snprintf(reason, len, "default: %s, a guess: no cache size is known (neither the OS "
			 "nor CPUID gives one)", floor);
		return CT_STREAM_FLOOR_BYTES;
	}
	for (unknown = 0, lv = 1; lv <= 3 && !unknown; lv++)
		if (c.level[lv].source == CT_CACHE_UNKNOWN)
			unknown = lv;
	lv = ct_caches_largest(&c, &bytes);
	ct_stream_size_text(bytes, csize, sizeof(csize));
	guess[0] = '\0';
	if (unknown)
		snprintf(guess, sizeof(guess), ", a guess: the L%d size is unknown", unknown);
	want = bytes > (UINT64_MAX / CT_STREAM_CACHE_FACTOR) ? UINT64_MAX :
	       bytes * CT_STREAM_CACHE_FACTOR;
	if (want <= CT_STREAM_FLOOR_BYTES) {
		snprintf(reason, len, "default: %s, more than %d x the largest cache (L%d "
			 "%s, %s)%s", floor, CT_STREAM_CACHE_FACTOR, lv, csize, c.where, guess);
		return CT_STREAM_FLOOR_BYTES;
	}
	/* A whole number of blocks, so the size is the one the record names. */
	want = (want + CT_STREAM_BLOCK - 1) / CT_STREAM_BLOCK * CT_STREAM_BLOCK;
	snprintf(reason, len, "default: %d x the largest cache (L%d %s, %s), more than %s%s",
		 CT_STREAM_CACHE_FACTOR, lv, csize, c.where, floor, guess);
	return want;
}

int ct_stream_size_ok(uint64_t bytes, char *why, size_t len)
{
	uint64_t mem = ct_os_mem_bytes();
	char buf[32];

	if (bytes < CT_STREAM_MIN_BYTES) {
		snprintf(why, len, "too small (at least %s)",
			 ct_stream_size_text(CT_STREAM_MIN_BYTES, buf, sizeof(buf)));
		return -1;
	}
	if (mem && bytes > mem) {
		snprintf(why, len, "larger than this machine's memory (%.1f GiB)",
			 (double)mem / (double)(1ull << 30));
		return -1;
	}
	if (bytes > SIZE_MAX / 2) {
		snprintf(why, len, "too large");
		return -1;
	}
	return 0;
}
