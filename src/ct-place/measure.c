/*
 * ct-place/measure.c - ct-place -l --measure (ct-place/measure.h): the listing
 * of --list, then a "measured" record per usable cpu and a "kinds_check"
 * record per rank, described once here and written by record.c.  The
 * table shows the figures a cpu a row and the verdicts a rank a row.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/doc.h"
#include "records/kinds.h"
#include "core/cpuset.h"
#include "machine/check.h"
#include "ct-place/list.h"
#include "ct-place/measure.h"
#include "ct-place/probe.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

struct measured_rec {
	const struct ct_topo *t;
	const struct ct_measured *m;
};



static void measured_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct measured_rec *r = rec;
	const struct ct_measured *m = r->m;
	const struct ct_topo_cpu *c = ct_topo_cpu(r->t, m->cpu);

	(void)out;
	switch ((enum ct_measured_field)id) {
	case ME_TOOL:
		v->str = "ct-place";
		break;
	case ME_CPU:
		v->i = m->cpu;
		break;
	case ME_KIND:
		v->str = c ? ct_kind_name(c->kind) : "-";
		break;
	case ME_RANK:
		v->i = c ? c->rank : -1;
		break;
	case ME_ISA:
		v->str = m->isa[0] ? m->isa : "-";
		break;
	case ME_GHZ:
		v->num = m->ok ? m->ghz : NAN;
		break;
	case ME_FMA:
		v->num = m->ok ? m->fma_cycle : NAN;
		break;
	case ME_SPREAD:
		v->num = m->ok ? m->spread * 100 : NAN;
		break;
	case ME_BASIS:
		v->str = "cpu";
		break;
	case ME_NOTE:
		v->str = m->ok ? "" : m->why;
		if (!m->ok && !m->why[0])
			v->str = "not measured";
		break;
	}
}

const struct ct_rec_kind ct_rec_measured = {
	"measured", ct_measured_fields, CT_MEASURED_NFIELDS, measured_value, 0
};

struct check_rec {
	const struct ct_kinds_verdict *v;
	double tol;
};



static void check_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct check_rec *r = rec;

	(void)out;
	switch ((enum ct_kinds_check_field)id) {
	case KC_TOOL:
		v->str = "ct-place";
		break;
	case KC_KIND:
		v->str = ct_kind_name(r->v->kind);
		break;
	case KC_RANK:
		v->i = r->v->rank;
		break;
	case KC_CPUS:
		v->own = ct_xmalloc(LIST_LEN);
		v->str = ct_cpuset_format(&r->v->cpus, v->own, LIST_LEN);
		break;
	case KC_VERDICT:
		v->str = r->v->agrees ? "agrees" : "disagrees";
		break;
	case KC_GHZ:
		v->num = r->v->ghz;
		break;
	case KC_FMA:
		v->num = r->v->fma_cycle;
		break;
	case KC_TOL:
		v->num = r->tol * 100;
		break;
	case KC_REASON:
		v->str = r->v->reason;
		break;
	}
}

const struct ct_rec_kind ct_rec_kinds_check = {
	"kinds_check", ct_kinds_check_fields, CT_KINDS_CHECK_NFIELDS, check_value, 0
};

/* Every usable cpu, in turns (ct-place/probe.h). */
size_t ct_place_probe_all(const struct ct_topo *t, struct ct_measured *m)
{
	int *cpus = ct_xcalloc(CT_CPUSET_MAX, sizeof(*cpus)), c;
	size_t n = 0;

	ct_cpuset_foreach(c, &t->usable)
		cpus[n++] = c;
	ct_probe_cpus(cpus, n, m);
	free(cpus);
	return n;
}

size_t ct_place_measure_check(const struct ct_topo *t, struct ct_measured *m, size_t *nm,
			      double *tol, struct ct_kinds_verdict *v)
{
	size_t nv = 0, i;
	int round, agree = 0;

	for (round = 0; round < CT_CHECK_ROUNDS && !agree; round++) {
		*nm = ct_place_probe_all(t, m);
		*tol = ct_check_tolerance(m, *nm);
		nv = ct_kinds_check(t, m, *nm, *tol, v);
		for (i = 0, agree = 1; i < nv; i++)
			if (!v[i].agrees)
				agree = 0;
	}
	return nv;
}

int ct_place_kinds_quick(const struct ct_topo *t, char *why, size_t len)
{
	struct ct_topo q = *t;
	struct ct_measured *m = ct_xcalloc((size_t)2 * (size_t)t->nranks + 1, sizeof(*m));
	struct ct_kinds_verdict *v = ct_xcalloc((size_t)t->nranks + 1, sizeof(*v));
	struct ct_cpuset rank;
	size_t nm, nv, i;
	double tol;
	int r, c, last, found = 0;

	/* The same machine with only those cpus usable. */
	ct_cpuset_zero(&q.usable);
	for (r = 0; r < t->nranks; r++) {
		ct_topo_rank_cpus(t, r, &rank);
		last = -1;
		ct_cpuset_foreach(c, &rank) {
			if (last < 0)
				ct_cpuset_set(&q.usable, c);
			last = c;
		}
		if (last >= 0)
			ct_cpuset_set(&q.usable, last);
	}
	nv = ct_place_measure_check(&q, m, &nm, &tol, v);
	for (i = 0; i < nv && !found; i++)
		if (!v[i].agrees) {
			snprintf(why, len, "%s", v[i].reason);
			found = 1;
		}
	free(m);
	free(v);
	return found;
}

int ct_place_list_measure(const struct ct_topo *t, enum ct_format fmt)
{
	size_t nm = (size_t)ct_cpuset_count(&t->usable), nv, i;
	struct ct_measured *m = ct_xcalloc(nm, sizeof(*m));
	struct ct_kinds_verdict *v = ct_xcalloc((size_t)t->nranks, sizeof(*v));
	unsigned out = fmt == CT_FMT_TABLE ? CT_REC_TABLE : ct_rec_out_of(fmt);
	struct ct_rec_writer w;
	struct measured_rec mr = { t, NULL };
	struct check_rec cr = { NULL, 0 };

	/* Measured first, so that the listing and the figures come out together. */
	nv = ct_place_measure_check(t, m, &nm, &cr.tol, v);
	ct_place_list(t, fmt);
	if (fmt == CT_FMT_TABLE)
		ct_doc_gap(stdout);
	ct_rec_begin(&w, stdout, out, &ct_rec_measured);
	for (i = 0; i < nm; i++) {
		mr.m = &m[i];
		ct_rec_write(&w, &mr);
	}
	ct_rec_end(&w);
	if (fmt == CT_FMT_TABLE)
		ct_doc_gap(stdout);
	ct_rec_begin(&w, stdout, out, &ct_rec_kinds_check);
	for (i = 0; i < nv; i++) {
		cr.v = &v[i];
		ct_rec_write(&w, &cr);
	}
	ct_rec_end(&w);
	free(m);
	free(v);
	return CT_EXIT_OK;
}
