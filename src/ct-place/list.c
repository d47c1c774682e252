/*
 * ct-place/list.c - ct-place's listings of the machine: --list (the usable
 * cpus by kind, rank and evidence), --cpus-of (one kind's or rank's cpus
 * as a cpulist for taskset) and --dry-run (the placement plan), each in
 * the table, TSV or JSON Lines format.  The records (topology, cpu,
 * plan) are described once here and written by record.c.
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/doc.h"
#include "records/kinds.h"
#include "core/cpuset.h"
#include "report/report.h"
#include "ct-place/list.h"
#include "ct-place/plan.h"
#include "core/term.h"
#include "machine/topo.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

/* --- The listing's records: the topology, and a cpu. --- */



/* A set as a cpulist (the writer frees it). */
static void set_value(struct ct_rec_value *v, const struct ct_cpuset *set)
{
	v->own = ct_xmalloc(LIST_LEN);
	v->str = ct_cpuset_format(set, v->own, LIST_LEN);
}

static void topo_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_topo *t = rec;

	(void)out;
	switch ((enum ct_topology_field)id) {
	case TP_MACHINE_LINE:
		snprintf(v->buf, sizeof(v->buf), "%s%s", t->model[0] ? t->model : "unknown model",
			 t->recorded ? " (recorded)" : "");
		v->str = v->buf;
		break;
	case TP_CPUS_LINE:
		snprintf(v->buf, sizeof(v->buf), "%d online, %d usable", ct_cpuset_count(&t->online),
			 ct_cpuset_count(&t->usable));
		v->str = v->buf;
		break;
	case TP_KINDS_LINE:
		snprintf(v->buf, sizeof(v->buf), "%s [%s]", t->basis, t->rules);
		v->str = v->buf;
		break;
	case TP_TOOL:
		v->str = "ct-place";
		break;
	case TP_MODEL:
		v->str = t->model;
		break;
	case TP_RECORDED:
		v->i = t->recorded;
		break;
	case TP_POSSIBLE:
		set_value(v, &t->possible);
		break;
	case TP_ONLINE:
		set_value(v, &t->online);
		break;
	case TP_ALLOWED:
		set_value(v, &t->allowed);
		break;
	case TP_USABLE:
		set_value(v, &t->usable);
		break;
	case TP_RANKS:
		v->i = t->nranks;
		break;
	case TP_RULES:
		v->str = t->rules;
		break;
	case TP_BASIS:
		v->str = t->basis;
		break;
	}
}

const struct ct_rec_kind ct_rec_topology = {
	"topology", ct_topology_fields, CT_TOPOLOGY_NFIELDS, topo_value, CT_REC_LINES
};

struct cpu_rec {
	const struct ct_topo *t;
	int cpu;
};



static void cpu_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct cpu_rec *r = rec;
	const struct ct_topo_cpu *p = ct_topo_cpu(r->t, r->cpu);

	(void)out;
	switch ((enum ct_cpu_field)id) {
	case CU_TOOL:
		v->str = "ct-place";
		break;
	case CU_CPU:
		v->i = r->cpu;
		break;
	case CU_KIND:
		v->str = ct_kind_name(p->kind);
		break;
	case CU_RANK:
		v->i = p->rank;
		break;
	case CU_EVIDENCE:
		v->str = ct_evidence_format(p->evidence, v->buf, sizeof(v->buf));
		break;
	case CU_MAX_MHZ:
		/* kHz to the nearest MHz. */
		v->num = p->max_khz > 0 ? (double)((p->max_khz + 500) / 1000) : NAN;
		break;
	case CU_CAPACITY:
		v->num = p->capacity >= 0 ? (double)p->capacity : NAN;
		break;
	}
}

const struct ct_rec_kind ct_rec_cpu = {
	"cpu", ct_cpu_fields, CT_CPU_NFIELDS, cpu_value, 0
};

/* TSV and JSON: the topology (JSON only) and a record per usable cpu. */
static void list_records(const struct ct_topo *t, unsigned out)
{
	struct ct_rec_writer w;
	struct cpu_rec r = { t, 0 };

	ct_rec_begin(&w, stdout, out, &ct_rec_topology);
	ct_rec_write(&w, t);
	ct_rec_end(&w);
	ct_rec_begin(&w, stdout, out, &ct_rec_cpu);
	ct_cpuset_foreach(r.cpu, &t->usable)
		ct_rec_write(&w, &r);
	ct_rec_end(&w);
}

/* The rank's kind (every cpu of a rank has the same one). */
static enum ct_kind rank_kind(const struct ct_topo *t, int r)
{
	int c;

	ct_cpuset_foreach(c, &t->online) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		if (p && p->rank == r)
			return p->kind;
	}
	return CT_KIND_PERFORMANCE;
}

/* --- The table's rows: a rank's usable cpus, and what is not usable. --- */

struct rank_rec {
	const struct ct_topo *t;
	int rank;
	struct ct_cpuset usable;	/* its usable cpus */
};

enum rank_field { K_KIND, K_CPUS, K_RANK, K_COUNT, K_EVIDENCE };

/* For people only: JSON and TSV have a record per cpu instead (ct_rec_cpu). */
static const struct ct_rec_field rank_fields[] = {
	{ K_KIND, NULL, "kind", CT_REC_STR, NULL, NULL, CT_REC_TABLE | CT_REC_LEFT },
	{ K_CPUS, NULL, "cpus", CT_REC_STR, NULL, NULL, CT_REC_TABLE | CT_REC_LEFT },
	{ K_RANK, NULL, "rank", CT_REC_STR, NULL, NULL, CT_REC_TABLE | CT_REC_LEFT },
	{ K_COUNT, NULL, "count", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ K_EVIDENCE, NULL, "evidence", CT_REC_STR, NULL, NULL, CT_REC_TABLE | CT_REC_LEFT },
};

static void rank_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct rank_rec *r = rec;
	int n = ct_cpuset_count(&r->usable);

	(void)out;
	v->str = v->buf;
	switch ((enum rank_field)id) {
	case K_KIND:
		v->str = ct_kind_name(rank_kind(r->t, r->rank));
		break;
	case K_CPUS:
		set_value(v, &r->usable);
		break;
	case K_RANK:
		snprintf(v->buf, sizeof(v->buf), "rank %d", r->rank);
		break;
	case K_COUNT:
		/* "1 cpu " as wide as "2 cpus": the evidence lines up after either. */
		snprintf(v->buf, sizeof(v->buf), "%d cpu%s", n, n == 1 ? " " : "s");
		break;
	case K_EVIDENCE:
		v->own = ct_xmalloc(sizeof(v->buf) + 2);
		snprintf(v->own, sizeof(v->buf) + 2, "(%s)",
			 ct_topo_describe(r->t, &r->usable, v->buf, sizeof(v->buf)));
		v->str = v->own;
		break;
	}
}

/* The rows of a listing: no header, words left and the counts right. */
static const struct ct_rec_kind rank_rows = {
	"rank", rank_fields, CT_ARRAY_SIZE(rank_fields), rank_value, CT_REC_BARE
};

enum unusable_field { N_NOT_ALLOWED, N_OFFLINE };

/* What is not usable, so that a confined listing does not look complete. */
static const struct ct_rec_field unusable_fields[] = {
	{ N_NOT_ALLOWED, NULL, "not allowed", CT_REC_LIST, NULL, NULL, CT_REC_TABLE },
	{ N_OFFLINE, NULL, "offline", CT_REC_LIST, NULL, NULL, CT_REC_TABLE },
};

/* One more line of a list being made in v->own, at offset *used; its offset into at[]. */
static void add_line(struct ct_rec_value *v, size_t *used, size_t *at, const char *line)
{
	size_t len = strlen(line) + 1;

	v->own = ct_xrealloc(v->own, *used + len);
	memcpy(v->own + *used, line, len);
	at[v->n++] = *used;
	*used += len;
}

/* Each rank's online cpus that are not allowed, or the cpus offline: a line each, if any. */
static void unusable_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_topo *t = rec;
	size_t at[CT_ARRAY_SIZE(v->ptrs)], used = 0, i;
	char *list = ct_xmalloc(LIST_LEN), *line = ct_xmalloc(LIST_LEN + 64);
	struct ct_cpuset set;
	int r;

	(void)out;
	for (r = 0; id == N_NOT_ALLOWED && r < t->nranks && v->n < CT_ARRAY_SIZE(at); r++) {
		ct_topo_rank_online(t, r, &set);
		ct_cpuset_andnot(&set, &set, &t->allowed);
		if (ct_cpuset_empty(&set))
			continue;
		snprintf(line, LIST_LEN + 64, "%s (%s, rank %d)",
			 ct_cpuset_format(&set, list, LIST_LEN), ct_kind_name(rank_kind(t, r)), r);
		add_line(v, &used, at, line);
	}
	if (id == N_OFFLINE) {
		ct_cpuset_andnot(&set, &t->possible, &t->online);
		if (!ct_cpuset_empty(&set)) {
			snprintf(line, LIST_LEN + 64, "%s (not classified)",
				 ct_cpuset_format(&set, list, LIST_LEN));
			add_line(v, &used, at, line);
		}
	}
	/* Pointed to once made: own moved as it grew. */
	for (i = 0; i < v->n; i++)
		v->ptrs[i] = v->own + at[i];
	v->list = v->ptrs;
	free(line);
	free(list);
}

static const struct ct_rec_kind unusable_lines = {
	"unusable", unusable_fields, CT_ARRAY_SIZE(unusable_fields), unusable_value, CT_REC_LINES
};

/* For people: the machine, then one line per rank with usable cpus, then the others. */
static void list_table(const struct ct_topo *t)
{
	struct ct_rec_writer w;
	struct rank_rec rr = { t, 0, { { 0 } } };

	ct_rec_begin(&w, stdout, CT_REC_TABLE, &ct_rec_topology);
	ct_rec_write(&w, t);
	ct_rec_end(&w);
	ct_doc_gap(stdout);
	ct_rec_begin(&w, stdout, CT_REC_TABLE, &rank_rows);
	for (rr.rank = 0; rr.rank < t->nranks; rr.rank++) {
		ct_topo_rank_cpus(t, rr.rank, &rr.usable);
		if (!ct_cpuset_empty(&rr.usable))
			ct_rec_write(&w, &rr);
	}
	ct_rec_end(&w);
	ct_rec_begin(&w, stdout, CT_REC_TABLE, &unusable_lines);
	ct_rec_write(&w, t);
	ct_rec_end(&w);
}

int ct_place_list(const struct ct_topo *t, enum ct_format fmt)
{
	if (fmt == CT_FMT_TABLE)
		list_table(t);
	else
		list_records(t, ct_rec_out_of(fmt));
	return CT_EXIT_OK;
}

/*
 * --cpus-of: the usable cpus of a kind (or rank) as a cpulist, nothing
 * else on stdout, so that taskset -c "$(ct-place --cpus-of efficiency)"
 * composes.  None usable is exit 4, never an empty list that taskset
 * would reject with a less helpful message.
 */
int ct_place_cpus_of(const struct ct_topo *t, const struct ct_place_sel *s)
{
	struct ct_cpuset usable, all;
	char *list = ct_xmalloc(LIST_LEN);
	struct ct_doc d;
	const char *what = s->by_rank ? "rank" : "kind";

	if (s->by_rank) {
		ct_topo_rank_cpus(t, s->rank, &usable);
		ct_topo_rank_online(t, s->rank, &all);
	} else {
		ct_topo_kind_cpus(t, s->kind, &usable, &all);
	}
	if (ct_cpuset_empty(&usable)) {
		if (ct_cpuset_empty(&all))
			warnx("no usable cpu of %s '%s': this machine has none", what, s->arg);
		else
			warnx("no usable cpu of %s '%s': cpus %s are not allowed to this process",
			      what, s->arg, ct_cpuset_format(&all, list, LIST_LEN));
		free(list);
		return CT_EXIT_NOTAPPLICABLE;
	}
	ct_doc_init(&d, stdout, CT_REC_TABLE, "");
	ct_doc_line(&d, "%s", ct_cpuset_format(&usable, list, LIST_LEN));
	free(list);
	return CT_EXIT_OK;
}

/* --- The plan's record: a placement, what it asks and where. --- */



static void plan_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_placement *p = rec;

	switch ((enum ct_plan_field)id) {
	case PL_TOOL:
		v->str = "ct-place";
		break;
	case PL_PLACEMENT:
		v->str = p->name;
		break;
	case PL_APPLICABLE:
		v->i = p->applicable;
		if (out & CT_REC_TEXT)
			v->str = p->applicable ? "yes" : "no";
		break;
	case PL_CPUS:
		/* None: '-' in text, "" in JSON. */
		if (ct_cpuset_empty(&p->cpus) && out == CT_REC_JSON)
			v->str = "";
		else if (!ct_cpuset_empty(&p->cpus))
			set_value(v, &p->cpus);
		else
			v->omit = 1;
		break;
	case PL_HOW:
		v->str = p->note;
		break;
	}
}

const struct ct_rec_kind ct_rec_plan = {
	"plan", ct_plan_fields, CT_PLAN_NFIELDS, plan_value, 0
};

/* --dry-run: the placements sel[0..n) of the plan, what each asks and where. */
int ct_place_plan_print(const struct ct_topo *t, const struct ct_placement *sel, size_t n,
			enum ct_format fmt)
{
	struct ct_rec_writer w;
	size_t i;

	if (fmt == CT_FMT_TABLE) {
		char line[768];

		/* On a terminal, wrapped to fit it (term.h). */
		snprintf(line, sizeof(line), "plan for %s%s: %s",
			 t->model[0] ? t->model : "unknown model", t->recorded ? " (recorded)" : "",
			 t->basis);
		ct_term_wrap_hanging(stdout, ct_term_width(stdout), line, strlen(line));
		ct_doc_gap(stdout);
	}
	ct_rec_begin(&w, stdout, ct_rec_out_of(fmt), &ct_rec_plan);
	for (i = 0; i < n; i++)
		ct_rec_write(&w, &sel[i]);
	ct_rec_end(&w);
	return CT_EXIT_OK;
}
