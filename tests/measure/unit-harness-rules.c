/*
 * unit-harness-rules.c - the harness's decisions as pure functions of
 * known numbers: a sample's brackets (their times kept, the clock the mean
 * of both periods), the time held against the floor (the shorter of wall
 * and CPU time, per call), the floor itself from the clocks' costs and
 * steps, the disturbed rule at its 90 % boundary for the call and each
 * bracket, the cpu share over calls and brackets (a sum, not a mean of
 * shares), rates and per-cycle figures on each basis, the stopping rule
 * and the defaults.  Nothing here depends on the machine's speed.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/floor.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "kernels/kernels.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-12 * (fabs(b) > 1 ? fabs(b) : 1);
}

static void brackets(void)
{
	struct ct_bracket pre = { 1000, 1000, 900, 4, { 2.5, 2, 0.5, 2 }, 0 };
	struct ct_bracket post = { 5000, 3000, 2000, 4, { 3, 3, 1, 3 }, 0 };
	struct ct_sample s;

	memset(&s, 0, sizeof(s));
	ct_sample_set_brackets(&s, &pre, &post);
	CHECK(s.pre_wall_ns == 1000 && s.pre_cpu_ns == 900);
	CHECK(s.post_wall_ns == 3000 && s.post_cpu_ns == 2000);
	/*
	 * The clock: the median of both brackets' chunks, 0.5 1 2 2 2.5 3 3 3
	 * (the slow chunks, a slice lost in each, do not move it), not either
	 * bracket's alone (2 and 3), nor their mean (2.125), nor their adds
	 * over their time (1.5).
	 */
	CHECK(near(s.clock_ghz, 2.25));
	/* Both brackets' adds over both brackets' time, on each basis. */
	CHECK(near(s.bracket_ghz_wall, 6000.0 / 4000.0));
	CHECK(near(s.bracket_ghz_cpu, 6000.0 / 2900.0));

	/* An odd count: the middle chunk; a chunk that read no time is left out. */
	post.chunk_ghz[3] = 0;
	post.chunk_ghz[1] = 5;
	ct_sample_set_brackets(&s, &pre, &post);
	CHECK(near(s.clock_ghz, 2));
	pre.chunk_ghz[0] = 4;
	pre.chunk_ghz[1] = 4;
	ct_sample_set_brackets(&s, &pre, &post);
	CHECK(near(s.clock_ghz, 3));

	/* No time on a basis: no clock on it (0), not a division by zero. */
	pre.cpu_ns = post.cpu_ns = 0;
	ct_sample_set_brackets(&s, &pre, &post);
	CHECK(s.bracket_ghz_cpu == 0 && near(s.bracket_ghz_wall, 1.5));
	/* No chunk timed: no clock. */
	pre.chunks = post.chunks = 0;
	ct_sample_set_brackets(&s, &pre, &post);
	CHECK(s.clock_ghz == 0);
}

static void floor_time(void)
{
	struct ct_sample s;

	memset(&s, 0, sizeof(s));
	s.wall_ns = 500;
	s.cpu_ns = 300;
	CHECK(ct_sample_floor_ns(&s) == 300);
	s.wall_ns = 300;
	s.cpu_ns = 500;
	CHECK(ct_sample_floor_ns(&s) == 300);
	s.calls = 1;
	CHECK(ct_sample_floor_ns(&s) == 300);
	s.calls = 3;
	CHECK(ct_sample_floor_ns(&s) == 100);
}

static void floor_decide(double wc, double ws, double cc, double cs, uint64_t want,
			 const char *why)
{
	struct ct_floor f;

	memset(&f, 0, sizeof(f));
	f.wall.name = "wall clock";
	f.cpu.name = "thread CPU time";
	f.wall.cost_ns = wc;
	f.wall.step_ns = ws;
	f.cpu.cost_ns = cc;
	f.cpu.step_ns = cs;
	ct_floor_decide(&f);
	CHECK(f.floor_ns == want);
	CHECK(strcmp(f.why, why) == 0);
	if (f.floor_ns != want || strcmp(f.why, why) != 0)
		fprintf(stderr, "  floor %llu, why '%s'\n", (unsigned long long)f.floor_ns, f.why);
}

static void floors(void)
{
	/* The dearest of the four: a step, a read, on either clock. */
	floor_decide(20, 1, 300, 4000, 400000,
		     "100 x the 4.00 us the thread CPU time smallest step is");
	floor_decide(5000, 1, 300, 40, 500000, "100 x the 5.00 us the wall clock read costs");
	floor_decide(20, 2500, 300, 40, 250000,
		     "100 x the 2.50 us the wall clock smallest step is");
	floor_decide(20, 1, 1500, 40, 150000, "100 x the 1.50 us the thread CPU time read costs");
	/* Cheap clocks: the minimum, and why; at the minimum exactly, the clock. */
	floor_decide(20, 1, 300, 40, CT_FLOOR_MIN_NS,
		     "at least 100 us; 100 x the dearest clock read or step (0.30 us) is less");
	floor_decide(20, 1, 1000, 40, CT_FLOOR_MIN_NS,
		     "100 x the 1.00 us the thread CPU time read costs");
}

/* Stand-in clocks: steps of 3 and 7 in turn, a coarse one, a stopped one. */
static uint64_t ticks;
static unsigned reads;

static uint64_t clock_3_7(void)
{
	return ticks += reads++ % 2 ? 7 : 3;
}

static uint64_t clock_coarse(void)
{
	return (ticks += 1) / 40 * 1000;	/* moves by 1000 every 40th read */
}

static uint64_t clock_stopped(void)
{
	return 42;
}

static void clocks(void)
{
	struct ct_clock_cost c;

	ct_clock_measure(clock_3_7, &c);
	CHECK(c.step_ns == 3);
	CHECK(c.cost_ns > 0);
	ct_clock_measure(clock_coarse, &c);
	CHECK(c.step_ns == 1000);
	ct_clock_measure(clock_stopped, &c);
	CHECK(c.cost_ns > 0 && near(c.step_ns, c.cost_ns * 256));
}

static void part(struct ct_sample *s, int which, uint64_t wall, uint64_t cpu)
{
	memset(s, 0, sizeof(*s));
	s->wall_ns = s->cpu_ns = 1000000;
	s->pre_wall_ns = s->pre_cpu_ns = s->post_wall_ns = s->post_cpu_ns = 2000000;
	switch (which) {
	case 0:
		s->wall_ns = wall;
		s->cpu_ns = cpu;
		break;
	case 1:
		s->pre_wall_ns = wall;
		s->pre_cpu_ns = cpu;
		break;
	default:
		s->post_wall_ns = wall;
		s->post_cpu_ns = cpu;
	}
}

static void disturbed(void)
{
	struct ct_sample s;
	int which;

	/* The call, the leading bracket, the trailing one: each on its own. */
	for (which = 0; which < 3; which++) {
		part(&s, which, 10000000, 9000000);	/* 90 %: had its cpu */
		CHECK(!ct_sample_disturbed(&s));
		part(&s, which, 10000000, 8999999);	/* just under */
		CHECK(ct_sample_disturbed(&s));
		part(&s, which, 10000000, 10000000);
		CHECK(!ct_sample_disturbed(&s));
		part(&s, which, 10000000, 10500000);	/* a clock ahead is not lost time */
		CHECK(!ct_sample_disturbed(&s));
	}
	/* Without brackets (their times 0) only the call counts. */
	memset(&s, 0, sizeof(s));
	s.wall_ns = 1000;
	s.cpu_ns = 950;
	CHECK(!ct_sample_disturbed(&s));
	s.cpu_ns = 850;
	CHECK(ct_sample_disturbed(&s));
}

static void share(void)
{
	struct ct_sample s;

	memset(&s, 0, sizeof(s));
	s.wall_ns = 1000;
	s.cpu_ns = 800;
	s.pre_wall_ns = 200;
	s.pre_cpu_ns = 150;
	s.post_wall_ns = 300;
	s.post_cpu_ns = 250;
	CHECK(near(ct_sample_share(&s), 1200.0 / 1500.0));
	memset(&s, 0, sizeof(s));
	CHECK(isnan(ct_sample_share(&s)));
}

static void kernel(struct ct_job *k, int bracketed)
{
	memset(k, 0, sizeof(*k));
	k->name = "fake";
	k->isa = "avx512";
	k->unit = "op/s";
	k->work = 10;
	if (bracketed) {
		k->per_cycle_unit = "flop/cycle";
		k->per_cycle_work = 32;
		k->insn_unit = "fma/cycle";
		k->insn_work = 1;
	}
}

static void rates(void)
{
	struct ct_job k;
	struct ct_sample s;

	kernel(&k, 1);
	memset(&s, 0, sizeof(s));
	s.calls = 3;
	s.wall_ns = 60;
	s.cpu_ns = 30;
	s.clock_ghz = 2;
	/* What the brackets read over their whole times is not the clock. */
	s.bracket_ghz_wall = 3;
	s.bracket_ghz_cpu = 4;
	/* work x calls over the basis's time. */
	CHECK(near(ct_sample_rate(&k, &s, CT_BASIS_WALL), 0.5));
	CHECK(near(ct_sample_rate(&k, &s, CT_BASIS_CPU), 1.0));
	/* work x calls over the basis's time x the one clock. */
	CHECK(near(ct_sample_per_cycle(&k, 8, &s, CT_BASIS_WALL), 24.0 / 120.0));
	CHECK(near(ct_sample_per_cycle(&k, 8, &s, CT_BASIS_CPU), 24.0 / 60.0));
	s.cpu_ns = 40;
	CHECK(near(ct_sample_per_cycle(&k, 8, &s, CT_BASIS_CPU), 24.0 / 80.0));
	CHECK(near(ct_sample_cycles_est(&k, &s, CT_BASIS_WALL), 120));
	CHECK(near(ct_sample_cycles_est(&k, &s, CT_BASIS_CPU), 80));
	/* No clock: no per-cycle figure on either basis. */
	s.clock_ghz = 0;
	CHECK(ct_sample_per_cycle(&k, 8, &s, CT_BASIS_CPU) == 0);
	CHECK(ct_sample_per_cycle(&k, 8, &s, CT_BASIS_WALL) == 0);
	s.clock_ghz = 2;
	/* The harness's samples say 0 calls: one. */
	s.calls = 0;
	CHECK(near(ct_sample_rate(&k, &s, CT_BASIS_WALL), 10.0 / 60.0));
	CHECK(near(ct_sample_per_cycle(&k, 8, &s, CT_BASIS_WALL), 8.0 / 120.0));

	/* A clock kernel's cycles are its work; a kernel with neither: NaN. */
	kernel(&k, 0);
	k.cycles_work = 7;
	s.calls = 2;
	CHECK(near(ct_sample_cycles_est(&k, &s, CT_BASIS_WALL), 14));
	k.cycles_work = 0;
	CHECK(isnan(ct_sample_cycles_est(&k, &s, CT_BASIS_WALL)));
}

/*
 * Six samples: the call disturbed in one, the leading bracket in another,
 * the trailing one in a third; three undisturbed at 2 FMA a cycle.
 */
static void summary(void)
{
	struct ct_sample s[6];
	struct ct_series ser = { 0 };
	struct ct_summary sum;
	struct ct_job k;
	unsigned i;

	kernel(&k, 1);
	k.work = 1000;
	k.insn_work = 1e6;
	k.per_cycle_work = 16e6;
	for (i = 0; i < 6; i++) {
		part(&s[i], (int)i % 3, i < 3 ? 10000000 : 1000000, i < 3 ? 5000000 : 1000000);
		s[i].rep = i;
		s[i].calls = 1;
		s[i].clock_ghz = i < 3 ? 0.1 : 0.5;
		s[i].cpu_start = s[i].cpu_end = 2;
	}
	s[4].cpu_end = 5;
	ser.k = &k;
	ser.s = s;
	ser.n = 6;
	ser.verified = 1;
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.reps == 6 && sum.verified);
	CHECK(sum.descheduled == 3);
	CHECK(sum.per_cycle_used == 3);
	/* 1e6 FMA in 1 ms at 0.5 GHz: 2 a cycle (the disturbed ones say 1 or 10). */
	CHECK(near(sum.insn_per_cycle.median, 2));
	CHECK(near(sum.per_cycle.median, 32));
	CHECK(sum.migrated == 1);
	CHECK(strcmp(sum.cpus, "2,5") == 0);
	/*
	 * The share: every sample's cpu over every sample's wall, brackets
	 * included (not the mean of the shares, 0.80): s[0] 9 of 14 ms (its
	 * call), s[1] and s[2] 8 of 13 (a bracket), s[3] 5 of 5, s[4] and
	 * s[5] 4 of 4 (a 1 ms bracket).
	 */
	CHECK(near(sum.cpu_share, 38e6 / 53e6));
	CHECK(!sum.share_error);
	/* The rate over all six, disturbed or not: five calls of 1 ms, one of 10. */
	CHECK(near(sum.rate.median, 1000.0 / 1e6));
	CHECK(near(sum.rate.min, 1000.0 / 1e7));
}

static void halfwidth_and_counters(void)
{
	struct ct_job k;
	struct ct_sample s[6];
	struct ct_series ser = { 0 };
	unsigned i;

	kernel(&k, 0);
	memset(s, 0, sizeof(s));
	/* Rates 10 / wall: 1/6, 2/6, ..., 6/6 op/ns on wall, all 1 on cpu. */
	for (i = 0; i < 6; i++) {
		s[i].wall_ns = 60 / (i + 1);
		s[i].cpu_ns = 10;
	}
	ser.k = &k;
	ser.s = s;
	ser.n = 5;
	CHECK(isnan(ct_series_halfwidth_pct(&ser, CT_BASIS_WALL)));
	ser.n = 6;
	/* Ranks 1 and 6 of six: (6/6 - 1/6) / 2 over the median 3.5/6, as a percent. */
	CHECK(near(ct_series_halfwidth_pct(&ser, CT_BASIS_WALL), 100.0 * 25 / 35));
	CHECK(near(ct_series_halfwidth_pct(&ser, CT_BASIS_CPU), 0));

	/* The counter clock: counted cycles per thread CPU ns, when usable. */
	s[0].cycles = 30;
	s[0].count_status = CT_COUNT_OK;
	CHECK(near(ct_sample_counter_ghz(&s[0]), 3));
	s[0].count_status = CT_COUNT_SCALED;
	CHECK(near(ct_sample_counter_ghz(&s[0]), 3));
	s[0].count_status = CT_COUNT_NONE;
	CHECK(isnan(ct_sample_counter_ghz(&s[0])));
}

static void should_stop(void)
{
	struct ct_harness h;
	struct ct_series ser = { 0 };
	double worst;

	memset(&h, 0, sizeof(h));
	h.reps = 5;
	ser.n = 4;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 0, &worst) == -1);
	ser.n = 5;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 0, &worst) == CT_STOP_REPS);
	ser.n = 4;
	h.max_ns = 100;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 99, &worst) == -1);
	CHECK(ct_harness_should_stop(&h, &ser, 1, 100, &worst) == CT_STOP_MAX_TIME);
	CHECK(strcmp(ct_stop_name(CT_STOP_MAX_TIME), "max-time") == 0);
	CHECK(strcmp(ct_stop_name(CT_STOP_PRECISION), "precision") == 0);
	CHECK(strcmp(ct_stop_name(CT_STOP_REPS), "reps") == 0);
	CHECK(strcmp(ct_basis_name(CT_BASIS_WALL), "wall") == 0);
	CHECK(strcmp(ct_basis_name(CT_BASIS_CPU), "cpu") == 0);
}

/*
 * Past 100 samples precision is checked every n/100 rounds only: 251
 * equal samples (n/100 = 2, odd) are not checked, 252 are.
 */
static void precision_due(void)
{
	struct ct_harness h;
	struct ct_job k;
	struct ct_series ser = { 0 };
	struct ct_sample *s = calloc(300, sizeof(*s));
	double worst;
	unsigned i;

	kernel(&k, 0);
	for (i = 0; i < 300; i++)
		s[i].wall_ns = s[i].cpu_ns = 100;
	ser.k = &k;
	ser.s = s;
	memset(&h, 0, sizeof(h));
	h.reps = 6;
	h.precision_pct = 1;
	ser.n = 99;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 0, &worst) == CT_STOP_PRECISION);
	CHECK(worst == 0);
	ser.n = 251;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 0, &worst) == -1);
	ser.n = 252;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 0, &worst) == CT_STOP_PRECISION);
	ser.n = 5;
	CHECK(ct_harness_should_stop(&h, &ser, 1, 0, &worst) == -1);
	free(s);
}

/* Samples whose cpus are unknown (-1): the cpus read "unknown". */
static void cpus_unknown(void)
{
	struct ct_job k;
	struct ct_sample s[2];
	struct ct_series ser = { 0 };
	struct ct_summary sum;

	kernel(&k, 0);
	memset(s, 0, sizeof(s));
	s[0].wall_ns = s[0].cpu_ns = s[1].wall_ns = s[1].cpu_ns = 100;
	s[0].cpu_start = s[0].cpu_end = s[1].cpu_start = s[1].cpu_end = -1;
	ser.k = &k;
	ser.s = s;
	ser.n = 2;
	ct_summarize(&ser, CT_BASIS_CPU, &sum);
	CHECK(strcmp(sum.cpus, "unknown") == 0 && sum.migrated == 0);
	CHECK(near(sum.cpu_share, 1) && sum.descheduled == 0);
	CHECK(sum.per_cycle_used == 0 && isnan(sum.per_cycle_ceiling));
}

/*
 * A share of 1.05 exactly is still a share; above it the clocks disagree.
 * The summary copies the series' facts; a precision asked for and not
 * reached is missed.
 */
static void share_max_and_facts(void)
{
	struct ct_job k;
	struct ct_sample s[6];
	struct ct_series ser = { 0 };
	struct ct_summary sum;
	unsigned i;

	kernel(&k, 0);
	memset(s, 0, sizeof(s));
	for (i = 0; i < 6; i++) {
		s[i].wall_ns = 100 * (i + 1);
		s[i].cpu_ns = 105 * (i + 1);
	}
	ser.k = &k;
	ser.s = s;
	ser.n = 6;
	ser.verified = 1;
	ser.stopped_by = CT_STOP_MAX_TIME;
	ser.precision_pct = 2.5;
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(near(sum.cpu_share, 1.05) && !sum.share_error);
	CHECK(sum.reps == 6 && sum.verified && sum.basis == CT_BASIS_WALL && sum.k == &k);
	CHECK(sum.stopped_by == CT_STOP_MAX_TIME && sum.precision_pct == 2.5);
	CHECK(ct_summary_precision_missed(&sum));
	/* Rates 10/100 to 10/600: the interval of six is their whole range. */
	CHECK(near(sum.ci_low, 10.0 / 600) && near(sum.ci_high, 10.0 / 100));
	CHECK(near(sum.rate.max, 0.1) && near(sum.rate.min, 10.0 / 600));
	sum.stopped_by = CT_STOP_PRECISION;
	CHECK(!ct_summary_precision_missed(&sum));
	sum.stopped_by = CT_STOP_REPS;
	sum.precision_pct = 0;
	CHECK(!ct_summary_precision_missed(&sum));
	s[5].cpu_ns += 10;
	ct_summarize(&ser, CT_BASIS_CPU, &sum);
	CHECK(sum.cpu_share > CT_SHARE_MAX && sum.share_error);
	CHECK(sum.basis == CT_BASIS_CPU);
}

static void defaults(void)
{
	struct ct_harness h;

	unsetenv("QUICK");
	unsetenv("REPS");
	ct_harness_defaults(&h, 0);
	CHECK(h.reps == CT_REPS_DEFAULT && h.settle_ns == CT_SETTLE_NS_DEFAULT);
	CHECK(h.bracket_adds == CT_BRACKET_ADDS_DEFAULT);
	/*
	 * Brackets short enough that the array between two calls is not
	 * left alone for long (harness.h: 0.25 ms at 4 GHz at most), in
	 * whole chunks of whole chain iterations.
	 */
	CHECK(CT_BRACKET_ADDS_DEFAULT <= 1000000);
	CHECK(CT_BRACKET_ADDS_DEFAULT % (CT_BRACKET_CHUNKS * CT_ADDCHAIN_UNROLL) == 0);
	CHECK(h.floor_ns >= CT_FLOOR_MIN_NS && h.floor_why && h.floor_why[0]);
	CHECK(h.precision_pct == 0 && h.max_ns == 0 && h.progress == NULL);
	ct_harness_defaults(&h, 1);
	CHECK(h.reps == CT_REPS_QUICK && h.settle_ns == CT_SETTLE_NS_QUICK);
	setenv("QUICK", "0", 1);
	ct_harness_defaults(&h, 0);
	CHECK(h.reps == CT_REPS_DEFAULT);
	setenv("QUICK", "", 1);
	ct_harness_defaults(&h, 0);
	CHECK(h.reps == CT_REPS_DEFAULT);
	setenv("QUICK", "1", 1);
	ct_harness_defaults(&h, 0);
	CHECK(h.reps == CT_REPS_QUICK);
	setenv("REPS", "7", 1);
	ct_harness_defaults(&h, 0);
	CHECK(h.reps == 7);
	unsetenv("REPS");
}

int main(void)
{
	brackets();
	floor_time();
	floors();
	clocks();
	disturbed();
	share();
	rates();
	summary();
	halfwidth_and_counters();
	should_stop();
	precision_due();
	cpus_unknown();
	share_max_and_facts();
	defaults();
	return unit_done();
}
