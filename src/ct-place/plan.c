/*
 * ct-place/plan.c - the placements a machine has, and -p's choice among them.
 */
#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "ct-place/plan.h"
#include "machine/topo.h"

static struct ct_placement *add(struct ct_placement *out, size_t *n, size_t max,
				enum ct_place_kind kind, const char *name, int darwin)
{
	struct ct_placement *p;

	if (*n >= max)
		return NULL;
	p = &out[(*n)++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->cpu = -1;
	p->applicable = 1;
	p->darwin = darwin;
	snprintf(p->name, sizeof(p->name), "%s", name);
	return p;
}

size_t ct_place_plan(const struct ct_topo *t, struct ct_placement *out, size_t max)
{
	struct ct_placement *p;
	struct ct_cpuset slow;
	char list[128];
	size_t n = 0;
	int k, darwin = t->mac;

	p = add(out, &n, max, CT_PLACE_MAIN, "main", darwin);
	if (p)
		snprintf(p->note, sizeof(p->note), "the main thread as spawned, no call");
	p = add(out, &n, max, CT_PLACE_THREAD, "thread", darwin);
	if (p)
		snprintf(p->note, sizeof(p->note), "a new pthread, no call");
	p = add(out, &n, max, CT_PLACE_THREAD_BACKGROUND, "thread-background", darwin);
	if (p)
		snprintf(p->note, sizeof(p->note), "%s",
			 darwin ? "a pthread at QOS_CLASS_BACKGROUND"
				: "a pthread at SCHED_IDLE with uclamp.max 0 where the kernel has it (a hint)");

	/* The process clamp goes to the slowest kind: the highest rank. */
	ct_topo_rank_cpus(t, t->nranks - 1, &slow);
	p = add(out, &n, max, CT_PLACE_PROCESS_BACKGROUND, "process-background", darwin);
	if (p) {
		if (t->nranks < 2) {
			p->applicable = 0;
			snprintf(p->note, sizeof(p->note),
				 "not applicable: one kind of core, nothing to clamp to");
		} else if (darwin) {
			snprintf(p->note, sizeof(p->note),
				 "the process re-run under taskpolicy -c background");
		} else if (ct_cpuset_empty(&slow)) {
			p->applicable = 0;
			snprintf(p->note, sizeof(p->note),
				 "not applicable: no usable cpu of rank %d", t->nranks - 1);
		} else {
			p->cpus = slow;
			snprintf(p->note, sizeof(p->note),
				 "the process re-run with its affinity limited to cpus %s (a pin)",
				 ct_cpuset_format(&slow, list, sizeof(list)));
		}
	}
	if (darwin)
		return n;
	/*
	 * One pin row per kind, on its fastest rank; a kind split into tiers
	 * (a phone's prime and big cores) gets a row per further rank too.
	 */
	for (k = 0; k < CT_KIND_COUNT; k++) {
		int r, first = 1;

		for (r = 0; r < t->nranks; r++) {
			struct ct_cpuset cpus;
			char name[48];
			int c, last = -1;

			ct_topo_rank_cpus(t, r, &cpus);
			ct_cpuset_foreach(c, &cpus)
				if (ct_topo_cpu(t, c)->kind == (enum ct_kind)k)
					last = c;
			if (last < 0)
				continue;
			if (first)
				snprintf(name, sizeof(name), "pin-%s", ct_kind_name((enum ct_kind)k));
			else
				snprintf(name, sizeof(name), "pin-%s-rank%d",
					 ct_kind_name((enum ct_kind)k), r);
			first = 0;
			p = add(out, &n, max, CT_PLACE_PIN, name, darwin);
			if (!p)
				return n;
			p->cpu = last;
			ct_cpuset_set(&p->cpus, last);
			snprintf(p->note, sizeof(p->note), "the thread pinned to cpu %d (rank %d)%s",
				 last, r,
				 t->nranks < 2 ? "; one kind of core: the only pin row" : "");
		}
	}
	return n;
}

const struct ct_placement *ct_place_find(const struct ct_placement *plan, size_t n,
					 const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(plan[i].name, name) == 0)
			return &plan[i];
	return NULL;
}

/*
 * The placements -p asks for, in the plan's order, or every one that
 * applies.  An unknown name is a usage error; a known one this machine
 * cannot give (pin-efficiency on a one-kind machine) exits 4.
 */
size_t ct_place_select(const char *placements, const struct ct_placement *plan, size_t nplan,
		       struct ct_placement *out)
{
	return ct_place_select_exit(placements, plan, nplan, out, CT_EXIT_NOTAPPLICABLE);
}

size_t ct_place_select_exit(const char *placements, const struct ct_placement *plan,
			    size_t nplan, struct ct_placement *out, int na_status)
{
	char *list, *tok, *save = NULL;
	size_t n = 0, i;
	int want[CT_PLACE_MAX] = { 0 };

	if (!placements) {
		for (i = 0; i < nplan; i++)
			out[n++] = plan[i];
		return n;
	}
	list = ct_xstrdup(placements);
	/* strtok_r() would skip an empty name: "main,,thread" is a typo, not a list. */
	if (*list && (list[0] == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,")))
		ct_usage_error("invalid -p '%s': an empty placement name", placements);
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct ct_placement *p = ct_place_find(plan, nplan, tok);
		enum ct_kind k;

		if (!p) {
			if (strncmp(tok, "pin-", 4) == 0 && nplan && plan[0].darwin)
				errx(na_status,
				     "placement '%s' does not apply: macOS cannot pin threads", tok);
			if (strncmp(tok, "pin-", 4) == 0 && ct_kind_parse(tok + 4, &k) == 0)
				errx(na_status,
				     "placement '%s' does not apply: no usable cpu of kind '%s' here",
				     tok, tok + 4);
			ct_usage_error("invalid placement '%s': use main, thread, thread-background, "
				       "process-background or pin-KIND", tok);
		}
		if (!p->applicable)
			errx(na_status, "placement '%s' %s", tok, p->note);
		want[p - plan] = 1;
	}
	free(list);
	for (i = 0; i < nplan; i++)
		if (want[i])
			out[n++] = plan[i];
	if (n == 0)
		ct_usage_error("-p needs at least one placement");
	return n;
}
