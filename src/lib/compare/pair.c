/*
 * compare/pair.c - every NEW paired with BASE and each pair tested.
 *
 * A series is matched on tool, kernel, ISA, placement, size and unit;
 * each matched series gives a row per figure: the rate on each basis, the
 * per-cycle figure on each basis where the kernel has one, and the cpu
 * share.  With samples on both sides a row has the U test and the
 * Hodges-Lehmann interval of the ratio (mann-whitney.h); with summaries on a
 * side, the ratio of the medians alone.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "compare/mann-whitney.h"
#include "compare/compare.h"
#include "measure/stats.h"

const char *ct_figure_name(enum ct_figure f)
{
	switch (f) {
	case CT_FIG_RATE:
		return "rate";
	case CT_FIG_PER_CYCLE:
		return "per-cycle";
	case CT_FIG_SHARE:
		return "cpu-share";
	}
	return "?";
}

const char *ct_compare_basis_name(const struct ct_compare_row *r)
{
	return r->basis < 0 ? "cpu/wall" : ct_basis_name((enum ct_basis)r->basis);
}

const struct ct_run_series *ct_compare_side(const struct ct_compare_row *r)
{
	return r->a ? r->a : r->b;
}

static int series_match(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return strcmp(a->tool, b->tool) == 0 && strcmp(a->kernel, b->kernel) == 0 &&
	       strcmp(a->isa, b->isa) == 0 && strcmp(a->placement, b->placement) == 0 &&
	       strcmp(a->unit, b->unit) == 0 &&
	       (isnan(a->size) ? isnan(b->size) : a->size == b->size);
}

/* The figures of a series: how many, and the i-th's figure and basis. */
static size_t nfigures(const struct ct_run_series *s)
{
	return s->pc_unit ? 5 : 3;
}

static void figure(const struct ct_run_series *s, size_t i, enum ct_figure *f, int *basis)
{
	static const enum ct_figure figs[5] = {
		CT_FIG_RATE, CT_FIG_RATE, CT_FIG_SHARE, CT_FIG_PER_CYCLE, CT_FIG_PER_CYCLE
	};
	static const int bases[5] = { CT_BASIS_WALL, CT_BASIS_CPU, -1, CT_BASIS_WALL, CT_BASIS_CPU };

	(void)s;
	*f = figs[i];
	*basis = bases[i];
}

static const char *figure_unit(const struct ct_run_series *s, enum ct_figure f)
{
	return f == CT_FIG_RATE ? s->unit : f == CT_FIG_PER_CYCLE ? s->pc_unit : "share";
}

/* A side's values of a figure: the finite ones of its samples, in v (freed by the caller). */
static size_t values(const struct ct_run_series *s, enum ct_figure f, int basis, double **v)
{
	const double *src = f == CT_FIG_RATE ? s->v[basis] :
			    f == CT_FIG_PER_CYCLE ? s->pc[basis] : s->share;
	size_t i, k = 0;

	*v = ct_xmalloc((s->n ? s->n : 1) * sizeof(**v));
	for (i = 0; i < s->n; i++)
		if (isfinite(src[i]))
			(*v)[k++] = src[i];
	return k;
}

/* A side's median of a figure from its summary, and the samples it summarized. */
static double summary_median(const struct ct_run_series *s, enum ct_figure f, int basis)
{
	if (f == CT_FIG_SHARE)
		return s->sum_share;
	if (!s->has_sum[basis])
		return NAN;
	return f == CT_FIG_RATE ? s->sum_median[basis] : s->sum_pc[basis];
}

static void test_row(struct ct_compare_row *r, double alpha, int *untested)
{
	double *va = NULL, *vb = NULL, est;
	size_t na = 0, nb = 0;

	r->p = r->ci_lo = r->ci_hi = NAN;
	r->significant = -1;
	r->test = CT_TEST_NONE;
	if (r->a->n)
		na = values(r->a, r->fig, r->basis, &va);
	if (r->b->n)
		nb = values(r->b, r->fig, r->basis, &vb);
	if (na && nb) {
		struct ct_stats st;
		struct ct_utest u;

		ct_stats_compute(va, na, &st);
		r->med_a = st.median;
		ct_stats_compute(vb, nb, &st);
		r->med_b = st.median;
		r->n_a = na;
		r->n_b = nb;
		ct_utest(va, na, vb, nb, &u);
		r->p = u.p;
		r->test = u.exact ? CT_TEST_EXACT : CT_TEST_NORMAL;
		r->significant = u.p < alpha;
		ct_ratio_ci(va, na, vb, nb, 0.05, &est, &r->ci_lo, &r->ci_hi);
	} else {
		/* A side without samples: both medians as the summaries give them. */
		r->med_a = summary_median(r->a, r->fig, r->basis);
		r->med_b = summary_median(r->b, r->fig, r->basis);
		r->n_a = r->a->n ? r->a->n : r->a->sum_reps;
		r->n_b = r->b->n ? r->b->n : r->b->sum_reps;
		*untested = 1;
	}
	r->ratio = r->med_a > 0 ? r->med_b / r->med_a : NAN;
	free(va);
	free(vb);
}

/* A one-sided row: its median and count, no ratio. */
static void one_side(struct ct_compare_row *r)
{
	const struct ct_run_series *s = ct_compare_side(r);
	double med = NAN, *v = NULL;
	size_t n = 0;

	if (s->n)
		n = values(s, r->fig, r->basis, &v);
	if (n) {
		struct ct_stats st;

		ct_stats_compute(v, n, &st);
		med = st.median;
	} else {
		med = summary_median(s, r->fig, r->basis);
		n = s->sum_reps;
	}
	free(v);
	r->med_a = r->a ? med : NAN;
	r->med_b = r->b ? med : NAN;
	r->n_a = r->a ? n : 0;
	r->n_b = r->b ? n : 0;
	r->ratio = r->ci_lo = r->ci_hi = r->p = NAN;
	r->significant = -1;
	r->test = CT_TEST_NONE;
}

struct ranks {
	char **kernels;		/* "tool kernel isa", in order of appearance */
	size_t n;
};

static size_t kernel_rank(struct ranks *k, const struct ct_run_series *s)
{
	char name[320];
	size_t i;

	snprintf(name, sizeof(name), "%s\t%s\t%s", s->tool, s->kernel, s->isa);
	for (i = 0; i < k->n; i++)
		if (strcmp(k->kernels[i], name) == 0)
			return i;
	k->kernels = ct_xrealloc(k->kernels, (k->n + 1) * sizeof(*k->kernels));
	k->kernels[k->n] = ct_xstrdup(name);
	return k->n++;
}

static struct ct_compare_row *add_row(struct ct_compare *c, size_t *cap)
{
	if (c->nrows == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		c->rows = ct_xrealloc(c->rows, *cap * sizeof(*c->rows));
	}
	memset(&c->rows[c->nrows], 0, sizeof(c->rows[0]));
	return &c->rows[c->nrows++];
}

/* Row r shows figure fig on basis of series s, from the (newi + 1)th NEW. */
static void set_figure(struct ct_compare_row *r, struct ranks *kr, const struct ct_run_series *s,
		       size_t newi, enum ct_figure fig, int basis)
{
	r->newi = newi;
	r->fig = fig;
	r->basis = basis;
	r->unit = figure_unit(s, fig);
	r->kernel_rank = kernel_rank(kr, s);
}

static int row_order(const void *pa, const void *pb)
{
	const struct ct_compare_row *a = pa, *b = pb;

	if (a->kernel_rank != b->kernel_rank)
		return a->kernel_rank < b->kernel_rank ? -1 : 1;
	if (a->key_rank != b->key_rank)
		return a->key_rank < b->key_rank ? -1 : 1;
	if (a->newi != b->newi)
		return a->newi < b->newi ? -1 : 1;
	return 0;
}

int ct_compare_build(struct ct_compare *c, char *why, size_t len)
{
	const struct ct_run *base = &c->runs[0];
	struct ranks kr = { NULL, 0 };
	size_t cap = 0, ni, i, j, f, nbase_keys = 0, extra = 0;
	int rc = 0;

	c->rows = NULL;
	c->nrows = 0;
	c->any_untested = 0;
	for (i = 0; i < base->nser; i++) {
		kernel_rank(&kr, &base->ser[i]);
		nbase_keys += nfigures(&base->ser[i]);
	}
	for (ni = 1; ni < c->nruns && rc == 0; ni++) {
		const struct ct_run *nw = &c->runs[ni];
		char *matched = ct_xcalloc(nw->nser + 1, 1);
		size_t key = 0, paired = 0;

		for (i = 0; i < base->nser; i++) {
			const struct ct_run_series *a = &base->ser[i], *b = NULL;

			for (j = 0; j < nw->nser && !b; j++)
				if (!matched[j] && series_match(a, &nw->ser[j])) {
					b = &nw->ser[j];
					matched[j] = 1;
				}
			for (f = 0; f < nfigures(a); f++, key++) {
				struct ct_compare_row *r;
				enum ct_figure fig;
				int basis;

				figure(a, f, &fig, &basis);
				/* A per-cycle figure needs the unit on both sides. */
				if (b && fig == CT_FIG_PER_CYCLE &&
				    (!b->pc_unit || strcmp(a->pc_unit, b->pc_unit) != 0))
					continue;
				r = add_row(c, &cap);
				r->a = a;
				r->b = b;
				set_figure(r, &kr, a, ni - 1, fig, basis);
				r->key_rank = key;
				if (b) {
					test_row(r, c->alpha, &c->any_untested);
					paired++;
				} else {
					one_side(r);
				}
			}
		}
		for (j = 0; j < nw->nser; j++) {
			const struct ct_run_series *b = &nw->ser[j];

			if (matched[j])
				continue;
			for (f = 0; f < nfigures(b); f++) {
				struct ct_compare_row *r = add_row(c, &cap);
				enum ct_figure fig;
				int basis;

				figure(b, f, &fig, &basis);
				r->b = b;
				set_figure(r, &kr, b, ni - 1, fig, basis);
				r->key_rank = nbase_keys + extra++;
				one_side(r);
			}
		}
		free(matched);
		if (!paired) {
			snprintf(why, len, "%s and %s have nothing in common: no tool, kernel, "
				 "isa, placement, size and unit in both", base->path, nw->path);
			rc = -1;
		}
	}
	qsort(c->rows, c->nrows, sizeof(*c->rows), row_order);
	for (i = 0; i < kr.n; i++)
		free(kr.kernels[i]);
	free(kr.kernels);
	return rc;
}

void ct_compare_free(struct ct_compare *c)
{
	free(c->rows);
	c->rows = NULL;
	c->nrows = 0;
}
