/*
 * report/stream.c - ct-stream's human table: the sweep of sizes, described
 * once (ct_rec_sweep), and the lines around it (the caches, the ISAs,
 * the array, prefetch and loop of every row, the load at the end), a kind
 * of lines described once too; both written by record.c.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "report/report.h"
#include "report/stream.h"

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

/* One level's words: its size, "none" (the source lists no such cache) or "unknown". */
static const char *level_text(const struct ct_stream_caches *c, int lv, char *buf, size_t len)
{
	if (c->source[lv] == CT_CACHE_UNKNOWN)
		return "unknown";
	return c->bytes[lv] ? ct_stream_human_size(c->bytes[lv], buf, len) : "none";
}

char *ct_stream_caches_text(const struct ct_stream_caches *c, char *buf, size_t len)
{
	char b1[32], b2[32], b3[32];
	enum ct_cache_source from = CT_CACHE_UNKNOWN;
	int lv;

	for (lv = 1; lv <= 3; lv++)
		if (c->source[lv] != CT_CACHE_UNKNOWN)
			from = c->source[lv];
	if (from == CT_CACHE_UNKNOWN) {
		snprintf(buf, len, "unknown: neither the OS nor CPUID gives a cache size (every "
			 "size's level is 'unknown')%s%s", c->note[0] ? "; " : "", c->note);
		return buf;
	}
	snprintf(buf, len, "L1d %s, L2 %s, L3 %s, from %s%s%s (the level of a size: the smallest "
		 "that holds it)", level_text(c, 1, b1, sizeof(b1)), level_text(c, 2, b2, sizeof(b2)),
		 level_text(c, 3, b3, sizeof(b3)), ct_cache_source_name(from), c->note[0] ? "; " : "",
		 c->note);
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
		/* A level no source knows: "-", as every table says "not known". */
		v->str = strcmp(r->in.level, "unknown") == 0 ? "-" : r->in.level;
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

/*
 * The lines around the sweep and above a --threads run, described once
 * (struct stream_lines): the table's only.  Every fact in them is in
 * each summary record already (isa, isa_reason, l1_bytes to l3_bytes,
 * reps, size_reason, thp, thp_advice, placement, prefetch_reason,
 * loop_reason; the machine record's load and warnings): a record of them
 * in TSV or JSON would be a second copy to drift from the first.
 */
enum line_field {
	L_ISA, L_CACHES, L_SAMPLES, L_ARRAY, L_SIZE_ARRAY, L_THREADS_ARRAY, L_PREFETCH, L_LOOP,
	L_LOAD, L_WARNINGS
};

static const struct ct_rec_field line_fields[] = {
	{ L_ISA, NULL, "isa", CT_REC_LIST, NULL, NULL, CT_REC_TABLE | CT_REC_HANG },
	{ L_CACHES, NULL, "caches", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_SAMPLES, NULL, "samples", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	/* Every size's array after the sweep; one size's above its tables (-s); a thread's. */
	{ L_ARRAY, NULL, "array", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_SIZE_ARRAY, NULL, "array", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_THREADS_ARRAY, NULL, "array", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_PREFETCH, NULL, "prefetch", CT_REC_LIST, NULL, NULL, CT_REC_TABLE | CT_REC_HANG },
	{ L_LOOP, NULL, "loop", CT_REC_LIST, NULL, NULL, CT_REC_TABLE | CT_REC_HANG },
	{ L_LOAD, NULL, "load", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ L_WARNINGS, NULL, "warning", CT_REC_LIST, NULL, NULL, CT_REC_TABLE },
};

/* What the lines say; each line reads only its own part. */
struct stream_lines {
	/* isa: the ISAs that ran (1u << isa), and why: one reason, or notes[0, nnotes). */
	unsigned used;
	const char *isa_reason;
	char (*isa_notes)[CT_STREAM_NOTE_LEN];
	size_t nisa_notes;
	/* caches, samples (precision_pct above 0: --precision) */
	const struct ct_stream_caches *caches;
	unsigned reps;
	double precision_pct;
	/* array, prefetch, loop: the table's, of every row */
	const struct ct_stream_table *t;
	/* one size's array (-s) */
	const struct ct_stream_info *in;
	/* a thread's array (--threads) */
	uint64_t bytes;
	const char *size_reason;
	size_t threads;
	/* load, and the warnings from warned on */
	const struct ct_machine *m;
	size_t warned;
};

/*
 * A list for v: head (unless NULL), then notes[0, n).  Its pointers (and
 * the head) are allocated, as many as there are notes: the writer frees
 * them with v->own.
 */
static void note_list(struct ct_rec_value *v, const char *head,
		      char (*notes)[CT_STREAM_NOTE_LEN], size_t n)
{
	size_t i, k = 0, len = head ? strlen(head) + 1 : 0;
	const char **list;

	v->own = ct_xmalloc((n + 1) * sizeof(*list) + len);
	list = (const char **)(void *)v->own;
	if (head)
		list[k++] = memcpy(list + n + 1, head, len);
	for (i = 0; i < n; i++)
		list[k++] = notes[i];
	v->list = list;
	v->n = k;
}

static void line_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct stream_lines *r = rec;
	const struct ct_stream_table *t = r->t;
	char head[CT_STREAM_NOTE_LEN + 64], b1[32];
	size_t used = 0, i;
	int isa;

	(void)out;
	switch ((enum line_field)id) {
	case L_ISA:
		head[0] = '\0';
		for (isa = 0; isa < (int)CT_ISA_COUNT; isa++)
			if (r->used & (1u << isa))
				used += (size_t)snprintf(head + used, sizeof(head) - used, "%s%s",
							 used ? " " : "", ct_isa_name((enum ct_isa)isa));
		if (r->nisa_notes == 0)
			snprintf(head + used, sizeof(head) - used, "%s(%s)", used ? " " : "",
				 r->isa_reason);
		else
			snprintf(head + used, sizeof(head) - used, ", by the level of each size:");
		note_list(v, head, r->isa_notes, r->nisa_notes);
		break;
	case L_CACHES:
		v->str = ct_stream_caches_text(r->caches, v->buf, sizeof(v->buf));
		break;
	case L_SAMPLES:
		if (r->precision_pct > 0)
			used = (size_t)snprintf(v->buf, sizeof(v->buf), "per size and ISA until its "
						"medians are known to +-%g%%; ", r->precision_pct);
		else
			used = (size_t)snprintf(v->buf, sizeof(v->buf), "%u reps per size and ISA; ",
						r->reps);
		snprintf(v->buf + used, sizeof(v->buf) - used, "GB/s (10^9 bytes/s) and byte/cycle "
			 "are wall-basis medians, cpu GB/s the thread CPU time basis");
		v->str = v->buf;
		break;
	case L_ARRAY:
		snprintf(v->buf, sizeof(v->buf), "%s; THP %s, huge pages %s; placement%s %s",
			 t->size_reason, t->thp, t->huge_asked ? "asked for" : "refused",
			 t->several ? "s" : "", t->places);
		v->str = v->buf;
		break;
	case L_SIZE_ARRAY:
		snprintf(v->buf, sizeof(v->buf), "%" PRIu64 " bytes (%s, %s); %" PRIu64 " pass%s "
			 "per sample", r->in->bytes, r->in->reason, r->in->level, r->in->passes,
			 r->in->passes == 1 ? "" : "es");
		v->str = v->buf;
		break;
	case L_THREADS_ARRAY:
		snprintf(v->buf, sizeof(v->buf), "%s per thread and ISA (%s), %zu threads; a call "
			 "reads it whole passes", ct_stream_human_size(r->bytes, b1, sizeof(b1)),
			 r->size_reason, r->threads);
		v->str = v->buf;
		break;
	case L_PREFETCH:
		note_list(v, NULL, t->notes, t->nnotes);
		break;
	case L_LOOP:
		note_list(v, NULL, t->loop_notes, t->nloop_notes);
		break;
	case L_LOAD:
		v->str = ct_machine_load_text(r->m, v->buf, sizeof(v->buf));
		break;
	case L_WARNINGS:
		for (i = r->warned; i < r->m->nwarnings && v->n < CT_ARRAY_SIZE(v->ptrs); i++)
			v->ptrs[v->n++] = ct_machine_warning(r->m, i);
		v->list = v->ptrs;
		break;
	}
}

static const struct ct_rec_kind stream_lines = {
	"stream_lines", line_fields, CT_ARRAY_SIZE(line_fields), line_value, CT_REC_LINES
};

/* The lines ids[0, n) of r on f, in the table's order, through the writer. */
static void lines_out(FILE *f, const struct stream_lines *r, const int *ids, size_t n)
{
	ct_rec_lines_only(f, &stream_lines, r, ids, n);
}

/*
 * The ISAs that ran and why (notes[0, n), "LEVEL ISA: reason", when the
 * reasons differ by level), then their kernels.
 */
static void header_isa(FILE *f, unsigned used, char (*notes)[CT_STREAM_NOTE_LEN], size_t n,
		       const char *isa_reason)
{
	static const int ids[] = { L_ISA };
	struct stream_lines r = { 0 };
	int i;

	r.used = used;
	r.isa_notes = notes;
	r.nisa_notes = n;
	r.isa_reason = isa_reason;
	lines_out(f, &r, ids, CT_ARRAY_SIZE(ids));
	for (i = 0; i < (int)CT_ISA_COUNT; i++)
		if (used & (1u << i))
			ct_out_kernel(f, CT_REC_TABLE, &(struct ct_out_kernel_rec){
				      .d = ct_stream_desc((enum ct_isa)i) });
}

/* The caches and what a row's figures are (--precision: precision_pct above 0). */
static void header_caches(FILE *f, unsigned reps, double precision_pct,
			  const struct ct_stream_caches *c)
{
	static const int ids[] = { L_CACHES, L_SAMPLES };
	struct stream_lines r = { 0 };

	r.caches = c;
	r.reps = reps;
	r.precision_pct = precision_pct;
	lines_out(f, &r, ids, CT_ARRAY_SIZE(ids));
}

/* The lines above the sweep: the caches and what a row's figures are. */
static void sweep_preamble(const struct ct_stream_table *t)
{
	ct_doc_gap(t->f);
	header_caches(t->f, t->reps, t->precision_pct, t->caches);
	ct_doc_gap(t->f);
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
	struct ct_stream_info in[CT_ISA_COUNT];
	size_t i;

	for (i = 0; i < n && i < CT_ISA_COUNT; i++)
		ct_stream_info(ctx[i], &in[i]);
	ct_stream_table_add_info(t, placement, in, isas, ser, i);
}

void ct_stream_table_add_info(struct ct_stream_table *t, const char *placement,
			      const struct ct_stream_info *in, const enum ct_isa *isas,
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
		char key[32];

		r.ser = &ser[i];
		r.in = in[i];
		isa_reason = r.in.isa_reason;
		/* The notes go by level; a size of no known level by its size. */
		if (strcmp(r.in.level, "unknown") == 0)
			ct_stream_human_size(r.in.bytes, key, sizeof(key));
		else
			snprintf(key, sizeof(key), "%s", r.in.level);
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
		note_reason(&t->isa_notes, &t->nisa_notes, key, ct_isa_name(isas[i]),
			    isa_reason);
		if (!t->isa_reason[0])
			snprintf(t->isa_reason, sizeof(t->isa_reason), "%s", isa_reason);
		else if (strcmp(t->isa_reason, isa_reason) != 0)
			t->mixed = 1;
		note_reason(&t->notes, &t->nnotes, key, ct_isa_name(isas[i]),
			    r.in.prefetch_reason);
		note_reason(&t->loop_notes, &t->nloop_notes, key, ct_isa_name(isas[i]),
			    r.in.loop_reason);
	}
	/* Without a mix, the header gives the last size's reason. */
	if (!t->mixed && n > 0)
		snprintf(t->isa_reason, sizeof(t->isa_reason), "%s", r.in.isa_reason);
}

void ct_stream_header(FILE *f, unsigned used, const char *isa_reason, unsigned reps,
		      const struct ct_stream_caches *c, uint64_t bytes, const char *size_reason,
		      size_t threads)
{
	static const int ids[] = { L_THREADS_ARRAY };
	struct stream_lines r = { 0 };

	ct_doc_gap(f);
	header_isa(f, used, NULL, 0, isa_reason);
	header_caches(f, reps, 0, c);
	r.bytes = bytes;
	r.size_reason = size_reason;
	r.threads = threads;
	lines_out(f, &r, ids, CT_ARRAY_SIZE(ids));
}

void ct_stream_size_header(FILE *f, const struct ct_stream_info *in)
{
	static const int ids[] = { L_SIZE_ARRAY };
	struct stream_lines r = { 0 };

	r.in = in;
	ct_doc_gap(f);
	lines_out(f, &r, ids, CT_ARRAY_SIZE(ids));
}

void ct_stream_table_end(struct ct_stream_table *t, const struct ct_machine *m)
{
	static const int run_ids[] = { L_ARRAY, L_PREFETCH, L_LOOP };
	static const int end_ids[] = { L_LOAD, L_WARNINGS };
	struct stream_lines r = { 0 };

	/* Rows held to the end (--samples: each size's tables came between). */
	if (!t->stream || !t->sweep.rows)
		sweep_preamble(t);
	ct_rec_end(&t->sweep);
	/* No --precision here: the sweep has no interval column. */
	ct_out_footnotes(t->f, "", t->sweep.marks & ~(unsigned)CT_MARK_IMPRECISE, 0);
	/* What every row ran, known whole only now. */
	ct_doc_gap(t->f);
	header_isa(t->f, t->used, t->isa_notes, t->mixed ? t->nisa_notes : 0, t->isa_reason);
	r.t = t;
	lines_out(t->f, &r, run_ids, CT_ARRAY_SIZE(run_ids));
	/*
	 * The machine's lines were written before the first size ran, with
	 * the warnings about the start: here the load at the end and the
	 * warnings about the run.
	 */
	r.m = m;
	r.warned = t->warned;
	ct_doc_gap(t->f);
	lines_out(t->f, &r, end_ids, CT_ARRAY_SIZE(end_ids));
	free(t->notes);
	free(t->isa_notes);
	free(t->loop_notes);
	t->notes = NULL;
	t->isa_notes = NULL;
	t->loop_notes = NULL;
}
