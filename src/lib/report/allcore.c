/*
 * report/allcore.c - the all-core run written out: each group's reference,
 * every thread and each group's threads together as summary records with
 * the fields of --threads, the lines on how it ran and the allcore record
 * of each kernel and kind; every one described once and written by
 * record.c.
 */
#include "config.h"

#include <stdio.h>

#include "report/allcore.h"
#include "core/common.h"
#include "records/doc.h"
#include "measure/context.h"
#include "records/record.h"

/*
 * The fields --threads adds to every summary record (JSON only: the
 * summary's "extra" members, in this order), described once.
 */
enum extra_field {
	E_THREADS, E_KIND, E_SAMPLE_NS, E_SINGLE_PLACEMENT, E_RATIO_WALL, E_RATIO_CPU
};

static const struct ct_rec_field extra_fields[] = {
	{ E_THREADS, "threads", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ E_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ E_SAMPLE_NS, "sample_ns", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	/* The all-core records' only. */
	{ E_SINGLE_PLACEMENT, "single_placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ E_RATIO_WALL, "ratio_to_single_wall", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ E_RATIO_CPU, "ratio_to_single_cpu", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
};

/* What the fields of one series' summaries are. */
struct extra_rec {
	const struct ct_allcore_group *g;
	size_t threads;
	uint64_t sample_ns;
	int allcore;			/* not the reference alone */
	double ratio_wall, ratio_cpu;
};

static void extra_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct extra_rec *r = rec;

	(void)out;
	switch ((enum extra_field)id) {
	case E_THREADS:
		v->i = (long long)r->threads;
		break;
	case E_KIND:
		v->str = r->g->kind;
		break;
	case E_SAMPLE_NS:
		v->i = (long long)r->sample_ns;
		break;
	case E_SINGLE_PLACEMENT:
		v->omit = !r->allcore;
		v->str = r->g->single_name;
		break;
	case E_RATIO_WALL:
		v->omit = !r->allcore;
		v->num = r->ratio_wall;
		break;
	case E_RATIO_CPU:
		v->omit = !r->allcore;
		v->num = r->ratio_cpu;
		break;
	}
}

const struct ct_rec_kind ct_rec_allcore_extra = {
	"summary", extra_fields, CT_ARRAY_SIZE(extra_fields), extra_value, 0
};

/* Summary records of one series with the all-core fields. */
static void series_out(struct ct_out *o, const struct ct_allcore *a, const char *placement,
		       const struct ct_results *r, const struct ct_allcore_group *g,
		       size_t k, size_t threads, int with_samples)
{
	struct ct_field extra[CT_ARRAY_SIZE(extra_fields)];
	struct extra_rec e = { g, threads, a->sample_ns[k], threads > 1 || r->ser != &g->single[k],
			       0, 0 };
	int saved = o->samples;

	/* The union repeats its threads' samples: summaries only. */
	if (!with_samples && o->samples && o->fmt == CT_FMT_TSV)
		return;
	if (e.allcore) {
		e.ratio_wall = r->ratio[CT_BASIS_WALL];
		e.ratio_cpu = r->ratio[CT_BASIS_CPU];
	}
	if (!with_samples)
		o->samples = 0;
	ct_out_results(o, placement, r, extra, ct_rec_members(&ct_rec_allcore_extra, &e, extra));
	o->samples = saved;
}

/*
 * The table's lines on how it ran (the facts are in the records: threads,
 * kind, sample_ns and single_placement of each summary, the allcore
 * record's pinned and cpus), one kind of lines, each line of its own
 * part of the run (struct run_line).
 */
enum run_field { R_ALLCORE, R_SAMPLE, R_ALONE };

static const struct ct_rec_field run_fields[] = {
	{ R_ALLCORE, NULL, "all-core", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ R_SAMPLE, NULL, "sample", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ R_ALONE, NULL, "alone", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
};

struct run_line {
	const struct ct_allcore *a;
	size_t k, g;			/* the sample line's kernel, the alone line's group */
};

static void run_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct run_line *r = rec;
	const struct ct_allcore *a = r->a;
	char list[256];

	(void)out;
	switch ((enum run_field)id) {
	case R_ALLCORE:
		if (a->pinned)
			snprintf(v->buf, sizeof(v->buf), "%zu threads, one pinned to each of cpus %s, "
				 "started together", a->n,
				 ct_cpuset_format(&a->cpus, list, sizeof(list)));
		else
			snprintf(v->buf, sizeof(v->buf), "%zu threads, unpinned (this OS cannot pin), "
				 "started together", a->n);
		break;
	case R_SAMPLE:
		snprintf(v->buf, sizeof(v->buf), "%.3f ms of wall time on every thread for %s (%s): "
			 "the single-thread sample length; calls until then, each verified",
			 (double)a->sample_ns[r->k] / 1e6, a->t[0].k[r->k].name, a->t[0].k[r->k].isa);
		break;
	case R_ALONE:
		snprintf(v->buf, sizeof(v->buf), "%s, the %s thread by itself before each all-core "
			 "sample", a->g[r->g].single_name, a->g[r->g].name);
		break;
	}
	v->str = v->buf;
}

static const struct ct_rec_kind run_lines = {
	"allcore_run", run_fields, CT_ARRAY_SIZE(run_fields), run_value, CT_REC_LINES
};

/* Line id of r on f, through the writer. */
static void run_line_out(FILE *f, const struct run_line *r, int id)
{
	struct ct_rec_writer w;
	size_t i;

	ct_rec_begin(&w, f, CT_REC_TABLE, &run_lines);
	for (i = 0; i < CT_ARRAY_SIZE(run_fields); i++)
		if (run_fields[i].id != id)
			ct_rec_hide(&w, run_fields[i].id);
	ct_rec_write(&w, r);
	ct_rec_end(&w);
}

void ct_allcore_print(struct ct_out *o, const struct ct_allcore *a,
		      const struct ct_allcore_results *res)
{
	struct run_line r = { a, 0, 0 };
	size_t g, i, k;

	if (o->fmt == CT_FMT_TABLE) {
		run_line_out(o->f, &r, R_ALLCORE);
		for (r.k = 0; r.k < a->nk; r.k++)
			run_line_out(o->f, &r, R_SAMPLE);
		for (r.g = 0; r.g < a->ngroups; r.g++)
			run_line_out(o->f, &r, R_ALONE);
	}
	for (k = 0; k < a->nk; k++) {
		for (g = 0; g < a->ngroups; g++)
			series_out(o, a, a->g[g].single_name, &res->single[g * a->nk + k], &a->g[g],
				   k, 1, 1);
		for (i = 0; i < a->n; i++)
			series_out(o, a, a->t[i].name, &res->thread[i * a->nk + k],
				   &a->g[a->t[i].group], k, a->n, 1);
		for (g = 0; g < a->ngroups; g++)
			series_out(o, a, a->g[g].union_name, &res->all[g * a->nk + k], &a->g[g], k,
				   a->n, 0);
	}
}

/*
 * The allcore record: each kernel on each kind, its threads together
 * against its reference alone.  The table gives it as one line.
 */
enum kind_field {
	K_LINE, K_TOOL, K_KERNEL, K_ISA, K_PLACEMENT, K_BASIS, K_UNIT, K_KIND, K_PINNED, K_CPUS,
	K_THREADS, K_KIND_THREADS, K_MEAN, K_MEDIAN, K_SINGLE_PLACEMENT, K_SINGLE_MEDIAN,
	K_RATIO_WALL, K_RATIO_CPU
};

static const struct ct_rec_field kind_fields[] = {
	{ K_LINE, NULL, "", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ K_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_PINNED, "pinned", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ K_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_THREADS, "threads", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ K_KIND_THREADS, "kind_threads", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ K_MEAN, "mean", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ K_MEDIAN, "median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ K_SINGLE_PLACEMENT, "single_placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ K_SINGLE_MEDIAN, "single_median", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ K_RATIO_WALL, "ratio_to_single_wall", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ K_RATIO_CPU, "ratio_to_single_cpu", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
};

/* One kernel k on group g: the wall-basis summaries of its threads together and of its reference. */
struct kind_rec {
	const char *tool;
	const struct ct_allcore *a;
	size_t g, k;
	const struct ct_summary *all, *one;
	double ratio_wall, ratio_cpu;
};

/* The table's line of r in buf[len] (its length, as snprintf's). */
static int kind_line(char *buf, size_t len, const struct kind_rec *r)
{
	const struct ct_allcore_group *gr = &r->a->g[r->g];
	const struct ct_job *kk = gr->all[r->k].k;
	int d = ct_rec_unit_decimals(kk->unit);
	char list[300], cpus[256];

	if (r->a->pinned)
		snprintf(list, sizeof(list), "cpus %s", ct_cpuset_format(&gr->cpus, cpus, sizeof(cpus)));
	else
		snprintf(list, sizeof(list), "cpus seen %s", r->all->cpus);
	return snprintf(buf, len, "%s %s (%s), %zu of %zu threads: all-core mean %.*f %s, median "
			"%.*f; alone (%s) median %.*f; ratio %.3f wall, %.3f cpu", kk->name, gr->name,
			list, gr->nthreads, r->a->n, d, r->all->rate.mean, kk->unit, d,
			r->all->rate.median, gr->single_name, d, r->one->rate.median, r->ratio_wall,
			r->ratio_cpu);
}

static void kind_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct kind_rec *r = rec;
	const struct ct_allcore_group *gr = &r->a->g[r->g];
	const struct ct_job *kk = gr->all[r->k].k;
	size_t len;

	(void)out;
	switch ((enum kind_field)id) {
	case K_LINE:
		/* As long as the names and the cpu list make it. */
		len = (size_t)kind_line(NULL, 0, r) + 1;
		v->own = ct_xmalloc(len);
		kind_line(v->own, len, r);
		v->str = v->own;
		break;
	case K_TOOL:
		v->str = r->tool;
		break;
	case K_KERNEL:
		v->str = kk->name;
		break;
	case K_ISA:
		v->str = kk->isa;
		break;
	case K_PLACEMENT:
		v->str = gr->union_name;
		break;
	case K_BASIS:
		v->str = ct_basis_name(CT_BASIS_WALL);
		break;
	case K_UNIT:
		v->str = kk->unit;
		break;
	case K_KIND:
		v->str = gr->kind;
		break;
	case K_PINNED:
		v->i = r->a->pinned;
		break;
	case K_CPUS:
		if (r->a->pinned)
			v->str = ct_cpuset_format(&gr->cpus, v->buf, sizeof(v->buf));
		else
			v->str = r->all->cpus;
		break;
	case K_THREADS:
		v->i = (long long)r->a->n;
		break;
	case K_KIND_THREADS:
		v->i = (long long)gr->nthreads;
		break;
	case K_MEAN:
		v->num = r->all->rate.mean;
		break;
	case K_MEDIAN:
		v->num = r->all->rate.median;
		break;
	case K_SINGLE_PLACEMENT:
		v->str = gr->single_name;
		break;
	case K_SINGLE_MEDIAN:
		v->num = r->one->rate.median;
		break;
	case K_RATIO_WALL:
		v->num = r->ratio_wall;
		break;
	case K_RATIO_CPU:
		v->num = r->ratio_cpu;
		break;
	}
}

const struct ct_rec_kind ct_rec_allcore = {
	"allcore", kind_fields, CT_ARRAY_SIZE(kind_fields), kind_value, CT_REC_LINES
};

void ct_allcore_print_kinds(struct ct_out *o, const struct ct_allcore *a,
			    const struct ct_allcore_results *res)
{
	struct ct_rec_writer w;
	struct kind_rec r = { o->tool, a, 0, 0, NULL, NULL, 0, 0 };

	/* Under the table, or TSV's block of its own under the summaries and samples. */
	if (o->fmt != CT_FMT_JSON)
		ct_doc_gap(o->f);
	ct_rec_begin(&w, o->f, ct_rec_out_of(o->fmt), &ct_rec_allcore);
	for (r.k = 0; r.k < a->nk; r.k++)
		for (r.g = 0; r.g < a->ngroups; r.g++) {
			const struct ct_results *ra = &res->all[r.g * a->nk + r.k];

			r.all = &ra->b[CT_BASIS_WALL];
			r.one = &res->single[r.g * a->nk + r.k].b[CT_BASIS_WALL];
			r.ratio_wall = ra->ratio[CT_BASIS_WALL];
			r.ratio_cpu = ra->ratio[CT_BASIS_CPU];
			ct_rec_write(&w, &r);
		}
	ct_rec_end(&w);
}

void ct_allcore_write(FILE *f, enum ct_format fmt, const char *tool, int samples,
		      const struct ct_machine *m, const struct ct_allcore *a,
		      void (*header)(FILE *f, const struct ct_allcore *a, void *arg), void *arg)
{
	struct ct_allcore_results res;
	struct ct_out out;

	ct_allcore_results(a, &res);
	ct_out_begin(&out, f, fmt, tool, samples);
	ct_out_machine(&out, m);
	if (fmt == CT_FMT_TABLE && header)
		header(f, a, arg);
	ct_allcore_print(&out, a, &res);
	ct_out_end(&out);
	ct_allcore_print_kinds(&out, a, &res);
	ct_allcore_results_free(&res);
}
