/*
 * unit-context.c - the figures behind the context warnings, with given
 * values: when a load average is busy, the other work a run saw from the
 * load averages at its start and end, and the descheduled samples of
 * series noted into a machine description (one entry per kernel and
 * placement, summed over the sizes of a sweep).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure/harness.h"
#include "measure/context.h"
#include "unit.h"

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static void load(void)
{
	double d = exp(-1.0);

	CHECK(ct_load_busy(1) == 1 && ct_load_busy(2) == 1);
	CHECK(ct_load_busy(8) == 2 && ct_load_busy(64) == 16);
	/* 60 s from an idle machine with the run alone: nothing else. */
	CHECK(near(ct_load_others(0, 1 - d, 60, 1), 0, 1e-9));
	/* ... with one other busy task: one. */
	CHECK(near(ct_load_others(0, 2 * (1 - d), 60, 1), 1, 1e-9));
	/* From a load of 3 that stayed at 3 with the run's own thread: two others. */
	CHECK(near(ct_load_others(3, 3, 60, 1), 2, 1e-9));
	/* Four threads of its own (--threads 4) and nothing else. */
	CHECK(near(ct_load_others(0.2, 0.2 * d + 4 * (1 - d), 60, 4), 0, 1e-9));
	/* Load that fell faster than the run alone explains: none, not negative. */
	CHECK(ct_load_others(4, 0.5, 60, 1) == 0);
	/* Too short a run, or a load the OS did not give: no estimate. */
	CHECK(isnan(ct_load_others(0, 1, CT_LOAD_MIN_RUN_S - 0.1, 1)));
	CHECK(isnan(ct_load_others(-1, 1, 60, 1)) && isnan(ct_load_others(0, -1, 60, 1)));
	CHECK(!isnan(ct_load_others(0, 1, CT_LOAD_MIN_RUN_S, 1)));
}

static void note(void)
{
	struct ct_job clk, fma;
	struct ct_sample s[4];
	struct ct_series ser[2];
	struct ct_machine m;
	int i;

	memset(&clk, 0, sizeof(clk));
	clk.name = "addchain";
	clk.isa = "x86-64";
	memset(&fma, 0, sizeof(fma));
	fma.name = "stream";
	fma.isa = "avx2";
	fma.memory = 1;
	memset(s, 0, sizeof(s));
	for (i = 0; i < 4; i++) {
		s[i].wall_ns = 1000;
		s[i].cpu_ns = 1000;
	}
	s[1].cpu_ns = 899;	/* under 90% of its wall time */
	s[3].cpu_ns = 900;	/* exactly 90%: not descheduled */
	memset(ser, 0, sizeof(ser));
	ser[0].k = &clk;
	ser[0].s = s;
	ser[0].n = 4;
	ser[1].k = &fma;
	ser[1].s = s;
	ser[1].n = 2;
	memset(&m, 0, sizeof(m));
	ct_machine_note(&m, "main", ser, 1);
	CHECK(m.samples == 4 && m.descheduled == 1 && !m.memory);
	CHECK(m.ndesched == 1 && strcmp(m.desched[0].what, "addchain (x86-64) at main") == 0);
	CHECK(m.desched[0].d == 1 && m.desched[0].n == 4);
	/* The same kernel and placement again (a second size): one entry. */
	ct_machine_note(&m, "main", ser, 2);
	CHECK(m.samples == 10 && m.descheduled == 3 && m.memory);
	CHECK(m.ndesched == 2 && m.desched[0].d == 2 && m.desched[0].n == 8);
	CHECK(strcmp(m.desched[1].what, "stream (avx2) at main") == 0 && m.desched[1].d == 1);
	/* Another placement is another entry; past the table, only counted. */
	for (i = 0; i < 20; i++) {
		char name[16];

		snprintf(name, sizeof(name), "p%d", i);
		ct_machine_note(&m, name, ser, 1);
	}
	CHECK(m.ndesched == sizeof(m.desched) / sizeof(m.desched[0]));
	CHECK(m.descheduled == 23 && m.desched_more == 6);
}

int main(void)
{
	load();
	note();
	return unit_done();
}
