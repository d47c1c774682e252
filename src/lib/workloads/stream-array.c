/*
 * workloads/stream-array.c - the stream's array (stream.h): its
 * memory, aligned for huge pages; its fill from xorshift64 seeded with the
 * time of the run, the sum accumulated as it is written, so that no
 * compiler can fold the reference and no two runs read the same data
 * (filling also touches every page before anything is timed); the xor
 * loops' reference from the same pass; the windows of the calibration's
 * trials, each with its own references.
 */
#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "platform/os.h"
#include "platform/place.h"
#include "workloads/stream.h"

/*
 * The array is aligned to 2 MiB, the huge-page size of x86-64 and of
 * aarch64 with 4 KiB base pages, so that huge pages can back all of it.
 */
#define ALIGN (2u << 20)

/*
 * Fill with xorshift64 from *x (left where it stopped, for the next
 * part) and return the sum of what was written, mod 2^64.  The seed is
 * the time of the run: nothing about the data is known when the program
 * is compiled.
 */
static uint64_t fill(uint64_t *a, size_t n, uint64_t *x)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		*x ^= *x << 13;
		*x ^= *x >> 7;
		*x ^= *x << 17;
		a[i] = *x;
		sum += *x;
	}
	return sum;
}

static uint64_t lanes_sum(const uint64_t lane[8])
{
	uint64_t sum = 0;
	int l;

	for (l = 0; l < 8; l++)
		sum += lane[l];
	return sum;
}

/*
 * One pass over n words (a at a multiple of 8 words): their sum, and
 * every a[i] XORed into lane[i mod 8].  The fill's references and
 * ct_stream_xor_ref both come from here.
 */
static uint64_t sum_and_lanes(const uint64_t *a, size_t n, uint64_t lane[8])
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += a[i];
		lane[i % 8] ^= a[i];
	}
	return sum;
}

uint64_t ct_stream_xor_ref(const uint64_t *a, size_t n)
{
	uint64_t lane[8] = { 0 };

	sum_and_lanes(a, n, lane);
	return lanes_sum(lane);
}

uint64_t ct_stream_trial_window(uint64_t bytes, uint64_t trial, uint64_t cache)
{
	if (!cache || !trial || trial % CT_STREAM_BLOCK || bytes < 2 * trial)
		return 0;
	return bytes - trial >= 2 * cache ? trial : 0;
}

/*
 * Read back the len words at off (a part of the fill, or a window; off a
 * multiple of 8), in one pass: their XOR lanes into lane, and when they
 * are window i, its references (their sum, and the sum of their lanes).
 */
void ct_stream_array_part_refs(struct ct_stream_array *arr, size_t off, size_t len,
			       uint64_t lane[8])
{
	uint64_t part[8] = { 0 }, sum = sum_and_lanes(arr->a + off, len, part);
	size_t i, per;

	for (i = 0; i < 8; i++)
		lane[i] ^= part[i];
	if (!arr->nwin)
		return;
	per = (size_t)(arr->window / sizeof(uint64_t));
	if (len == per && off / per < arr->nwin) {
		arr->wref[off / per] = sum;
		arr->wxref[off / per] = lanes_sum(part);
	}
}

/* Cut arr into windows of window bytes (0: none) for the calibration's trials. */
void ct_stream_array_set_windows(struct ct_stream_array *arr, uint64_t window)
{
	free(arr->wref);
	free(arr->wxref);
	arr->wref = arr->wxref = NULL;
	arr->window = window;
	arr->nwin = window ? (size_t)(arr->bytes / window) : 0;
	arr->next = 0;
	if (!arr->nwin)
		return;
	arr->wref = ct_xcalloc(arr->nwin, sizeof(*arr->wref));
	arr->wxref = ct_xcalloc(arr->nwin, sizeof(*arr->wxref));
}

/* What one pass of loop over arr returns (mod 2^64). */
uint64_t ct_stream_array_loop_ref(const struct ct_stream_array *arr, enum ct_stream_loop loop)
{
	return loop == CT_STREAM_LOOP_XOR ? arr->xref : arr->ref;
}

/* The bytes of a calibration trial (CT_STREAM_TRIAL_BYTES, _QUICK). */
uint64_t ct_stream_trial_bytes(unsigned flags)
{
	return flags & CT_STREAM_QUICK ? CT_STREAM_TRIAL_BYTES_QUICK : CT_STREAM_TRIAL_BYTES;
}

struct ct_stream_array *ct_stream_array_new(uint64_t bytes, const char *reason, unsigned flags)
{
	struct ct_stream_array *arr = ct_xcalloc(1, sizeof(*arr));
	uint64_t x = ct_now_ns() ^ ((uint64_t)getpid() << 40), lane[8] = { 0 }, largest = 0;
	size_t per, off, len;
	char buf[32];
	int64_t huge;
	void *p;
	int lv;

	if (!x)
		x = 0x9e3779b97f4a7c15ull;	/* xorshift64's one bad seed */

	arr->bytes = (bytes + CT_STREAM_BLOCK - 1) / CT_STREAM_BLOCK * CT_STREAM_BLOCK;
	arr->n = (size_t)(arr->bytes / sizeof(uint64_t));
	arr->huge_asked = !(flags & CT_STREAM_SMALL_PAGES);
	p = ct_os_mem_alloc((size_t)arr->bytes, ALIGN, arr->huge_asked, &arr->mem);
	if (!p)
		err(CT_EXIT_FAIL, "cannot allocate the %s array (%" PRIu64 " bytes)",
		    ct_stream_size_text(arr->bytes, buf, sizeof(buf)), arr->bytes);
	arr->a = p;
	/* The caches of the cpus this thread may run on (the pinned one with -c). */
	{
		struct ct_cpuset cpus;

		ct_stream_caches(ct_place_allowed(&cpus) == 0 ? &cpus : NULL, &arr->caches);
	}
	for (lv = 1; lv <= 3; lv++)
		if (arr->caches.bytes[lv] > largest)
			largest = arr->caches.bytes[lv];
	ct_stream_array_set_windows(arr, ct_stream_trial_window(arr->bytes, ct_stream_trial_bytes(flags),
								 largest));
	/*
	 * Filled a trial's bytes at a time (the windows, where there are
	 * any), each part's XOR lanes and window references read back while
	 * the caches still hold it.
	 */
	per = (size_t)(ct_stream_trial_bytes(flags) / sizeof(uint64_t));
	for (off = 0; off < arr->n; off += len) {
		len = arr->n - off < per ? arr->n - off : per;
		arr->ref += fill(arr->a + off, len, &x);
		ct_stream_array_part_refs(arr, off, len, lane);
	}
	arr->xref = lanes_sum(lane);
	huge = ct_os_huge_bytes(arr->a, (size_t)arr->bytes);
	arr->huge_pct = huge < 0 ? -1 : 100.0 * (double)huge / (double)arr->bytes;
	ct_os_thp(arr->thp, sizeof(arr->thp));
	if (arr->bytes != bytes)
		snprintf(arr->reason, sizeof(arr->reason), "%s, rounded up to a multiple of %u bytes",
			 reason ? reason : "requested", CT_STREAM_BLOCK);
	else
		snprintf(arr->reason, sizeof(arr->reason), "%s", reason ? reason : "requested");
	arr->level = ct_stream_level(arr->bytes, &arr->caches);
	arr->users = 1;
	return arr;
}

void ct_stream_array_free(struct ct_stream_array *arr)
{
	ct_os_mem_free(&arr->mem);
	free(arr->wref);
	free(arr->wxref);
	free(arr);
}
