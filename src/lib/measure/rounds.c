/*
 * measure/rounds.c - the order of interleaved rounds, and the placed
 * worker threads that take them (measure/rounds.h).  Only one worker runs
 * at a time: the caller hands a command to one and waits until it is
 * done, so a member's samples never share the machine with another's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/common.h"
#include "core/parse.h"
#include "measure/rounds.h"
#include "platform/os.h"

/* splitmix64: a small, well-mixed generator, the same on every platform. */
static uint64_t mix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void ct_rounds_order(uint64_t seed, unsigned r, size_t n, size_t *order)
{
	uint64_t x = seed ^ ((uint64_t)r * 0xd1b54a32d192ed03ull);
	size_t i;

	for (i = 0; i < n; i++)
		order[i] = i;
	/* Fisher-Yates. */
	for (i = n; i > 1; i--) {
		size_t j = (size_t)(mix(&x) % i), t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
}

uint64_t ct_rounds_seed(void)
{
	const char *e = getenv("CT_ORDER_SEED");
	uint64_t x;

	if (e && *e)
		return ct_u64_or_usage("CT_ORDER_SEED", e, 0, UINT64_MAX);
	x = ct_now_ns() ^ ((uint64_t)getpid() << 32) ^ (uint64_t)time(NULL);
	/* Kept in the records as a JSON number: within 2^53, exactly. */
	return mix(&x) >> 11;
}

/* Carry out the command w was given, in the worker's thread. */
static void work(struct ct_worker *w)
{
	switch (w->cmd) {
	case CT_WORKER_CALL:
		w->fn(w->fn_arg);
		w->rc = 0;
		break;
	case CT_WORKER_BEGIN:
		w->rc = ct_harness_begin(&w->S, w->h, w->k, w->nk, w->out, w->why, sizeof(w->why));
		break;
	case CT_WORKER_ROUND:
		ct_settle(w->settle_ns);
		w->rc = ct_harness_round(&w->S, w->round, w->position, w->why, sizeof(w->why));
		break;
	case CT_WORKER_END:
		if (w->begun)
			ct_harness_end(&w->S, w->complete, w->stop);
		w->rc = 0;
		break;
	default:
		break;
	}
}

/* The placed thread: a command at a time until the end. */
static void worker_main(void *arg)
{
	struct ct_worker *w = arg;
	int end;

	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (!w->busy)
			pthread_cond_wait(&w->cv, &w->mu);
		pthread_mutex_unlock(&w->mu);
		work(w);
		end = w->cmd == CT_WORKER_END;
		pthread_mutex_lock(&w->mu);
		w->busy = 0;
		pthread_cond_broadcast(&w->cv);
		if (end)
			break;
	}
	pthread_mutex_unlock(&w->mu);
}

/* Give w a command and wait until it is done. */
static int command(struct ct_worker *w, int cmd)
{
	w->cmd = cmd;
	if (w->in_caller) {
		work(w);
		return w->rc;
	}
	pthread_mutex_lock(&w->mu);
	w->busy = 1;
	pthread_cond_broadcast(&w->cv);
	while (w->busy)
		pthread_cond_wait(&w->cv, &w->mu);
	pthread_mutex_unlock(&w->mu);
	return w->rc;
}

int ct_worker_start(struct ct_worker *w, const struct ct_placement *p, char *how,
		    size_t howlen, char *why, size_t len)
{
	memset(w, 0, sizeof(*w));
	w->in_caller = p->kind == CT_PLACE_MAIN;
	if (w->in_caller) {
		snprintf(how, howlen, "the main thread as spawned, no call");
		return 0;
	}
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	if (ct_place_thread_start(p, worker_main, w, &w->th, how, howlen, why, len) < 0) {
		pthread_mutex_destroy(&w->mu);
		pthread_cond_destroy(&w->cv);
		w->cmd = CT_WORKER_DONE;
		return -1;
	}
	return 0;
}

void ct_worker_call(struct ct_worker *w, void (*fn)(void *arg), void *arg)
{
	w->fn = fn;
	w->fn_arg = arg;
	command(w, CT_WORKER_CALL);
}

int ct_worker_begin(struct ct_worker *w, const struct ct_harness *h, const struct ct_job *k,
		    size_t nk, struct ct_series *out, char *why, size_t len)
{
	w->h = h;
	w->k = k;
	w->nk = nk;
	w->out = out;
	/* The harness makes the series first: end frees nothing it did not make. */
	w->begun = 1;
	if (command(w, CT_WORKER_BEGIN) < 0) {
		snprintf(why, len, "%s", w->why);
		return -1;
	}
	return 0;
}

int ct_worker_round(struct ct_worker *w, unsigned round, unsigned position,
		    uint64_t settle_ns, char *why, size_t len)
{
	w->round = round;
	w->position = position;
	w->settle_ns = settle_ns;
	if (command(w, CT_WORKER_ROUND) < 0) {
		snprintf(why, len, "%s", w->why);
		return -1;
	}
	return 0;
}

void ct_worker_stop(struct ct_worker *w, int complete, enum ct_stop stop)
{
	if (w->cmd == CT_WORKER_DONE)
		return;
	w->complete = complete;
	w->stop = stop;
	command(w, CT_WORKER_END);
	if (!w->in_caller) {
		ct_place_thread_join(&w->th);
		pthread_mutex_destroy(&w->mu);
		pthread_cond_destroy(&w->cv);
	}
	w->cmd = CT_WORKER_DONE;
}
