/*
 * measure/allcore.c - the all-core runner: one thread per cpu, every thread
 * running the same kernel for the same wall time, beside a single-thread
 * reference from the same run: its plan and its run (the records are
 * written in report/allcore.c).  See allcore.h for the method.
 *
 * The main thread only directs: it posts a command (settle, warm up,
 * calibrate, one thread alone, all at once), every worker wakes, does its
 * part, and reports back; the main thread blocks meanwhile, so the only
 * threads running are the measuring ones.  A worker that is not part of a
 * command blocks too, leaving its cpu idle while the reference runs alone.
 * Condition variables, not pthread_barrier_t, which macOS lacks.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/allcore.h"
#include "core/common.h"
#include "kernels/kernels.h"
#include "platform/os.h"
#include "platform/place.h"

/* --- Planning. --- */

static struct ct_allcore_group *add_group(struct ct_allcore *a)
{
	struct ct_allcore_group *g;

	a->g = ct_xrealloc(a->g, (a->ngroups + 1) * sizeof(*a->g));
	g = &a->g[a->ngroups++];
	memset(g, 0, sizeof(*g));
	g->kind = "unknown";
	return g;
}

static void add_thread(struct ct_allcore *a, int cpu, size_t group)
{
	struct ct_allcore_thread *t;

	a->t = ct_xrealloc(a->t, (a->n + 1) * sizeof(*a->t));
	t = &a->t[a->n];
	memset(t, 0, sizeof(*t));
	t->cpu = cpu;
	t->group = group;
	if (cpu >= 0)
		snprintf(t->name, sizeof(t->name), "allcore-cpu%d", cpu);
	else
		snprintf(t->name, sizeof(t->name), "allcore-thread%zu", a->n);
	a->g[group].ref = a->n;		/* the last one wins */
	a->g[group].nthreads++;
	a->n++;
}

/*
 * A rank's name as ct-place's pin rows have it: the kind, and "-rankN"
 * for a rank that is not the kind's fastest.
 */
static void rank_name(const struct ct_topo *t, int r, enum ct_kind kind, char *buf,
		      size_t len)
{
	int q;

	for (q = 0; q < r; q++) {
		struct ct_cpuset set;
		const struct ct_topo_cpu *c;

		ct_topo_rank_online(t, q, &set);
		c = ct_topo_cpu(t, ct_cpuset_next(&set, 0));
		if (c && c->kind == kind) {
			snprintf(buf, len, "%s-rank%d", ct_kind_name(kind), r);
			return;
		}
	}
	snprintf(buf, len, "%s", ct_kind_name(kind));
}

void ct_allcore_plan(struct ct_allcore *a, const struct ct_topo *t,
		     const struct ct_cpuset *cpus, size_t n)
{
	struct ct_allcore_group *g;
	size_t i;
	int r, c;

	memset(a, 0, sizeof(*a));
	if (!cpus) {
		g = add_group(a);
		snprintf(g->name, sizeof(g->name), "all");
		for (i = 0; i < n; i++)
			add_thread(a, -1, 0);
	} else if (!t) {
		g = add_group(a);
		snprintf(g->name, sizeof(g->name), "all");
		ct_cpuset_foreach(c, cpus) {
			add_thread(a, c, 0);
			ct_cpuset_set(&g->cpus, c);
		}
	} else {
		/* Rank by rank, fastest first: the first group sets the duration. */
		for (r = 0; r < t->nranks; r++) {
			struct ct_cpuset set;
			const struct ct_topo_cpu *tc;

			ct_topo_rank_cpus(t, r, &set);
			ct_cpuset_and(&set, &set, cpus);
			if (ct_cpuset_empty(&set))
				continue;
			g = add_group(a);
			tc = ct_topo_cpu(t, ct_cpuset_next(&set, 0));
			g->kind = ct_kind_name(tc->kind);
			rank_name(t, r, tc->kind, g->name, sizeof(g->name));
			g->cpus = set;
			ct_cpuset_foreach(c, &set)
				add_thread(a, c, a->ngroups - 1);
		}
	}
	a->pinned = cpus != NULL;
	if (cpus)
		a->cpus = *cpus;
	for (i = 0; i < a->ngroups; i++) {
		g = &a->g[i];
		snprintf(g->union_name, sizeof(g->union_name), "allcore-%s", g->name);
		if (a->pinned)
			snprintf(g->single_name, sizeof(g->single_name), "single-cpu%d",
				 a->t[g->ref].cpu);
		else
			snprintf(g->single_name, sizeof(g->single_name), "single-thread%zu", g->ref);
	}
}

/* --- Running. --- */

enum cmd { CMD_SETTLE, CMD_WARMUP, CMD_CALIBRATE, CMD_SINGLE, CMD_ALL, CMD_QUIT };

struct runner;

struct worker {
	struct runner *r;
	size_t idx;
	pthread_t tid;
	int failed;
	char why[512];
};

struct runner {
	struct ct_allcore *a;
	const struct ct_harness *h;
	const struct ct_allcore_kernel *ks;
	size_t nk;
	struct worker *w;
	pthread_mutex_t mu;
	pthread_cond_t cmd_cv;		/* a new command (gen changed) */
	pthread_cond_t done_cv;		/* a worker finished its part */
	unsigned gen;
	size_t done;
	/* The command. */
	enum cmd cmd;
	size_t kernel;			/* which kernel */
	size_t who;			/* the thread for CALIBRATE and SINGLE */
	unsigned rep;
	struct ct_sample *single;	/* where SINGLE's sample goes */
	uint64_t calib_ns;		/* CALIBRATE's result */
	/* The start line of an all-core sample. */
	atomic_size_t arrived;
};

static void report_done(struct runner *r)
{
	pthread_mutex_lock(&r->mu);
	r->done++;
	pthread_cond_signal(&r->done_cv);
	pthread_mutex_unlock(&r->mu);
}

static void start_line(struct runner *r)
{
	atomic_fetch_add(&r->arrived, 1);
	while (atomic_load(&r->arrived) < r->a->n)
		;
}

/*
 * One fixed-duration sample: calls of kernel k until dur_ns have passed
 * since this thread's start, each timed and verified; bracketed by add
 * chains for kernels normalized per cycle.  With all, the threads start
 * together.  A thread always reaches the start line, even after a failed
 * bracket, or the others would wait for it forever.
 */
static int timed_sample(struct runner *r, const struct ct_job *k, uint64_t dur_ns,
			int all, struct ct_sample *s, char *why, size_t len)
{
	int bracketed = k->per_cycle_unit != NULL && r->h->bracket_adds > 0;
	struct ct_bracket pre, post;
	uint64_t start, deadline, c0, c1, ret;
	char reason[200];
	int bad = 0;

	memset(s, 0, sizeof(*s));
	s->rep = r->rep;
	if (bracketed && ct_bracket_run(r->h->bracket_adds, &pre) < 0)
		bad = 1;
	if (all)
		start_line(r);
	if (bad) {
		snprintf(why, len, "the add chain before it miscounted");
		return -1;
	}
	/*
	 * The span from the first call's start to the last call's end, the
	 * cpu time read inside the wall time (its reads cost a system call
	 * each, so they are not taken per call).  The verification of each
	 * call is in the span: a few hundred ns against calls of tens of us
	 * or more, and the same in the single-thread reference.
	 */
	s->cpu_start = ct_current_cpu();
	start = ct_now_ns();
	c0 = ct_thread_cpu_ns();
	deadline = start + dur_ns;
	do {
		ret = k->run(k->ctx);
		s->calls++;
		reason[0] = '\0';
		if (k->verify(k->ctx, ret, reason, sizeof(reason)) != 0) {
			snprintf(why, len, "call %llu: %s", (unsigned long long)s->calls,
				 reason[0] ? reason : "result does not verify");
			return -1;
		}
	} while (ct_now_ns() < deadline);
	c1 = ct_thread_cpu_ns();
	s->wall_ns = ct_now_ns() - start;
	s->cpu_ns = c1 - c0;
	s->cpu_end = ct_current_cpu();
	if (bracketed) {
		if (ct_bracket_run(r->h->bracket_adds, &post) < 0) {
			snprintf(why, len, "the add chain after it miscounted");
			return -1;
		}
		/* Their times too: a bracket that lost its cpu disturbs the sample. */
		ct_sample_set_brackets(s, &pre, &post);
	}
	if (!s->wall_ns)
		s->wall_ns = 1;
	if (!s->cpu_ns)
		s->cpu_ns = 1;
	return 0;
}

/* One worker's part of the current command; -1 with w->why on failure. */
static int do_command(struct runner *r, struct worker *w)
{
	struct ct_allcore_thread *t = &r->a->t[w->idx];
	const struct ct_job *k = &t->k[r->kernel];
	struct ct_sample s;
	char reason[300];
	uint64_t ret, t0;
	size_t i;
	unsigned c;

	switch (r->cmd) {
	case CMD_SETTLE:
		ct_settle(r->h->settle_ns);
		return 0;
	case CMD_WARMUP:
		/* Caches, TLB, page faults: discarded, but verified. */
		for (i = 0; i < r->nk; i++) {
			ret = t->k[i].run(t->k[i].ctx);
			reason[0] = '\0';
			if (t->k[i].verify(t->k[i].ctx, ret, reason, sizeof(reason)) != 0) {
				snprintf(w->why, sizeof(w->why), "warm-up of %s (%s): %s",
					 t->k[i].name, t->k[i].isa,
					 reason[0] ? reason : "result does not verify");
				return -1;
			}
		}
		return 0;
	case CMD_CALIBRATE:
		if (w->idx != r->who)
			return 0;
		t0 = ct_now_ns();
		for (c = 0; c < CT_ALLCORE_CHUNKS; c++) {
			ret = k->run(k->ctx);
			reason[0] = '\0';
			if (k->verify(k->ctx, ret, reason, sizeof(reason)) != 0) {
				snprintf(w->why, sizeof(w->why), "timing a sample of %s (%s): %s",
					 k->name, k->isa, reason[0] ? reason : "result does not verify");
				return -1;
			}
		}
		r->calib_ns = ct_now_ns() - t0;
		return 0;
	case CMD_SINGLE:
		if (w->idx != r->who)
			return 0;
		if (timed_sample(r, k, r->a->sample_ns[r->kernel], 0, r->single, reason,
				 sizeof(reason)) < 0)
			goto sample_failed;
		return 0;
	case CMD_ALL:
		if (timed_sample(r, k, r->a->sample_ns[r->kernel], 1, &s, reason,
				 sizeof(reason)) < 0)
			goto sample_failed;
		t->ser[r->kernel].s[r->rep] = s;
		t->ser[r->kernel].n = r->rep + 1;
		return 0;
	case CMD_QUIT:
		return 0;
	}
	return 0;
sample_failed:
	snprintf(w->why, sizeof(w->why), "%s sample %u of %s (%s): %s",
		 r->cmd == CMD_SINGLE ? "single-thread" : "all-core", r->rep + 1, k->name,
		 k->isa, reason);
	return -1;
}

static void *worker_main(void *v)
{
	struct worker *w = v;
	struct runner *r = w->r;
	struct ct_allcore_thread *t = &r->a->t[w->idx];
	unsigned seen = 0;
	size_t i;
	enum cmd cmd;

	/* The cpu still allowed (ct_place_pin), and the thread running on it. */
	if (t->cpu >= 0 && ct_place_pin(t->cpu, w->why, sizeof(w->why)) < 0) {
		w->failed = 1;
	} else {
		/* Each thread's own kernels, their data first touched on its cpu. */
		for (i = 0; i < r->nk; i++)
			t->state[i] = r->ks[i].make(r->ks[i].arg, &t->k[i]);
	}
	report_done(r);
	for (;;) {
		pthread_mutex_lock(&r->mu);
		while (r->gen == seen)
			pthread_cond_wait(&r->cmd_cv, &r->mu);
		seen = r->gen;
		cmd = r->cmd;
		pthread_mutex_unlock(&r->mu);
		if (cmd == CMD_QUIT)
			break;
		if (w->failed) {
			/* Only reached if the director goes on; keep the start line whole. */
			if (cmd == CMD_ALL)
				start_line(r);
		} else if (do_command(r, w) < 0) {
			w->failed = 1;
		}
		report_done(r);
	}
	return NULL;
}

static void failure(struct runner *r, char *why, size_t len)
{
	size_t i;

	for (i = 0; i < r->a->n; i++)
		if (r->w[i].failed) {
			if (r->a->t[i].cpu >= 0)
				snprintf(why, len, "cpu %d: %s", r->a->t[i].cpu, r->w[i].why);
			else
				snprintf(why, len, "thread %zu: %s", i, r->w[i].why);
			return;
		}
}

static int any_failed(const struct runner *r)
{
	size_t i;

	for (i = 0; i < r->a->n; i++)
		if (r->w[i].failed)
			return 1;
	return 0;
}

/* Post a command and wait until every worker has done its part. */
static void command(struct runner *r, enum cmd c, size_t kernel, size_t who)
{
	pthread_mutex_lock(&r->mu);
	r->cmd = c;
	r->kernel = kernel;
	r->who = who;
	r->done = 0;
	atomic_store(&r->arrived, 0);
	r->gen++;
	pthread_cond_broadcast(&r->cmd_cv);
	while (c != CMD_QUIT && r->done < r->a->n)
		pthread_cond_wait(&r->done_cv, &r->mu);
	pthread_mutex_unlock(&r->mu);
}

static void series_init(struct ct_series *s, const struct ct_job *k, unsigned reps)
{
	s->k = k;
	s->s = ct_xcalloc(reps, sizeof(*s->s));
	s->n = 0;
	s->verified = 0;
}

/* A group's threads' samples as one series: the kind's figures. */
static void make_union(struct ct_allcore *a, size_t gi, size_t k, unsigned reps)
{
	struct ct_allcore_group *g = &a->g[gi];
	struct ct_series *u = &g->all[k];
	size_t i;
	unsigned s;

	u->k = &a->t[g->ref].k[k];
	u->s = ct_xcalloc((size_t)reps * g->nthreads, sizeof(*u->s));
	u->n = 0;
	u->verified = 1;
	for (i = 0; i < a->n; i++) {
		if (a->t[i].group != gi)
			continue;
		for (s = 0; s < a->t[i].ser[k].n; s++)
			u->s[u->n++] = a->t[i].ser[k].s[s];
		u->verified &= a->t[i].ser[k].verified;
	}
}

int ct_allcore_run(struct ct_allcore *a, const struct ct_harness *h,
		   const struct ct_allcore_kernel *ks, size_t nk, char *why, size_t len)
{
	struct runner r;
	size_t i, g, k, started = 0;
	unsigned rep;
	int rc = -1, e;

	memset(&r, 0, sizeof(r));
	r.a = a;
	r.h = h;
	r.ks = ks;
	r.nk = nk;
	a->ks = ks;
	a->nk = nk;
	a->sample_ns = ct_xcalloc(nk, sizeof(*a->sample_ns));
	for (i = 0; i < a->n; i++) {
		a->t[i].k = ct_xcalloc(nk, sizeof(*a->t[i].k));
		a->t[i].state = ct_xcalloc(nk, sizeof(*a->t[i].state));
		a->t[i].ser = ct_xcalloc(nk, sizeof(*a->t[i].ser));
	}
	for (g = 0; g < a->ngroups; g++) {
		a->g[g].single = ct_xcalloc(nk, sizeof(*a->g[g].single));
		a->g[g].all = ct_xcalloc(nk, sizeof(*a->g[g].all));
	}
	r.w = ct_xcalloc(a->n, sizeof(*r.w));
	pthread_mutex_init(&r.mu, NULL);
	pthread_cond_init(&r.cmd_cv, NULL);
	pthread_cond_init(&r.done_cv, NULL);
	atomic_init(&r.arrived, 0);

	for (i = 0; i < a->n; i++) {
		r.w[i].r = &r;
		r.w[i].idx = i;
		e = pthread_create(&r.w[i].tid, NULL, worker_main, &r.w[i]);
		if (e) {
			snprintf(why, len, "cannot create thread %zu: %s", i, strerror(e));
			goto out;
		}
		started++;
	}
	/* Every worker pinned and its kernels made (or failed). */
	pthread_mutex_lock(&r.mu);
	while (r.done < a->n)
		pthread_cond_wait(&r.done_cv, &r.mu);
	pthread_mutex_unlock(&r.mu);
	if (any_failed(&r))
		goto failed;
	for (i = 0; i < a->n; i++)
		for (k = 0; k < nk; k++)
			series_init(&a->t[i].ser[k], &a->t[i].k[k], h->reps);
	for (g = 0; g < a->ngroups; g++)
		for (k = 0; k < nk; k++)
			series_init(&a->g[g].single[k], &a->t[a->g[g].ref].k[k], h->reps);

	command(&r, CMD_SETTLE, 0, 0);
	command(&r, CMD_WARMUP, 0, 0);
	if (any_failed(&r))
		goto failed;
	/* The duration: a single-thread sample's length on the fastest rank. */
	for (k = 0; k < nk; k++) {
		command(&r, CMD_CALIBRATE, k, a->g[0].ref);
		if (any_failed(&r))
			goto failed;
		a->sample_ns[k] = r.calib_ns ? r.calib_ns : 1;
	}
	for (rep = 0; rep < h->reps; rep++)
		for (k = 0; k < nk; k++) {
			r.rep = rep;
			for (g = 0; g < a->ngroups; g++) {
				r.single = &a->g[g].single[k].s[rep];
				command(&r, CMD_SINGLE, k, a->g[g].ref);
				if (any_failed(&r))
					goto failed;
				a->g[g].single[k].n = rep + 1;
			}
			command(&r, CMD_ALL, k, 0);
			if (any_failed(&r))
				goto failed;
			/* Between samples, as the harness's hook is called. */
			if (h->progress) {
				struct ct_harness_state st = { h, &a->t[0].k[k], k, nk,
							       rep + 1, NAN, 0 };

				h->progress(h->progress_arg, &st);
			}
		}
	for (k = 0; k < nk; k++) {
		for (i = 0; i < a->n; i++)
			a->t[i].ser[k].verified = a->t[i].ser[k].n == h->reps;
		for (g = 0; g < a->ngroups; g++)
			a->g[g].single[k].verified = a->g[g].single[k].n == h->reps;
	}
	for (g = 0; g < a->ngroups; g++)
		for (k = 0; k < nk; k++)
			make_union(a, g, k, h->reps);
	rc = 0;
	goto out;
failed:
	failure(&r, why, len);
out:
	if (started) {
		/* Not waited for: a worker still setting up leaves when it is done. */
		command(&r, CMD_QUIT, 0, 0);
		for (i = 0; i < started; i++)
			pthread_join(r.w[i].tid, NULL);
	}
	pthread_mutex_destroy(&r.mu);
	pthread_cond_destroy(&r.cmd_cv);
	pthread_cond_destroy(&r.done_cv);
	free(r.w);
	return rc;
}

void ct_allcore_free(struct ct_allcore *a)
{
	size_t i, k;

	for (i = 0; i < a->n; i++) {
		for (k = 0; k < a->nk && a->t[i].ser; k++)
			free(a->t[i].ser[k].s);
		for (k = 0; k < a->nk && a->t[i].state; k++)
			if (a->t[i].state[k] && a->ks[k].destroy)
				a->ks[k].destroy(a->t[i].state[k]);
		free(a->t[i].ser);
		free(a->t[i].state);
		free(a->t[i].k);
	}
	for (i = 0; i < a->ngroups; i++) {
		for (k = 0; k < a->nk && a->g[i].single; k++) {
			free(a->g[i].single[k].s);
			free(a->g[i].all[k].s);
		}
		free(a->g[i].single);
		free(a->g[i].all);
	}
	free(a->t);
	free(a->g);
	free(a->sample_ns);
	memset(a, 0, sizeof(*a));
}
