/*
 * measure/allcore-report.c - the all-core run written out: each group's reference,
 * every thread and each group's threads together as records, the per-kind
 * lines under the table, and a kernel tool's whole --threads report.
 */
#include "config.h"

#include <err.h>
#include <stdio.h>

#include "measure/allcore.h"
#include "tool/cli.h"
#include "core/common.h"
#include "measure/context.h"
#include "records/record.h"
#include "core/term.h"

static double median_of(const struct ct_series *s, enum ct_basis b)
{
	struct ct_summary sum;

	if (!s->n)
		return 0;
	ct_summarize(s, b, &sum);
	return sum.rate.median;
}

static double ratio(const struct ct_series *s, const struct ct_series *ref, enum ct_basis b)
{
	double m = median_of(ref, b);

	return m > 0 ? median_of(s, b) / m : 0;
}

double ct_allcore_ratio(const struct ct_allcore *a, size_t g, size_t k, enum ct_basis b)
{
	return ratio(&a->g[g].all[k], &a->g[g].single[k], b);
}

/* Summary records of one series with the all-core fields. */
static void series_out(struct ct_out *o, const struct ct_allcore *a, const char *placement,
		       const struct ct_series *s, const struct ct_allcore_group *g,
		       size_t k, size_t threads, int with_samples)
{
	struct ct_field extra[6];
	size_t n = 0;
	int saved = o->samples;

	/* The union repeats its threads' samples: summaries only. */
	if (!with_samples && o->samples && o->fmt == CT_FMT_TSV)
		return;
	extra[n++] = (struct ct_field){ "threads", NULL, (double)threads };
	extra[n++] = (struct ct_field){ "kind", g->kind, 0 };
	extra[n++] = (struct ct_field){ "sample_ns", NULL, (double)a->sample_ns[k] };
	if (threads > 1 || s != &g->single[k]) {
		extra[n++] = (struct ct_field){ "single_placement", g->single_name, 0 };
		extra[n++] = (struct ct_field){ "ratio_to_single_wall", NULL,
						ratio(s, &g->single[k], CT_BASIS_WALL) };
		extra[n++] = (struct ct_field){ "ratio_to_single_cpu", NULL,
						ratio(s, &g->single[k], CT_BASIS_CPU) };
	}
	if (!with_samples)
		o->samples = 0;
	ct_out_series_ex(o, placement, s, extra, n);
	o->samples = saved;
}

void ct_allcore_print(struct ct_out *o, const struct ct_allcore *a)
{
	char list[256];
	size_t g, i, k;

	if (o->fmt == CT_FMT_TABLE) {
		if (a->pinned)
			fprintf(o->f, "all-core: %zu threads, one pinned to each of cpus %s, "
				"started together\n", a->n,
				ct_cpuset_format(&a->cpus, list, sizeof(list)));
		else
			fprintf(o->f, "all-core: %zu threads, unpinned (this OS cannot pin), "
				"started together\n", a->n);
		for (k = 0; k < a->nk; k++)
			fprintf(o->f, "sample:   %.3f ms of wall time on every thread for %s (%s): "
				"the single-thread sample length; calls until then, each verified\n",
				(double)a->sample_ns[k] / 1e6, a->t[0].k[k].name, a->t[0].k[k].isa);
		for (g = 0; g < a->ngroups; g++)
			fprintf(o->f, "alone:    %s, the %s thread by itself before each all-core "
				"sample\n", a->g[g].single_name, a->g[g].name);
	}
	for (k = 0; k < a->nk; k++) {
		for (g = 0; g < a->ngroups; g++)
			series_out(o, a, a->g[g].single_name, &a->g[g].single[k], &a->g[g], k, 1, 1);
		for (i = 0; i < a->n; i++)
			series_out(o, a, a->t[i].name, &a->t[i].ser[k], &a->g[a->t[i].group], k,
				   a->n, 1);
		for (g = 0; g < a->ngroups; g++)
			series_out(o, a, a->g[g].union_name, &a->g[g].all[k], &a->g[g], k, a->n, 0);
	}
}

void ct_allcore_print_kinds(struct ct_out *o, const struct ct_allcore *a)
{
	char list[300], cpus[256];
	size_t g, k;

	if (o->fmt != CT_FMT_TABLE)
		return;
	fputc('\n', o->f);
	for (k = 0; k < a->nk; k++)
		for (g = 0; g < a->ngroups; g++) {
			const struct ct_allcore_group *gr = &a->g[g];
			const struct ct_job *kk = gr->all[k].k;
			struct ct_summary all, one;
			int d = ct_rec_unit_decimals(kk->unit);

			ct_summarize(&gr->all[k], CT_BASIS_WALL, &all);
			ct_summarize(&gr->single[k], CT_BASIS_WALL, &one);
			if (a->pinned)
				snprintf(list, sizeof(list), "cpus %s",
					 ct_cpuset_format(&gr->cpus, cpus, sizeof(cpus)));
			else
				snprintf(list, sizeof(list), "cpus seen %s", all.cpus);
			fprintf(o->f, "%s %s (%s), %zu of %zu threads: all-core mean %.*f %s, "
				"median %.*f; alone (%s) median %.*f; ratio %.3f wall, %.3f cpu\n",
				kk->name, gr->name, list, gr->nthreads, a->n, d, all.rate.mean,
				kk->unit, d, all.rate.median, gr->single_name, d, one.rate.median,
				ct_allcore_ratio(a, g, k, CT_BASIS_WALL),
				ct_allcore_ratio(a, g, k, CT_BASIS_CPU));
		}
}

int ct_allcore_report(struct ct_allcore *a, const struct ct_harness *h,
		      const struct ct_allcore_kernel *ks, size_t nk, struct ct_cli *cli,
		      const char *tool, void (*header)(FILE *f, const struct ct_allcore *a,
					     void *arg),
		      void *arg)
{
	struct ct_machine m;
	char why[640];
	FILE *tty;

	ct_machine_describe(&m);
	if (ct_allcore_run(a, h, ks, nk, why, sizeof(why)) < 0) {
		ct_cli_progress_clear(cli);
		errx(CT_EXIT_FAIL, "verification failed: %s", why);
	}
	/* Erased before any warning or result. */
	ct_cli_progress_clear(cli);
	ct_machine_finish(&m, (unsigned)a->n);
	/* A table on a terminal: its long lines wrapped to fit (term.h). */
	tty = cli->fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;
	ct_allcore_write(tty, cli->fmt, tool, cli->samples, &m, a, header, arg);
	ct_term_close(tty, stdout);
	ct_allcore_free(a);
	return CT_EXIT_OK;
}

void ct_allcore_write(FILE *f, enum ct_format fmt, const char *tool, int samples,
		      const struct ct_machine *m, const struct ct_allcore *a,
		      void (*header)(FILE *f, const struct ct_allcore *a, void *arg), void *arg)
{
	struct ct_out out;

	ct_out_begin(&out, f, fmt, tool, samples);
	ct_out_machine(&out, m);
	if (fmt == CT_FMT_TABLE && header)
		header(f, a, arg);
	ct_allcore_print(&out, a);
	ct_out_end(&out);
	ct_allcore_print_kinds(&out, a);
}
