/*
 * place-list.c - ct-place's listings of the machine: --list (the usable
 * cpus by kind, rank and evidence), --cpus-of (one kind's or rank's cpus
 * as a cpulist for taskset) and --dry-run (the placement plan), each in
 * the table, TSV or JSON Lines format.
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/out.h"
#include "ct/place-list.h"
#include "ct/place.h"
#include "ct/topo.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

/* "4900" from kHz, "-" when unknown (TSV). */
static const char *mhz_cell(long khz, char *buf, size_t len)
{
	if (khz <= 0)
		return "-";
	snprintf(buf, len, "%ld", (khz + 500) / 1000);
	return buf;
}

static const char *long_cell(long v, char *buf, size_t len)
{
	if (v < 0)
		return "-";
	snprintf(buf, len, "%ld", v);
	return buf;
}

static void list_tsv(const struct ct_topo *t)
{
	char ev[128], mhz[32], cap[32];
	int c;

	printf("#cpu\tkind\trank\tevidence\tmax_mhz\tcapacity\n");
	for (c = ct_cpuset_next(&t->usable, 0); c >= 0; c = ct_cpuset_next(&t->usable, c + 1)) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		printf("%d\t%s\t%d\t%s\t%s\t%s\n", c, ct_kind_name(p->kind), p->rank,
		       ct_evidence_format(p->evidence, ev, sizeof(ev)),
		       mhz_cell(p->max_khz, mhz, sizeof(mhz)),
		       long_cell(p->capacity, cap, sizeof(cap)));
	}
}

static void json_set(const char *key, const struct ct_cpuset *s, char *buf)
{
	ct_json_str(stdout, key, ct_cpuset_format(s, buf, LIST_LEN));
}

static void list_json(const struct ct_topo *t)
{
	char *buf = ct_xmalloc(LIST_LEN);
	char ev[128];
	int c;

	ct_json_begin(stdout, "topology");
	ct_json_str(stdout, "tool", "ct-place");
	ct_json_str(stdout, "model", t->model);
	ct_json_bool(stdout, "recorded", t->recorded);
	json_set("cpus_possible", &t->possible, buf);
	json_set("cpus_online", &t->online, buf);
	json_set("cpus_allowed", &t->allowed, buf);
	json_set("cpus_usable", &t->usable, buf);
	ct_json_int(stdout, "ranks", t->nranks);
	ct_json_str(stdout, "rules", t->rules);
	ct_json_str(stdout, "basis", t->basis);
	ct_json_end(stdout);
	for (c = ct_cpuset_next(&t->usable, 0); c >= 0; c = ct_cpuset_next(&t->usable, c + 1)) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		ct_json_begin(stdout, "cpu");
		ct_json_str(stdout, "tool", "ct-place");
		ct_json_int(stdout, "cpu", c);
		ct_json_str(stdout, "kind", ct_kind_name(p->kind));
		ct_json_int(stdout, "rank", p->rank);
		ct_json_str(stdout, "evidence", ct_evidence_format(p->evidence, ev, sizeof(ev)));
		ct_json_num(stdout, "max_mhz", p->max_khz > 0 ? (double)((p->max_khz + 500) / 1000) : NAN);
		ct_json_num(stdout, "capacity", p->capacity >= 0 ? (double)p->capacity : NAN);
		ct_json_end(stdout);
	}
	free(buf);
}

/* The rank's kind (every cpu of a rank has the same one). */
static enum ct_kind rank_kind(const struct ct_topo *t, int r)
{
	int c;

	for (c = ct_cpuset_next(&t->online, 0); c >= 0; c = ct_cpuset_next(&t->online, c + 1)) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		if (p && p->rank == r)
			return p->kind;
	}
	return CT_KIND_PERFORMANCE;
}

/* For people: the machine, then one line per rank with usable cpus. */
static void list_table(const struct ct_topo *t)
{
	struct ct_cpuset *set = ct_xcalloc((size_t)t->nranks, sizeof(*set));
	struct ct_cpuset *all = ct_xcalloc((size_t)t->nranks, sizeof(*all));
	struct ct_cpuset gone;
	char *list = ct_xmalloc(LIST_LEN), desc[512];
	int r, wkind = 0, wlist = 0, wcount = 0;

	printf("machine:  %s%s\n", t->model[0] ? t->model : "unknown model",
	       t->recorded ? " (recorded)" : "");
	printf("cpus:     %d online, %d usable\n", ct_cpuset_count(&t->online),
	       ct_cpuset_count(&t->usable));
	printf("kinds:    %s [%s]\n\n", t->basis, t->rules);
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
	switch (fmt) {
	case CT_FMT_TSV:
		list_tsv(t);
		break;
	case CT_FMT_JSON:
		list_json(t);
		break;
	default:
		list_table(t);
		break;
	}
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

/* --dry-run: the placements sel[0..n) of the plan, what each asks and where. */
int ct_place_plan_print(const struct ct_topo *t, const struct ct_placement *sel, size_t n,
			enum ct_format fmt)
{
	char *list = ct_xmalloc(LIST_LEN);
	size_t i;
	struct ct_table *tab = NULL;
	static const char *const cols[] = { "placement", "applies", "cpus", "how" };

	if (fmt == CT_FMT_TSV)
		printf("#placement\tapplicable\tcpus\thow\n");
	if (fmt == CT_FMT_TABLE) {
		printf("plan for %s%s: %s\n\n", t->model[0] ? t->model : "unknown model",
		       t->recorded ? " (recorded)" : "", t->basis);
		tab = ct_table_new(cols, 4);
	}
	for (i = 0; i < n; i++) {
		const struct ct_placement *p = &sel[i];
		const char *cpus = ct_cpuset_empty(&p->cpus) ? "-" :
				   ct_cpuset_format(&p->cpus, list, LIST_LEN);

		switch (fmt) {
		case CT_FMT_TSV:
			printf("%s\t%s\t%s\t%s\n", p->name, p->applicable ? "true" : "false",
			       cpus, p->note);
			break;
		case CT_FMT_JSON:
			ct_json_begin(stdout, "plan");
			ct_json_str(stdout, "tool", "ct-place");
			ct_json_str(stdout, "placement", p->name);
			ct_json_bool(stdout, "applicable", p->applicable);
			ct_json_str(stdout, "cpus", ct_cpuset_empty(&p->cpus) ? "" : cpus);
			ct_json_str(stdout, "how", p->note);
			ct_json_end(stdout);
			break;
		case CT_FMT_TABLE: {
			const char *cells[4] = { p->name, p->applicable ? "yes" : "no", cpus,
						 p->note };

			ct_table_add(tab, cells);
			break;
		}
		}
	}
	if (tab) {
		ct_table_print(tab, stdout);
		ct_table_free(tab);
	}
	free(list);
	return CT_EXIT_OK;
}
