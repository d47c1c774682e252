/*
 * measure/floor.c - the cost and the step of the clocks the harness reads, and the
 * shortest sample they can time (floor.h).  The cost is the best of
 * several batches of back-to-back reads, so a batch the thread was
 * descheduled in does not raise the floor; the step is the smallest
 * nonzero difference between two consecutive reads (STREAM's checktick
 * idea), which on a fine clock is the read itself.
 */
#include "config.h"

#include <stdio.h>

#include "measure/floor.h"
#include "platform/os.h"

#define BATCHES 7
#define READS 256

void ct_clock_measure(uint64_t (*read)(void), struct ct_clock_cost *c)
{
	uint64_t prev, now, t0, t1;
	double best = -1;
	int b, i;

	c->step_ns = -1;
	for (b = 0; b < BATCHES; b++) {
		t0 = ct_now_ns();
		prev = read();
		for (i = 0; i < READS; i++) {
			now = read();
			if (now > prev && (c->step_ns < 0 || (double)(now - prev) < c->step_ns))
				c->step_ns = (double)(now - prev);
			prev = now;
		}
		t1 = ct_now_ns();
		if (best < 0 || (double)(t1 - t0) / (READS + 1) < best)
			best = (double)(t1 - t0) / (READS + 1);
	}
	c->cost_ns = best;
	/* A clock that never moved over the reads steps by more than their time. */
	if (c->step_ns < 0)
		c->step_ns = best * READS;
}

void ct_floor_decide(struct ct_floor *f)
{
	const struct ct_clock_cost *c[2];
	double worst = 0;
	const char *what = "";
	const struct ct_clock_cost *by = NULL;
	int i;

	c[0] = &f->wall;
	c[1] = &f->cpu;
	for (i = 0; i < 2; i++) {
		if (c[i]->cost_ns > worst) {
			worst = c[i]->cost_ns;
			what = "read costs";
			by = c[i];
		}
		if (c[i]->step_ns > worst) {
			worst = c[i]->step_ns;
			what = "smallest step is";
			by = c[i];
		}
	}
	f->floor_ns = (uint64_t)(CT_FLOOR_FACTOR * worst);
	if (f->floor_ns < CT_FLOOR_MIN_NS || !by) {
		f->floor_ns = CT_FLOOR_MIN_NS;
		snprintf(f->why, sizeof(f->why), "at least %.0f us; %d x the dearest clock read "
			 "or step (%.2f us) is less", CT_FLOOR_MIN_NS / 1e3, CT_FLOOR_FACTOR,
			 worst / 1e3);
	} else {
		snprintf(f->why, sizeof(f->why), "%d x the %.2f us the %s %s", CT_FLOOR_FACTOR,
			 worst / 1e3, by->name, what);
	}
}

const struct ct_floor *ct_floor_get(void)
{
	static struct ct_floor f;
	static int done;

	if (done)
		return &f;
	done = 1;
	f.wall.name = "wall clock";
	f.cpu.name = "thread CPU time";
	ct_clock_measure(ct_now_ns, &f.wall);
	ct_clock_measure(ct_thread_cpu_ns, &f.cpu);
	ct_floor_decide(&f);
	return &f;
}
