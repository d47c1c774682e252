/*
 * ct-compare/pair.c - every NEW paired with BASE and each pair tested.
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
#include "core/mann-whitney.h"
#include "ct-compare/compare.h"
#include "measure/results.h"
#include "core/stats.h"
#include "workloads/stream.h"

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

/*
 * A figure as a row names it: a rate in seconds is a time (ct-place
 * --bench's runs), where a ratio above 1 is slower, not faster.
 */
const char *ct_figure_label(enum ct_figure f, const char *unit)
{
	return f == CT_FIG_RATE && unit && strcmp(unit, "s") == 0 ? "time" : ct_figure_name(f);
}

const char *ct_figure_change(enum ct_figure f, const char *unit, double ratio)
{
	int up = ratio > 1;

	if (f == CT_FIG_SHARE)
		return up ? "higher" : "lower";
	if (strcmp(ct_figure_label(f, unit), "time") == 0)
		up = !up;
	return up ? "faster" : "slower";
}

/* "16M", "4K": a size as the tables write it ("-": none). */
void ct_compare_size_text(char *buf, size_t len, double size)
{
	if (isnan(size))
		snprintf(buf, len, "-");
	else if (size >= 1 << 30 && fmod(size, 1 << 30) == 0)
		snprintf(buf, len, "%.0fG", size / (1 << 30));
	else if (size >= 1 << 20 && fmod(size, 1 << 20) == 0)
		snprintf(buf, len, "%.0fM", size / (1 << 20));
	else if (size >= 1 << 10 && fmod(size, 1 << 10) == 0)
		snprintf(buf, len, "%.0fK", size / (1 << 10));
	else
		snprintf(buf, len, "%.0f", size);
}

void ct_compare_kernel_title(char *buf, size_t len, const struct ct_run_series *s)
{
	snprintf(buf, len, "%s %s (%s)", s->tool, s->kernel, s->isa);
}

const char *ct_compare_basis_name(const struct ct_compare_row *r)
{
	return r->basis < 0 ? "cpu/wall" : ct_basis_name((enum ct_basis)r->basis);
}

const struct ct_run_series *ct_compare_side(const struct ct_compare_row *r)
{
	return r->a ? r->a : r->b;
}

static int same_num(double a, double b)
{
	return isnan(a) ? isnan(b) : a == b;
}

int ct_compare_same_result(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return strcmp(a->tool, b->tool) == 0 && strcmp(a->kernel, b->kernel) == 0 &&
	       strcmp(a->placement, b->placement) == 0 && strcmp(a->unit, b->unit) == 0 &&
	       same_num(a->size, b->size) && same_num(a->chains, b->chains);
}

int ct_compare_same_reader(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return strcmp(a->isa, b->isa) == 0 &&
	       (a->loop && b->loop ? strcmp(a->loop, b->loop) == 0 : !a->loop && !b->loop) &&
	       same_num(a->prefetch, b->prefetch);
}

/*
 * "avx2/prefetch", "scalar, 4 chains": the ISA, the loop, the prefetch
 * distance where it is not the loop's own (a prefetching loop's is
 * CT_STREAM_PREFETCH, the others' none), the chains.
 */
void ct_compare_reader_text(const struct ct_run_series *s, char *buf, size_t len)
{
	int n, pf = s->loop && strcmp(s->loop, "prefetch") == 0 ? CT_STREAM_PREFETCH : 0;

	n = snprintf(buf, len, "%s%s%s", s->isa, s->loop ? "/" : "", s->loop ? s->loop : "");
	if (n >= 0 && (size_t)n < len && isfinite(s->prefetch) && s->prefetch != pf)
		n += snprintf(buf + n, len - (size_t)n, " (prefetch %.0f bytes)", s->prefetch);
	if (n >= 0 && (size_t)n < len && isfinite(s->chains))
		snprintf(buf + n, len - (size_t)n, ", %.0f chain%s", s->chains,
			 s->chains == 1 ? "" : "s");
}

static int series_match(const struct ct_run_series *a, const struct ct_run_series *b)
{
	return ct_compare_same_result(a, b) && ct_compare_same_reader(a, b);
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

/* The geometric means of every NEW's rows, by figure, basis and unit, in the rows' order. */
static void geomeans(struct ct_compare *c)
{
	size_t i, g, k;

	c->geo = NULL;
	c->ngeo = 0;
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *r = &c->rows[i];
		struct ct_compare_geomean *m;

		if (!r->a || !r->b || !(r->ratio > 0) || !isfinite(r->ratio))
			continue;
		for (g = 0; g < c->ngeo; g++) {
			m = &c->geo[g];
			if (m->newi == r->newi && m->fig == r->fig && m->basis == r->basis &&
			    strcmp(m->unit, r->unit) == 0)
				break;
		}
		if (g == c->ngeo) {
			c->geo = ct_xrealloc(c->geo, (c->ngeo + 1) * sizeof(*c->geo));
			m = &c->geo[c->ngeo++];
			memset(m, 0, sizeof(*m));
			m->newi = r->newi;
			m->fig = r->fig;
			m->basis = r->basis;
			m->unit = r->unit;
		}
		m = &c->geo[g];
		m->n++;
		m->one_run += r->one_run != 0;
		m->sum_log += log(r->ratio);
		if (r->ci_lo > 0 && r->ci_hi > 0) {
			m->n_ci++;
			m->sum_lo += log(r->ci_lo);
			m->sum_hi += log(r->ci_hi);
		}
	}
	/* One row is its own mean: only groups of two or more are kept. */
	for (g = k = 0; g < c->ngeo; g++) {
		struct ct_compare_geomean *m = &c->geo[g];

		if (m->n < 2)
			continue;
		m->ratio = exp(m->sum_log / (double)m->n);
		/*
		 * No interval where the rows can have no verdict: tested on one
		 * run a side, or the share (the host's other load).
		 */
		if (m->n_ci == m->n && !m->one_run && m->fig != CT_FIG_SHARE) {
			m->ci_lo = exp(m->sum_lo / (double)m->n);
			m->ci_hi = exp(m->sum_hi / (double)m->n);
		} else {
			m->ci_lo = m->ci_hi = NAN;
		}
		c->geo[k++] = *m;
	}
	c->ngeo = k;
}

/* n and a noun, plural unless n is 1: "1 result", "20 results". */
static int count_text(char *buf, size_t len, size_t n, const char *noun)
{
	return snprintf(buf, len, "%zu %s%s", n, noun, n == 1 ? "" : "s");
}

/*
 * What a NEW's comparison found, in one line: the changes called (or
 * none), then what stands in the way of a verdict: rows apart in one run
 * a side (and what gives one), rows without one, another reader, results
 * on one side only.  "no change in 20 results; 12 apart in one run a
 * side: run 5 a side for verdicts".
 */
static void found_line(struct ct_compare_verdicts *v)
{
	char *b = v->found, res[48];
	size_t len = sizeof(v->found), n;

	count_text(res, sizeof(res), v->results, "result");
	if (!v->faster && !v->slower && !v->same && !v->unconfirmed)
		n = (size_t)snprintf(b, len, "no verdict in %s", res);
	else if (!v->faster && !v->slower)
		n = (size_t)snprintf(b, len, "no change in %s", res);
	else if (!v->slower)
		n = (size_t)snprintf(b, len, "%zu faster of %s", v->faster, res);
	else if (!v->faster)
		n = (size_t)snprintf(b, len, "%zu slower of %s", v->slower, res);
	else
		n = (size_t)snprintf(b, len, "%zu faster and %zu slower of %s", v->faster,
				     v->slower, res);
	if (n < len && v->unconfirmed)
		n += (size_t)snprintf(b + n, len - n, "; %zu apart in one run a side: run 5 a side "
				      "for verdicts", v->unconfirmed);
	if (n < len && v->none)
		n += (size_t)snprintf(b + n, len - n, "; %zu without a verdict (see the notes)",
				      v->none);
	if (n < len && v->reader)
		n += (size_t)snprintf(b + n, len - n, "; %zu read by another reader", v->reader);
	if (n < len && v->base_only)
		n += (size_t)snprintf(b + n, len - n, "; %zu in base only", v->base_only);
	if (n < len && v->new_only)
		snprintf(b + n, len - n, "; %zu in new only", v->new_only);
}

/*
 * Each NEW's verdicts, a result once: by its wall rate row alone, the
 * one every result has (a time, ct-place --bench's, is slower above 1).
 */
static void count_verdicts(struct ct_compare *c)
{
	size_t i;

	c->verdicts = ct_xcalloc(c->nruns, sizeof(*c->verdicts));
	for (i = 0; i + 1 < c->nruns; i++)
		c->verdicts[i].newi = i;
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *r = &c->rows[i];
		struct ct_compare_verdicts *v = &c->verdicts[r->newi];

		if (r->fig != CT_FIG_RATE || r->basis != CT_BASIS_WALL)
			continue;
		v->results++;
		if (!r->a)
			v->new_only++;
		else if (!r->b)
			v->base_only++;
		else if (r->reader_differs)
			v->reader++;
		else if (r->unconfirmed)
			v->unconfirmed++;
		else if (r->changed < 0)
			v->none++;
		else if (!r->changed)
			v->same++;
		else if (strcmp(ct_figure_change(r->fig, r->unit, r->ratio), "faster") == 0)
			v->faster++;
		else
			v->slower++;
	}
	for (i = 0; i + 1 < c->nruns; i++)
		found_line(&c->verdicts[i]);
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
		size_t *pair = ct_xmalloc((base->nser + 1) * sizeof(*pair));
		size_t key = 0, paired = 0;

		/*
		 * Each result with its reader first; a result left over then
		 * with the same result of another reader, a row that says so.
		 */
		for (i = 0; i < base->nser; i++)
			for (pair[i] = (size_t)-1, j = 0; j < nw->nser && pair[i] == (size_t)-1; j++)
				if (!matched[j] && series_match(&base->ser[i], &nw->ser[j]))
					matched[pair[i] = j] = 1;
		for (i = 0; i < base->nser; i++)
			for (j = 0; j < nw->nser && pair[i] == (size_t)-1; j++)
				if (!matched[j] && ct_compare_same_result(&base->ser[i], &nw->ser[j]))
					matched[pair[i] = j] = 1;
		for (i = 0; i < base->nser; i++) {
			const struct ct_run_series *a = &base->ser[i];
			const struct ct_run_series *b = pair[i] != (size_t)-1 ? &nw->ser[pair[i]] : NULL;
			int other = b && !ct_compare_same_reader(a, b);

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
				if (other) {
					ct_compare_reader_row(r);
					c->any_why = 1;
					paired++;
				} else if (b) {
					ct_compare_test_row(r, c);
					paired++;
				} else {
					ct_compare_one_side(r);
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
				ct_compare_one_side(r);
			}
		}
		free(matched);
		free(pair);
		if (!paired) {
			snprintf(why, len, "%s and %s have nothing in common: no tool, kernel, "
				 "placement, size and unit in both", base->path, nw->path);
			rc = -1;
		}
	}
	qsort(c->rows, c->nrows, sizeof(*c->rows), row_order);
	geomeans(c);
	count_verdicts(c);
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
	free(c->geo);
	c->geo = NULL;
	c->ngeo = 0;
	free(c->verdicts);
	c->verdicts = NULL;
}
