/*
 * ct-latency/report.c - ct-latency's table, a row per size
 * (described once, with a lines-in-flight column per chain count), and
 * the lines around it, a kind of lines described once too; both written
 * by record.c.
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "report/report.h"
#include "ct-latency/report.h"
#include "report/stream.h"

enum row_field {
	R_PLACEMENT, R_SIZE, R_LEVEL, R_NS, R_CYCLES, R_CV, R_SHARE, R_KNEE, R_MLP, R_VERIFIED,
	R_FLIGHT			/* R_FLIGHT + i: chain count i's lines in flight */
};

/* The fixed columns; the lines-in-flight columns go between share and knee. */
static const struct ct_rec_field row_fields[] = {
	{ R_PLACEMENT, NULL, "placement", CT_REC_STR, NULL, "%15s", CT_REC_TEXT | CT_REC_LEFT },
	{ R_SIZE, NULL, "size", CT_REC_STR, NULL, "%8s", CT_REC_TEXT | CT_REC_LEFT },
	{ R_LEVEL, NULL, "level", CT_REC_STR, NULL, "%6s", CT_REC_TEXT | CT_REC_LEFT },
	{ R_NS, NULL, "ns/load", CT_REC_NUM, NULL, "%7.2f", CT_REC_TEXT },
	{ R_CYCLES, NULL, "cycles/load", CT_REC_NUM, NULL, "%11.1f", CT_REC_TEXT },
	{ R_CV, NULL, "cv%", CT_REC_NUM, NULL, "%6.2f", CT_REC_TEXT | CT_REC_FIT(3) },
	{ R_SHARE, NULL, "share", CT_REC_NUM, NULL, "%6s", CT_REC_TEXT | CT_REC_FIT(2) },
	{ R_KNEE, NULL, "knee", CT_REC_INT, NULL, "%4d", CT_REC_TEXT },
	{ R_MLP, NULL, "mlp", CT_REC_NUM, NULL, "%5.1f", CT_REC_TEXT },
	{ R_VERIFIED, NULL, "verified", CT_REC_BOOL, NULL, "%8s", CT_REC_TEXT | CT_REC_FIT(1) },
};

static void row_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_latency_row *row = rec;
	const struct ct_latency_results *r = row->r;
	const struct ct_summary *w = &r->res[0].b[CT_BASIS_WALL];

	(void)out;
	if (id >= R_FLIGHT) {
		size_t i = (size_t)(id - R_FLIGHT);

		v->num = r->in_flight[i];
		ct_out_flight_cell(v->buf, sizeof(v->buf), v->num, r->flight_implausible[i],
				   r->flight_disturbed[i], &v->marks);
		v->str = v->buf;
		return;
	}
	switch ((enum row_field)id) {
	case R_PLACEMENT:
		v->str = row->placement;
		break;
	case R_SIZE:
		v->str = ct_stream_human_size(row->in.bytes, v->buf, sizeof(v->buf));
		break;
	case R_LEVEL:
		/* A level no source knows: "-", as every table says "not known". */
		v->str = strcmp(row->in.level, "unknown") == 0 ? "-" : row->in.level;
		break;
	case R_NS:
		v->num = r->ns_per_load;
		/* From mostly disturbed samples: marked, as the lines in flight over it. */
		if (isfinite(v->num) && ct_latency_mostly_disturbed(w)) {
			snprintf(v->buf, sizeof(v->buf), "%.2f*", v->num);
			v->str = v->buf;
			v->marks |= CT_MARK_DISTURBED;
		}
		break;
	case R_CYCLES:
		v->num = r->cycles_per_load;
		/* No figure: too few undisturbed samples. */
		if (!isfinite(v->num) && isfinite(r->ns_per_load))
			v->marks |= CT_MARK_PER_CYCLE_NONE;
		break;
	case R_CV:
		v->num = w->rate.cv_pct;
		break;
	case R_SHARE:
		ct_out_share_cell(v->buf, sizeof(v->buf), w, &v->marks);
		v->str = v->buf;
		break;
	case R_KNEE:
		v->i = r->knee;
		break;
	case R_MLP: {
		size_t i;

		v->num = r->mlp;
		for (i = 0; i < r->n && r->chains[i] != r->knee; i++)
			;
		if (i < r->n) {
			ct_out_flight_cell(v->buf, sizeof(v->buf), v->num, r->flight_implausible[i],
					   r->flight_disturbed[i], &v->marks);
			v->str = v->buf;
		}
		break;
	}
	case R_VERIFIED:
		v->i = r->verified;
		v->str = v->i ? "yes" : "NO";
		break;
	case R_FLIGHT:
		break;
	}
}

void ct_latency_table_begin(struct ct_latency_table *t, FILE *f, int several)
{
	size_t n = 0, i;

	t->f = f;
	t->several = several;
	t->reps = 0;
	t->precision_pct = 0;
	t->places[0] = '\0';
	t->reason[0] = '\0';
	t->mixed = 0;
	t->nstream = 0;
	memset(&t->in, 0, sizeof(t->in));
	/* The fixed columns up to share, a column per count above 1, then the rest. */
	for (i = 0; i <= R_SHARE; i++)
		t->fields[n++] = row_fields[i];
	for (i = 1; i < t->nchains; i++) {
		snprintf(t->heads[i], sizeof(t->heads[i]), "N=%u", t->chains[i]);
		t->fields[n++] = (struct ct_rec_field){ R_FLIGHT + (int)i, NULL, t->heads[i],
							CT_REC_NUM, NULL, "%5.1f", CT_REC_TEXT };
	}
	for (i = R_SHARE + 1; i < CT_ARRAY_SIZE(row_fields); i++)
		t->fields[n++] = row_fields[i];
	t->kind = (struct ct_rec_kind){ "latency_sweep", t->fields, n, row_value, 0 };
	ct_rec_begin(&t->w, f, CT_REC_TABLE, &t->kind);
	ct_rec_stream(&t->w);
	if (!several)
		ct_rec_hide(&t->w, R_PLACEMENT);
}

/* The lines around the table, described once: the table's only. */
enum line_field {
	L_CACHES, L_SAMPLES, L_FIGURES, L_STREAM, L_ARRAY, L_THREADS_ARRAY, L_KERNEL, L_LOAD,
	L_WARNINGS
};

static const struct ct_rec_field line_fields[] = {
	{ L_CACHES, NULL, "caches", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_SAMPLES, NULL, "samples", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_FIGURES, NULL, "figures", CT_REC_LIST, NULL, NULL, CT_REC_TABLE | CT_REC_HANG },
	{ L_STREAM, NULL, "stream", CT_REC_LIST, NULL, NULL, CT_REC_TABLE | CT_REC_HANG },
	{ L_ARRAY, NULL, "array", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_THREADS_ARRAY, NULL, "array", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_KERNEL, NULL, "kernel", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_LOAD, NULL, "load", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_WARNINGS, NULL, "warning", CT_REC_LIST, NULL, NULL, CT_REC_TABLE },
};

struct latency_lines {
	const struct ct_latency_table *t;
	const struct ct_machine *m;
	/* a --threads run's array: bytes per thread, why, threads */
	uint64_t bytes;
	const char *reason;
	size_t threads;
};

static void line_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct latency_lines *r = rec;
	const struct ct_latency_table *t = r->t;
	const struct ct_stream_caches *c = t ? t->caches : NULL;
	char b1[32];
	size_t i;

	(void)out;
	switch ((enum line_field)id) {
	case L_CACHES:
		v->str = ct_stream_caches_text(c, v->buf, sizeof(v->buf));
		break;
	case L_SAMPLES:
		if (t->precision_pct > 0)
			snprintf(v->buf, sizeof(v->buf), "per size and chain count until its medians "
				 "are known to +-%g%%; wall-basis medians", t->precision_pct);
		else
			snprintf(v->buf, sizeof(v->buf), "%u reps per size and chain count; "
				 "wall-basis medians", t->reps);
		v->str = v->buf;
		break;
	case L_FIGURES:
		v->ptrs[v->n++] = "ns/load, cycles/load: one chain, a load's latency (cycles "
				  "from the add-chain brackets)";
		v->ptrs[v->n++] = "N=k: lines in flight with k chains, k x latency(1) / time per "
				  "step(k)";
		v->ptrs[v->n++] = "knee: the count past which the next adds under 10 % loads per "
				  "ns; mlp: the lines in flight there";
		v->list = v->ptrs;
		break;
	case L_STREAM:
		for (i = 0; i < t->nstream && v->n < CT_ARRAY_SIZE(v->ptrs); i++)
			v->ptrs[v->n++] = t->stream[i];
		if (!v->n)
			v->ptrs[v->n++] = "no size at the memory level: --stream-gbs has nothing to "
					  "meet";
		v->list = v->ptrs;
		break;
	case L_ARRAY:
		snprintf(v->buf, sizeof(v->buf), "%s; one pointer per %u-byte line, one random "
			 "cycle; THP %.31s, huge pages %s; placement%s %.200s",
			 t->mixed ? "sizes of different reasons" : t->reason, CT_LATENCY_LINE,
			 t->in.thp[0] ? t->in.thp : "none", t->in.huge_asked ? "asked for" : "refused",
			 t->several ? "s" : "", t->places);
		v->str = v->buf;
		break;
	case L_THREADS_ARRAY:
		snprintf(v->buf, sizeof(v->buf), "%s per thread (%s), one chain, %zu threads",
			 ct_stream_human_size(r->bytes, b1, sizeof(b1)), r->reason, r->threads);
		v->str = v->buf;
		break;
	case L_KERNEL:
		snprintf(v->buf, sizeof(v->buf), "%s (%s), %s; %" PRIu64 " loads per sample, "
			 "over all chains", ct_chase_desc.kernel, ct_chase_desc.isa,
			 ct_chase_desc.insn, t->in.steps * t->in.chains);
		v->str = v->buf;
		break;
	case L_LOAD:
		v->str = ct_machine_load_text(r->m, v->buf, sizeof(v->buf));
		break;
	case L_WARNINGS:
		for (i = t->warned; i < r->m->nwarnings && v->n < CT_ARRAY_SIZE(v->ptrs); i++)
			v->ptrs[v->n++] = ct_machine_warning(r->m, i);
		v->list = v->ptrs;
		break;
	}
}

static const struct ct_rec_kind latency_lines = {
	"latency_lines", line_fields, CT_ARRAY_SIZE(line_fields), line_value, CT_REC_LINES
};

static void lines_out(FILE *f, const struct latency_lines *r, const int *ids, size_t n)
{
	ct_rec_lines_only(f, &latency_lines, r, ids, n);
}

void ct_latency_table_add(struct ct_latency_table *t, const struct ct_latency_row *row)
{
	static const int ids[] = { L_CACHES, L_SAMPLES, L_FIGURES };
	struct latency_lines lr = { t, NULL, 0, NULL, 0 };
	size_t used = strlen(t->places);
	const char *last = strrchr(t->places, ' ');

	if (strcmp(last ? last + 1 : t->places, row->placement) != 0)
		snprintf(t->places + used, sizeof(t->places) - used, "%s%s", used ? ", " : "",
			 row->placement);
	if (row->r->n && row->r->res[0].ser->n > t->reps)
		t->reps = row->r->res[0].ser->n;
	if (row->r->n)
		t->precision_pct = row->r->res[0].ser->precision_pct;
	if (t->reason[0] && strcmp(t->reason, row->in.reason) != 0)
		t->mixed = 1;
	snprintf(t->reason, sizeof(t->reason), "%s", row->in.reason);
	t->in = row->in;
	/* Little's law where a single stream's bandwidth is bound: the memory level. */
	if (t->stream_gbs > 0 && strcmp(row->in.level, "memory") == 0 &&
	    t->nstream < CT_ARRAY_SIZE(t->stream)) {
		char size[32];

		snprintf(t->stream[t->nstream++], sizeof(t->stream[0]), "%s at %s: %.3g GB/s x "
			 "%.2f ns / %u B = %.1f lines in flight a single stream implies; the "
			 "chains' mlp %.1f (knee %u)", ct_stream_human_size(row->in.bytes, size,
			 sizeof(size)), row->placement, row->r->stream_gbs, row->r->ns_per_load,
			 CT_LATENCY_LINE, row->r->stream_in_flight, row->r->mlp, row->r->knee);
	}
	if (!t->w.rows) {
		ct_doc_gap(t->f);
		lines_out(t->f, &lr, ids, CT_ARRAY_SIZE(ids));
		ct_doc_gap(t->f);
	}
	ct_rec_write(&t->w, row);
}

void ct_latency_table_end(struct ct_latency_table *t, const struct ct_machine *m)
{
	static const int stream_ids[] = { L_STREAM };
	static const int run_ids[] = { L_ARRAY, L_KERNEL };
	static const int end_ids[] = { L_LOAD, L_WARNINGS };
	struct latency_lines lr = { t, m, 0, NULL, 0 };

	ct_rec_end(&t->w);
	ct_out_footnotes(t->f, "", t->w.marks & ~(unsigned)CT_MARK_IMPRECISE, 0);
	if (t->stream_gbs > 0) {
		ct_doc_gap(t->f);
		lines_out(t->f, &lr, stream_ids, CT_ARRAY_SIZE(stream_ids));
	}
	ct_doc_gap(t->f);
	lines_out(t->f, &lr, run_ids, CT_ARRAY_SIZE(run_ids));
	ct_doc_gap(t->f);
	lines_out(t->f, &lr, end_ids, CT_ARRAY_SIZE(end_ids));
}

void ct_latency_threads_header(FILE *f, uint64_t bytes, const char *reason, size_t threads)
{
	static const int ids[] = { L_THREADS_ARRAY };
	struct latency_lines lr = { NULL, NULL, bytes, reason, threads };

	lines_out(f, &lr, ids, CT_ARRAY_SIZE(ids));
}
