/*
 * ct-place/run.c - ct-place's main job (src/ct-place/run.h): every
 * selected placement measured in interleaved rounds, the clock, FMA,
 * stream and chase kernels in each turn (src/ct-place/jobs.c), with the
 * progress line on stderr, then the files of -o DIR and the tables or
 * records on stdout.
 */
#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool/cli.h"
#include "workloads/clock.h"
#include "core/common.h"
#include "ct-place/placements.h"
#include "workloads/fma.h"
#include "platform/isa.h"
#include "machine/declared.h"
#include "measure/context.h"
#include "core/outfile.h"
#include "ct-place/run.h"
#include "ct-place/measure.h"
#include "ct-place/plan.h"
#include "tool/progress.h"
#include "core/term.h"
#include "workloads/stream.h"
#include "machine/topo.h"
#include "measure/rounds.h"

/* The harness and kernel settings of the placements side by side, from the options. */
static void placements_opts(const struct ct_placements_args *o, const struct ct_topo *t,
			    struct ct_placements_opts *co)
{
	int quick = o->cli->quick || ct_env_quick();
	char why[200];

	memset(co, 0, sizeof(*co));
	/* -r, -S, --precision and --max-time as every kernel tool has them. */
	ct_cli_harness(o->cli, &co->h);
	/* The kernels' work per sample is fixed here: the floor is ct-clock's and ct-fma's. */
	co->h.floor_ns = 0;
	co->quick = quick;
	co->turn_settle_ns = quick ? CT_ROUNDS_SETTLE_NS_QUICK : CT_ROUNDS_SETTLE_NS;
	co->isa = ct_isa_choose(o->isa_req);
	co->clock_adds = o->clock_adds ? o->clock_adds :
			 quick ? CT_CLOCK_ADDS_QUICK : CT_CLOCK_ADDS_DEFAULT;
	co->fma_passes = quick ? CT_FMA_PASSES_QUICK : CT_FMA_PASSES_DEFAULT;
	co->stream_bytes = ct_stream_default_size(t ? &t->usable : NULL, quick,
						  co->stream_reason, sizeof(co->stream_reason));
	/*
	 * The stream reader: what --isa and CT_ISA, CT_STREAM_LOOP leave is
	 * calibrated once over the array, on this thread (the main placement's),
	 * when the kernels are made: one reader under every placement, so that
	 * the placements' ratios compare placements, not kernels.
	 */
	co->stream_isa = co->isa;
	if (ct_stream_ask_from(o->isa_req, co->isa, NULL, &co->stream_ask, why, sizeof(why)) < 0)
		ct_usage_error("%s", why);
}

struct outputs {
	const struct ct_machine *m;
	const struct ct_topo *t;
	const struct ct_placements_results *res;
};

static void write_raw(FILE *f, void *arg)
{
	const struct outputs *w = arg;

	ct_placements_print(f, CT_FMT_JSON, 1, w->m, w->t, w->res);
}

static void write_md(FILE *f, void *arg)
{
	const struct outputs *w = arg;

	ct_placements_markdown(f, w->m, w->t, w->res);
}

static void write_svg(FILE *f, void *arg)
{
	const struct outputs *w = arg;

	ct_placements_svg(f, w->m, w->t, w->res);
}

/* Where the comparison is, for the progress line. */
struct place_progress {
	struct ct_progress pr;
	unsigned round;			/* 0-based */
	size_t position, members;	/* this turn (0-based) of members */
	const char *name;
	double start_s;			/* elapsed when the first round started */
	int started;
	unsigned reps;
	double precision_pct, max_s;
};

double ct_place_progress_left(const struct ct_harness_state *st, double run_s, unsigned round,
			      size_t position, size_t members, unsigned reps,
			      double precision_pct, double max_s)
{
	double done, turns = (double)members * (double)st->nkernels;

	if (precision_pct > 0)
		return max_s > 0 ? (max_s > run_s ? max_s - run_s : 0) : -1;
	done = ((double)round * turns + (double)position * (double)st->nkernels +
		(double)st->kernel + 1) / ((double)reps * turns);
	if (done > 0 && run_s > 0.5)
		return run_s / done * (1 - done);
	return -1;
}

/* "round 3 of 15, thread (2 of 5): fma, 4.2 s, about 11 s left". */
static void place_progress(void *arg, const struct ct_harness_state *st)
{
	struct place_progress *pp = arg;
	double run_s = ct_progress_elapsed(&pp->pr) - pp->start_s;
	double left = ct_place_progress_left(st, run_s, pp->round, pp->position, pp->members,
					     pp->reps, pp->precision_pct, pp->max_s);
	/* A placement's first sample is drawn at once: a short run may end within
	 * CT_PROGRESS_MIN_NS of its first turn. */
	int first = st->rep == 1 && st->kernel == 0;

	if (pp->precision_pct > 0) {
		ct_progress_show(&pp->pr, first, left, "round %u, %s (%zu of %zu): %s, +-%.2f%% of "
				 "+-%g%%", pp->round + 1, pp->name, pp->position + 1, pp->members,
				 st->k->name, st->worst_pct, pp->precision_pct);
		return;
	}
	ct_progress_show(&pp->pr, first, left, "round %u of %u, %s (%zu of %zu): %s", pp->round + 1,
			 pp->reps, pp->name, pp->position + 1, pp->members, st->k->name);
}

/* Before each placement's turn: where the rounds are. */
static void place_turn(void *arg, unsigned round, size_t position, size_t members,
		       const struct ct_placements_row *row)
{
	struct place_progress *pp = arg;

	if (!pp->started) {
		pp->start_s = ct_progress_elapsed(&pp->pr);
		pp->started = 1;
	}
	pp->round = round;
	pp->position = position;
	pp->members = members;
	pp->name = row->p.name;
	ct_progress_show(&pp->pr, round == 0, -1, "round %u of %u, %s (%zu of %zu)%s", round + 1,
			 pp->reps, row->p.name, position + 1, members,
			 row->p.kind == CT_PLACE_PROCESS_BACKGROUND ? ": in a clamped child" : "");
}

/*
 * One warning for every row whose cpu basis its brackets belie
 * (ct_cpu_basis_trust), its clocks named: the tables mark them '?'.
 */
static void untrusted_warning(struct ct_machine *m, const struct ct_placements_results *res)
{
	char list[640];
	size_t r, used = 0;

	list[0] = '\0';
	for (r = 0; r < res->n && used < sizeof(list) - 96; r++)
		if (res->rows[r].ran && res->trust[r].trust == CT_TRUST_NO)
			used += (size_t)snprintf(list + used, sizeof(list) - used,
						 "%s%s %.2f against %.2f GHz", used ? ", " : "",
						 res->rows[r].p.name, res->trust[r].cpu_clock_ghz,
						 res->trust[r].undisturbed_ghz);
	if (used)
		ct_machine_warn(m, "the cpu basis is not to be trusted at %s (the add chain per "
				"thread-CPU ns against its brackets' undisturbed clock, under %.0f%%): "
				"the thread was charged for time it did not run, and those rows' "
				"cpu-basis figures read low (marked '?'; coretype(7))", list,
				100 * CT_CPU_BASIS_TRUST);
}

int ct_placements_side_by_side(const struct ct_placements_args *o, const struct ct_topo *t)
{
	struct ct_placement plan[CT_PLACE_MAX], sel[CT_PLACE_MAX];
	struct ct_placements_row *rows;
	struct ct_placements_kernels *ck;
	struct ct_job k[CT_NJOBS];
	struct ct_placements_opts co;
	struct ct_machine m;
	struct ct_placements_results res;
	struct ct_placements_design design;
	struct outputs w;
	struct place_progress pp;
	size_t n = ct_place_plan(t, plan, CT_PLACE_MAX), i;
	char why[640];
	int j;

	n = ct_place_select(o->placements, plan, n, sel);
	placements_opts(o, t, &co);
	/* Fail before measuring, not after ten seconds of it. */
	if (o->outdir && ct_outdir_ready(o->outdir, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
	/* The re-run of process-background declares the kinds this run does. */
	if (ct_kinds_export() < 0)
		err(CT_EXIT_FAIL, "cannot pass the declared kinds to the re-run");
	ct_machine_describe(&m);
	/* Kinds that a quick measurement contradicts make every figure below suspect. */
	if (ct_place_kinds_quick(t, why, sizeof(why)))
		ct_machine_warn(&m, "the kinds disagree with a quick measurement (see ct-place -l "
				"--measure): %s", why);
	ck = ct_placements_kernels_new(&co, k);
	/* The re-run of process-background reads with the reader chosen here. */
	co.stream_isa = ct_stream_isa(k[CT_JOB_STREAM].ctx);
	co.stream_ask.isa = (int)co.stream_isa;
	co.stream_ask.loop = (int)ct_stream_loop(k[CT_JOB_STREAM].ctx);
	rows = ct_xcalloc(n, sizeof(*rows));
	/* The progress line, and at once what the run will do. */
	memset(&pp, 0, sizeof(pp));
	ct_progress_init(&pp.pr, stderr, o->progress);
	pp.reps = co.h.reps;
	pp.precision_pct = co.h.precision_pct;
	pp.max_s = (double)co.h.max_ns / 1e9;
	if (pp.pr.on) {
		char jobs[256];
		size_t used = 0;

		jobs[0] = '\0';
		for (j = 0; j < CT_NJOBS && used < sizeof(jobs); j++)
			used += (size_t)snprintf(jobs + used, sizeof(jobs) - used, "%s%s (%s)",
						 j ? ", " : "", k[j].name, k[j].isa);
		ct_progress_note(&pp.pr, "%s: %zu placement%s x %s; %u interleaved rounds%s",
				 ct_progname(), n, n == 1 ? "" : "s", jobs, co.h.reps,
				 co.h.precision_pct > 0 ? " at least, until the precision" : "");
		co.h.progress = place_progress;
		co.h.progress_arg = &pp;
		co.turn = place_turn;
		co.turn_arg = &pp;
	}
	for (i = 0; i < n; i++) {
		rows[i].p = sel[i];
		for (j = 0; j < CT_NJOBS; j++)
			rows[i].k[j] = k[j];
	}
	design.seed = ct_rounds_seed();
	if (ct_placements_measure(&co, t, rows, n, &design, why, sizeof(why)) < 0) {
		ct_progress_clear(&pp.pr);
		errx(CT_EXIT_FAIL, "%s", why);
	}
	for (i = 0; i < n; i++)
		if (rows[i].ran)
			ct_machine_note(&m, rows[i].p.name, rows[i].ser, CT_NJOBS);
	/* Erased before any warning or result. */
	ct_progress_clear(&pp.pr);
	ct_machine_finish(&m, 1);
	/* Every output shows the same results, computed once. */
	ct_placements_results(rows, n, &res);
	res.quick = co.quick;
	res.design = design;
	untrusted_warning(&m, &res);
	/*
	 * The files first, both or neither: a directory that fills up fails
	 * the run before anything reaches stdout, so no result is half there.
	 */
	if (o->outdir) {
		static const struct ct_outfile files[] = {
			{ "raw.txt", write_raw },
			{ "summary.md", write_md },
			{ "summary.svg", write_svg },
		};

		w.m = &m;
		w.t = t;
		w.res = &res;
		if (ct_write_files(o->outdir, files, CT_ARRAY_SIZE(files), &w, why,
				   sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
	}
	{
		/* A table on a terminal: its long lines wrapped to fit (term.h). */
		FILE *out = o->fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;

		ct_placements_print(out, o->fmt, o->cli->samples, &m, t, &res);
		ct_term_close(out, stdout);
	}
	ct_placements_results_free(&res);
	for (i = 0; i < n; i++)
		ct_series_free(rows[i].ser, CT_NJOBS);
	free(rows);
	ct_placements_kernels_free(ck);
	return CT_EXIT_OK;
}
