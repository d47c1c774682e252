/*
 * workloads/fma.c - the FMA kernel as a harness kernel: its data, its reference,
 * its verification.  Shared by ct-fma and ct-place.
 *
 * The reference is computed once, in double precision, from the very data
 * the kernel reads.  Every value involved is a multiple of 0.25 below
 * 2^22, which fp32 holds exactly whatever the order of the additions, so
 * the kernel's sums must match it bit for bit, every lane of every
 * accumulator, after every call.
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "workloads/fma.h"

/*
 * The kernel's own fields of every ct-fma summary (the job's fields,
 * CT_REC_FIELDS in the summary record), described once: their members in
 * JSON and columns in TSV (ct-fma(1)), in this order.
 */
enum fma_field { F_ARRAY_BYTES, F_PASSES, F_ACCUMULATORS, F_LANES, F_FLOPS_PER_BYTE, F_CHECKSUM,
		 F_NFIELDS };

static const struct ct_rec_field fma_fields[F_NFIELDS] = {
	{ F_ARRAY_BYTES, "array_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_PASSES, "passes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_ACCUMULATORS, "accumulators", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_LANES, "lanes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_FLOPS_PER_BYTE, "flops_per_byte", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ F_CHECKSUM, "checksum", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

const struct ct_rec_kind ct_rec_fma_fields = {
	"fma", fma_fields, F_NFIELDS, ct_rec_fields_value, 0
};

/* Field id of the table, with its value. */
static struct ct_field field(int id, const char *str, double num)
{
	return ct_rec_field_of(fma_fields, id, str, num);
}

struct ct_fma {
	enum ct_isa isa;
	const struct ct_kernel *d;	/* the kernel and what it does */
	uint64_t passes;
	float *data;			/* n floats, 64-byte aligned */
	size_t n;
	float *out;			/* accumulators * lanes, in and out */
	float *start;			/* what out holds before each call */
	double *ref;			/* what out must hold after it */
	size_t nout;
	char checksum[48];
	struct ct_field fields[F_NFIELDS];
};

/* The largest value fp32 holds exactly at a granularity of 0.25. */
#define EXACT_LIMIT 4194304.0	/* 2^22 */

/* The kernels built into this binary, each described by its own file. */
static const struct ct_kernel *const kernels[] = {
	&ct_fma_scalar_desc,
#if CT_HAVE_AVX2
	&ct_fma_avx2_desc,
#endif
#if CT_HAVE_AVX512
	&ct_fma_avx512_desc,
#endif
#if CT_HAVE_NEON
	&ct_fma_neon_desc,
#endif
};

const struct ct_kernel *ct_fma_desc(enum ct_isa isa)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(kernels); i++)
		if (strcmp(kernels[i]->isa, ct_isa_name(isa)) == 0)
			return kernels[i];
	return NULL;
}

/*
 * 0.5 and 1.0 in an irregular order (a fixed linear congruential
 * sequence), so that every lane sums a different value and a kernel that
 * skips, repeats or misplaces a vector changes some lane's sum.
 */
static void fill(float *data, size_t n)
{
	uint32_t x = 12345;
	size_t i;

	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		data[i] = (x >> 16) & 1 ? 1.0f : 0.5f;
	}
}

/*
 * Which elements feed accumulator a, lane l.  A shared-load kernel feeds
 * element e to lane e % lanes of every accumulator; the scalar kernel
 * feeds element e to accumulator e % accumulators.
 */
static double lane_sum(const struct ct_fma *f, unsigned a, unsigned l)
{
	int shared = (f->d->flags & CT_KERNEL_SHARED_LOAD) != 0;
	unsigned span = shared ? f->d->lanes : f->d->accumulators;
	unsigned first = shared ? l : a;
	double s = 0;
	size_t e;

	for (e = first; e < f->n; e += span)
		s += (double)f->data[e] * (double)f->data[e];
	return s;
}

/* The sums each lane must reach, from the data as they are now. */
static void reference(struct ct_fma *f)
{
	unsigned a, l, lanes = f->d->lanes;

	for (a = 0; a < f->d->accumulators; a++)
		for (l = 0; l < lanes; l++) {
			size_t i = (size_t)a * lanes + l;

			f->ref[i] = (double)f->start[i] + (double)f->passes * lane_sum(f, a, l);
		}
}

static uint64_t fma_run(void *ctx)
{
	struct ct_fma *f = ctx;

	memcpy(f->out, f->start, f->nout * sizeof(*f->out));
	f->d->fn.fma(f->data, f->n, f->passes, f->out);
	return f->passes;
}

static uint32_t bits(float x)
{
	uint32_t u;

	memcpy(&u, &x, sizeof(u));
	return u;
}

static int fma_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	struct ct_fma *f = ctx;
	unsigned lanes = f->d->lanes;
	size_t i, bad = 0, first = 0;
	double total = 0;

	(void)ret;
	for (i = 0; i < f->nout; i++) {
		float want = (float)f->ref[i];

		if (bits(f->out[i]) != bits(want) && bad++ == 0)
			first = i;
		total += (double)f->out[i] - (double)f->start[i];
	}
	if (bad) {
		float want = (float)f->ref[first];

		snprintf(why, len,
			 "accumulator %zu lane %zu is %.9g (0x%08x), expected %.9g (0x%08x); "
			 "%zu of %zu lanes wrong",
			 first / lanes, first % lanes, (double)f->out[first],
			 (unsigned)bits(f->out[first]), (double)want, (unsigned)bits(want),
			 bad, f->nout);
		return -1;
	}
	/*
	 * What every ISA must agree on: the sum of squares over the array,
	 * times the passes, from the kernel's own sums.
	 */
	if (f->d->flags & CT_KERNEL_SHARED_LOAD)
		total /= f->d->accumulators;
	snprintf(f->checksum, sizeof(f->checksum), "%.2f", total);
	return 0;
}

struct ct_fma *ct_fma_new(enum ct_isa isa, uint64_t passes, struct ct_job *k)
{
	struct ct_fma *f;
	unsigned lanes;
	size_t i;
	void *p;
	double iters, max = 0;

	if (passes < 1 || passes > CT_FMA_PASSES_MAX)
		errx(CT_EXIT_FAIL, "FMA passes %llu out of range 1..%u",
		     (unsigned long long)passes, CT_FMA_PASSES_MAX);
	/* A kernel this cpu cannot run would die of SIGILL mid-run. */
	if (!ct_isa_usable(isa))
		errx(CT_EXIT_NOISA, "ISA %s cannot run on this cpu", ct_isa_name(isa));
	f = ct_xcalloc(1, sizeof(*f));
	f->isa = isa;
	f->d = ct_fma_desc(isa);
	if (!f->d)
		errx(CT_EXIT_FAIL, "no FMA kernel for ISA %s in this build", ct_isa_name(isa));
	if (CT_FMA_ARRAY_BYTES % f->d->bytes != 0)
		errx(CT_EXIT_FAIL, "the %s FMA kernel reads %u bytes an iteration, not a divisor of %u",
		     f->d->isa, f->d->bytes, CT_FMA_ARRAY_BYTES);
	f->passes = passes;
	f->n = CT_FMA_ARRAY_BYTES / sizeof(float);
	if (posix_memalign(&p, 64, CT_FMA_ARRAY_BYTES) != 0)
		errx(CT_EXIT_FAIL, "out of memory");
	f->data = p;
	fill(f->data, f->n);
	lanes = f->d->lanes;
	f->nout = (size_t)f->d->accumulators * lanes;
	f->out = ct_xcalloc(f->nout, sizeof(*f->out));
	f->start = ct_xcalloc(f->nout, sizeof(*f->start));
	f->ref = ct_xcalloc(f->nout, sizeof(*f->ref));
	/*
	 * Distinct starting values, 0 to 3.75, so that a kernel that stores
	 * one accumulator in place of another is caught too: the lane's index
	 * plus the accumulator's, mod 16, differ between the accumulators of
	 * a lane (a shared-load kernel adds the same sums into all of them;
	 * from i % 16 alone, every accumulator of a 16-lane kernel starts
	 * alike and a swap of two goes unseen).
	 */
	for (i = 0; i < f->nout; i++)
		f->start[i] = 0.25f * (float)((i % lanes + i / lanes) % 16);
	reference(f);
	for (i = 0; i < f->nout; i++)
		if (f->ref[i] > max)
			max = f->ref[i];
	if (max > EXACT_LIMIT)
		errx(CT_EXIT_FAIL, "%llu passes make sums of %.0f, beyond fp32's exact range",
		     (unsigned long long)passes, max);
	snprintf(f->checksum, sizeof(f->checksum), "-");

	/* The kernel's iterations in one call, each doing what its file says. */
	iters = (double)(CT_FMA_ARRAY_BYTES / f->d->bytes) * (double)passes;

	f->fields[F_ARRAY_BYTES] = field(F_ARRAY_BYTES, NULL, CT_FMA_ARRAY_BYTES);
	f->fields[F_PASSES] = field(F_PASSES, NULL, (double)passes);
	f->fields[F_ACCUMULATORS] = field(F_ACCUMULATORS, NULL, f->d->accumulators);
	f->fields[F_LANES] = field(F_LANES, NULL, lanes);
	f->fields[F_FLOPS_PER_BYTE] = field(F_FLOPS_PER_BYTE, NULL, iters * f->d->flops /
					    ((double)CT_FMA_ARRAY_BYTES * (double)passes));
	f->fields[F_CHECKSUM] = field(F_CHECKSUM, f->checksum, 0);

	memset(k, 0, sizeof(*k));
	k->name = f->d->kernel;
	k->isa = f->d->isa;
	k->unit = "GFLOP/s";
	k->work = iters * f->d->flops;
	k->per_cycle_unit = "flop/cycle";
	k->per_cycle_work = k->work;
	/*
	 * FMA instructions per cycle only where the kernel is written with
	 * them: what the compiler makes of the scalar path varies.
	 */
	if (!(f->d->flags & CT_KERNEL_AS_COMPILED)) {
		k->insn_unit = "fma/cycle";
		k->insn_work = iters * f->d->ops;
	}
	k->run = fma_run;
	k->verify = fma_verify;
	k->ctx = f;
	k->fields = f->fields;
	k->nfields = CT_ARRAY_SIZE(f->fields);
	return f;
}

void ct_fma_free(struct ct_fma *f)
{
	if (!f)
		return;
	free(f->data);
	free(f->out);
	free(f->start);
	free(f->ref);
	free(f);
}

float *ct_fma_data(struct ct_fma *f, size_t *n)
{
	*n = f->n;
	return f->data;
}

float *ct_fma_result(struct ct_fma *f, size_t *n)
{
	*n = f->nout;
	return f->out;
}
