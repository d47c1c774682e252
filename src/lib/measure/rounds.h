/*
 * measure/rounds.h - interleaved rounds: several placements or cpus
 * measured in the same moments.  Each member (a placement, a cpu) keeps
 * one worker for the whole run; a round takes one sample of every kernel
 * from every member, the members in an order shuffled afresh each round
 * from a seed the records keep, so that none always goes first or after
 * the same neighbour.  Drift of the host over the run then falls inside
 * every round alike and cancels out of a ratio of two members' samples
 * of the same round (core/signed-rank.h), where one member measured
 * after another would read it as their difference.  coretype(7),
 * "Interleaved rounds", says why and what the ratios then mean.
 *
 * A worker is a thread placed once (platform/place.h) that waits between
 * its turns and runs the harness (measure/harness.h) a round at a time;
 * main's runs in the caller's thread.  Callers with a worker of another
 * sort (ct-place's clamped child process) give their own round function.
 */
#ifndef CT_MEASURE_ROUNDS_H
#define CT_MEASURE_ROUNDS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "measure/harness.h"
#include "platform/place.h"

/*
 * The short settle before each member's turn in a round: an idle core
 * brought back to its clock after the member waited through the others'
 * turns (coretype(7) gives the measurement behind it), and QUICK's.
 */
#define CT_ROUNDS_SETTLE_NS 5000000ull
#define CT_ROUNDS_SETTLE_NS_QUICK 1000000ull

/* The members' order in round r (0-based) of a run seeded with seed: a permutation of 0..n-1. */
void ct_rounds_order(uint64_t seed, unsigned r, size_t n, size_t *order);
/* A seed for a run: the time and the process, unless CT_ORDER_SEED gives one. */
uint64_t ct_rounds_seed(void);

/* A member's worker: the placed thread and its harness session. */
struct ct_worker {
	struct ct_harness_session S;
	int in_caller;			/* main: the caller's own thread */
	struct ct_place_thread th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	enum { CT_WORKER_WAIT, CT_WORKER_CALL, CT_WORKER_BEGIN, CT_WORKER_ROUND, CT_WORKER_END,
	       CT_WORKER_DONE } cmd;
	void (*fn)(void *arg);		/* CT_WORKER_CALL */
	void *fn_arg;
	int begun;			/* the harness run begun */
	int busy;			/* a command given and not yet done */
	unsigned round, position;
	uint64_t settle_ns;
	int complete;
	enum ct_stop stop;
	int rc;
	char why[512];
	/* What begin needs. */
	const struct ct_harness *h;
	const struct ct_job *k;
	size_t nk;
	struct ct_series *out;
};

/*
 * Start w's thread under placement p (main: none, the caller's thread
 * does the work).  Returns 0 with how filled (what the OS was asked), or
 * -1 with a message (nothing left running).
 */
int ct_worker_start(struct ct_worker *w, const struct ct_placement *p, char *how,
		    size_t howlen, char *why, size_t len);
/* Run fn(arg) in w's thread (a kernel's set-up, so that its memory is touched there). */
void ct_worker_call(struct ct_worker *w, void (*fn)(void *arg), void *arg);
/*
 * Begin w's harness run over k[0..nk-1] into out, in its thread (the
 * settle spin and the warm-up).  Returns 0, or -1 with the harness's
 * message.
 */
int ct_worker_begin(struct ct_worker *w, const struct ct_harness *h, const struct ct_job *k,
		    size_t nk, struct ct_series *out, char *why, size_t len);
/*
 * One round of w's samples, in its thread, after a settle spin of
 * settle_ns: round is the round's number, position the member's place
 * in it (1-based).  Returns when done: 0, or -1 with the harness's
 * message.
 */
int ct_worker_round(struct ct_worker *w, unsigned round, unsigned position,
		    uint64_t settle_ns, char *why, size_t len);
/* End w's harness run, if begun (complete: its series verified, stopped by stop), and its thread. */
void ct_worker_stop(struct ct_worker *w, int complete, enum ct_stop stop);

#endif
