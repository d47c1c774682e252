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
#include "measure/rounds.h"
#include "platform/os.h"
#include "platform/place.h"
#include "report/allcore.h"
#include "report/isa.h"
#include "report/paired.h"
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

/*
 * --- Several cpus of -c: measured in interleaved rounds (measure/rounds.h),
 * step by step, each cpu a placed worker; then each cpu's ratio to the
 * first's, paired by round (report/paired.h). ---
 */

/* A row's step: its worker makes its jobs in its own thread. */
struct row_step {
	struct rows *w;
	size_t r, z, at, n;
	struct ct_harness h;
	char place[32];
};

static void make_jobs(void *arg)
{
	struct row_step *rs = arg;
	struct rows *w = rs->w;
	struct ct_kernel_run *run = w->run;

	run->row = rs->r;
	run->cli.step = rs->r * run->nsteps + rs->z;
	snprintf(run->cli.placement, sizeof(run->cli.placement), "%s", rs->place);
	rs->h = run->h;
	rs->n = w->t->jobs(w->self, run, rs->z, &w->k[rs->at], &w->state[rs->at], &rs->h);
}

/* The kernel's own size_bytes field (ct-stream's arrays), 0 without. */
static uint64_t job_size(const struct ct_job *k)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, "size_bytes") == 0)
			return (uint64_t)k->fields[i].num;
	return 0;
}

/* Step z of every row in rounds; the pairs of each row against row 0 appended to *pairs. */
static void step_in_rounds(struct rows *w, size_t z, uint64_t seed, struct row_step *rs,
			   struct ct_out_paired_rec **pairs, size_t *npairs)
{
	const struct ct_kernel_tool *t = w->t;
	struct ct_kernel_run *run = w->run;
	struct ct_cli *cli = &run->cli;
	size_t nr = run->nrows, r, i, *order = ct_xcalloc(nr, sizeof(*order));
	struct ct_worker *wk = ct_xcalloc(nr, sizeof(*wk));
	struct ct_placement p;
	char how[160], why[512];
	uint64_t start;
	unsigned round;
	int stop = -1, s;
	double worst;

	for (r = 0; r < nr; r++) {
		ct_cli_row_placement(cli, r, &p);
		rs[r].w = w;
		rs[r].r = r;
		rs[r].z = z;
		rs[r].at = (t->streamed ? r : r * run->nsteps + z) * w->slots;
		snprintf(rs[r].place, sizeof(rs[r].place), "%s", cli->placement);
		snprintf(w->place[r], sizeof(w->place[r]), "%s", cli->placement);
		if (ct_worker_start(&wk[r], &p, how, sizeof(how), why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
		ct_worker_call(&wk[r], make_jobs, &rs[r]);
	}
	/* Streamed: the machine lines once the first step's data are made. */
	if (t->streamed && z == 0) {
		ct_machine_describe(&run->m);
		ct_out_begin(&run->out, run->tty, cli->fmt, t->name, cli->samples);
		ct_out_start(&run->out, &run->m);
		if (t->started)
			t->started(w->self, run);
	}
	for (r = 0; r < nr; r++) {
		snprintf(cli->placement, sizeof(cli->placement), "%s", rs[r].place);
		cli->step = r * run->nsteps + z;
		if (ct_worker_begin(&wk[r], &rs[r].h, &w->k[rs[r].at], rs[r].n, &w->ser[rs[r].at],
				    why, sizeof(why)) < 0)
			ct_cli_harness_failed(-1, why, t->hint ? t->hint : "");
	}
	start = ct_now_ns();
	for (round = 0; stop < 0; round++) {
		ct_rounds_order(seed, round, nr, order);
		for (i = 0; i < nr; i++) {
			r = order[i];
			run->row = r;
			cli->step = r * run->nsteps + z;
			snprintf(cli->placement, sizeof(cli->placement), "%s", rs[r].place);
			if (ct_worker_round(&wk[r], round, (unsigned)i + 1, 0, why, sizeof(why)) < 0)
				ct_cli_harness_failed(-1, why, t->hint ? t->hint : "");
		}
		if (round == 0)
			for (r = 0; r < nr; r++)
				if (rs[r].h.floor_ns &&
				    ct_harness_too_short(&rs[r].h, &w->k[rs[r].at], rs[r].n,
							 &w->ser[rs[r].at], why, sizeof(why)))
					ct_cli_harness_failed(CT_HARNESS_TOO_SHORT, why,
							      t->hint ? t->hint : "");
		/* Every cpu's series as the harness would stop it alone. */
		stop = CT_STOP_REPS;
		for (r = 0; r < nr && stop >= 0; r++) {
			s = ct_harness_should_stop(&rs[r].h, &w->ser[rs[r].at], rs[r].n,
						   ct_now_ns() - start, &worst);
			if (s < 0 || r == 0)
				stop = s;
		}
	}
	for (r = 0; r < nr; r++)
		ct_worker_stop(&wk[r], 1, (enum ct_stop)stop);
	/* Each cpu against the first, kernel by kernel. */
	for (r = 1; r < nr; r++)
		for (i = 0; i < rs[r].n && i < rs[0].n; i++) {
			struct ct_out_paired_rec *q;

			*pairs = ct_xrealloc(*pairs, (*npairs + 1) * sizeof(**pairs));
			q = &(*pairs)[(*npairs)++];
			memset(q, 0, sizeof(*q));
			q->tool = t->name;
			q->placement = w->place[r];
			q->against = w->place[0];
			snprintf(q->kernel, sizeof(q->kernel), "%s", w->k[rs[r].at + i].name);
			snprintf(q->isa, sizeof(q->isa), "%s", w->k[rs[r].at + i].isa);
			q->size_bytes = job_size(&w->k[rs[r].at + i]);
			q->seed = seed;
			q->alpha = 0.05;
			ct_results_pair(&q->r, &w->ser[rs[r].at + i], &w->ser[rs[0].at + i], q->alpha,
					&q->pc);
		}
	free(order);
	free(wk);
}

/* Each row's steps one after another: -c of one cpu, or none. */
static void rows_in_turn(struct rows *w)
{
	struct ct_kernel_run *run = w->run;
	size_t r;

	for (r = 0; r < run->nrows; r++) {
		run->row = r;
		ct_cli_run_row(&run->cli, r, run_row, w);
	}
}

/* Several cpus: step by step, every cpu in the same rounds; the pairs into *pairs. */
static void rows_in_rounds(struct rows *w, struct ct_out_paired_rec **pairs, size_t *npairs)
{
	const struct ct_kernel_tool *t = w->t;
	struct ct_kernel_run *run = w->run;
	struct ct_cli *cli = &run->cli;
	size_t nr = run->nrows, z, r;
	struct row_step *rs = ct_xcalloc(nr, sizeof(*rs));
	uint64_t seed = ct_rounds_seed();

	for (z = 0; z < run->nsteps; z++) {
		step_in_rounds(w, z, seed, rs, pairs, npairs);
		for (r = 0; r < nr; r++) {
			ct_machine_note(&run->m, w->place[r], &w->ser[rs[r].at], rs[r].n);
			w->nk[r * run->nsteps + z] = rs[r].n;
		}
		if (!t->streamed)
			continue;
		/* Erased before a result; each cpu's results of this step, in -c's order. */
		ct_cli_progress_clear(cli);
		for (r = 0; r < nr; r++) {
			run->row = r;
			snprintf(cli->placement, sizeof(cli->placement), "%s", w->place[r]);
			t->step_done(w->self, run, z, &w->state[rs[r].at], &w->ser[rs[r].at], rs[r].n);
			ct_series_free(&w->ser[rs[r].at], rs[r].n);
			if (t->free_jobs)
				t->free_jobs(w->self, &w->state[rs[r].at], rs[r].n);
		}
	}
	free(rs);
}

/*
 * Every row, then the records: each placement (the cpu of -c) in turn, or
 * with several cpus all of them in interleaved rounds, each against the
 * first in the paired records after the others.
 */
static int run_rows(const struct ct_kernel_tool *t, void *self, struct ct_kernel_run *run)
{
	struct ct_cli *cli = &run->cli;
	int rounds = run->nrows > 1;
	size_t nsteps = run->nrows * run->nsteps;
	size_t kept = !t->streamed ? nsteps : rounds ? run->nrows : 1;
	struct ct_out_paired_rec *pairs = NULL;
	size_t npairs = 0, s, i;
	struct rows w;

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
	if (rounds)
		rows_in_rounds(&w, &pairs, &npairs);
	else
		rows_in_turn(&w);
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
	ct_out_paired(run->tty, cli->fmt, pairs, npairs);
	ct_term_close(run->tty, stdout);
	free(pairs);
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
