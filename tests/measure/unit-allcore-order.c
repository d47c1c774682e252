/*
 * unit-allcore-order.c - the all-core runner's clocks in order: a sample's
 * span starts after its leading bracket and, all-core, after every
 * thread's leading bracket (the start line), and ends before its trailing
 * bracket; it holds every call it counts.  Two unpinned threads, a
 * stand-in add chain (the test defines ct_addchain, as unit-allcore-fake.c
 * does) that writes down when each bracket starts and ends, on the wall
 * clock and the thread's CPU clock, and a kernel that writes down when
 * its calls start and end: the order the runner must keep is then
 * checked against the sample's own wall_ns and cpu_ns, which a machine's
 * speed or load cannot reverse (every reading is on one monotonic clock).
 * One thread's leading brackets are long (LONG_NS) and the other's short,
 * so that a clock started before the bracket or before the start line
 * takes in milliseconds that the brackets' readings leave no room for.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/allcore.h"
#include "core/common.h"
#include "measure/harness.h"
#include "kernels/kernels.h"
#include "platform/os.h"
#include "unit.h"
#include "unit-fake-chain.h"

#define REPS 3
#define THREADS 2
#define LONG_NS 6000000ull		/* the long leading bracket's CPU time */
#define SHORT_NS 400000ull		/* every other bracket's */
#define CALL_NS 200000ull		/* a call's */
/* Samples a thread can take: REPS all-core, and REPS alone for the reference. */
#define SAMPLES (2 * REPS)

/* What the stand-ins saw of one sample of one thread. */
struct seen {
	uint64_t pre_wall_end, pre_cpu_end;	/* the leading bracket's end */
	uint64_t post_wall_start, post_cpu_start; /* the trailing bracket's start */
	uint64_t first_call, last_end;		/* wall: the first call's start, the last verify's end */
	uint64_t calls;
};

struct fake {
	int long_pre;			/* this thread's leading brackets are long */
	unsigned long chunks;		/* ct_addchain calls so far */
	int in_sample;			/* between a leading and a trailing bracket */
	size_t n;			/* samples begun */
	struct seen s[SAMPLES];
};

static _Thread_local struct fake *cur;
static atomic_int made;

uint64_t ct_addchain(uint64_t iters)
{
	struct fake *f = cur;
	unsigned long c = f->chunks++;
	unsigned long bracket = c / CT_BRACKET_CHUNKS, chunk = c % CT_BRACKET_CHUNKS;
	int leading = bracket % 2 == 0;
	struct seen *s = &f->s[bracket / 2 < SAMPLES ? bracket / 2 : SAMPLES - 1];

	if (!leading && chunk == 0) {
		/* The trailing bracket starts: the sample's clocks were read before this. */
		s->post_cpu_start = ct_thread_cpu_ns();
		s->post_wall_start = ct_now_ns();
		f->in_sample = 0;
	}
	burn((leading && f->long_pre ? LONG_NS : SHORT_NS) / CT_BRACKET_CHUNKS);
	if (leading && chunk == CT_BRACKET_CHUNKS - 1) {
		/* The leading bracket ends: the sample's clocks are read after this. */
		s->pre_wall_end = ct_now_ns();
		s->pre_cpu_end = ct_thread_cpu_ns();
		f->n = bracket / 2 + 1;
		f->in_sample = 1;
	}
	return iters * CT_ADDCHAIN_UNROLL;
}

static uint64_t fake_run(void *p)
{
	struct fake *f = p;
	struct seen *s = &f->s[f->n ? f->n - 1 : 0];

	if (f->in_sample && s->calls++ == 0)
		s->first_call = ct_now_ns();
	burn(CALL_NS);
	return 1;
}

static int fake_verify(void *p, uint64_t ret, char *why, size_t len)
{
	struct fake *f = p;

	(void)ret;
	(void)why;
	(void)len;
	if (f->in_sample)
		f->s[f->n - 1].last_end = ct_now_ns();
	return 0;
}

static void *fake_make(void *arg, struct ct_job *k)
{
	struct fake *f = ct_xcalloc(1, sizeof(*f));

	(void)arg;
	f->long_pre = atomic_fetch_add(&made, 1) == 0;
	cur = f;
	memset(k, 0, sizeof(*k));
	k->name = "fake";
	k->isa = "test";
	k->unit = "Gcall/s";
	k->work = 1;
	k->per_cycle_unit = "op/cycle";
	k->per_cycle_work = 1;
	k->run = fake_run;
	k->verify = fake_verify;
	k->ctx = f;
	return f;
}

/* One sample x against what its thread saw of it; after: the start line's end (0: alone). */
static void check_sample(const char *what, unsigned rep, const struct ct_sample *x,
			 const struct seen *s, uint64_t after)
{
	uint64_t room = s->post_wall_start - s->pre_wall_end;
	uint64_t cpu_room = s->post_cpu_start - s->pre_cpu_end;

	CHECK(s->pre_wall_end > 0 && s->post_wall_start >= s->pre_wall_end);
	/* The span between its brackets, on both clocks. */
	if (x->wall_ns > room || x->cpu_ns > cpu_room)
		fprintf(stderr, "%s sample %u: %llu ns wall, %llu ns cpu, but only %llu and %llu "
			"between its brackets\n", what, rep + 1, (unsigned long long)x->wall_ns,
			(unsigned long long)x->cpu_ns, (unsigned long long)room,
			(unsigned long long)cpu_room);
	CHECK(x->wall_ns <= room);
	CHECK(x->cpu_ns <= cpu_room);
	/* After the start line: every thread's leading bracket had ended. */
	if (after) {
		CHECK(s->post_wall_start >= after);
		if (x->wall_ns > s->post_wall_start - after)
			fprintf(stderr, "%s sample %u: %llu ns wall, but only %llu from the last "
				"thread's leading bracket to its trailing one\n", what, rep + 1,
				(unsigned long long)x->wall_ns,
				(unsigned long long)(s->post_wall_start - after));
		CHECK(x->wall_ns <= s->post_wall_start - after);
	}
	/* Every call it counts, inside it. */
	CHECK(x->calls == s->calls && s->calls > 0);
	CHECK(s->first_call >= s->pre_wall_end && s->last_end <= s->post_wall_start);
	CHECK(x->wall_ns >= s->last_end - s->first_call);
}

int main(void)
{
	struct ct_allcore_kernel ak = { fake_make, free, NULL };
	struct ct_allcore a;
	struct ct_harness h;
	const struct fake *f[THREADS];
	char why[640], what[64];
	size_t i, ref;
	unsigned rep;
	int longs = 0;

	ct_init((char *[]){ "unit-allcore-order", NULL });
	memset(&h, 0, sizeof(h));
	h.reps = REPS;
	h.bracket_adds = BRACKET_ADDS;
	ct_allcore_plan(&a, NULL, NULL, THREADS);
	CHECK(a.n == THREADS && a.ngroups == 1);
	if (ct_allcore_run(&a, &h, &ak, 1, why, sizeof(why)) != 0) {
		fprintf(stderr, "ct_allcore_run: %s\n", why);
		CHECK(0);
		return unit_done();
	}
	ref = a.g[0].ref;
	for (i = 0; i < THREADS; i++) {
		f[i] = a.t[i].state[0];
		longs += f[i]->long_pre;
		/* The reference takes a sample alone before each all-core one. */
		CHECK(f[i]->n == (i == ref ? 2 * REPS : REPS));
		CHECK(a.t[i].ser[0].n == REPS);
	}
	CHECK(longs == 1);
	CHECK(a.g[0].single[0].n == REPS);
	for (rep = 0; rep < REPS && rep < a.g[0].single[0].n; rep++) {
		uint64_t line = 0;
		size_t j;

		/* The reference alone: the first of its two samples of the round. */
		check_sample("single-thread", rep, &a.g[0].single[0].s[rep], &f[ref]->s[2 * rep], 0);
		/* All at once: the start line ends after the last leading bracket. */
		for (j = 0; j < THREADS; j++) {
			const struct seen *s = &f[j]->s[j == ref ? 2 * rep + 1 : rep];

			if (s->pre_wall_end > line)
				line = s->pre_wall_end;
		}
		for (j = 0; j < THREADS && rep < a.t[j].ser[0].n; j++) {
			snprintf(what, sizeof(what), "thread %zu's all-core (%s leading bracket)", j,
				 f[j]->long_pre ? "a long" : "a short");
			check_sample(what, rep, &a.t[j].ser[0].s[rep],
				     &f[j]->s[j == ref ? 2 * rep + 1 : rep], line);
		}
	}
	ct_allcore_free(&a);
	return unit_done();
}
