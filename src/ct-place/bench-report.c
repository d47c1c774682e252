/*
 * ct-place/bench-report.c - ct-place --bench written out: a record per
 * run (bench_run, JSON Lines), a record per command, placement and basis
 * (bench_summary: the table, TSV, JSON Lines, summary.md) and, with
 * several commands, one per later command against the first under each
 * placement and basis (bench_versus), each kind described once in its
 * field table (records/kinds.c) and written by records/record.c.
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mann-whitney.h"
#include "core/common.h"
#include "records/kinds.h"
#include "measure/harness.h"
#include "report/report.h"
#include "ct-place/bench.h"

/* --- bench_run: one timed run of CMD. --- */

struct run_rec {
	const struct ct_bench_row *row;
	const struct ct_bench_run *r;
};



static void run_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct run_rec *x = rec;
	const struct ct_bench_run *r = x->r;

	(void)out;
	switch ((enum ct_bench_run_field)id) {
	case BR_TOOL:
		v->str = "ct-place";
		break;
	case BR_PLACEMENT:
		v->str = x->row->p.name;
		break;
	case BR_ROUND:
		v->i = r->round;
		break;
	case BR_ORDER:
		v->i = r->order;
		break;
	case BR_WALL:
		v->num = (double)r->wall_ns / 1e9;
		break;
	case BR_CPU:
		v->num = (double)(r->user_ns + r->sys_ns) / 1e9;
		break;
	case BR_USER:
		v->num = (double)r->user_ns / 1e9;
		break;
	case BR_SYS:
		v->num = (double)r->sys_ns / 1e9;
		break;
	case BR_EXEC:
		v->num = (double)r->exec_cpu_ns / 1e9;
		break;
	case BR_SHARE:
		v->num = r->wall_ns ? (double)(r->user_ns + r->sys_ns) / (double)r->wall_ns : NAN;
		break;
	case BR_WAIT:
		v->num = r->lost_known ? (double)r->wait_ns / 1e9 : NAN;
		break;
	case BR_STEAL:
		v->num = r->lost_known ? (double)r->steal_ns / 1e9 : NAN;
		break;
	case BR_LOST:
		v->num = r->lost_known ? (double)ct_bench_run_lost_ns(r) / 1e9 : NAN;
		break;
	case BR_LOST_SHARE:
		v->num = r->lost_known ? ct_lost_share(r->wall_ns, r->user_ns + r->sys_ns,
						       ct_bench_run_lost_ns(r)) : NAN;
		break;
	case BR_DISTURBED:
		v->i = ct_bench_run_disturbed(r);
		break;
	case BR_STATUS:
		v->i = r->status;
		break;
	case BR_KIND_P:
	case BR_KIND_E:
	case BR_KIND_LP:
		v->num = (double)r->kind_ns[id - BR_KIND_P] / 1e9;
		break;
	case BR_METHOD:
		v->str = r->method;
		break;
	case BR_COMMAND_INDEX:
		v->i = x->row->cmd + 1;
		break;
	}
}

const struct ct_rec_kind ct_rec_bench_run = {
	"bench_run", ct_bench_run_fields, CT_BENCH_RUN_NFIELDS, run_value, 0
};

/* Command k (from 0) as one line. */
static const char *command_line(const struct ct_bench_doc *d, size_t k)
{
	return d->commands && k < d->ncmd ? d->commands[k] : d->command;
}

/* How many commands the bench ran. */
static size_t commands(const struct ct_bench_doc *d)
{
	return d->commands && d->ncmd > 1 ? d->ncmd : 1;
}

/* --- bench_summary: a command's runs under a placement, on one basis. --- */

struct sum_rec {
	const struct ct_bench_doc *d;
	size_t row;
	enum ct_bench_basis basis;
};



static void sum_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct sum_rec *x = rec;
	const struct ct_bench_results *res = x->d->res;
	const struct ct_bench_row *row = &res->rows[x->row];
	const struct ct_bench_summary *s = &res->s[x->row];
	const struct ct_bench_figures *f = &s->b[x->basis];

	switch ((enum ct_bench_summary_field)id) {
	case BS_TOOL:
		v->str = "ct-place";
		break;
	case BS_PLACEMENT:
		v->str = row->p.name;
		break;
	case BS_BASIS:
		v->str = ct_bench_basis_name(x->basis);
		break;
	case BS_RUNS:
		v->i = row->n;
		break;
	case BS_MEDIAN:
		v->num = f->st.median;
		break;
	case BS_MIN:
		v->num = f->st.min;
		break;
	case BS_MAX:
		v->num = f->st.max;
		break;
	case BS_MEAN:
		v->num = f->st.mean;
		break;
	case BS_SD:
		v->num = f->st.sd;
		break;
	case BS_MEAN_SD: {
		/* Each in the unit that fits it: "53.62 ms +- 512.3 µs". */
		char sd[64];

		ct_rec_time_text(v->buf, sizeof(v->buf) / 2, f->st.mean);
		ct_rec_time_text(sd, sizeof(sd), f->st.sd);
		if (!isnan(f->st.sd))
			snprintf(v->buf + strlen(v->buf), sizeof(v->buf) / 2, " +- %s", sd);
		v->str = v->buf;
		break;
	}
	case BS_OUTLIERS:
		v->i = f->outliers;
		break;
	case BS_OUTLIER_BOUND:
		v->num = f->bound;
		break;
	case BS_COMMAND_INDEX:
		v->i = row->cmd + 1;
		break;
	case BS_CV:
		v->num = f->st.cv_pct;
		break;
	case BS_CI_LOW:
		v->num = f->ci_lo;
		break;
	case BS_CI_HIGH:
		v->num = f->ci_hi;
		break;
	case BS_INTERVAL:
		v->omit = isnan(f->ci_lo);
		ct_rec_time_range(v->buf, sizeof(v->buf), f->ci_lo, f->ci_hi);
		v->str = v->buf;
		break;
	case BS_SHARE:
		v->num = s->share;
		break;
	case BS_LOST_SHARE:
		v->num = s->lost_share;
		/* A placement with a disturbed run is marked: '-*' where the loss is not known. */
		if (out & CT_REC_TEXT) {
			if (isnan(s->lost_share))
				snprintf(v->buf, sizeof(v->buf), "-%s", s->disturbed ? "*" : "");
			else
				snprintf(v->buf, sizeof(v->buf), "%.1f%s", 100 * s->lost_share,
					 s->disturbed ? "*" : "");
			v->str = v->buf;
		}
		break;
	case BS_DISTURBED:
		v->i = s->disturbed;
		break;
	case BS_FAILED:
		v->i = s->failed;
		break;
	case BS_RATIO:
		v->num = f->ratio;
		break;
	case BS_RATIO_LOW:
		v->num = f->ratio_lo;
		break;
	case BS_RATIO_HIGH:
		v->num = f->ratio_hi;
		break;
	case BS_RATIO_INTERVAL:
		v->omit = isnan(f->ratio_lo);
		snprintf(v->buf, sizeof(v->buf), "%.3f .. %.3f", f->ratio_lo, f->ratio_hi);
		v->str = v->buf;
		break;
	case BS_P:
		v->num = f->p;
		if ((out & CT_REC_TEXT) && f->p < 0.001)
			v->str = "<0.001";
		break;
	case BS_VERDICT:
		v->null = f->verdict == CT_BENCH_NO_VERDICT;
		v->str = ct_bench_verdict_name(f->verdict);
		break;
	case BS_KINDS:
		v->str = s->kinds;
		break;
	case BS_SPLIT:
		v->str = s->split[0] ? s->split : "unknown";
		break;
	case BS_KIND_P:
	case BS_KIND_E:
	case BS_KIND_LP:
		v->num = s->kind_s[id - BS_KIND_P];
		break;
	case BS_COMMAND:
		v->str = command_line(x->d, row->cmd);
		break;
	case BS_HOW:
		v->str = row->p.note;
		break;
	}
}

const struct ct_rec_kind ct_rec_bench_summary = {
	"bench_summary", ct_bench_summary_fields, CT_BENCH_SUMMARY_NFIELDS, sum_value, 0
};

/* --- bench_versus: a command against the first, under a placement, on one basis. --- */

static void versus_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct sum_rec *x = rec;
	const struct ct_bench_results *res = x->d->res;
	const struct ct_bench_row *row = &res->rows[x->row];
	const struct ct_bench_summary *s = &res->s[x->row];
	const struct ct_bench_test *t = &s->b[x->basis].first;

	switch ((enum ct_bench_versus_field)id) {
	case BV_TOOL:
		v->str = "ct-place";
		break;
	case BV_BASIS:
		v->str = ct_bench_basis_name(x->basis);
		break;
	case BV_PLACEMENT:
		v->str = row->p.name;
		break;
	case BV_COMMAND_INDEX:
		v->i = row->cmd + 1;
		break;
	case BV_AGAINST_INDEX:
		v->i = 1;
		break;
	case BV_RUNS:
		v->i = row->n;
		break;
	case BV_MEDIAN:
		v->num = s->b[x->basis].st.median;
		break;
	case BV_AGAINST_MEDIAN:
		v->num = res->s[s->first_row].b[x->basis].st.median;
		break;
	case BV_RATIO:
		v->num = t->ratio;
		break;
	case BV_RATIO_LOW:
		v->num = t->lo;
		break;
	case BV_RATIO_HIGH:
		v->num = t->hi;
		break;
	case BV_RATIO_INTERVAL:
		v->omit = isnan(t->lo);
		snprintf(v->buf, sizeof(v->buf), "%.3f .. %.3f", t->lo, t->hi);
		v->str = v->buf;
		break;
	case BV_P:
		v->num = t->p;
		if ((out & CT_REC_TEXT) && t->p < 0.001)
			v->str = "<0.001";
		break;
	case BV_VERDICT:
		v->null = t->verdict == CT_BENCH_NO_VERDICT;
		v->str = ct_bench_verdict_name(t->verdict);
		break;
	case BV_COMMAND:
		v->str = command_line(x->d, row->cmd);
		break;
	case BV_AGAINST:
		v->str = command_line(x->d, 0);
		break;
	}
}

static const struct ct_rec_kind ct_rec_bench_versus = {
	"bench_versus", ct_bench_versus_fields, CT_BENCH_VERSUS_NFIELDS, versus_value, 0
};

/* Every command after the first against it, each placement, each basis: out's records. */
static void versus_rows(FILE *f, unsigned out, const struct ct_bench_doc *d)
{
	struct ct_rec_writer w;
	struct sum_rec rec = { d, 0, CT_BENCH_WALL };

	ct_rec_begin(&w, f, out, &ct_rec_bench_versus);
	for (rec.basis = 0; rec.basis < CT_BENCH_NBASES; rec.basis++)
		for (rec.row = 0; rec.row < d->res->n; rec.row++)
			if (d->res->s[rec.row].first_row >= 0)
				ct_rec_write(&w, &rec);
	ct_rec_end(&w);
}

/* The rows of one basis, as out (the table, Markdown, TSV). */
static void basis_rows(FILE *f, unsigned out, const struct ct_bench_doc *d,
		       enum ct_bench_basis b)
{
	struct ct_rec_writer w;
	struct sum_rec rec = { d, 0, b };

	ct_rec_begin(&w, f, out, &ct_rec_bench_summary);
	/* The command's column where there are several. */
	if ((out & CT_REC_TEXT) && commands(d) == 1)
		ct_rec_hide(&w, BS_COMMAND_INDEX);
	for (rec.row = 0; rec.row < d->res->n; rec.row++)
		ct_rec_write(&w, &rec);
	ct_rec_end(&w);
}

static const char *const titles[CT_BENCH_NBASES] = {
	"wall: elapsed time from the start of CMD to its reaping (CLOCK_MONOTONIC_RAW)",
	"cpu: the user and system time of CMD's process tree from its exec on (rusage of the "
	"reaped children, less the fork's and the exec's)"
};

/* What was run and how, in a line or two (a line per command). */
static void run_lines(const struct ct_doc *t, const struct ct_bench_doc *d)
{
	size_t k, n = commands(d);
	char num[24] = "";

	for (k = 0; k < n; k++) {
		if (n > 1)
			snprintf(num, sizeof(num), " %zu", k + 1);
		ct_doc_line(t, "command%s: %s%s%s", num, d->shell ? d->shell : "",
			    d->shell ? " -c " : "", command_line(d, k));
	}
	ct_doc_line(t, "runs: %u per %splacement in interleaved rounds (the order rotated each "
		    "round), after %u warm-up run%s each%s%s%s%s", d->runs,
		    n > 1 ? "command and " : "", d->warmup, d->warmup == 1 ? "" : "s",
		    d->prepare ? "; --prepare " : "", d->prepare ? d->prepare : "",
		    d->cleanup ? "; --cleanup " : "", d->cleanup ? d->cleanup : "");
}

static void legend(const struct ct_doc *t, const struct ct_bench_doc *d)
{
	ct_doc_line(t, "mean +- sd: the mean and the sample standard deviation (n - 1) of the "
		    "runs' times;");
	ct_doc_line(t, "x main = the median over main's median%s; x interval: Hodges-Lehmann "
		    "(Moses) 95%% on the log ratios;", commands(d) > 1 ? " (the same command's)" : "");
	if (commands(d) > 1)
		ct_doc_line(t, "x against = a command's median over command 1's under the same "
			    "placement, its interval, p and verdict likewise;");
	ct_doc_line(t, "p: two-sided Mann-Whitney U against main; verdict slower or faster where "
		    "p < %g and the x interval is beyond 1 +- %.0f%%, '~' where not, no p and no "
		    "verdict under %d runs a side;", CT_BENCH_ALPHA, 100 * CT_COMPARE_THRESHOLD,
		    CT_BENCH_MIN_RUNS);
	ct_doc_line(t, "share: CPU time over wall time of all runs (a command that sleeps or "
		    "waits has a low one);");
	ct_doc_line(t, "lost%%: what others took from the runs (run-queue wait, steal) over their "
		    "wall time, * some runs lost over %.0f%% (disturbed);", 100 * CT_LOST_SHARE_MAX);
	ct_doc_line(t, "ran on: the tree's CPU time by kind");
}

/* Each placement and how it is asked for. */
static void placement_list(const struct ct_doc *t, const struct ct_bench_doc *d)
{
	struct ct_doc_list l;
	size_t r;

	ct_doc_list_begin(&l, t, "placements", 0);
	/* Each once: every command has the same. */
	for (r = 0; r < d->res->n; r++)
		if (!d->res->rows[r].cmd)
			ct_doc_item(&l, d->res->rows[r].p.name, "%s", d->res->rows[r].p.note);
	ct_doc_list_end(&l);
}

/*
 * The warnings: the machine's, then each slow outlier of a command under
 * a placement on the wall basis (the time a user waits), as hyperfine
 * warns: a first run that filled a cache, or runs beyond the bound.
 */
struct warnings {
	const struct ct_machine *m;
	char **text;
	size_t n;
};

static const char *warning(const void *arg, size_t i)
{
	const struct warnings *w = arg;

	return i < w->m->nwarnings ? ct_machine_warning(w->m, i) : w->text[i - w->m->nwarnings];
}

static char *outlier_text(const struct ct_bench_doc *d, size_t r)
{
	const struct ct_bench_row *row = &d->res->rows[r];
	const struct ct_bench_figures *f = &d->res->s[r].b[CT_BENCH_WALL];
	double med = f->st.median, first = (double)row->runs[0].wall_ns / 1e9;
	double worst = (double)row->runs[f->worst].wall_ns / 1e9;
	char who[96], text[512], t_first[32], t_worst[32], t_med[32], t_bound[32];

	if (commands(d) > 1)
		snprintf(who, sizeof(who), "command %u under %s", row->cmd + 1, row->p.name);
	else
		snprintf(who, sizeof(who), "%s", row->p.name);
	ct_rec_time_text(t_first, sizeof(t_first), first);
	ct_rec_time_text(t_worst, sizeof(t_worst), worst);
	ct_rec_time_text(t_med, sizeof(t_med), med);
	ct_rec_time_text(t_bound, sizeof(t_bound), f->bound);
	if (f->first_out)
		snprintf(text, sizeof(text), "%s: the first timed run took %s, %.1f x the median %s "
			 "(a cache it filled? more --warmup runs, or --prepare to empty it before "
			 "every run)%s", who, t_first, first / med, t_med,
			 f->outliers > 1 ? "; other runs beyond the outlier bound too" : "");
	else
		snprintf(text, sizeof(text), "%s: statistical outliers, %u of %u runs above %s (the "
			 "median + %.0f scaled MADs): the slowest, round %u, took %s, %.2f x the "
			 "median %s (a busy machine? more --warmup runs?)", who, f->outliers, row->n,
			 t_bound, CT_BENCH_OUTLIER_MADS, row->runs[f->worst].round, t_worst,
			 worst / med, t_med);
	return ct_xstrdup(text);
}

static void bench_warnings(const struct ct_doc *t, const struct ct_bench_doc *d)
{
	struct warnings w;
	size_t r;

	w.m = d->m;
	w.n = 0;
	w.text = ct_xcalloc(d->res->n ? d->res->n : 1, sizeof(*w.text));
	for (r = 0; r < d->res->n; r++)
		if (d->res->s[r].b[CT_BENCH_WALL].outliers)
			w.text[w.n++] = outlier_text(d, r);
	ct_doc_warnings(t, d->m->nwarnings + w.n, warning, &w);
	for (r = 0; r < w.n; r++)
		free(w.text[r]);
	free(w.text);
}

/* The commands against the first, where there are several: a section and its table. */
static void versus_section(const struct ct_doc *t, FILE *f, unsigned out,
			   const struct ct_bench_doc *d)
{
	if (commands(d) < 2)
		return;
	ct_doc_section(t, "commands, each against command 1 under the same placement "
		       "(x against: its median over command 1's)");
	versus_rows(f, out, d);
}

static void print_table(FILE *f, const struct ct_bench_doc *d)
{
	struct ct_doc t;
	int b;

	ct_doc_init(&t, f, CT_REC_TABLE, "");
	ct_out_machine_lines(f, "ct-place", "", d->m);
	run_lines(&t, d);
	for (b = 0; b < CT_BENCH_NBASES; b++) {
		ct_doc_section(&t, "basis %s", titles[b]);
		basis_rows(f, CT_REC_TABLE, d, (enum ct_bench_basis)b);
	}
	versus_section(&t, f, CT_REC_TABLE, d);
	ct_doc_blank(&t);
	legend(&t, d);
	placement_list(&t, d);
	bench_warnings(&t, d);
}

static void print_tsv(FILE *f, const struct ct_bench_doc *d)
{
	struct ct_rec_writer w;
	struct sum_rec rec = { d, 0, CT_BENCH_WALL };

	ct_rec_begin(&w, f, CT_REC_TSV, &ct_rec_bench_summary);
	for (rec.row = 0; rec.row < d->res->n; rec.row++)
		for (rec.basis = 0; rec.basis < CT_BENCH_NBASES; rec.basis++)
			ct_rec_write(&w, &rec);
	ct_rec_end(&w);
	/* The commands against the first: a second block, after a blank line. */
	if (commands(d) > 1) {
		ct_doc_gap(f);
		versus_rows(f, CT_REC_TSV, d);
	}
}

/* Runs in the order they ran: by round, then by their place in it. */
static int run_order(const void *pa, const void *pb)
{
	const struct ct_bench_run *a = ((const struct run_rec *)pa)->r;
	const struct ct_bench_run *b = ((const struct run_rec *)pb)->r;

	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* The machine record, every run in the order of the rounds, then the summaries. */
static void print_json(FILE *f, const struct ct_bench_doc *d)
{
	const struct ct_bench_results *res = d->res;
	struct ct_rec_writer w;
	struct ct_out o;
	struct sum_rec rec = { d, 0, CT_BENCH_WALL };
	struct run_rec *runs;
	size_t r, k = 0, nruns = 0;
	unsigned i;

	ct_out_begin(&o, f, CT_FMT_JSON, "ct-place", 0);
	ct_out_machine(&o, d->m);
	for (r = 0; r < res->n; r++)
		nruns += res->rows[r].n;
	runs = ct_xcalloc(nruns ? nruns : 1, sizeof(*runs));
	for (r = 0; r < res->n; r++)
		for (i = 0; i < res->rows[r].n; i++) {
			runs[k].row = &res->rows[r];
			runs[k++].r = &res->rows[r].runs[i];
		}
	qsort(runs, nruns, sizeof(*runs), run_order);
	ct_rec_begin(&w, f, CT_REC_JSON, &ct_rec_bench_run);
	for (k = 0; k < nruns; k++)
		ct_rec_write(&w, &runs[k]);
	ct_rec_end(&w);
	free(runs);
	ct_rec_begin(&w, f, CT_REC_JSON, &ct_rec_bench_summary);
	for (rec.row = 0; rec.row < res->n; rec.row++)
		for (rec.basis = 0; rec.basis < CT_BENCH_NBASES; rec.basis++)
			ct_rec_write(&w, &rec);
	ct_rec_end(&w);
	if (commands(d) > 1)
		versus_rows(f, CT_REC_JSON, d);
}

void ct_bench_print(FILE *f, enum ct_format fmt, const struct ct_bench_doc *d)
{
	switch (fmt) {
	case CT_FMT_TABLE:
		print_table(f, d);
		break;
	case CT_FMT_TSV:
		print_tsv(f, d);
		break;
	case CT_FMT_JSON:
		print_json(f, d);
		break;
	}
}

void ct_bench_markdown(FILE *f, const struct ct_bench_doc *d)
{
	struct ct_doc t, code;
	int b;

	/* The lines of text as a code block (indented), the lists as Markdown's. */
	ct_doc_init(&t, f, CT_REC_MD, "");
	ct_doc_init(&code, f, CT_REC_MD, "    ");
	ct_doc_title(&t, "coretype: a command under every placement");
	ct_out_machine_lines(f, "ct-place", "    ", d->m);
	run_lines(&code, d);
	for (b = 0; b < CT_BENCH_NBASES; b++) {
		ct_doc_section(&t, "basis %s", titles[b]);
		basis_rows(f, CT_REC_MD, d, (enum ct_bench_basis)b);
	}
	versus_section(&t, f, CT_REC_MD, d);
	ct_doc_blank(&t);
	legend(&code, d);
	placement_list(&t, d);
	bench_warnings(&t, d);
}
