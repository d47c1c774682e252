/*
 * platform/place.c - run a measurement under a thread-level placement, and
 * pin a thread only to a cpu the process may use.
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
#include "platform/place.h"

struct thread_job {
	const struct ct_placement *p;
	void (*fn)(void *);
	void *arg;
	int failed;
	char why[256];
	char how[160];
	/* Set, under mu, once the thread is placed or failed to be. */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int placed;
};

/* Tell the starter the thread is placed (or failed to be): it may go on. */
static void *placed(struct thread_job *j)
{
	pthread_mutex_lock(&j->mu);
	j->placed = 1;
	pthread_cond_signal(&j->cv);
	pthread_mutex_unlock(&j->mu);
	return NULL;
}

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
			return placed(j);
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
			return placed(j);
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
	placed(j);
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

int ct_place_thread_start(const struct ct_placement *p, void (*fn)(void *), void *arg,
			  struct ct_place_thread *th, char *how, size_t howlen, char *why,
			  size_t len)
{
	struct thread_job *j;
	int e;

	th->job = NULL;
	if (p->kind == CT_PLACE_MAIN || p->kind == CT_PLACE_PROCESS_BACKGROUND) {
		snprintf(why, len, "%s is not a placement of a new thread", p->name);
		return -1;
	}
	j = ct_xcalloc(1, sizeof(*j));
	j->p = p;
	j->fn = fn;
	j->arg = arg;
	pthread_mutex_init(&j->mu, NULL);
	pthread_cond_init(&j->cv, NULL);
	e = pthread_create(&th->t, NULL, thread_main, j);
	if (e) {
		snprintf(why, len, "%s: cannot create a thread: %s", p->name, strerror(e));
		free(j);
		return -1;
	}
	pthread_mutex_lock(&j->mu);
	while (!j->placed)
		pthread_cond_wait(&j->cv, &j->mu);
	pthread_mutex_unlock(&j->mu);
	snprintf(how, howlen, "%s", j->how);
	th->job = j;
	if (j->failed) {
		snprintf(why, len, "%s", j->why);
		ct_place_thread_join(th);
		return -1;
	}
	return 0;
}

void ct_place_thread_join(struct ct_place_thread *th)
{
	struct thread_job *j = th->job;

	if (!j)
		return;
	pthread_join(th->t, NULL);
	pthread_mutex_destroy(&j->mu);
	pthread_cond_destroy(&j->cv);
	free(j);
	th->job = NULL;
}

int ct_place_run_thread(const struct ct_placement *p, void (*fn)(void *),
			void *arg, char *how, size_t howlen, char *why, size_t len)
{
	struct ct_place_thread th;

	if (p->kind == CT_PLACE_MAIN) {
		snprintf(how, howlen, "the main thread as spawned, no call");
		fn(arg);
		return 0;
	}
	if (p->kind == CT_PLACE_PROCESS_BACKGROUND) {
		snprintf(why, len, "%s is a process-level placement", p->name);
		return -1;
	}
	if (ct_place_thread_start(p, fn, arg, &th, how, howlen, why, len) < 0)
		return -1;
	ct_place_thread_join(&th);
	return 0;
}
