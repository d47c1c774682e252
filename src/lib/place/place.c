/*
 * place/place.c - run a measurement under a thread-level placement.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/common.h"
#include "platform/os.h"
#include "place/place.h"
#include "machine/topo.h"

struct thread_job {
	const struct ct_placement *p;
	void (*fn)(void *);
	void *arg;
	int failed;
	char why[256];
	char how[160];
};

static void *thread_main(void *v)
{
	struct thread_job *j = v;

	switch (j->p->kind) {
	case CT_PLACE_THREAD_BACKGROUND: {
		/* Sleep once: a thread is placed when it wakes up. */
		struct timespec ts = { 0, 2000000 };

		if (ct_place_background_hint(j->how, sizeof(j->how)) < 0) {
			j->failed = 1;
			snprintf(j->why, sizeof(j->why), "%s: cannot ask for background: %s",
				 j->p->name, strerror(errno));
			return NULL;
		}
		nanosleep(&ts, NULL);
		snprintf(j->how + strlen(j->how), sizeof(j->how) - strlen(j->how),
			 ", then slept once");
		break;
	}
	case CT_PLACE_PIN: {
		char why[200];

		if (ct_place_pin(j->p->cpu, why, sizeof(why)) < 0) {
			j->failed = 1;
			snprintf(j->why, sizeof(j->why), "%s: %s", j->p->name, why);
			return NULL;
		}
		snprintf(j->how, sizeof(j->how), "pinned to cpu %d", j->p->cpu);
		break;
	}
	case CT_PLACE_THREAD:
		snprintf(j->how, sizeof(j->how), "a new pthread, no call");
		break;
	default:
		break;
	}
	j->fn(j->arg);
	return NULL;
}

int ct_place_can_use(int cpu, char *why, size_t len)
{
	struct ct_cpuset allowed;
	char list[128];

	/*
	 * The affinity this thread has now, not the one the plan was made
	 * from: the kernel leaves offline cpus out of it, and taskset or a
	 * cpuset cgroup may have shrunk it since.
	 */
	if (ct_place_allowed(&allowed) == 0 &&
	    (cpu < 0 || cpu >= CT_CPUSET_MAX || !ct_cpuset_isset(&allowed, cpu))) {
		/* Past the cpus the system has at all: none to bring online or allow. */
		long conf = sysconf(_SC_NPROCESSORS_CONF);

		if (conf > 0 && cpu >= conf)
			snprintf(why, len, "cannot pin to cpu %d: no such cpu (the system has %ld, "
				 "allowed: %s)", cpu, conf, ct_cpuset_format(&allowed, list,
				 sizeof(list)));
		else
			snprintf(why, len, "cannot pin to cpu %d: it is offline or not allowed to this "
				 "process (allowed: %s)", cpu, ct_cpuset_format(&allowed, list,
				 sizeof(list)));
		return -1;
	}
	if (!ct_place_can_pin()) {
		snprintf(why, len, "cannot pin to cpu %d: this OS has no cpu affinity", cpu);
		return -1;
	}
	return 0;
}

int ct_place_pin(int cpu, char *why, size_t len)
{
	int now;

	if (ct_place_can_use(cpu, why, len) < 0)
		return -1;
	if (ct_pin_thread(cpu) < 0) {
		if (errno == ENOTSUP)
			snprintf(why, len, "cannot pin to cpu %d: this OS has no cpu affinity", cpu);
		else
			snprintf(why, len, "cannot pin to cpu %d: %s", cpu, strerror(errno));
		return -1;
	}
	/* sched_setaffinity() migrates the thread before it returns. */
	now = ct_current_cpu();
	if (now >= 0 && now != cpu) {
		snprintf(why, len, "pinned to cpu %d but running on cpu %d", cpu, now);
		return -1;
	}
	return 0;
}

int ct_place_run_thread(const struct ct_placement *p, void (*fn)(void *),
			void *arg, char *how, size_t howlen, char *why, size_t len)
{
	struct thread_job j;
	pthread_t t;
	int e;

	if (p->kind == CT_PLACE_MAIN) {
		snprintf(how, howlen, "the main thread as spawned, no call");
		fn(arg);
		return 0;
	}
	if (p->kind == CT_PLACE_PROCESS_BACKGROUND) {
		snprintf(why, len, "%s is a process-level placement", p->name);
		return -1;
	}
	memset(&j, 0, sizeof(j));
	j.p = p;
	j.fn = fn;
	j.arg = arg;
	e = pthread_create(&t, NULL, thread_main, &j);
	if (e) {
		snprintf(why, len, "%s: cannot create a thread: %s", p->name, strerror(e));
		return -1;
	}
	pthread_join(t, NULL);
	snprintf(how, howlen, "%s", j.how);
	if (j.failed) {
		snprintf(why, len, "%s", j.why);
		return -1;
	}
	return 0;
}

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
