/*
 * report/kernel-line.c - the kernel line above a table: what the loop
 * is (accumulators, lanes, loads, the instruction) and what a sample runs.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "machine/caches.h"
#include "report/report.h"

enum kernel_field { K_LOOP, K_JOBS };

static const struct ct_rec_field kernel_fields[] = {
	{ K_LOOP, NULL, "kernel", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ K_JOBS, NULL, "kernels", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
};

/* "6 reps", "6 to 9 reps" and the like after sep, at buf + used. */
static size_t reps_text(char *buf, size_t len, size_t used, const struct ct_out_kernel_rec *r,
			const char *sep, const char *one, const char *range)
{
	if (!r->reps || used >= len)
		return used;
	if (r->reps_max > r->reps)
		used += (size_t)snprintf(buf + used, len - used, "%s%u to %u reps%s", sep, r->reps,
					 r->reps_max, range);
	else
		used += (size_t)snprintf(buf + used, len - used, "%s%u reps%s", sep, r->reps, one);
	return used;
}

/* Append item to the list in buf: "a", "a and b", "a, b and c" (last: no more follow). */
static void list_item(char *buf, size_t len, const char *item, int last)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", !used ? "" : last ? " and " : ", ", item);
}

/* A stream kernel's loop beside its main one, in words. */
static void loop_words(const struct ct_kernel *d, const char *name, char *buf, size_t len)
{
	if (strcmp(name, "prefetch") == 0)
		snprintf(buf, len, "a prefetching loop");
	else if (strcmp(name, "short") == 0)
		snprintf(buf, len, "a loop of %u loads", d->short_loads);
	else if (strcmp(name, "xor") == 0)
		snprintf(buf, len, "a loop folding two loads an XOR");
	else
		snprintf(buf, len, "a %s loop", name);
}

/*
 * A loop in the form of its kind: an FMA loop (it counts flops) by its
 * accumulators and lanes, a streaming read (it loads, no flops) by its
 * loads, and the add chain (neither: a clock) by its adds; then its
 * instruction, what a sample runs and the samples.
 */
static void loop_text(const struct ct_out_kernel_rec *r, char *buf, size_t len)
{
	const struct ct_kernel *d = r->d;
	const char *per = r->per_call ? "per call" : "per sample";
	char other[128] = "", item[48];
	size_t used, i;

	if (d->flops) {
		used = (size_t)snprintf(buf, len, "%s %-6s %2u accumulators x %2u lanes, %s",
					d->kernel, d->isa, d->accumulators, d->lanes, d->insn);
		if (r->count > 0 && used < len)
			used += (size_t)snprintf(buf + used, len - used, ", %.0f passes over %u "
						 "bytes %s", r->count, r->bytes, per);
		reps_text(buf, len, used, r, ", ", "", "");
	} else if (d->bytes) {
		used = (size_t)snprintf(buf, len, "%s %-6s %2u-byte loads, %u accumulators, %s, "
					"%u bytes an iteration", d->kernel, d->isa, d->load_bytes,
					d->accumulators, d->insn, d->bytes);
		used = reps_text(buf, len, used, r, ", ", "", "");
		/* The other loops a size may choose (ct_stream_choose), in the kernel's order. */
		for (i = 0; i < CT_KERNEL_LOOPS && d->loops[i].name; i++) {
			loop_words(d, d->loops[i].name, item, sizeof(item));
			list_item(other, sizeof(other), item,
				  i + 1 == CT_KERNEL_LOOPS || !d->loops[i + 1].name);
		}
		if (*other && used < len)
			snprintf(buf + used, len - used, "; beside it %s", other);
	} else {
		used = (size_t)snprintf(buf, len, "%.0f dependent adds %s (%s, %s)", r->count, per,
					d->isa, d->insn);
		used = reps_text(buf, len, used, r, ", ", "", "");
		/* The add chain's rate is the clock: the table's max is its estimate. */
		if (used < len)
			snprintf(buf + used, len - used, "; the clock is the max");
	}
}

/* A smoke run's figures are no full run's: said at the end of the line. */
#define QUICK_TEXT "; a smoke run (-q): few short samples, not figures to compare with a full run"

static void kernel_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_out_kernel_rec *r = rec;
	size_t used = 0, i;

	(void)out;
	switch ((enum kernel_field)id) {
	case K_LOOP:
		loop_text(r, v->buf, sizeof(v->buf));
		used = strlen(v->buf);
		if (r->quick && used < sizeof(v->buf))
			snprintf(v->buf + used, sizeof(v->buf) - used, "%s", QUICK_TEXT);
		break;
	case K_JOBS:
		for (i = 0; i < r->njobs && used < sizeof(v->buf); i++)
			used += (size_t)snprintf(v->buf + used, sizeof(v->buf) - used, "%s%s (%s)",
						 i ? ", " : "", r->jobs[i].name, r->jobs[i].isa);
		used = reps_text(v->buf, sizeof(v->buf), used, r, "; ", " each", " per placement");
		if (used < sizeof(v->buf))
			used += (size_t)snprintf(v->buf + used, sizeof(v->buf) - used,
						 ", %s, every sample verified",
						 r->how ? r->how : "round-robin");
		if (r->quick && used < sizeof(v->buf))
			snprintf(v->buf + used, sizeof(v->buf) - used, "%s", QUICK_TEXT);
		break;
	}
	v->str = v->buf;
}

const struct ct_rec_kind ct_rec_kernel = {
	"kernel", kernel_fields, CT_ARRAY_SIZE(kernel_fields), kernel_value, CT_REC_LINES
};

void ct_out_kernel(FILE *f, unsigned out, const struct ct_out_kernel_rec *r)
{
	struct ct_rec_writer w;

	ct_rec_begin(&w, f, out, &ct_rec_kernel);
	ct_rec_hide(&w, r->d ? K_JOBS : K_LOOP);
	ct_rec_write(&w, r);
	ct_rec_end(&w);
}
