/*
 * unit-results - the results step (measure/results.c) on made-up series
 * whose medians are known: the summaries on each basis, ct-place's ratios
 * to main (and to the first placement measured without main), the
 * all-core ratios to the thread alone, the counter table's instructions
 * per cycle, ct-place's memory latency and lines in flight.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure/allcore.h"
#include "measure/results.h"
#include "ct-place/placements.h"
#include "../unit.h"

#define NS 3

static struct ct_job job = { "fake", "test", "GHz", 1000, NULL, 0, NULL, 0, NULL, NULL,
			     NULL, NULL, 0, 0, 0 };

/*
 * NS samples of job: one call each, wall times ns, 2 ns and 4 ns (wall
 * rates work/ns, /2, /4: median work/2ns), every cpu time cpu_ns (cpu
 * rate work/cpu_ns).
 */
static void series(struct ct_series *ser, struct ct_sample *s, double ns, double cpu_ns)
{
	unsigned i;

	memset(ser, 0, sizeof(*ser));
	memset(s, 0, NS * sizeof(*s));
	for (i = 0; i < NS; i++) {
		s[i].rep = i;
		s[i].calls = 1;
		s[i].wall_ns = (uint64_t)(ns * (double)(1u << i));
		s[i].cpu_ns = (uint64_t)cpu_ns;
	}
	ser->k = &job;
	ser->s = s;
	ser->n = NS;
	ser->verified = 1;
}

static int near(double x, double want)
{
	return fabs(x - want) < 1e-9 * fabs(want);
}

static void one_series(void)
{
	struct ct_sample s[NS];
	struct ct_series ser;
	struct ct_results r;

	series(&ser, s, 1000, 500);
	ct_results_series(&ser, &r);
	CHECK(r.ser == &ser);
	CHECK(r.b[CT_BASIS_WALL].basis == CT_BASIS_WALL && r.b[CT_BASIS_CPU].basis == CT_BASIS_CPU);
	/* Wall rates 1, 0.5, 0.25 GHz; every cpu time 500 ns: 2 GHz. */
	CHECK(near(r.b[CT_BASIS_WALL].rate.median, 0.5));
	CHECK(near(r.b[CT_BASIS_WALL].rate.max, 1));
	CHECK(near(r.b[CT_BASIS_CPU].rate.median, 2));
	CHECK(r.b[CT_BASIS_WALL].reps == NS && r.b[CT_BASIS_CPU].reps == NS);
	/* Held against nothing: no ratio. */
	CHECK(isnan(r.ratio[CT_BASIS_WALL]) && isnan(r.ratio[CT_BASIS_CPU]));
	/* No counters: no instructions per cycle. */
	CHECK(isnan(r.b[CT_BASIS_WALL].ipc));
}

static void counted(void)
{
	struct ct_sample s[NS];
	struct ct_series ser;
	struct ct_results r;
	unsigned i;

	series(&ser, s, 1000, 1000);
	ser.counters = 1;
	for (i = 0; i < NS; i++) {
		s[i].count_status = CT_COUNT_OK;
		s[i].cycles = 1000 + 1000 * i;		/* median 2000 */
		s[i].instructions = 3000 * (i + 1);	/* median 6000 */
	}
	ct_results_series(&ser, &r);
	CHECK(near(r.b[CT_BASIS_WALL].ipc, 3) && near(r.b[CT_BASIS_CPU].ipc, 3));
}

/*
 * Four placements: main, thread-background twice main's rates on the wall
 * basis (half its times) and the same cpu times, pin-efficiency not
 * measured, process-background at a quarter of main's cpu rate.
 */
static void rows_made(struct ct_placements_row *rows, struct ct_sample (*s)[CT_NJOBS][NS],
		      int with_main)
{
	static const struct {
		const char *name;
		enum ct_place_kind kind;
		int ran;
		double ns, cpu_ns;
	} spec[4] = {
		{ "main", CT_PLACE_MAIN, 1, 1000, 500 },
		{ "thread-background", CT_PLACE_THREAD_BACKGROUND, 1, 500, 500 },
		{ "pin-efficiency", CT_PLACE_PIN, 0, 0, 0 },
		{ "process-background", CT_PLACE_PROCESS_BACKGROUND, 1, 1000, 2000 },
	};
	size_t i;
	int k;

	memset(rows, 0, 4 * sizeof(*rows));
	for (i = 0; i < 4; i++) {
		snprintf(rows[i].p.name, sizeof(rows[i].p.name), "%s", spec[i].name);
		rows[i].p.kind = spec[i].kind;
		rows[i].ran = spec[i].ran && (with_main || spec[i].kind != CT_PLACE_MAIN);
		for (k = 0; k < CT_NJOBS; k++) {
			rows[i].k[k] = job;
			if (rows[i].ran)
				series(&rows[i].ser[k], s[i][k], spec[i].ns, spec[i].cpu_ns);
		}
	}
}

static void placements(void)
{
	static struct ct_sample s[4][CT_NJOBS][NS];
	struct ct_placements_row rows[4];
	struct ct_placements_results res;
	unsigned i;
	int k;

	rows_made(rows, s, 1);
	ct_placements_results(rows, 4, &res);
	CHECK(res.rows == rows && res.n == 4);
	CHECK(res.ref == &rows[0] && res.ref_main);
	for (k = 0; k < CT_NJOBS; k++) {
		CHECK(near(res.r[0][k].ratio[CT_BASIS_WALL], 1));
		CHECK(near(res.r[0][k].ratio[CT_BASIS_CPU], 1));
		CHECK(near(res.r[1][k].b[CT_BASIS_WALL].rate.median, 1));
		CHECK(near(res.r[1][k].ratio[CT_BASIS_WALL], 2));
		CHECK(near(res.r[1][k].ratio[CT_BASIS_CPU], 1));
		CHECK(near(res.r[3][k].ratio[CT_BASIS_WALL], 1));
		CHECK(near(res.r[3][k].ratio[CT_BASIS_CPU], 0.25));
	}
	ct_placements_results_free(&res);

	/* Without main: the chart's reference is the first placement measured. */
	rows_made(rows, s, 0);
	ct_placements_results(rows, 4, &res);
	CHECK(res.ref == &rows[1] && !res.ref_main);
	for (k = 0; k < CT_NJOBS; k++) {
		CHECK(near(res.r[1][k].ratio[CT_BASIS_WALL], 1));
		CHECK(near(res.r[3][k].ratio[CT_BASIS_WALL], 0.5));
		CHECK(near(res.r[3][k].ratio[CT_BASIS_CPU], 0.25));
	}
	ct_placements_results_free(&res);

	/*
	 * The chase's figures: main's chains four times as fast as its one
	 * chain, 4 lines in flight on each basis; a load takes one over the
	 * one chain's median rate (wall 0.5 a ns, cpu 2); no brackets, no
	 * cycles.  The ratio to main stays one of rates.
	 */
	rows_made(rows, s, 1);
	for (i = 0; i < NS; i++) {
		s[0][CT_JOB_CHAINS][i].wall_ns /= 4;
		s[0][CT_JOB_CHAINS][i].cpu_ns /= 4;
	}
	ct_placements_results(rows, 4, &res);
	CHECK(near(res.lat[0][CT_BASIS_WALL].in_flight, 4));
	CHECK(near(res.lat[0][CT_BASIS_CPU].in_flight, 4));
	CHECK(near(res.lat[0][CT_BASIS_WALL].ns_per_load, 2));
	CHECK(near(res.lat[0][CT_BASIS_CPU].ns_per_load, 0.5));
	CHECK(isnan(res.lat[0][CT_BASIS_WALL].cycles_per_load));
	CHECK(near(res.lat[3][CT_BASIS_CPU].ns_per_load, 2));
	CHECK(near(res.lat[3][CT_BASIS_WALL].in_flight, 1));
	CHECK(near(res.r[3][CT_JOB_CHAINS].ratio[CT_BASIS_WALL], 0.25));
	CHECK(near(res.r[3][CT_JOB_LATENCY].ratio[CT_BASIS_WALL], 1));
	ct_placements_results_free(&res);

	/* Nothing measured: no reference, and nothing to read. */
	ct_placements_results(NULL, 0, &res);
	CHECK(!res.ref && !res.ref_main && res.n == 0);
	ct_placements_results_free(&res);
}

/* One group of two threads: each thread's ratio is to the group's thread alone. */
static void allcore(void)
{
	struct ct_sample one[NS], all[NS], t0[NS], t1[NS];
	struct ct_series single, every, ser0, ser1;
	struct ct_allcore_thread th[2];
	struct ct_allcore_group g;
	struct ct_allcore_results res;
	struct ct_allcore a;

	series(&single, one, 1000, 500);
	series(&every, all, 2000, 500);
	series(&ser0, t0, 4000, 500);
	series(&ser1, t1, 1000, 1000);
	memset(&g, 0, sizeof(g));
	g.single = &single;
	g.all = &every;
	memset(th, 0, sizeof(th));
	th[0].ser = &ser0;
	th[1].ser = &ser1;
	memset(&a, 0, sizeof(a));
	a.g = &g;
	a.ngroups = 1;
	a.t = th;
	a.n = 2;
	a.nk = 1;
	ct_allcore_results(&a, &res);
	CHECK(res.single[0].ser == &single && res.all[0].ser == &every);
	CHECK(res.thread[0].ser == &ser0 && res.thread[1].ser == &ser1);
	CHECK(near(res.all[0].ratio[CT_BASIS_WALL], 0.5));
	CHECK(near(res.all[0].ratio[CT_BASIS_CPU], 1));
	CHECK(near(res.thread[0].ratio[CT_BASIS_WALL], 0.25));
	CHECK(near(res.thread[1].ratio[CT_BASIS_WALL], 1));
	CHECK(near(res.thread[1].ratio[CT_BASIS_CPU], 0.5));
	/* The reference alone is held against nothing. */
	CHECK(isnan(res.single[0].ratio[CT_BASIS_WALL]));
	ct_allcore_results_free(&res);
}

int main(void)
{
	one_series();
	counted();
	placements();
	allcore();
	return unit_done();
}
