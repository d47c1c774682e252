/*
 * unit-counters.c - the decision half of the hardware counters, with
 * given readings: usable, scaled, rejected (multiplexed, not running,
 * backwards, zero, implausible), the ratio to the estimate and its
 * verdict, the summary over a series, and the process-wide status on both
 * paths (absent, and present).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/counters.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "unit.h"

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

static struct ct_counter_read rd(uint64_t cyc, uint64_t ins, uint64_t en, uint64_t run)
{
	struct ct_counter_read r = { cyc, ins, en, run };

	return r;
}

static void decisions(void)
{
	struct ct_counter_read a = rd(1000, 2000, 500, 500), b;
	struct ct_count c;

	/* 3e6 cycles, 6e6 instructions in 1 ms of thread time: 3 GHz, IPC 2. */
	b = rd(1000 + 3000000, 2000 + 6000000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_OK);
	CHECK(c.cycles == 3e6 && c.instructions == 6e6 && c.running_share == 1);
	CHECK(ct_count_usable(c.status));

	/* Counted 80% of the time: scaled up by 1.25. */
	b = rd(1000 + 2400000, 2000 + 4800000, 500 + 1000000, 500 + 800000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_SCALED);
	CHECK(near(c.cycles, 3e6) && near(c.instructions, 6e6) && near(c.running_share, 0.8));
	CHECK(ct_count_usable(c.status));

	/* Exactly half is still scaled; under half is rejected, not extrapolated. */
	b = rd(1000 + 1500000, 2000 + 3000000, 500 + 1000000, 500 + 500000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_SCALED && near(c.cycles, 3e6));
	b = rd(1000 + 1200000, 2000 + 2400000, 500 + 1000000, 500 + 400000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_MULTIPLEXED);
	CHECK(c.cycles == 0 && !ct_count_usable(c.status));

	/* Never on a counter (a hybrid core of the other PMU). */
	b = rd(1000, 2000, 500 + 1000000, 500);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_NOT_RUNNING);

	/* A total that went down. */
	b = rd(999, 2000 + 6000000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_BACKWARDS);
	b = rd(1000 + 3000000, 2000 + 6000000, 499, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_BACKWARDS);

	/* Running and enabled, yet nothing counted. */
	b = rd(1000, 2000 + 6000000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_ZERO);
	b = rd(1000 + 3000000, 2000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_ZERO);

	/* 50 GHz, 0.001 GHz, 20 instructions per cycle: no core does that. */
	b = rd(1000 + 50000000, 2000 + 6000000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_IMPLAUSIBLE);
	CHECK(c.cycles == 0);
	b = rd(1000 + 1000, 2000 + 1000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_IMPLAUSIBLE);
	b = rd(1000 + 3000000, 2000 + 60000000, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_IMPLAUSIBLE);
	/* 9.9 GHz and 16 per cycle are the limits, still taken. */
	b = rd(1000 + 9900000, 2000 + 9900000 * 16ull, 500 + 1000000, 500 + 1000000);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_OK);

	/* A platform whose running time passes its enabled time is not multiplexing. */
	b = rd(1000 + 3000000, 2000 + 6000000, 500 + 1000000, 500 + 1000001);
	CHECK(ct_count_decide(&a, &b, 1000000, &c) == CT_COUNT_OK && c.cycles == 3e6);

	CHECK(strcmp(ct_count_status_name(CT_COUNT_SCALED), "scaled") == 0);
	CHECK(strcmp(ct_count_status_name(CT_COUNT_NOT_RUNNING), "not-running") == 0);
	CHECK(strcmp(ct_count_status_name((enum ct_count_status)99), "unknown") == 0);
}

static void verdicts(void)
{
	CHECK(near(ct_cycles_ratio(2.9e6, 3e6), 2.9 / 3));
	CHECK(isnan(ct_cycles_ratio(3e6, 0)) && isnan(ct_cycles_ratio(0, 3e6)));
	CHECK(isnan(ct_cycles_ratio(NAN, 3e6)) && isnan(ct_cycles_ratio(3e6, INFINITY)));
	CHECK(ct_cycles_verdict(1.0) == CT_CYCLES_AGREE);
	CHECK(ct_cycles_verdict(0.96) == CT_CYCLES_AGREE);
	CHECK(ct_cycles_verdict(1.04) == CT_CYCLES_AGREE);
	CHECK(ct_cycles_verdict(0.94) == CT_CYCLES_FEWER);
	CHECK(ct_cycles_verdict(0.5) == CT_CYCLES_FEWER);	/* a lower clock in the kernel */
	CHECK(ct_cycles_verdict(1.06) == CT_CYCLES_MORE);
	CHECK(ct_cycles_verdict(NAN) == CT_CYCLES_UNKNOWN);
	CHECK(strcmp(ct_cycles_verdict_name(CT_CYCLES_FEWER), "fewer-cycles") == 0);
	CHECK(strcmp(ct_cycles_verdict_name(CT_CYCLES_AGREE), "agree") == 0);
}

static uint64_t dummy_run(void *ctx)
{
	(void)ctx;
	return 0;
}

static int dummy_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	(void)ctx;
	(void)ret;
	(void)why;
	(void)len;
	return 0;
}

/* The summary of a series over the samples that were counted. */
static void summaries(void)
{
	struct ct_job k, clk;
	struct ct_sample s[4];
	struct ct_series ser;
	struct ct_summary sum;
	int i;

	memset(&k, 0, sizeof(k));
	k.name = "fma";
	k.isa = "test";
	k.unit = "GFLOP/s";
	k.work = 1e6;
	k.per_cycle_unit = "flop/cycle";
	k.per_cycle_work = 1e6;
	k.run = dummy_run;
	k.verify = dummy_verify;
	memset(s, 0, sizeof(s));
	for (i = 0; i < 4; i++) {
		s[i].rep = (unsigned)i;
		s[i].wall_ns = 1000000;
		s[i].cpu_ns = 1000000;
		s[i].clock_ghz = 3.0;	/* estimate: 3e6 cycles */
		s[i].count_status = CT_COUNT_OK;
	}
	/* Counted: 2.7e6, 2.4e6 (scaled), 2.1e6 cycles; the last one rejected. */
	s[0].cycles = 2.7e6;
	s[0].instructions = 5.4e6;
	s[1].cycles = 2.4e6;
	s[1].instructions = 4.8e6;
	s[1].count_status = CT_COUNT_SCALED;
	s[2].cycles = 2.1e6;
	s[2].instructions = 4.2e6;
	s[3].count_status = CT_COUNT_MULTIPLEXED;
	memset(&ser, 0, sizeof(ser));
	ser.k = &k;
	ser.s = s;
	ser.n = 4;
	ser.verified = 1;
	ser.counters = 1;
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.counters && sum.counted == 3 && sum.counters_scaled == 1);
	CHECK(sum.cycles.median == 2.4e6 && sum.instructions.median == 4.8e6);
	CHECK(near(sum.counter_ghz.median, 2.4));
	CHECK(sum.has_estimate && near(sum.cycles_est.median, 3e6));
	CHECK(near(sum.cycles_ratio.median, 0.8));
	CHECK(sum.verdict == CT_CYCLES_FEWER);
	/* The per-sample view the sample records use. */
	CHECK(near(ct_sample_cycles_est(&k, &s[0], CT_BASIS_WALL), 3e6));
	CHECK(near(ct_sample_counter_ghz(&s[0]), 2.7));
	CHECK(isnan(ct_sample_counter_ghz(&s[3])));

	/* The cpu basis estimates from its own time: 0.8 ms at 3 GHz. */
	for (i = 0; i < 4; i++)
		s[i].cpu_ns = 800000;
	ct_summarize(&ser, CT_BASIS_CPU, &sum);
	CHECK(near(sum.cycles_ratio.median, 1.0) && sum.verdict == CT_CYCLES_AGREE);

	/* A clock kernel is its own estimate: one cycle per add. */
	memset(&clk, 0, sizeof(clk));
	clk.name = "addchain";
	clk.unit = "GHz";
	clk.work = 3e6;
	clk.cycles_work = 3e6;
	ser.k = &clk;
	for (i = 0; i < 4; i++)
		s[i].clock_ghz = 0;
	s[0].cycles = s[1].cycles = s[2].cycles = 1.5e6;	/* two adds per cycle */
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.has_estimate && near(sum.cycles_ratio.median, 0.5));
	CHECK(sum.verdict == CT_CYCLES_FEWER);
	/* Neither bracketed nor a clock: counts, but no estimate. */
	clk.cycles_work = 0;
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(sum.counted == 3 && !sum.has_estimate && sum.verdict == CT_CYCLES_UNKNOWN);
	CHECK(isnan(ct_sample_cycles_est(&clk, &s[0], CT_BASIS_WALL)));

	/* Without counters: nothing counted, nothing claimed. */
	ser.counters = 0;
	for (i = 0; i < 4; i++)
		s[i].count_status = CT_COUNT_NONE;
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(!sum.counters && sum.counted == 0 && !sum.has_estimate);
}

/* The machine record's status: absent, then opened but uncounted, then present. */
static void status(void)
{
	char buf[512];

	setenv("CT_COUNTERS", "0", 1);
	CHECK(ct_counters_start() == NULL);
	ct_counters_status(buf, sizeof(buf));
	CHECK(strcmp(buf, "absent: disabled by CT_COUNTERS=0") == 0);
	CHECK(!ct_counters_present());
	/* A run that had counters open but counted none of its samples. */
	ct_counters_note_run(1, 0, 5, CT_COUNT_ZERO);
	ct_counters_status(buf, sizeof(buf));
	CHECK(strncmp(buf, "absent: ", 8) == 0 && strstr(buf, "none of 5 samples counted") &&
	      strstr(buf, "zero cycles"));
	CHECK(!ct_counters_present());
	/* Any run that counted makes them present. */
	ct_counters_note_run(1, 3, 5, CT_COUNT_MULTIPLEXED);
	ct_counters_status(buf, sizeof(buf));
	CHECK(strcmp(buf, ct_counters_scope()) == 0);
	CHECK(ct_counters_present());
}

int main(void)
{
	decisions();
	verdicts();
	summaries();
	status();
	return unit_done();
}
