/*
 * ct-place/bench-results.c - ct-place --bench's results step: every
 * placement's runs summarised on each basis, held against the unplaced
 * runs with ct-compare's statistics (measure/mann-whitney.h: the U test
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
 * The verdict on times y against main's x, as ct-compare gives it: the U
 * test two-sided at CT_BENCH_ALPHA and the ratio's interval beyond
 * ct-compare's default minimum effect (ct_ratio_beyond), the direction
 * from the ratio of the medians (a time: above 1 is slower).  The one
 * place it is decided.
 */
static void verdict(const double *x, size_t m, const double *y, size_t n,
		    struct ct_bench_figures *f)
{
	struct ct_utest u;
	double est;

	f->p = NAN;
	f->ratio_lo = f->ratio_hi = NAN;
	f->verdict = CT_BENCH_NO_VERDICT;
	if (ct_utest(x, m, y, n, &u) < 0)
		return;
	f->p = u.p;
	ct_ratio_ci(x, m, y, n, CT_BENCH_ALPHA, &est, &f->ratio_lo, &f->ratio_hi);
	if (!(u.p < CT_BENCH_ALPHA) ||
	    !ct_ratio_beyond(f->ratio, f->ratio_lo, f->ratio_hi, CT_COMPARE_THRESHOLD))
		f->verdict = CT_BENCH_SAME;
	else
		f->verdict = f->ratio > 1 ? CT_BENCH_SLOWER : CT_BENCH_FASTER;
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

void ct_bench_results(const struct ct_bench_row *rows, size_t n, struct ct_bench_results *res)
{
	double *ref[CT_BENCH_NBASES] = { NULL, NULL };
	size_t r;
	int b;

	memset(res, 0, sizeof(*res));
	res->rows = rows;
	res->n = n;
	res->s = ct_xcalloc(n ? n : 1, sizeof(*res->s));
	for (r = 0; r < n && !res->ref; r++)
		if (rows[r].p.main && rows[r].n)
			res->ref = &rows[r];
	for (b = 0; b < CT_BENCH_NBASES && res->ref; b++)
		ref[b] = times(res->ref, (enum ct_bench_basis)b);
	for (r = 0; r < n; r++) {
		const struct ct_bench_row *row = &rows[r];
		struct ct_bench_summary *s = &res->s[r];
		uint64_t wall_ns = 0, cpu_ns = 0, lost_ns = 0;
		double wall = 0, cpu = 0, hw;
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
		s->lost_share = row->n && known == row->n ? ct_lost_share(wall_ns, cpu_ns, lost_ns)
							  : NAN;
		kinds(row, s);
		for (b = 0; b < CT_BENCH_NBASES; b++) {
			struct ct_bench_figures *f = &s->b[b];
			double *v = times(row, (enum ct_bench_basis)b);

			ct_stats_compute(v, row->n, &f->st);
			ct_median_ci(v, row->n, &f->ci_lo, &f->ci_hi, &hw);
			free(v);
		}
	}
	/* Against main, once every row's medians are known. */
	for (r = 0; r < n; r++)
		for (b = 0; b < CT_BENCH_NBASES; b++) {
			struct ct_bench_figures *f = &res->s[r].b[b];

			f->ratio = res->ref ? ct_results_median_ratio(f->st.median,
					res->s[res->ref - rows].b[b].st.median) : NAN;
			f->p = f->ratio_lo = f->ratio_hi = NAN;
			f->verdict = CT_BENCH_NO_VERDICT;
			if (res->ref && &rows[r] != res->ref) {
				double *v = times(&rows[r], (enum ct_bench_basis)b);

				verdict(ref[b], res->ref->n, v, rows[r].n, f);
				free(v);
			}
		}
	free(ref[0]);
	free(ref[1]);
}

void ct_bench_results_free(struct ct_bench_results *res)
{
	free(res->s);
	res->s = NULL;
}
