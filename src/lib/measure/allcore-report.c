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

/* Summary records of one series with the all-core fields. */
static void series_out(struct ct_out *o, const struct ct_allcore *a, const char *placement,
		       const struct ct_results *r, const struct ct_allcore_group *g,
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
	if (threads > 1 || r->ser != &g->single[k]) {
		extra[n++] = (struct ct_field){ "single_placement", g->single_name, 0 };
		extra[n++] = (struct ct_field){ "ratio_to_single_wall", NULL,
						r->ratio[CT_BASIS_WALL] };
		extra[n++] = (struct ct_field){ "ratio_to_single_cpu", NULL,
						r->ratio[CT_BASIS_CPU] };
	}
	if (!with_samples)
		o->samples = 0;
	ct_out_results(o, placement, r, extra, n);
	o->samples = saved;
}

void ct_allcore_print(struct ct_out *o, const struct ct_allcore *a,
		      const struct ct_allcore_results *res)
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

void ct_allcore_print_kinds(struct ct_out *o, const struct ct_allcore *a,
			    const struct ct_allcore_results *res)
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
			const struct ct_results *ra = &res->all[g * a->nk + k];
			const struct ct_summary *all = &ra->b[CT_BASIS_WALL];
			const struct ct_summary *one = &res->single[g * a->nk + k].b[CT_BASIS_WALL];
			int d = ct_rec_unit_decimals(kk->unit);

			if (a->pinned)
				snprintf(list, sizeof(list), "cpus %s",
					 ct_cpuset_format(&gr->cpus, cpus, sizeof(cpus)));
			else
				snprintf(list, sizeof(list), "cpus seen %s", all->cpus);
			fprintf(o->f, "%s %s (%s), %zu of %zu threads: all-core mean %.*f %s, "
				"median %.*f; alone (%s) median %.*f; ratio %.3f wall, %.3f cpu\n",
				kk->name, gr->name, list, gr->nthreads, a->n, d, all->rate.mean,
				kk->unit, d, all->rate.median, gr->single_name, d, one->rate.median,
				ra->ratio[CT_BASIS_WALL], ra->ratio[CT_BASIS_CPU]);
		}
}

int ct_allcore_report(struct ct_allcore *a, const struct ct_harness *h,
		      const struct ct_allcore_kernel *ks, size_t nk, struct ct_cli *cli,
		      const char *tool, void (*header)(FILE *f, const struct ct_allcore *a,
					     void *arg),
		      void *arg)
{
	struct ct_allcore_results res;
	struct ct_machine m;
	struct ct_out out;
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
	ct_out_begin(&out, tty, cli->fmt, tool, cli->samples);
	ct_out_machine(&out, &m);
	if (cli->fmt == CT_FMT_TABLE)
		header(tty, a, arg);
	ct_allcore_results(a, &res);
	ct_allcore_print(&out, a, &res);
	ct_out_end(&out);
	ct_allcore_print_kinds(&out, a, &res);
	ct_term_close(tty, stdout);
	ct_allcore_results_free(&res);
	ct_allcore_free(a);
	return CT_EXIT_OK;
}
