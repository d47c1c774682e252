/*
 * ct-place/report-header.c - what the tables of ct-place's main job stand
 * under: the machine's header lines and ct-place's own (a line per kind
 * of cpu, the clock at main and under the process clamp), the kernels'
 * line, the list of placements and how each was asked for, and a row's
 * cpus and kinds as the tables name them.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "records/kinds.h"
#include "ct-place/placements.h"

const char *ct_placements_kind_letters(const char *kinds, char *buf, size_t len)
{
	/* "performance,efficiency" -> "P,E"; "low-power" -> "LP". */
	size_t used = 0;
	const char *p = kinds;

	buf[0] = '\0';
	while (*p && used + 4 < len) {
		const char *comma = strchr(p, ',');
		size_t l = comma ? (size_t)(comma - p) : strlen(p);

		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "",
					 strncmp(p, "performance", l) == 0 ? "P" :
					 strncmp(p, "efficiency", l) == 0 ? "E" :
					 strncmp(p, "low-power", l) == 0 ? "LP" : "?");
		p += l + (comma != NULL);
	}
	return buf;
}

void ct_placements_row_cpus(const struct ct_placements_row *row, char *buf, size_t len)
{
	struct ct_cpuset set;
	unsigned s;
	int k;

	ct_cpuset_zero(&set);
	for (k = 0; k < CT_NJOBS; k++)
		for (s = 0; s < row->ser[k].n; s++) {
			ct_cpuset_set(&set, row->ser[k].s[s].cpu_start);
			ct_cpuset_set(&set, row->ser[k].s[s].cpu_end);
		}
	ct_cpuset_format(&set, buf, len);
	if (!buf[0])
		snprintf(buf, len, "unknown");
}
/*
 * ct-place's own header lines, after the machine's: a line per kind of
 * cpu and the clock at main and under the process clamp, one kind of
 * lines (table and summary.md; JSON and TSV have the topology and summary
 * records).
 */
enum head_field { H_KIND, H_CLOCK };

static const struct ct_rec_field head_fields[] = {
	{ H_KIND, NULL, "kind", CT_REC_LIST, NULL, NULL, CT_REC_TEXT },
	{ H_CLOCK, NULL, "clock", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
};

struct head_rec {
	const struct ct_topo *t;
	const struct ct_placements_results *res;
};

/* The kinds' lines, one text each in v->own (the writer frees it). */
static void kind_lines(const struct ct_topo *t, struct ct_rec_value *v)
{
	enum { LINE = 448 };
	char list[256], desc[160];
	size_t n = 0;
	int r;

	v->own = ct_xcalloc((size_t)(t->nranks > 0 ? t->nranks : 1), LINE);
	for (r = 0; r < t->nranks && n < CT_ARRAY_SIZE(v->ptrs); r++) {
		struct ct_cpuset set;
		char *line = v->own + n * LINE;
		int c;

		ct_topo_rank_cpus(t, r, &set);
		c = ct_cpuset_next(&set, 0);
		snprintf(line, LINE, "%-11s rank %d  cpus %s  (%s)",
			 c >= 0 ? ct_kind_name(ct_topo_cpu(t, c)->kind) : "-", r,
			 ct_cpuset_format(&set, list, sizeof(list)),
			 ct_topo_describe(t, &set, desc, sizeof(desc)));
		v->ptrs[n++] = line;
	}
	v->list = v->ptrs;
	v->n = n;
}

/*
 * One placement's clock on the clock line: the add chain's best sample on
 * the wall basis, named so; where some of its samples were disturbed, the
 * wall figure is other work's as much as the core's, so the cpu basis's
 * best follows it (said where that basis is not trusted either).
 */
static int clock_text(char *buf, size_t len, const struct ct_placements_results *res, size_t r,
		      const char *where, const char *name)
{
	const struct ct_summary *w = &res->r[r][CT_JOB_CLOCK].b[CT_BASIS_WALL];
	const struct ct_summary *c = &res->r[r][CT_JOB_CLOCK].b[CT_BASIS_CPU];

	if (!w->descheduled)
		return snprintf(buf, len, "%.3f GHz %s (%scpus %s; wall basis, best of %u)",
				w->rate.max, where, name, w->cpus, w->reps);
	return snprintf(buf, len, "%.3f GHz %s (%scpus %s; wall basis, best of %u, %u disturbed), "
			"%.3f GHz on the cpu basis%s", w->rate.max, where, name, w->cpus, w->reps,
			w->descheduled, c->rate.max,
			res->trust[r].trust == CT_TRUST_NO ? " (not trusted either: coretype(7))" : "");
}

/* The clock line: the add chain's best at main and under the process clamp. */
static void clock_line(const struct ct_placements_results *res, struct ct_rec_value *v)
{
	const struct ct_placements_row *rows = res->rows;
	size_t i, n = res->n, main_row = n, pb = n;
	int used;

	for (i = 0; i < n; i++) {
		if (rows[i].ran && rows[i].p.kind == CT_PLACE_MAIN)
			main_row = i;
		if (rows[i].p.kind == CT_PLACE_PROCESS_BACKGROUND)
			pb = i;
	}
	if (main_row < n)
		used = clock_text(v->buf, sizeof(v->buf), res, main_row,
				  "at the default placement", "main, ");
	else
		used = snprintf(v->buf, sizeof(v->buf), "main not measured");
	if (used < 0 || (size_t)used >= sizeof(v->buf))
		used = (int)sizeof(v->buf) - 1;
	if (pb < n && rows[pb].ran) {
		snprintf(v->buf + used, sizeof(v->buf) - (size_t)used, "; ");
		used += 2;
		if ((size_t)used < sizeof(v->buf))
			clock_text(v->buf + used, sizeof(v->buf) - (size_t)used, res, pb,
				   "under the process clamp", "");
	} else {
		snprintf(v->buf + used, sizeof(v->buf) - (size_t)used, "; process clamp %s",
			 pb < n ? rows[pb].p.note : "not measured");
	}
	v->str = v->buf;
}

static void head_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct head_rec *h = rec;

	(void)out;
	switch ((enum head_field)id) {
	case H_KIND:
		kind_lines(h->t, v);
		break;
	case H_CLOCK:
		clock_line(h->res, v);
		break;
	}
}

static const struct ct_rec_kind head_lines = {
	"placements_header", head_fields, CT_ARRAY_SIZE(head_fields), head_value, CT_REC_LINES
};

void ct_placements_header_lines(FILE *f, const char *pre, const struct ct_machine *m,
				const struct ct_topo *t, const struct ct_placements_results *res)
{
	struct head_rec h = { t, res };
	struct ct_rec_writer w;

	ct_out_machine_lines(f, "ct-place", pre, m);
	ct_rec_begin(&w, f, *pre ? CT_REC_MD : CT_REC_TABLE, &head_lines);
	ct_rec_write(&w, &h);
	ct_rec_end(&w);
}

void ct_placements_kernels_line(FILE *f, unsigned out,
				const struct ct_placements_results *res)
{
	const struct ct_placements_row *rows = res->rows;
	size_t n = res->n;
	unsigned lo = 0, hi = 0;
	size_t i;
	char how[160];

	snprintf(how, sizeof(how), "one a round, in interleaved rounds (the placements in an "
		 "order shuffled from seed %llu)", (unsigned long long)res->design.seed);
	/* --precision: each placement took as many as it needed. */
	for (i = 0; i < n; i++)
		if (rows[i].ran) {
			lo = !lo || rows[i].ser[0].n < lo ? rows[i].ser[0].n : lo;
			hi = rows[i].ser[0].n > hi ? rows[i].ser[0].n : hi;
		}
	for (i = 0; i < n; i++)
		if (rows[i].ran) {
			ct_out_kernel(f, out, &(struct ct_out_kernel_rec){
				      .jobs = rows[i].k, .njobs = CT_NJOBS, .reps = lo, .reps_max = hi,
				      .quick = res->quick, .how = res->design.interleaved ? how : NULL });
			return;
		}
}

void ct_placements_list(const struct ct_doc *d, const struct ct_placements_row *rows, size_t n)
{
	struct ct_doc_list l;
	size_t i;

	ct_doc_list_begin(&l, d, "placements", 0);
	for (i = 0; i < n; i++)
		ct_doc_item(&l, rows[i].p.name, "%s", rows[i].ran ? rows[i].how : rows[i].p.note);
	ct_doc_list_end(&l);
}

/* "0.97x (0.95-0.99)": a ratio (its inverse for a time) and its interval. */
static size_t answer_figure(char *buf, size_t len, const char *what,
			    const struct ct_results *r, int time, int *none)
{
	double x = r->ratio[CT_BASIS_WALL], lo = r->ratio_lo[CT_BASIS_WALL];
	double hi = r->ratio_hi[CT_BASIS_WALL];
	int k;

	if (!isfinite(x))
		return (size_t)snprintf(buf, len, "%s -", what);
	if (time) {
		double t = 1 / lo;

		x = 1 / x;
		lo = 1 / hi;
		hi = t;
	}
	if (isfinite(lo) && isfinite(hi))
		k = snprintf(buf, len, "%s %.2fx (%.2f-%.2f)", what, x, lo, hi);
	else {
		k = snprintf(buf, len, "%s %.2fx", what, x);
		*none = 1;
	}
	return k > 0 ? (size_t)k : 0;
}

void ct_placements_answer(const struct ct_doc *d, const struct ct_placements_results *res)
{
	static const struct {
		int job;
		const char *what;
		int time;
	} shown[] = {
		{ CT_JOB_CLOCK, "clock", 0 },
		{ CT_JOB_FMA, "FMA", 0 },
		{ CT_JOB_STREAM, "stream", 0 },
		{ CT_JOB_LATENCY, "latency", 1 },
	};
	const struct ct_placements_row *rows = res->rows;
	struct ct_doc_list l;
	size_t r, i, used;
	char line[400];
	int any = 0, none;

	for (r = 0; r < res->n; r++)
		any |= rows[r].ran && &rows[r] != res->ref;
	if (!res->ref || !any)
		return;
	ct_doc_list_begin(&l, d, "answer (wall basis, x the same rounds' figure of the placement "
			  "named last, 95% intervals)", 0);
	for (r = 0; r < res->n; r++) {
		const struct ct_results *x = res->r[r];
		const char *against = res->ref->p.name;

		if (!rows[r].ran || &rows[r] == res->ref)
			continue;
		/* A kind's pin against the fastest kind's, where they differ. */
		if (res->fastest && rows[r].p.kind == CT_PLACE_PIN && &rows[r] != res->fastest) {
			x = res->fast[r];
			against = res->fastest->p.name;
		}
		used = 0;
		none = 0;
		for (i = 0; i < CT_ARRAY_SIZE(shown) && used < sizeof(line); i++) {
			used += answer_figure(line + used, sizeof(line) - used, shown[i].what,
					      &x[shown[i].job], shown[i].time, &none);
			if (used < sizeof(line))
				used += (size_t)snprintf(line + used, sizeof(line) - used, ", ");
		}
		if (used < sizeof(line))
			snprintf(line + used, sizeof(line) - used, "of %s%s", against,
				 none ? " (those without an interval: too few rounds paired)" : "");
		ct_doc_item(&l, rows[r].p.name, "%s", line);
	}
	ct_doc_list_end(&l);
}
