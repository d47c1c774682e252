/*
 * place/list.c - ct-place's listings of the machine: --list (the usable
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
#include "core/cpuset.h"
#include "measure/report.h"
#include "place/list.h"
#include "place/place.h"
#include "core/term.h"
#include "machine/topo.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

/* --- The listing's records: the topology, and a cpu. --- */

enum topo_field {
	T_MACHINE_LINE, T_CPUS_LINE, T_KINDS_LINE, T_TOOL, T_MODEL, T_RECORDED, T_POSSIBLE,
	T_ONLINE, T_ALLOWED, T_USABLE, T_RANKS, T_RULES, T_BASIS
};

/* JSON has the sets; the table says the machine in three lines. */
static const struct ct_rec_field topo_fields[] = {
	{ T_MACHINE_LINE, NULL, "machine", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ T_CPUS_LINE, NULL, "cpus", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ T_KINDS_LINE, NULL, "kinds", CT_REC_STR, NULL, NULL, CT_REC_TABLE },
	{ T_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_MODEL, "model", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_RECORDED, "recorded", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ T_POSSIBLE, "cpus_possible", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_ONLINE, "cpus_online", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_ALLOWED, "cpus_allowed", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_USABLE, "cpus_usable", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_RANKS, "ranks", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ T_RULES, "rules", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ T_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
};

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
	switch ((enum topo_field)id) {
	case T_MACHINE_LINE:
		snprintf(v->buf, sizeof(v->buf), "%s%s", t->model[0] ? t->model : "unknown model",
			 t->recorded ? " (recorded)" : "");
		v->str = v->buf;
		break;
	case T_CPUS_LINE:
		snprintf(v->buf, sizeof(v->buf), "%d online, %d usable", ct_cpuset_count(&t->online),
			 ct_cpuset_count(&t->usable));
		v->str = v->buf;
		break;
	case T_KINDS_LINE:
		snprintf(v->buf, sizeof(v->buf), "%s [%s]", t->basis, t->rules);
		v->str = v->buf;
		break;
	case T_TOOL:
		v->str = "ct-place";
		break;
	case T_MODEL:
		v->str = t->model;
		break;
	case T_RECORDED:
		v->i = t->recorded;
		break;
	case T_POSSIBLE:
		set_value(v, &t->possible);
		break;
	case T_ONLINE:
		set_value(v, &t->online);
		break;
	case T_ALLOWED:
		set_value(v, &t->allowed);
		break;
	case T_USABLE:
		set_value(v, &t->usable);
		break;
	case T_RANKS:
		v->i = t->nranks;
		break;
	case T_RULES:
		v->str = t->rules;
		break;
	case T_BASIS:
		v->str = t->basis;
		break;
	}
}

const struct ct_rec_kind ct_rec_topology = {
	"topology", topo_fields, CT_ARRAY_SIZE(topo_fields), topo_value, CT_REC_LINES
};

struct cpu_rec {
	const struct ct_topo *t;
	int cpu;
};

enum cpu_field { U_TOOL, U_CPU, U_KIND, U_RANK, U_EVIDENCE, U_MAX_MHZ, U_CAPACITY };

/* The table groups the cpus by rank instead (list_table). */
static const struct ct_rec_field cpu_fields[] = {
	{ U_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ U_CPU, "cpu", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ U_KIND, "kind", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ U_RANK, "rank", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ U_EVIDENCE, "evidence", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ U_MAX_MHZ, "max_mhz", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ U_CAPACITY, "capacity", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
};

static void cpu_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct cpu_rec *r = rec;
	const struct ct_topo_cpu *p = ct_topo_cpu(r->t, r->cpu);

	(void)out;
	switch ((enum cpu_field)id) {
	case U_TOOL:
		v->str = "ct-place";
		break;
	case U_CPU:
		v->i = r->cpu;
		break;
	case U_KIND:
		v->str = ct_kind_name(p->kind);
		break;
	case U_RANK:
		v->i = p->rank;
		break;
	case U_EVIDENCE:
		v->str = ct_evidence_format(p->evidence, v->buf, sizeof(v->buf));
		break;
	case U_MAX_MHZ:
		/* kHz to the nearest MHz. */
		v->num = p->max_khz > 0 ? (double)((p->max_khz + 500) / 1000) : NAN;
		break;
	case U_CAPACITY:
		v->num = p->capacity >= 0 ? (double)p->capacity : NAN;
		break;
	}
}

const struct ct_rec_kind ct_rec_cpu = {
	"cpu", cpu_fields, CT_ARRAY_SIZE(cpu_fields), cpu_value, 0
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

/* For people: the machine, then one line per rank with usable cpus. */
static void list_table(const struct ct_topo *t)
{
	struct ct_rec_writer w;
	struct ct_cpuset *set = ct_xcalloc((size_t)t->nranks, sizeof(*set));
	struct ct_cpuset *all = ct_xcalloc((size_t)t->nranks, sizeof(*all));
	struct ct_cpuset gone;
	char *list = ct_xmalloc(LIST_LEN), desc[512];
	int r, wkind = 0, wlist = 0, wcount = 0;

	ct_rec_begin(&w, stdout, CT_REC_TABLE, &ct_rec_topology);
	ct_rec_write(&w, t);
	ct_rec_end(&w);
	putchar('\n');
	for (r = 0; r < t->nranks; r++) {
		int n;

		ct_topo_rank_cpus(t, r, &set[r]);
		ct_topo_rank_online(t, r, &all[r]);
		if (ct_cpuset_empty(&set[r]))
			continue;
		n = (int)strlen(ct_kind_name(rank_kind(t, r)));
		wkind = n > wkind ? n : wkind;
		n = (int)strlen(ct_cpuset_format(&set[r], list, LIST_LEN));
		wlist = n > wlist ? n : wlist;
		n = snprintf(desc, sizeof(desc), "%d", ct_cpuset_count(&set[r]));
		wcount = n > wcount ? n : wcount;
	}
	for (r = 0; r < t->nranks; r++) {
		int n = ct_cpuset_count(&set[r]);

		if (!n)
			continue;
		printf("%-*s  %-*s  rank %d  %*d cpu%s  (%s)\n", wkind,
		       ct_kind_name(rank_kind(t, r)), wlist,
		       ct_cpuset_format(&set[r], list, LIST_LEN), r, wcount, n, n == 1 ? " " : "s",
		       ct_topo_describe(t, &set[r], desc, sizeof(desc)));
	}
	/* What is not usable, so a confined listing does not look complete. */
	for (r = 0; r < t->nranks; r++) {
		ct_cpuset_andnot(&all[r], &all[r], &t->allowed);
		if (!ct_cpuset_empty(&all[r]))
			printf("not allowed: %s (%s, rank %d)\n",
			       ct_cpuset_format(&all[r], list, LIST_LEN),
			       ct_kind_name(rank_kind(t, r)), r);
	}
	ct_cpuset_andnot(&gone, &t->possible, &t->online);
	if (!ct_cpuset_empty(&gone))
		printf("offline:     %s (not classified)\n", ct_cpuset_format(&gone, list, LIST_LEN));
	free(list);
	free(all);
	free(set);
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
	printf("%s\n", ct_cpuset_format(&usable, list, LIST_LEN));
	free(list);
	return CT_EXIT_OK;
}

/* --- The plan's record: a placement, what it asks and where. --- */

enum plan_field { L_TOOL, L_PLACEMENT, L_APPLICABLE, L_CPUS, L_HOW };

static const struct ct_rec_field plan_fields[] = {
	{ L_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ L_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ L_APPLICABLE, "applicable", "applies", CT_REC_BOOL, NULL, NULL, CT_REC_ALL },
	{ L_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ L_HOW, "how", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
};

static void plan_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_placement *p = rec;

	switch ((enum plan_field)id) {
	case L_TOOL:
		v->str = "ct-place";
		break;
	case L_PLACEMENT:
		v->str = p->name;
		break;
	case L_APPLICABLE:
		v->i = p->applicable;
		if (out & CT_REC_TEXT)
			v->str = p->applicable ? "yes" : "no";
		break;
	case L_CPUS:
		/* None: '-' in text, "" in JSON. */
		if (ct_cpuset_empty(&p->cpus) && out == CT_REC_JSON)
			v->str = "";
		else if (!ct_cpuset_empty(&p->cpus))
			set_value(v, &p->cpus);
		else
			v->omit = 1;
		break;
	case L_HOW:
		v->str = p->note;
		break;
	}
}

const struct ct_rec_kind ct_rec_plan = {
	"plan", plan_fields, CT_ARRAY_SIZE(plan_fields), plan_value, 0
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
		putchar('\n');
	}
	ct_rec_begin(&w, stdout, ct_rec_out_of(fmt), &ct_rec_plan);
	for (i = 0; i < n; i++)
		ct_rec_write(&w, &sel[i]);
	ct_rec_end(&w);
	return CT_EXIT_OK;
}
