/*
 * ct-place/bench-results.c - ct-place --bench's results step: every
 * command's runs under every placement summarised on each basis (median,
 * mean and sd, min, max, the slow outliers), held against the same
 * command's unplaced runs and against the first command's under the same
 * placement with ct-compare's statistics (core/mann-whitney.h: the U test
 * and the Hodges-Lehmann interval of the ratio), and the kinds its CPU
 * time went to.  The writers (bench-report.c, bench-chart.c) only format
 * what this computes.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mann-whitney.h"
#include "core/common.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "core/stats.h"
#include "ct-place/bench.h"

const char *ct_bench_basis_name(enum ct_bench_basis b)
{
	return b == CT_BENCH_WALL ? "wall" : "cpu";
}

const char *ct_bench_verdict_name(enum ct_bench_verdict v)
{
	switch (v) {
	case CT_BENCH_NO_VERDICT:
		break;
	case CT_BENCH_SAME:
		return "~";
	case CT_BENCH_SLOWER:
		return "slower";
	case CT_BENCH_FASTER:
		return "faster";
	}
	return "-";
}

uint64_t ct_bench_run_lost_ns(const struct ct_bench_run *r)
{
	return r->lost_known ? r->wait_ns + r->steal_ns : 0;
}

int ct_bench_run_disturbed(const struct ct_bench_run *r)
{
	uint64_t cpu = r->user_ns + r->sys_ns;

	return r->lost_known ? ct_lost_disturbed(r->wall_ns, cpu, ct_bench_run_lost_ns(r))
			     : ct_share_disturbed(r->wall_ns, cpu);
}

/* A run's time on a basis, in seconds. */
static double run_s(const struct ct_bench_run *r, enum ct_bench_basis b)
{
	return (double)(b == CT_BENCH_WALL ? r->wall_ns : r->user_ns + r->sys_ns) / 1e9;
}

static double *times(const struct ct_bench_row *row, enum ct_bench_basis b)
{
	double *v = ct_xmalloc((row->n ? row->n : 1) * sizeof(*v));
	unsigned i;

	for (i = 0; i < row->n; i++)
		v[i] = run_s(&row->runs[i], b);
	return v;
}

/*
 * Times y (n runs) against a reference's x (m runs), as ct-compare holds
 * them: the U test two-sided at CT_BENCH_ALPHA and the ratio's interval
 * beyond ct-compare's default minimum effect (ct_ratio_beyond), the
 * direction from the ratio of the medians (a time: above 1 is slower).
 * Under CT_BENCH_MIN_RUNS runs a side: no p, no interval, no verdict.
 * The one place it is decided.
 */
static void test(const double *x, size_t m, const double *y, size_t n, double ratio,
		 struct ct_bench_test *t)
{
	struct ct_utest u;
	double est;

	t->ratio = ratio;
	t->p = t->lo = t->hi = NAN;
	t->verdict = CT_BENCH_NO_VERDICT;
	if (m < CT_BENCH_MIN_RUNS || n < CT_BENCH_MIN_RUNS || ct_utest(x, m, y, n, &u) < 0)
		return;
	t->p = u.p;
	ct_ratio_ci(x, m, y, n, CT_BENCH_ALPHA, &est, &t->lo, &t->hi);
	if (!(u.p < CT_BENCH_ALPHA) ||
	    !ct_ratio_beyond(ratio, t->lo, t->hi, CT_COMPARE_THRESHOLD))
		t->verdict = CT_BENCH_SAME;
	else
		t->verdict = ratio > 1 ? CT_BENCH_SLOWER : CT_BENCH_FASTER;
}

/* The slow outliers of times v (in the order of the rounds), n of them. */
static void outliers(const double *v, unsigned n, struct ct_bench_figures *f)
{
	double floor;
	unsigned i;

	f->bound = NAN;
	f->outliers = f->worst = 0;
	f->first_out = 0;
	if (n < CT_BENCH_MIN_RUNS)
		return;
	f->bound = f->st.median + CT_BENCH_OUTLIER_MADS * CT_MAD_NORMAL * ct_mad(v, n, f->st.median);
	floor = f->st.median * (1 + CT_COMPARE_THRESHOLD);
	if (f->bound < floor)
		f->bound = floor;
	for (i = 0; i < n; i++)
		if (v[i] > f->bound) {
			if (!f->outliers++ || v[i] > v[f->worst])
				f->worst = i;
			f->first_out |= i == 0;
		}
}

/* The kinds the runs' CPU time went to, and each one's part of it. */
static void kinds(const struct ct_bench_row *row, struct ct_bench_summary *s)
{
	static const char *const letter[CT_KIND_COUNT] = { "P", "E", "LP" };
	double counted = 0;
	size_t used = 0, sused = 0;
	unsigned i;
	int k;

	for (k = 0; k < CT_KIND_COUNT; k++) {
		s->kind_s[k] = 0;
		for (i = 0; i < row->n; i++)
			s->kind_s[k] += (double)row->runs[i].kind_ns[k] / 1e9;
		counted += s->kind_s[k];
	}
	s->kinds[0] = s->split[0] = '\0';
	for (k = 0; k < CT_KIND_COUNT; k++) {
		s->kind_share[k] = counted > 0 ? s->kind_s[k] / counted : NAN;
		if (!(s->kind_s[k] > 0))
			continue;
		if (used < sizeof(s->kinds))
			used += (size_t)snprintf(s->kinds + used, sizeof(s->kinds) - used, "%s%s",
						 used ? "," : "", ct_kind_name((enum ct_kind)k));
		if (sused < sizeof(s->split))
			sused += (size_t)snprintf(s->split + sused, sizeof(s->split) - sused,
						  "%s%s %.0f%%", sused ? " " : "", letter[k],
						  100 * s->kind_share[k]);
	}
	if (!used)
		snprintf(s->kinds, sizeof(s->kinds), "unknown");
}

/* The row of command cmd under the placement named name (main: the unplaced one), or -1. */
static long find_row(const struct ct_bench_row *rows, size_t n, unsigned cmd, const char *name,
		     int main)
{
	size_t r;

	for (r = 0; r < n; r++)
		if (rows[r].cmd == cmd && rows[r].n &&
		    (main ? rows[r].p.main : strcmp(rows[r].p.name, name) == 0))
			return (long)r;
	return -1;
}

/* A row's share, its lost share, its disturbed and failed runs. */
static void shares(const struct ct_bench_row *row, struct ct_bench_summary *s)
{
	uint64_t wall_ns = 0, cpu_ns = 0, lost_ns = 0;
	double wall = 0, cpu = 0;
	unsigned i, known = 0;

	for (i = 0; i < row->n; i++) {
		const struct ct_bench_run *u = &row->runs[i];

		wall += run_s(u, CT_BENCH_WALL);
		cpu += run_s(u, CT_BENCH_CPU);
		wall_ns += u->wall_ns;
		cpu_ns += u->user_ns + u->sys_ns;
		lost_ns += ct_bench_run_lost_ns(u);
		known += (unsigned)u->lost_known;
		s->disturbed += (unsigned)ct_bench_run_disturbed(u);
		s->failed += u->status != 0;
	}
	s->share = wall > 0 ? cpu / wall : NAN;
	/* Pooled as the share is: the runs' loss over the time they had, summed. */
	s->lost_share = row->n && known == row->n ? ct_lost_share(wall_ns, cpu_ns, lost_ns) : NAN;
}

void ct_bench_results(const struct ct_bench_row *rows, size_t n, struct ct_bench_results *res)
{
	double **tv = ct_xcalloc((n ? n : 1) * CT_BENCH_NBASES, sizeof(*tv));
	size_t r;
	int b;

	memset(res, 0, sizeof(*res));
	res->rows = rows;
	res->n = n;
	res->s = ct_xcalloc(n ? n : 1, sizeof(*res->s));
	for (r = 0; r < n; r++)
		if (rows[r].cmd + 1 > res->ncmd)
			res->ncmd = rows[r].cmd + 1;
	for (r = 0; r < n; r++) {
		const struct ct_bench_row *row = &rows[r];
		struct ct_bench_summary *s = &res->s[r];
		double hw;

		s->main_row = find_row(rows, n, row->cmd, NULL, 1);
		s->first_row = row->cmd ? find_row(rows, n, 0, row->p.name, 0) : -1;
		if (!row->cmd && s->main_row == (long)r)
			res->ref = row;
		shares(row, s);
		kinds(row, s);
		for (b = 0; b < CT_BENCH_NBASES; b++) {
			struct ct_bench_figures *f = &s->b[b];
			double *v = tv[r * CT_BENCH_NBASES + (size_t)b] = times(row, (enum ct_bench_basis)b);

			ct_stats_compute(v, row->n, &f->st);
			ct_median_ci(v, row->n, &f->ci_lo, &f->ci_hi, &hw);
			outliers(v, row->n, f);
		}
	}
	/* Against main and the first command, once every row's medians are known. */
	for (r = 0; r < n; r++)
		for (b = 0; b < CT_BENCH_NBASES; b++) {
			struct ct_bench_summary *s = &res->s[r];
			struct ct_bench_figures *f = &s->b[b];
			const double *v = tv[r * CT_BENCH_NBASES + (size_t)b];
			struct ct_bench_test t;
			long m = s->main_row, k = s->first_row;

			f->ratio = f->ratio_lo = f->ratio_hi = f->p = NAN;
			f->verdict = CT_BENCH_NO_VERDICT;
			if (m >= 0) {
				f->ratio = ct_results_median_ratio(f->st.median,
								   res->s[m].b[b].st.median);
				if (m != (long)r) {
					test(tv[(size_t)m * CT_BENCH_NBASES + (size_t)b], rows[m].n, v,
					     rows[r].n, f->ratio, &t);
					f->ratio_lo = t.lo;
					f->ratio_hi = t.hi;
					f->p = t.p;
					f->verdict = t.verdict;
				}
			}
			f->first.ratio = f->first.lo = f->first.hi = f->first.p = NAN;
			f->first.verdict = CT_BENCH_NO_VERDICT;
			if (k >= 0)
				test(tv[(size_t)k * CT_BENCH_NBASES + (size_t)b], rows[k].n, v, rows[r].n,
				     ct_results_median_ratio(f->st.median, res->s[k].b[b].st.median),
				     &f->first);
		}
	for (r = 0; r < n * CT_BENCH_NBASES; r++)
		free(tv[r]);
	free(tv);
}

void ct_bench_results_free(struct ct_bench_results *res)
{
	free(res->s);
	res->s = NULL;
}
