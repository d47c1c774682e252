/*
 * workloads/stream-report.c - ct-stream's human table: the sweep of sizes, described
 * once (ct_rec_sweep) and written by record.c, under the lines that say
 * what ran on what.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/report.h"
#include "workloads/stream-report.h"

char *ct_stream_human_size(uint64_t b, char *buf, size_t len)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)b;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	if (u == 0 || v == (double)(uint64_t)v)
		snprintf(buf, len, "%.0f %s", v, unit[u]);
	else
		snprintf(buf, len, "%.3g %s", v, unit[u]);
	return buf;
}

enum sweep_field {
	W_PLACEMENT, W_SIZE, W_LEVEL, W_ISA, W_PREFETCH, W_GBS, W_CV, W_BPC, W_CPU_GBS, W_CPU_CV, W_SHARE,
	W_HUGE, W_VERIFIED
};

/*
 * For people only: the records of each size are the summaries (out.h).
 * The placement only with several (-c with a list).  Each row is written
 * as its size ends: the widths say how wide each column is from the
 * first row on (a GB/s of 1234.56, a cv% of 100.00, "pin-performance").
 */
static const struct ct_rec_field sweep_fields[] = {
	{ W_PLACEMENT, NULL, "placement", CT_REC_STR, NULL, "%15s", CT_REC_TEXT | CT_REC_LEFT },
	{ W_SIZE, NULL, "size", CT_REC_STR, NULL, "%8s", CT_REC_TEXT | CT_REC_LEFT },
	{ W_LEVEL, NULL, "level", CT_REC_STR, NULL, "%6s", CT_REC_TEXT | CT_REC_LEFT },
	{ W_ISA, NULL, "isa", CT_REC_STR, NULL, "%6s", CT_REC_TEXT | CT_REC_LEFT },
	{ W_PREFETCH, NULL, "prefetch", CT_REC_NUM, NULL, "%8d", CT_REC_TEXT | CT_REC_FIT(3) },
	{ W_GBS, NULL, "GB/s", CT_REC_NUM, NULL, "%7U", CT_REC_TEXT },
	{ W_CV, NULL, "cv%", CT_REC_NUM, NULL, "%6.2f", CT_REC_TEXT | CT_REC_FIT(5) },
	{ W_BPC, NULL, "byte/cycle", CT_REC_NUM, NULL, "%10s", CT_REC_TEXT },
	{ W_CPU_GBS, NULL, "cpu GB/s", CT_REC_NUM, NULL, "%8U", CT_REC_TEXT | CT_REC_FIT(4) },
	{ W_CPU_CV, NULL, "cpu cv%", CT_REC_NUM, NULL, "%7.2f", CT_REC_TEXT | CT_REC_FIT(2) },
	{ W_SHARE, NULL, "share", CT_REC_NUM, NULL, "%6s", CT_REC_TEXT },
	{ W_HUGE, NULL, "huge%", CT_REC_NUM, NULL, "%5.0f", CT_REC_TEXT | CT_REC_FIT(1) },
	{ W_VERIFIED, NULL, "verified", CT_REC_BOOL, NULL, "%8s", CT_REC_TEXT | CT_REC_FIT(1) },
};

static void sweep_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_stream_sweep_rec *r = rec;

	(void)out;
	switch ((enum sweep_field)id) {
	case W_PLACEMENT:
		v->str = r->placement;
		break;
	case W_SIZE:
		v->str = ct_stream_human_size(r->in.bytes, v->buf, sizeof(v->buf));
		break;
	case W_LEVEL:
		v->str = r->in.level;
		break;
	case W_ISA:
		v->str = r->ser->k->isa;
		break;
	case W_PREFETCH:
		v->num = r->in.prefetch;
		if (!r->in.prefetch)
			v->str = "none";
		break;
	case W_GBS:
		v->num = r->wall.rate.median;
		v->unit = r->ser->k->unit;
		break;
	case W_CV:
		v->num = r->wall.rate.cv_pct;
		break;
	case W_BPC:
		ct_out_per_cycle_cell(v->buf, sizeof(v->buf), &r->wall, 0, 3, &v->marks);
		v->str = v->buf;
		break;
	case W_CPU_GBS:
		v->num = r->cpu.rate.median;
		v->unit = r->ser->k->unit;
		break;
	case W_CPU_CV:
		v->num = r->cpu.rate.cv_pct;
		break;
	case W_SHARE:
		ct_out_share_cell(v->buf, sizeof(v->buf), &r->wall, &v->marks);
		v->str = v->buf;
		break;
	case W_HUGE:
		v->null = r->in.huge_pct < 0;
		v->num = r->in.huge_pct;
		break;
	case W_VERIFIED:
		v->i = r->wall.verified && r->cpu.verified;
		v->str = v->i ? "yes" : "NO";
		break;
	}
}

const struct ct_rec_kind ct_rec_sweep = {
	"sweep", sweep_fields, CT_ARRAY_SIZE(sweep_fields), sweep_value, 0
};

void ct_stream_table_begin(struct ct_stream_table *t, FILE *f, int several, int stream)
{
	t->f = f;
	t->several = several;
	t->warned = 0;
	t->stream = stream;
	t->precision_pct = 0;
	t->places[0] = '\0';
	t->reps = 0;
	t->huge_asked = 1;
	snprintf(t->thp, sizeof(t->thp), "none");
	t->notes = NULL;
	t->nnotes = 0;
	t->loop_notes = NULL;
	t->nloop_notes = 0;
	t->used = 0;
	t->isa_reason[0] = '\0';
	t->mixed = 0;
	t->isa_notes = NULL;
	t->nisa_notes = 0;
	ct_rec_begin(&t->sweep, f, CT_REC_TABLE, &ct_rec_sweep);
	if (stream)
		ct_rec_stream(&t->sweep);
	if (!several)
		ct_rec_hide(&t->sweep, W_PLACEMENT);
}

/* The lines above the sweep: the caches and what a row's figures are. */
static void sweep_preamble(const struct ct_stream_table *t)
{
	fputc('\n', t->f);
	ct_stream_header_caches(t->f, t->reps, t->precision_pct, t->caches);
	fputc('\n', t->f);
}

/* Keep "LEVEL ISA: reason" once in (*list)[*n]. */
static void note_reason(char (**list)[CT_STREAM_NOTE_LEN], size_t *n, const char *level, const char *isa,
			const char *reason)
{
	char line[CT_STREAM_NOTE_LEN];
	size_t i;

	snprintf(line, sizeof(line), "%s %s: %s", level, isa, reason);
	for (i = 0; i < *n; i++)
		if (strcmp((*list)[i], line) == 0)
			return;
	*list = ct_xrealloc(*list, (*n + 1) * sizeof(**list));
	snprintf((*list)[(*n)++], sizeof(**list), "%s", line);
}

void ct_stream_table_add(struct ct_stream_table *t, const char *placement,
			 struct ct_stream *const *ctx, const enum ct_isa *isas,
			 const struct ct_series *ser, size_t n)
{
	const char *isa_reason;
	struct ct_stream_sweep_rec r;
	struct ct_results res;
	size_t i, used = strlen(t->places);
	const char *last = strrchr(t->places, ' ');

	/* The placements in the order they ran, each once. */
	if (strcmp(last ? last + 1 : t->places, placement) != 0)
		snprintf(t->places + used, sizeof(t->places) - used, "%s%s", used ? ", " : "",
			 placement);
	r.placement = placement;
	for (i = 0; i < n; i++) {
		r.ser = &ser[i];
		ct_stream_info(ctx[i], &r.in);
		isa_reason = r.in.isa_reason;
		ct_results_series(&ser[i], &res);
		r.wall = res.b[CT_BASIS_WALL];
		r.cpu = res.b[CT_BASIS_CPU];
		if (i == 0) {
			t->huge_asked = r.in.huge_asked;
			snprintf(t->thp, sizeof(t->thp), "%s", r.in.thp);
			if (ser[0].n > t->reps)
				t->reps = ser[0].n;
			t->precision_pct = ser[0].precision_pct;
		}
		/* A row written as it comes: the lines above it with the first. */
		if (t->stream && !t->sweep.rows)
			sweep_preamble(t);
		ct_rec_write(&t->sweep, &r);
		t->used |= 1u << isas[i];
		note_reason(&t->isa_notes, &t->nisa_notes, r.in.level, ct_isa_name(isas[i]),
			    isa_reason);
		if (!t->isa_reason[0])
			snprintf(t->isa_reason, sizeof(t->isa_reason), "%s", isa_reason);
		else if (strcmp(t->isa_reason, isa_reason) != 0)
			t->mixed = 1;
		note_reason(&t->notes, &t->nnotes, r.in.level, ct_isa_name(isas[i]),
			    r.in.prefetch_reason);
		note_reason(&t->loop_notes, &t->nloop_notes, r.in.level, ct_isa_name(isas[i]),
			    r.in.loop_reason);
	}
	/* Without a mix, the header gives the last size's reason. */
	if (!t->mixed && n > 0)
		snprintf(t->isa_reason, sizeof(t->isa_reason), "%s", r.in.isa_reason);
}

void ct_stream_header_isa(FILE *f, unsigned used, char (*notes)[CT_STREAM_NOTE_LEN], size_t n,
			  const char *isa_reason)
{
	int i;
	size_t j;

	fprintf(f, "isa:     ");
	for (i = 0; i < (int)CT_ISA_COUNT; i++)
		if (used & (1u << i))
			fprintf(f, " %s", ct_isa_name((enum ct_isa)i));
	if (n == 0) {
		fprintf(f, " (%s)\n", isa_reason);
	} else {
		fprintf(f, ", by the level of each size:\n");
		for (j = 0; j < n; j++)
			fprintf(f, "          %s\n", notes[j]);
	}
	for (i = 0; i < (int)CT_ISA_COUNT; i++) {
		const struct ct_kernel *d = ct_stream_desc((enum ct_isa)i);
		char other[64] = "";

		if (!(used & (1u << i)))
			continue;
		if (d->fn_short)
			snprintf(other, sizeof(other), "%sa loop of %u loads", d->fn_pf ? " and " : "",
				 d->short_loads);
		fprintf(f, "kernel:   %s %-6s %2u-byte loads, %u accumulators, %s, %u bytes an "
			"iteration%s%s%s\n", d->kernel, d->isa, d->load_bytes, d->accumulators,
			d->insn, d->bytes, d->fn_pf || d->fn_short ? "; beside it " : "",
			d->fn_pf ? "a prefetching loop" : "", other);
	}
}

void ct_stream_header_caches(FILE *f, unsigned reps, double precision_pct,
			     const struct ct_stream_caches *c)
{
	char b1[32], b2[32], b3[32];

	fprintf(f, "caches:   L1d %s, L2 %s, L3 %s (the level of a size: the smallest that "
		"holds it)\n",
		c->bytes[1] ? ct_stream_human_size(c->bytes[1], b1, sizeof(b1)) : "unknown",
		c->bytes[2] ? ct_stream_human_size(c->bytes[2], b2, sizeof(b2)) : "unknown",
		c->bytes[3] ? ct_stream_human_size(c->bytes[3], b3, sizeof(b3)) : "unknown");
	if (precision_pct > 0)
		fprintf(f, "samples:  per size and ISA until its medians are known to +-%g%%; ",
			precision_pct);
	else
		fprintf(f, "samples:  %u reps per size and ISA; ", reps);
	fprintf(f, "GB/s (10^9 bytes/s) and byte/cycle are wall-basis medians, cpu GB/s the "
		"thread CPU time basis\n");
}

void ct_stream_header(FILE *f, unsigned used, char (*notes)[CT_STREAM_NOTE_LEN], size_t n,
		      const char *isa_reason, unsigned reps, const struct ct_stream_caches *c)
{
	fputc('\n', f);
	ct_stream_header_isa(f, used, notes, n, isa_reason);
	ct_stream_header_caches(f, reps, 0, c);
}

void ct_stream_table_end(struct ct_stream_table *t, const struct ct_machine *m)
{
	char load[512];
	size_t i;

	/* Rows held to the end (--samples: each size's tables came between). */
	if (!t->stream || !t->sweep.rows)
		sweep_preamble(t);
	ct_rec_end(&t->sweep);
	/* No --precision here: the sweep has no interval column. */
	ct_out_footnotes(t->f, "", t->sweep.marks & ~(unsigned)CT_MARK_IMPRECISE, 0);
	/* What every row ran, known whole only now. */
	fputc('\n', t->f);
	ct_stream_header_isa(t->f, t->used, t->isa_notes, t->mixed ? t->nisa_notes : 0,
			     t->isa_reason);
	fprintf(t->f, "array:    %s; THP %s, huge pages %s; placement%s %s\n", t->size_reason,
		t->thp, t->huge_asked ? "asked for" : "refused", t->several ? "s" : "", t->places);
	fprintf(t->f, "prefetch: ");
	for (i = 0; i < t->nnotes; i++)
		fprintf(t->f, "%s%s\n", i ? "          " : "", t->notes[i]);
	fprintf(t->f, "loop:     ");
	for (i = 0; i < t->nloop_notes; i++)
		fprintf(t->f, "%s%s\n", i ? "          " : "", t->loop_notes[i]);
	/*
	 * The machine's lines were written before the first size ran, with
	 * the warnings about the start: here the load at the end and the
	 * warnings about the run.
	 */
	fprintf(t->f, "\nload:     %s\n", ct_machine_load_text(m, load, sizeof(load)));
	for (i = t->warned; i < m->nwarnings; i++)
		fprintf(t->f, "warning:  %s\n", ct_machine_warning(m, i));
	free(t->notes);
	free(t->isa_notes);
	free(t->loop_notes);
	t->notes = NULL;
	t->isa_notes = NULL;
	t->loop_notes = NULL;
}
