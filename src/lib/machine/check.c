/*
 * machine/check.c - the verdict of ct-place -l --measure (machine/check.h):
 * do cpus of one kind measure alike, and cpus of different kinds apart?
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/stats.h"
#include "machine/check.h"

double ct_check_tolerance(const struct ct_measured *m, size_t n)
{
	double tol = CT_CHECK_STEP;
	size_t i;

	for (i = 0; i < n; i++)
		if (m[i].ok && CT_CHECK_SPREAD_FACTOR * m[i].spread > tol)
			tol = CT_CHECK_SPREAD_FACTOR * m[i].spread;
	return tol;
}

/* a and b more than tol apart, relative to the larger. */
static int apart(double a, double b, double tol)
{
	double hi = a > b ? a : b;

	return hi > 0 && fabs(a - b) > tol * hi;
}

/* The medians of the measured cpus of rank r; its cpus in v->cpus. */
static void rank_figures(const struct ct_topo *t, const struct ct_measured *m, size_t n,
			 struct ct_kinds_verdict *v)
{
	double *g = ct_xcalloc(n, sizeof(*g)), *f = ct_xcalloc(n, sizeof(*f));
	size_t i, k = 0;

	ct_cpuset_zero(&v->cpus);
	for (i = 0; i < n; i++) {
		const struct ct_topo_cpu *c = ct_topo_cpu(t, m[i].cpu);

		if (!m[i].ok || !c || c->rank != v->rank)
			continue;
		v->kind = c->kind;
		ct_cpuset_set(&v->cpus, m[i].cpu);
		g[k] = m[i].ghz;
		f[k] = m[i].fma_cycle;
		k++;
	}
	v->ghz = k ? ct_median_inplace(g, k) : NAN;
	v->fma_cycle = k ? ct_median_inplace(f, k) : NAN;
	free(g);
	free(f);
}

/* Append a sentence to a verdict's reason ("; " between them). */
static void add_reason(struct ct_kinds_verdict *v, const char *text)
{
	size_t used = strlen(v->reason), n = strlen(text);

	/* A reason too long for the room is cut, never overrun. */
	if (used && used + 2 < sizeof(v->reason)) {
		memcpy(v->reason + used, "; ", 2);
		used += 2;
	}
	if (n > sizeof(v->reason) - 1 - used)
		n = sizeof(v->reason) - 1 - used;
	memcpy(v->reason + used, text, n);
	v->reason[used + n] = '\0';
	v->agrees = 0;
}

/* The cpu of rank v furthest from its median, if further than tol. */
static void check_within(const struct ct_measured *m, size_t n, double tol,
			 struct ct_kinds_verdict *v)
{
	const struct ct_measured *worst = NULL;
	double worst_dev = 0;
	int worst_fma = 0;
	char text[200];
	size_t i;

	for (i = 0; i < n; i++) {
		double dg, df;

		if (!m[i].ok || !ct_cpuset_isset(&v->cpus, m[i].cpu))
			continue;
		dg = (m[i].ghz - v->ghz) / v->ghz;
		df = (m[i].fma_cycle - v->fma_cycle) / v->fma_cycle;
		if (apart(m[i].ghz, v->ghz, tol) && fabs(dg) > fabs(worst_dev)) {
			worst = &m[i];
			worst_dev = dg;
			worst_fma = 0;
		}
		if (apart(m[i].fma_cycle, v->fma_cycle, tol) && fabs(df) > fabs(worst_dev)) {
			worst = &m[i];
			worst_dev = df;
			worst_fma = 1;
		}
	}
	if (!worst)
		return;
	if (worst_fma)
		snprintf(text, sizeof(text), "cpu %d measures %.0f %% %s the rest of its kind: "
			 "%.2f against %.2f FMA/cycle", worst->cpu, fabs(worst_dev) * 100,
			 worst_dev < 0 ? "below" : "above", worst->fma_cycle, v->fma_cycle);
	else
		snprintf(text, sizeof(text), "cpu %d measures %.0f %% %s the rest of its kind: "
			 "clock %.2f against %.2f GHz", worst->cpu, fabs(worst_dev) * 100,
			 worst_dev < 0 ? "below" : "above", worst->ghz, v->ghz);
	add_reason(v, text);
}

/* Two ranks that measure alike: the reason, on both, naming a cpu of each. */
static void check_between(const struct ct_topo *t, struct ct_kinds_verdict *a,
			  struct ct_kinds_verdict *b)
{
	struct ct_kinds_verdict *lo, *hi;
	const struct ct_topo_cpu *c;
	char what[96], text[320];
	int ca = ct_cpuset_next(&a->cpus, 0), cb = ct_cpuset_next(&b->cpus, 0);

	/* In cpu order, as a person reads the cpulists. */
	lo = ca < cb ? a : b;
	hi = ca < cb ? b : a;
	c = ct_topo_cpu(t, ca);
	if (lo->kind != hi->kind)
		snprintf(what, sizeof(what), "%s and %s", ct_kind_name(lo->kind),
			 ct_kind_name(hi->kind));
	else
		snprintf(what, sizeof(what), "%s rank %d and rank %d", ct_kind_name(lo->kind),
			 lo->rank, hi->rank);
	snprintf(text, sizeof(text), "cpus %d and %d are %s %s but measure alike: clock %.2f "
		 "and %.2f GHz, %.2f and %.2f FMA/cycle", ca < cb ? ca : cb, ca < cb ? cb : ca,
		 c && (c->evidence & CT_EV_GIVEN) ? "declared" : "detected as", what, lo->ghz,
		 hi->ghz, lo->fma_cycle, hi->fma_cycle);
	add_reason(a, text);
	add_reason(b, text);
}

/*
 * a ranks above b (a lower rank) but b measures faster: apart and higher
 * in one figure, and not apart and lower in the other.
 */
static int slower(const struct ct_kinds_verdict *a, const struct ct_kinds_verdict *b,
		  double tol)
{
	int g = apart(a->ghz, b->ghz, tol), f = apart(a->fma_cycle, b->fma_cycle, tol);

	if (g && b->ghz > a->ghz)
		return !(f && b->fma_cycle < a->fma_cycle);
	if (f && b->fma_cycle > a->fma_cycle)
		return !(g && b->ghz < a->ghz);
	return 0;
}

/* A faster rank a that measures slower than b: the reason, on both. */
static void check_order(const struct ct_topo *t, struct ct_kinds_verdict *a,
			struct ct_kinds_verdict *b)
{
	const struct ct_topo_cpu *c;
	char what[96], text[320];
	int ca = ct_cpuset_next(&a->cpus, 0), cb = ct_cpuset_next(&b->cpus, 0);

	c = ct_topo_cpu(t, ca);
	if (a->kind != b->kind)
		snprintf(what, sizeof(what), "%s and %s", ct_kind_name(a->kind),
			 ct_kind_name(b->kind));
	else
		snprintf(what, sizeof(what), "%s rank %d and rank %d", ct_kind_name(a->kind),
			 a->rank, b->rank);
	snprintf(text, sizeof(text), "cpus %d and %d are %s %s but cpu %d measures faster: "
		 "clock %.2f and %.2f GHz, %.2f and %.2f FMA/cycle", ca, cb,
		 c && (c->evidence & CT_EV_GIVEN) ? "declared" : "detected as", what, cb,
		 a->ghz, b->ghz, a->fma_cycle, b->fma_cycle);
	add_reason(a, text);
	add_reason(b, text);
}

size_t ct_kinds_check(const struct ct_topo *t, const struct ct_measured *m, size_t n,
		      double tol, struct ct_kinds_verdict *v)
{
	size_t nv = 0, i, j;
	int r;

	for (r = 0; r < t->nranks; r++) {
		memset(&v[nv], 0, sizeof(v[nv]));
		v[nv].rank = r;
		v[nv].agrees = 1;
		rank_figures(t, m, n, &v[nv]);
		if (!ct_cpuset_empty(&v[nv].cpus))
			nv++;
	}
	for (i = 0; i < nv; i++)
		check_within(m, n, tol, &v[i]);
	for (i = 0; i < nv; i++)
		for (j = i + 1; j < nv; j++)
			if (!apart(v[i].ghz, v[j].ghz, tol) &&
			    !apart(v[i].fma_cycle, v[j].fma_cycle, tol))
				check_between(t, &v[i], &v[j]);
			else if (slower(&v[i], &v[j], tol))
				check_order(t, &v[i], &v[j]);
	return nv;
}
