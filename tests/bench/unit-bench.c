/*
 * unit-bench - ct-place --bench's results step (placements/bench-results.c)
 * on made-up runs with known answers: the statistics of each basis, the
 * ratio to main with its interval and ct-compare's verdict (slower,
 * faster, ~, none for main), the share, the disturbed and failed runs,
 * the kinds and their split; then the summary record as TSV and the
 * table's verdict and split cells, through the writer.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "placements/bench.h"
#include "records/record.h"
#include "unit.h"

#define RUNS 10

/* Runs of wall time base + i * step s, CPU time cpu_frac of it, on kinds P and E. */
static void fill(struct ct_bench_row *row, const char *name, int main, double base,
		 double step, double cpu_frac, double p_frac)
{
	unsigned i;

	memset(row, 0, sizeof(*row));
	snprintf(row->p.name, sizeof(row->p.name), "%s", name);
	row->p.main = main;
	snprintf(row->p.note, sizeof(row->p.note), "made up");
	row->runs = calloc(RUNS, sizeof(*row->runs));
	row->n = RUNS;
	for (i = 0; i < RUNS; i++) {
		struct ct_bench_run *r = &row->runs[i];
		double wall = base + step * i, cpu = wall * cpu_frac;

		r->round = i + 1;
		r->order = 1;
		r->wall_ns = (uint64_t)(wall * 1e9);
		r->user_ns = (uint64_t)(cpu * 0.9 * 1e9);
		r->sys_ns = (uint64_t)(cpu * 0.1 * 1e9);
		r->kind_ns[CT_KIND_PERFORMANCE] = (uint64_t)(cpu * p_frac * 1e9);
		r->kind_ns[CT_KIND_EFFICIENCY] = (uint64_t)(cpu * (1 - p_frac) * 1e9);
		r->disturbed = cpu_frac < 0.9;
		snprintf(r->method, sizeof(r->method), "perf_event");
	}
}

static int near(double a, double b, double rel)
{
	return fabs(a - b) <= rel * fabs(b);
}

int main(void)
{
	struct ct_bench_row rows[6];
	struct ct_bench_results res;
	const struct ct_bench_summary *s;
	struct ct_bench_doc d;
	struct ct_machine m;
	FILE *f;
	size_t i;

	/* main: 1.00 .. 1.09 s, all on the cpu, 3/4 of it on P. */
	fill(&rows[0], "main", 1, 1.0, 0.01, 1.0, 0.75);
	/* Twice as long, half the share (a busy cpu), all on E. */
	fill(&rows[1], "pin-efficiency", 0, 2.0, 0.02, 0.5, 0);
	/* main's times interleaved: no shift. */
	fill(&rows[2], "pin-performance", 0, 1.005, 0.01, 1.0, 1);
	/* Faster. */
	fill(&rows[3], "cpus-1", 0, 0.5, 0.005, 1.0, 1);
	/* A slip of a few percent, but every run longer. */
	fill(&rows[4], "process-background", 0, 1.1, 0.01, 1.0, 0);
	/*
	 * One run 50 % longer: too few for the interval (NaN) and for the U
	 * test against 10 (p 0.18 at best), so no change is called on the
	 * ratio alone.
	 */
	fill(&rows[5], "cpus-0", 0, 1.5, 0.01, 1.0, 1);
	rows[5].n = 1;
	rows[3].runs[4].status = 3;
	ct_bench_results(rows, 6, &res);

	CHECK(res.ref == &rows[0]);
	s = &res.s[0];
	CHECK(near(s->b[CT_BENCH_WALL].st.median, 1.045, 1e-6));
	CHECK(near(s->b[CT_BENCH_WALL].st.min, 1.0, 1e-6));
	CHECK(s->b[CT_BENCH_WALL].ratio == 1);
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_NO_VERDICT);
	CHECK(isnan(s->b[CT_BENCH_WALL].p));
	/* The median's interval of 10 runs: ranks 2 and 9. */
	CHECK(near(s->b[CT_BENCH_WALL].ci_lo, 1.01, 1e-6) && near(s->b[CT_BENCH_WALL].ci_hi, 1.08, 1e-6));
	CHECK(near(s->share, 1.0, 1e-6));
	CHECK(s->disturbed == 0 && s->failed == 0);
	CHECK(strcmp(s->kinds, "performance,efficiency") == 0);
	CHECK(strcmp(s->split, "P 75% E 25%") == 0);
	CHECK(near(s->kind_share[CT_KIND_PERFORMANCE], 0.75, 1e-6));
	CHECK(near(s->kind_s[CT_KIND_EFFICIENCY], 0.25 * 10.45, 1e-6));

	s = &res.s[1];
	CHECK(near(s->b[CT_BENCH_WALL].ratio, 2.0, 1e-6));
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_SLOWER);
	CHECK(s->b[CT_BENCH_WALL].p < 0.001);
	CHECK(s->b[CT_BENCH_WALL].ratio_lo > 1.9 && s->b[CT_BENCH_WALL].ratio_hi < 2.1 &&
	      s->b[CT_BENCH_WALL].ratio_lo <= s->b[CT_BENCH_WALL].ratio_hi);
	/* Half the share: the CPU time is main's, no verdict against it. */
	CHECK(near(s->b[CT_BENCH_CPU].ratio, 1.0, 1e-3));
	CHECK(s->b[CT_BENCH_CPU].verdict == CT_BENCH_SAME);
	CHECK(near(s->share, 0.5, 1e-6));
	CHECK(s->disturbed == RUNS);
	CHECK(strcmp(s->kinds, "efficiency") == 0 && strcmp(s->split, "E 100%") == 0);

	s = &res.s[2];
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_SAME);
	CHECK(s->b[CT_BENCH_WALL].p > 0.5);
	CHECK(s->b[CT_BENCH_WALL].ratio_lo < 1 && s->b[CT_BENCH_WALL].ratio_hi > 1);

	s = &res.s[3];
	CHECK(near(s->b[CT_BENCH_WALL].ratio, 0.5, 1e-6));
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_FASTER);
	CHECK(s->failed == 1);

	s = &res.s[4];
	CHECK(s->b[CT_BENCH_WALL].ratio > 1.05 && s->b[CT_BENCH_WALL].ratio < 1.1);
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_SLOWER);

	s = &res.s[5];
	CHECK(s->b[CT_BENCH_WALL].ratio > 1.4);
	CHECK(isnan(s->b[CT_BENCH_WALL].ratio_lo) && s->b[CT_BENCH_WALL].p > 0.05);
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_SAME);

	/* Through the writer: the summary record in TSV, and the table's cells. */
	memset(&m, 0, sizeof(m));
	memset(&d, 0, sizeof(d));
	d.m = &m;
	d.res = &res;
	d.command = "sh -c 'true'";
	d.runs = RUNS;
	f = unit_open_held();
	ct_bench_print(f, CT_FMT_TSV, &d);
	fclose(f);
	CHECK(strncmp(unit_held, "#tool\tplacement\tbasis\truns\tmedian_s\tmin_s\tcv_pct\t", 49) == 0);
	CHECK(strstr(unit_held, "\nct-place\tpin-efficiency\twall\t10\t2.09\t2\t") != NULL);
	CHECK(strstr(unit_held, "\tslower\tefficiency\tE 100%\t") != NULL);
	CHECK(strstr(unit_held, "\tfaster\tperformance\tP 100%\t") != NULL);
	f = unit_open_held();
	ct_bench_markdown(f, &d);
	fclose(f);
	CHECK(strstr(unit_held, "| main ") != NULL);
	CHECK(strstr(unit_held, "| P 75% E 25% ") != NULL);
	CHECK(strstr(unit_held, "| 0.500 | -* ") != NULL);

	ct_bench_results_free(&res);
	for (i = 0; i < 6; i++)
		free(rows[i].runs);
	return unit_done();
}
