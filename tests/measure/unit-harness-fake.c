/*
 * unit-harness-fake.c - the harness's arithmetic on samples whose times
 * this test knows.  It defines the add chain itself (ct_addchain and its
 * description), so the link takes this one instead of src/kernels/addchain-*.c,
 * as unit-counters-fake.c does for the counters:
 *
 * - the stand-in chain burns a known amount of thread CPU time per call
 *   (a chunk of a bracket, unit-fake-chain.h): the leading bracket of
 *   every sample takes BRACKET_SHORT_NS, the trailing one BRACKET_LONG_NS
 *   with the difference lost in one chunk and counted as CPU time, so the
 *   sample keeps both brackets' own times and its clock must be the rate
 *   of the chunks that lost nothing, not the brackets' adds over their
 *   time;
 * - a kernel whose first call is slow: the warm-up call is made and
 *   discarded, so no sample is that slow and there is one call more than
 *   samples;
 * - given samples, some disturbed: the per-cycle figures from the others
 *   only (none under 3), the share over calls, brackets and half the CPU
 *   clock's reads, a share above 1.05 an error, a figure above the ISA's
 *   ceiling implausible.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure/ceiling.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "kernels/kernels.h"
#include "platform/os.h"
#include "unit.h"
#include "unit-fake-chain.h"


static unsigned long chain_calls;

uint64_t ct_addchain(uint64_t iters)
{
	burn(FAKE_CHUNK_NS(chain_calls));
	chain_calls++;
	return iters * CT_ADDCHAIN_UNROLL;
}

struct fake {
	unsigned long calls;
	uint64_t first_ns, rest_ns;
	uint64_t sleep_ns;		/* each call also sleeps this long */
};

static uint64_t fake_run(void *p)
{
	struct fake *f = p;

	burn(f->calls++ == 0 ? f->first_ns : f->rest_ns);
	if (f->sleep_ns) {
		struct timespec ts = { 0, (long)f->sleep_ns };

		nanosleep(&ts, NULL);
	}
	return f->calls;
}

static int fake_verify(void *p, uint64_t ret, char *why, size_t len)
{
	(void)p;
	(void)ret;
	(void)why;
	(void)len;
	return 0;
}

static void fake_kernel(struct ct_job *k, struct fake *f, int bracketed)
{
	memset(k, 0, sizeof(*k));
	k->name = "fake";
	k->isa = "avx512";
	k->unit = "op/s";
	k->work = 1;
	if (bracketed) {
		k->per_cycle_unit = "flop/cycle";
		k->per_cycle_work = 32;
		k->insn_unit = "fma/cycle";
		k->insn_work = 1;
	}
	k->run = fake_run;
	k->verify = fake_verify;
	k->ctx = f;
}

static double median_of(double *v, unsigned n)
{
	struct ct_stats st;

	ct_stats_compute(v, n, &st);
	return st.median;
}

static void bracket_mean(void)
{
	struct ct_harness h = { .reps = 5, .settle_ns = 0, .bracket_adds = BRACKET_ADDS };
	struct fake f = { 0, 200000, 200000, 0 };
	struct ct_job k;
	struct ct_series ser;
	double ghz_cpu[5], clock[5], pc[5], want;
	char why[256];
	unsigned i;

	fake_kernel(&k, &f, 1);
	chain_calls = 0;
	CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == 0);
	CHECK(ser.n == 5);
	/* Two brackets per sample and per warm-up call, nothing else. */
	CHECK(chain_calls == 2 * CT_BRACKET_CHUNKS * (5 + 1));
	for (i = 0; i < ser.n && i < 5; i++) {
		ghz_cpu[i] = ser.s[i].bracket_ghz_cpu;
		clock[i] = ser.s[i].clock_ghz;
		pc[i] = ct_sample_per_cycle(&k, k.per_cycle_work, &ser.s[i], CT_BASIS_CPU);
		CHECK(ser.s[i].pre_cpu_ns >= BRACKET_SHORT_NS && ser.s[i].pre_cpu_ns < BRACKET_LONG_NS);
		CHECK(ser.s[i].post_cpu_ns >= BRACKET_LONG_NS);
		/* The CPU clock's reads timed, around the call and each bracket. */
		CHECK(ser.s[i].reads_ns > 0 && ser.s[i].reads_ns < 1000000000);
	}
	/*
	 * The clock: 3 adds/ns.  Wall time only grows under preemption (a
	 * busy machine): never above it, and the median chunk of the 16 is
	 * one that lost nothing unless 8 did.
	 */
	CHECK(median_of(clock, 5) <= FAKE_CLOCK_GHZ * 1.02);
	CHECK(median_of(clock, 5) >= FAKE_CLOCK_GHZ * 0.95);
	/* Over their whole CPU time the brackets say 1.5. */
	want = 2.0 * (double)BRACKET_ADDS / (double)(BRACKET_SHORT_NS + BRACKET_LONG_NS);
	CHECK(fabs(median_of(ghz_cpu, 5) / want - 1) < 0.1);
	/* The per-cycle figure divides by the clock: 32 / (0.2 ms x 3 GHz). */
	CHECK(median_of(pc, 5) <= 32 / (200000 * FAKE_CLOCK_GHZ) * 1.1 &&
	      median_of(pc, 5) >= 32 / (200000 * FAKE_CLOCK_GHZ) * 0.9);
	ct_series_free(&ser, 1);
}

/*
 * A call that sleeps 5 ms beside 1 ms of CPU: the call's wall time holds
 * the sleep, its CPU time does not; the sample is disturbed, its share
 * low, and the series is whole (verified, stopped by its reps).
 */
static void call_sleeps(void)
{
	struct ct_harness h = { .reps = 3, .settle_ns = 0, .bracket_adds = BRACKET_ADDS };
	struct fake f = { 0, 1000000, 1000000, 5000000 };
	struct ct_job k;
	struct ct_series ser;
	struct ct_summary sum;
	double cpu[3] = { 0 }, pre[3] = { 0 };
	char why[256];
	unsigned i;

	fake_kernel(&k, &f, 1);
	chain_calls = 0;
	CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == 0);
	CHECK(ser.n == 3 && ser.verified && ser.stopped_by == CT_STOP_REPS);
	CHECK(ser.k == &k && f.calls == 4);
	for (i = 0; i < ser.n; i++) {
		const struct ct_sample *x = &ser.s[i];

		CHECK(x->wall_ns >= 6000000);
		CHECK(x->cpu_ns >= 1000000);
		cpu[i] = (double)x->cpu_ns;
		pre[i] = (double)x->pre_cpu_ns;
		/* The brackets around the call, not the call, are its pre and post. */
		CHECK(x->pre_cpu_ns >= BRACKET_SHORT_NS);
		CHECK(x->post_cpu_ns >= BRACKET_LONG_NS);
		CHECK(x->rep == i && x->calls == 1);
		CHECK(ct_sample_disturbed(x));
	}
	/* The medians: a stalled vCPU can add to one sample's cpu time. */
	CHECK(median_of(cpu, 3) < 5000000 && median_of(pre, 3) < BRACKET_LONG_NS);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.descheduled == 3 && sum.per_cycle_used == 0);
	CHECK(isnan(sum.per_cycle.median));
	/* About (1 + 4) ms of cpu in (6 + 4) ms of wall. */
	CHECK(sum.cpu_share < 0.7);
	ct_series_free(&ser, 1);
}

/*
 * A floor ten times a 1 ms sample: refused after the first round, the
 * message naming the floor and the work to give (10x), no series kept.
 */
static void under_floor(void)
{
	struct ct_harness h = { .reps = 5, .settle_ns = 0, .bracket_adds = 0,
				.floor_ns = 10000000, .floor_why = "given" };
	struct fake f = { 0, 1000000, 1000000, 0 };
	struct ct_job k;
	struct ct_series ser;
	char why[512];

	fake_kernel(&k, &f, 0);
	why[0] = '\0';
	CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == CT_HARNESS_TOO_SHORT);
	CHECK(ser.n == 1 && f.calls == 2);
	CHECK(strstr(why, "a sample of fake (avx512) takes ") == why);
	/* About 10x: the factor from the sample's own shorter time, rounded up. */
	if (ser.n == 1) {
		uint64_t t = ser.s[0].wall_ns < ser.s[0].cpu_ns ? ser.s[0].wall_ns : ser.s[0].cpu_ns;
		char want[160];

		snprintf(want, sizeof(want), "takes %.1f us, under the floor of 10000 us (given): "
			 "give each sample about %.0fx the work", (double)t / 1e3,
			 ceil(10000000.0 / (double)t));
		CHECK(t >= 1000000 && strstr(why, want) != NULL);
		if (!strstr(why, want))
			fprintf(stderr, "  message: %s\n  wanted: %s\n", why, want);
	}
	ct_series_free(&ser, 1);

	/* The same sample against a floor it passes. */
	f.calls = 0;
	h.floor_ns = 500000;
	CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == 0);
	CHECK(ser.n == 5 && f.calls == 6);
	ct_series_free(&ser, 1);
}

static void warm_up_discarded(void)
{
	struct ct_harness h = { .reps = 4, .settle_ns = 0, .bracket_adds = 0 };
	struct fake f = { 0, 30000000, 1000000, 0 };
	struct ct_job k;
	struct ct_series ser;
	char why[256];
	unsigned i;

	fake_kernel(&k, &f, 0);
	chain_calls = 0;
	h.bracket_adds = BRACKET_ADDS;
	CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == 0);
	CHECK(ser.n == 4);
	CHECK(f.calls == 5);
	/* A kernel without a per-cycle figure gets no brackets. */
	CHECK(chain_calls == 0);
	CHECK(ser.s[0].pre_wall_ns == 0 && ser.s[0].post_cpu_ns == 0);
	CHECK(ser.s[0].clock_ghz == 0 && ser.s[0].bracket_ghz_wall == 0 &&
	      ser.s[0].bracket_ghz_cpu == 0);
	for (i = 0; i < ser.n; i++) {
		CHECK(ser.s[i].cpu_ns < 10000000);
		/* No brackets: the reads are the call's own. */
		CHECK(ser.s[i].reads_ns > 0 && ser.s[i].reads_ns < 1000000000);
	}
	ct_series_free(&ser, 1);
}

/* A bracketed sample of 1 ms at 2 GHz: 1 FMA per cycle unless disturbed. */
static void sample(struct ct_sample *s, unsigned rep, int disturbed, double ghz)
{
	memset(s, 0, sizeof(*s));
	s->rep = rep;
	s->wall_ns = s->cpu_ns = 1000000;
	s->pre_wall_ns = s->pre_cpu_ns = s->post_wall_ns = s->post_cpu_ns = 2000000;
	if (disturbed)
		s->pre_wall_ns = 4000000;	/* the leading bracket had half its time */
	s->clock_ghz = ghz;
}

static void given_samples(void)
{
	struct fake f = { 0, 0, 0, 0 };
	struct ct_sample s[5];
	struct ct_series ser = { 0 };
	struct ct_summary sum;
	struct ct_job k;
	unsigned i;

	fake_kernel(&k, &f, 1);
	k.work = 2000000;		/* FMAs per call: 1 per cycle at 2 GHz over 1 ms */
	k.insn_work = 2000000;
	k.per_cycle_work = 32 * 2000000.0;
	ser.k = &k;
	ser.s = s;
	ser.n = 5;
	ser.verified = 1;
	/* Three undisturbed at 1 FMA/cycle, two disturbed whose clock reads 0.2 GHz. */
	for (i = 0; i < 5; i++)
		sample(&s[i], i, i >= 3, i >= 3 ? 0.2 : 2.0);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.descheduled == 2);
	CHECK(sum.per_cycle_used == 3);
	CHECK(fabs(sum.insn_per_cycle.median - 1) < 1e-9);
	CHECK(fabs(sum.per_cycle.median - 32) < 1e-9);
	CHECK(!sum.per_cycle_implausible && !sum.insn_implausible);
	CHECK(sum.insn_ceiling == 2 && sum.per_cycle_ceiling == 64);
	/* Time-weighted: 25 ms of cpu in 29 ms of wall. */
	CHECK(fabs(sum.cpu_share - 25.0 / 29.0) < 1e-9 && !sum.share_error);

	/* Two undisturbed: no figure, and why. */
	sample(&s[2], 2, 1, 0.2);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.per_cycle_used == 2);
	CHECK(isnan(sum.per_cycle.median) && isnan(sum.insn_per_cycle.median));
	CHECK(strstr(sum.per_cycle_why, "2 of 5 samples undisturbed") != NULL);

	/* Above the ceiling of two FMAs a cycle: implausible. */
	for (i = 0; i < 5; i++)
		sample(&s[i], i, 0, 0.8);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(fabs(sum.insn_per_cycle.median - 2.5) < 1e-9);
	CHECK(sum.insn_implausible && sum.per_cycle_implausible);

	/*
	 * At the ceiling within the figure's own error: 2.02 FMAs a cycle,
	 * steady brackets, plausible (Zen 4 reads so at its limit); the
	 * margin is the fixed one.  10 % over: implausible, with steady
	 * brackets and with a clock spread wider than the margin's cap.
	 */
	for (i = 0; i < 5; i++)
		sample(&s[i], i, 0, 2.0 / 2.02);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(fabs(sum.insn_per_cycle.median - 2.02) < 1e-9);
	CHECK(fabs(sum.per_cycle_margin - CT_CEILING_MARGIN_FIXED) < 1e-9);
	CHECK(!sum.insn_implausible && !sum.per_cycle_implausible);
	for (i = 0; i < 5; i++)
		sample(&s[i], i, 0, 2.0 / 2.2);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.insn_implausible && sum.per_cycle_implausible);
	for (i = 0; i < 5; i++)
		sample(&s[i], i, 0, (i == 0 ? 1.2 : 1.0) * 2.0 / 2.2);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(fabs(sum.per_cycle_margin - CT_CEILING_MARGIN_MAX) < 1e-9);
	CHECK(fabs(sum.insn_per_cycle.median - 2.2) < 1e-9);
	CHECK(sum.insn_implausible && sum.per_cycle_implausible);

	/* A thread clock ahead of the wall clock: an error, not a share. */
	for (i = 0; i < 5; i++) {
		sample(&s[i], i, 0, 2.0);
		s[i].cpu_ns = 1500000;
		s[i].pre_cpu_ns = s[i].post_cpu_ns = 2200000;
	}
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.cpu_share > CT_SHARE_MAX && sum.share_error);
	CHECK(sum.descheduled == 0);

	/*
	 * The CPU clock's reads (reads_ns): half of them in the share's wall
	 * time, the part of its own system calls the CPU time counts.  A
	 * 100 us call that counted 6 us of its 12 us of reads is a share of
	 * 1, not 1.06 (an error) nor 0.946; the brackets' reads add to the
	 * call's.
	 */
	for (i = 0; i < 5; i++) {
		struct ct_bracket pre = { 0 }, post = { 0 };

		memset(&s[i], 0, sizeof(s[i]));
		s[i].rep = i;
		s[i].wall_ns = 100000;
		s[i].cpu_ns = 106000;
		s[i].reads_ns = 12000;
		pre.adds = post.adds = 1;
		pre.wall_ns = post.wall_ns = pre.cpu_ns = post.cpu_ns = 1000;
		pre.reads_ns = 300;
		post.reads_ns = 500;
		ct_sample_set_brackets(&s[i], &pre, &post);
		CHECK(s[i].reads_ns == 12800);
		s[i].reads_ns = 12000;
		CHECK(fabs(ct_sample_share(&s[i]) - 108000.0 / 108000.0) < 1e-12);
	}
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(fabs(sum.cpu_share - 1) < 1e-12 && !sum.share_error);
	s[0].reads_ns = 0;
	CHECK(fabs(ct_sample_share(&s[0]) - 108000.0 / 102000.0) < 1e-12);
}

/*
 * One bracket: CT_BRACKET_CHUNKS chunks, each timed, its adds rounded down
 * to the chain's unroll, its own wall and cpu times; the settle spin runs
 * the chain until its time is up.
 */
static void bracket_and_settle(void)
{
	struct ct_bracket b;
	uint64_t t0;
	unsigned i;

	chain_calls = 0;
	CHECK(ct_bracket_run(BRACKET_ADDS + 1, &b) == 0);
	CHECK(b.adds == BRACKET_ADDS && b.chunks == CT_BRACKET_CHUNKS);
	CHECK(b.cpu_ns >= BRACKET_SHORT_NS && b.cpu_ns < BRACKET_LONG_NS);
	/*
	 * Its own wall time too, not the cpu time twice: about as long.  Not
	 * held to the harness's 1.05: over one 1 ms bracket on a host loaded
	 * twentyfold the thread clock was seen 5 % ahead of the wall.
	 */
	CHECK(b.wall_ns > 0 && b.wall_ns * 1.5 >= b.cpu_ns);
	/*
	 * The CPU clock's two reads, timed outside the wall clock's: more
	 * than nothing, and no wrap (not held under the bracket's own time: a
	 * thread preempted during a read, under make -j2 check, waits there).
	 */
	CHECK(b.reads_ns > 0 && b.reads_ns < 1000000000);
	CHECK(chain_calls == CT_BRACKET_CHUNKS);
	/* Each chunk timed: its adds over its share of the bracket's time. */
	for (i = 0; i < b.chunks && i < CT_BRACKET_CHUNKS; i++)
		CHECK(b.chunk_ghz[i] > 0 && b.chunk_ghz[i] <= FAKE_CLOCK_GHZ * 1.02);
	/* Too few adds for the chunks: one chunk of them all. */
	CHECK(ct_bracket_run(CT_ADDCHAIN_UNROLL * (CT_BRACKET_CHUNKS - 1), &b) == 0);
	CHECK(b.chunks == 1 && b.adds == CT_ADDCHAIN_UNROLL * (CT_BRACKET_CHUNKS - 1));
	t0 = ct_now_ns();
	ct_settle(5000000);
	CHECK(ct_now_ns() - t0 >= 5000000);
	CHECK(chain_calls >= 2);	/* at least one call, however loaded */
	chain_calls = 0;
	ct_settle(0);
	CHECK(chain_calls == 0);
}

int main(void)
{
	bracket_and_settle();
	bracket_mean();
	warm_up_discarded();
	call_sleeps();
	under_floor();
	given_samples();
	return unit_done();
}
