/*
 * fuzz-compare-read - ct-compare's reader of runs (src/ct-compare/read.c) on a
 * whole file of JSON Lines, then the rank tests (src/lib/core/mann-whitney.c) on
 * whatever samples it read: values from outside, which the selection of
 * the interval's order statistics and the exact distribution must take
 * (huge, tiny, tied, negative).  Beyond not crashing: a refused file says
 * why and names it; an accepted one has a series, every sample vector as
 * long as its count, and p-values and intervals that are what they claim.
 */
#include "config.h"

#include <math.h>

#include "core/mann-whitney.h"
#include "ct-compare/compare.h"
#include "fuzz.h"

static void test_pair(const double *x, size_t m, const double *y, size_t n)
{
	double *a = malloc((m ? m : 1) * sizeof(*a)), *b = malloc((n ? n : 1) * sizeof(*b));
	double est, lo, hi;
	struct ct_utest u;
	size_t i, k = 0, l = 0;

	if (!a || !b)
		abort();
	for (i = 0; i < m; i++)
		if (isfinite(x[i]))
			a[k++] = x[i];
	for (i = 0; i < n; i++)
		if (isfinite(y[i]))
			b[l++] = y[i];
	if (ct_utest(a, k, b, l, &u) == 0) {
		FUZZ_ASSERT(u.p >= 0 && u.p <= 1);
		FUZZ_ASSERT(u.u >= 0 && u.u <= (double)k * (double)l);
	}
	if (ct_ratio_ci(a, k, b, l, 0.05, &est, &lo, &hi) == 0)
		FUZZ_ASSERT(lo <= est && est <= hi);
	free(a);
	free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_run r;
	char *copy, why[512];
	FILE *f = fuzz_file(data, size, &copy);
	size_t i;

	why[0] = '\0';
	if (ct_run_read_stream(f, "fuzz", "fuzz", &r, why, sizeof(why)) < 0) {
		fuzz_check_why(why, NULL);
		FUZZ_ASSERT(strstr(why, "fuzz") != NULL);
	} else {
		FUZZ_ASSERT(r.nser > 0 && r.lines > 0);
		for (i = 0; i < r.nser; i++) {
			const struct ct_run_series *s = &r.ser[i];

			FUZZ_ASSERT(s->n <= s->cap);
			FUZZ_ASSERT(s->n == 0 || (s->v[0] && s->v[1] && s->pc[0] && s->pc[1] && s->work && s->smp));
			if (s->n)
				test_pair(s->v[0], s->n, s->v[1], s->n);
		}
	}
	ct_run_free(&r);
	fclose(f);
	free(copy);
	return 0;
}
