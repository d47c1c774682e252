/*
 * tool/kernel-tool.c - the kernel tools' one main(): options, the
 * all-core run or the rows, the records.
 */
#include "config.h"

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/term.h"
#include "measure/allcore.h"
#include "measure/context.h"
#include "report/allcore.h"
#include "report/isa.h"
#include "tool/kernel-tool.h"

/* One row's steps, run on the row's thread (ct_cli_run_row()). */
struct rows {
	const struct ct_kernel_tool *t;
	void *self;
	struct ct_kernel_run *run;
	/*
	 * Not streamed: every step's jobs, states and series, kept for the
	 * records at the end, slots a step; streamed: one step's.
	 */
	size_t slots;
	struct ct_job *k;
	void **state;
	struct ct_series *ser;
	size_t *nk;			/* the jobs of each step */
	char (*place)[32];		/* each row's placement */
};

static void run_row(void *arg)
{
	struct rows *w = arg;
	const struct ct_kernel_tool *t = w->t;
	struct ct_kernel_run *run = w->run;
	struct ct_cli *cli = &run->cli;
	struct ct_harness h;
	char why[512];
	size_t z, step, at, n;
	int rc;

	snprintf(w->place[run->row], sizeof(w->place[run->row]), "%s", cli->placement);
	for (z = 0; z < run->nsteps; z++) {
		step = run->row * run->nsteps + z;
		at = t->streamed ? 0 : step * w->slots;
		cli->step = step;
		h = run->h;
		n = t->jobs(w->self, run, z, &w->k[at], &w->state[at], &h);
		/*
		 * Streamed: nothing on stdout until the first step's data are
		 * made; then a table's machine lines (JSON's machine record
		 * waits for the end, ct_out_start()).
		 */
		if (t->streamed && step == 0) {
			ct_machine_describe(&run->m);
			ct_out_begin(&run->out, run->tty, cli->fmt, t->name, cli->samples);
			ct_out_start(&run->out, &run->m);
			if (t->started)
				t->started(w->self, run);
		}
		if ((rc = ct_harness_run(&h, &w->k[at], n, &w->ser[at], why, sizeof(why))) < 0)
			ct_cli_harness_failed(rc, why, t->hint ? t->hint : "");
		ct_machine_note(&run->m, cli->placement, &w->ser[at], n);
		w->nk[step] = n;
		if (!t->streamed)
			continue;
		/* Erased before a result; drawn again at the next step's first sample. */
		ct_cli_progress_clear(cli);
		t->step_done(w->self, run, z, &w->state[at], &w->ser[at], n);
		ct_series_free(&w->ser[at], n);
		t->free_jobs(w->self, &w->state[at], n);
	}
}

/* Every row, each placement (each cpu of -c) in turn, then the records. */
static int run_rows(const struct ct_kernel_tool *t, void *self, struct ct_kernel_run *run)
{
	struct ct_cli *cli = &run->cli;
	size_t nsteps = run->nrows * run->nsteps, kept = t->streamed ? 1 : nsteps;
	struct rows w;
	size_t r, s, i;

	w.t = t;
	w.self = self;
	w.run = run;
	w.slots = t->jobs_max ? t->jobs_max : CT_ISA_COUNT;
	w.k = ct_xcalloc(kept * w.slots, sizeof(*w.k));
	w.state = ct_xcalloc(kept * w.slots, sizeof(*w.state));
	w.ser = ct_xcalloc(kept * w.slots, sizeof(*w.ser));
	w.nk = ct_xcalloc(nsteps, sizeof(*w.nk));
	w.place = ct_xcalloc(run->nrows, sizeof(*w.place));
	/* A table on a terminal: its long lines wrapped to fit (term.h). */
	run->tty = cli->fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;
	if (!t->streamed)
		ct_machine_describe(&run->m);
	cli->nsteps = nsteps;
	for (r = 0; r < run->nrows; r++) {
		run->row = r;
		ct_cli_run_row(cli, r, run_row, &w);
	}
	if (t->streamed) {
		ct_machine_finish(&run->m, 1);
		ct_out_finish(&run->out, &run->m);
		if (t->finished)
			t->finished(self, run);
	} else {
		/* Erased before any warning or result. */
		ct_cli_progress_clear(cli);
		ct_machine_finish(&run->m, 1);
		ct_out_begin(&run->out, run->tty, cli->fmt, t->name, cli->samples);
		ct_out_machine(&run->out, &run->m);
		if (cli->fmt == CT_FMT_TABLE && t->kernel_lines)
			t->kernel_lines(self, run, run->tty, &w.ser[0]);
		for (s = 0; s < nsteps; s++)
			for (i = 0; i < w.nk[s]; i++)
				ct_out_series(&run->out, w.place[s / run->nsteps],
					      &w.ser[s * w.slots + i]);
		ct_out_end(&run->out);
	}
	ct_term_close(run->tty, stdout);
	if (!t->streamed)
		for (s = 0; s < nsteps; s++) {
			ct_series_free(&w.ser[s * w.slots], w.nk[s]);
			if (t->free_jobs)
				t->free_jobs(self, &w.state[s * w.slots], w.nk[s]);
		}
	free(w.k);
	free(w.state);
	free(w.ser);
	free(w.nk);
	free(w.place);
	return CT_EXIT_OK;
}

/*
 * The whole --threads run: the machine description, the run (a failed
 * call exits 1 naming it), then every record on stdout; in the table
 * format header(f, a, arg) first says on f how the kernels ran (f is
 * stdout, or on a terminal what fits it: term.h).  Frees a.
 */
static int allcore_report(struct ct_allcore *a, const struct ct_harness *h,
			  const struct ct_allcore_kernel *ks, size_t nk, struct ct_cli *cli,
			  const char *tool,
			  void (*header)(FILE *f, const struct ct_allcore *a, void *arg),
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

int ct_kernel_tool_main(const struct ct_kernel_tool *t, void *self, int argc, char **argv)
{
	/* Static: a hook on a row's thread reads it while main() waits. */
	static struct ct_kernel_run run;
	struct ct_kernel_allcore ka;
	struct ct_getopt g;
	int c;

	ct_init(argv);
	ct_cli_init(&run.cli);
	ct_cli_isa_init(&run.ci);
	ct_getopt_init(&g, 0);
	ct_getopt_add(&g, t->opts, t->nopts);
	while ((c = ct_getopt_next(&g, argc, argv)) != -1)
		if (!t->option(self, c, optarg) &&
		    !(t->isa && ct_cli_isa_option(&run.ci, c, optarg)) &&
		    !ct_cli_option(&run.cli, c, optarg, t->usage))
			ct_usage_error("unhandled option");
	if (t->isa && run.ci.list) {
		ct_isa_print(stdout, run.cli.fmt);
		exit(CT_EXIT_OK);
	}
	t->options_done(self, &run.cli);
	run.allcore = ct_cli_finish(&run.cli, &run.h, argc, argv, &run.a);
	run.nisa = t->isa ? ct_cli_isa_finish(&run.ci, run.isas) : 0;
	run.nrows = ct_cli_rows(&run.cli);
	run.nsteps = 1;
	if (t->plan)
		t->plan(self, &run);
	if (run.allcore) {
		memset(&ka, 0, sizeof(ka));
		t->allcore(self, &run, &ka);
		return allcore_report(&run.a, &run.h, ka.ak, ka.n, &run.cli, t->name, ka.header,
					 ka.header_arg);
	}
	return run_rows(t, self, &run);
}
