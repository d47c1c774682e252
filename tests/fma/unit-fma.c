/*
 * unit-fma.c - the FMA kernels' verification catches what it must: for
 * every usable ISA, a clean call verifies; a changed element of the data,
 * a wrong lane in the result, and a lane gone wrong in the middle of a
 * run each fail, with the sample, accumulator, lane and values named.
 * These are the shipped kernels and the shipped verifier, corrupted from
 * outside: no switch in the tool.  The kernels themselves, against the
 * scalar reference, and their descriptions: tests/kernels/checkasm.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "workloads/fma.h"
#include "measure/harness.h"
#include "platform/isa.h"
#include "unit.h"

/* A kernel whose run breaks one lane of its result from the third call on. */
struct sabotage {
	struct ct_job real;
	unsigned calls;
};

static uint64_t sabotaged_run(void *p)
{
	struct sabotage *s = p;
	uint64_t r = s->real.run(s->real.ctx);
	size_t n;
	float *out = ct_fma_result(s->real.ctx, &n);

	if (++s->calls >= 3)
		out[n - 1] += 0.25f;
	return r;
}

static int sabotaged_verify(void *p, uint64_t ret, char *why, size_t len)
{
	struct sabotage *s = p;

	return s->real.verify(s->real.ctx, ret, why, len);
}

static const char *checksum(const struct ct_job *k)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, "checksum") == 0)
			return k->fields[i].str;
	return NULL;
}

int main(void)
{
	char first_sum[64] = "";
	int i, tested = 0;

	for (i = 0; i < CT_ISA_COUNT; i++) {
		enum ct_isa isa = (enum ct_isa)i;
		const struct ct_kernel *d;
		struct ct_job k, sk;
		struct sabotage sab;
		struct ct_harness h = { .reps = 3, .settle_ns = 0, .bracket_adds = 1000 };
		struct ct_series ser;
		struct ct_fma *f;
		char why[512];
		float *data, *out, keep;
		size_t n, nout;
		uint64_t ret;

		if (!ct_isa_usable(isa))
			continue;
		tested++;
		d = ct_fma_desc(isa);
		CHECK(d != NULL);
		f = ct_fma_new(isa, 3, &k);
		data = ct_fma_data(f, &n);
		CHECK(n * sizeof(float) == CT_FMA_ARRAY_BYTES);

		/* Clean: verifies, twice in a row (the accumulators restart). */
		ret = k.run(k.ctx);
		CHECK(k.verify(k.ctx, ret, why, sizeof(why)) == 0);
		ret = k.run(k.ctx);
		CHECK(k.verify(k.ctx, ret, why, sizeof(why)) == 0);
		CHECK(checksum(&k) && strcmp(checksum(&k), "-") != 0);
		/* Every ISA's sums add up to the same thing. */
		if (!first_sum[0])
			snprintf(first_sum, sizeof(first_sum), "%s", checksum(&k));
		CHECK(strcmp(checksum(&k), first_sum) == 0);

		/* One element changed (still exact: 0.75^2 = 0.5625): caught. */
		keep = data[37];
		data[37] = 0.75f;
		ret = k.run(k.ctx);
		why[0] = '\0';
		CHECK(k.verify(k.ctx, ret, why, sizeof(why)) != 0);
		CHECK(strstr(why, "lane") != NULL && strstr(why, "expected") != NULL);
		printf("%s, data corrupted: %s\n", ct_isa_name(isa), why);
		data[37] = keep;
		ret = k.run(k.ctx);
		CHECK(k.verify(k.ctx, ret, why, sizeof(why)) == 0);

		/*
		 * One lane of the result off by the data's own granularity: the
		 * smallest error an exact sum can show.  Named by its place.
		 */
		ret = k.run(k.ctx);
		out = ct_fma_result(f, &nout);
		CHECK(nout == (size_t)d->accumulators * d->lanes);
		out[nout - 1] -= 0.25f;
		why[0] = '\0';
		CHECK(k.verify(k.ctx, ret, why, sizeof(why)) != 0);
		{
			char want[64];

			snprintf(want, sizeof(want), "accumulator %u lane %u ",
				 d->accumulators - 1, d->lanes - 1);
			CHECK(strstr(why, want) != NULL);
		}
		printf("%s, result corrupted: %s\n", ct_isa_name(isa), why);

		/* Through the harness: the third call (sample 2) goes wrong. */
		sab.real = k;
		sab.calls = 0;
		sk = k;
		sk.run = sabotaged_run;
		sk.verify = sabotaged_verify;
		sk.ctx = &sab;
		why[0] = '\0';
		CHECK(ct_harness_run(&h, &sk, 1, &ser, why, sizeof(why)) < 0);
		CHECK(strncmp(why, "sample 2 of fma", 15) == 0);
		CHECK(strstr(why, "lane") != NULL);
		printf("%s, through the harness: %s\n", ct_isa_name(isa), why);
		ct_series_free(&ser, 1);

		/* And a clean harness run verifies every sample. */
		CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == 0);
		CHECK(ser.verified && ser.n == 3);
		ct_series_free(&ser, 1);
		ct_fma_free(f);
	}
	CHECK(tested >= 1);
	return unit_done();
}
