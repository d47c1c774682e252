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

#include "measure/harness.h"
#include "ct-place/bench.h"
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
		snprintf(r->method, sizeof(r->method), "perf_event");
	}
}

static int near(double a, double b, double rel)
{
	return fabs(a - b) <= rel * fabs(b);
}

#define MS 1000000ull

/* The bench_run records of JSON Lines in s as "placement:round ...", in their order. */
static void run_sequence(const char *s, char *out, size_t len)
{
	const char *line, *p, *end;
	size_t used = 0;
	int n;

	out[0] = '\0';
	for (line = s; line && *line; line = end ? end + 1 : NULL) {
		end = strchr(line, '\n');
		if (strncmp(line, "{\"record\":\"bench_run\",", 22) != 0)
			continue;
		p = strstr(line, "\"placement\":\"");
		if (!p || !strstr(p, "\"round\":"))
			continue;
		p += 13;
		n = snprintf(out + used, len - used, "%.*s:%d ", (int)strcspn(p, "\""), p,
			     atoi(strstr(p, "\"round\":") + 8));
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
}

/* A run of wall, cpu and lost ms, lost known. */
static struct ct_bench_run run_ms(uint64_t wall, uint64_t cpu, uint64_t wait, uint64_t steal)
{
	struct ct_bench_run r;

	memset(&r, 0, sizeof(r));
	r.wall_ns = wall * MS;
	r.user_ns = cpu * MS;
	r.wait_ns = wait * MS;
	r.steal_ns = steal * MS;
	r.lost_known = 1;
	return r;
}

/*
 * The rule of what a run lost to others (ct_lost_share, ct_lost_disturbed,
 * ct_bench_run_disturbed), on inputs that tell its arguments apart.
 */
static void lost_rule(void)
{
	struct ct_bench_run r;
	struct ct_sample smp;

	/* A sleeper: 100 ms wall, 5 ms cpu (share 0.05), 2 ms lost: 2 %, not disturbed. */
	CHECK(near(ct_lost_share(100 * MS, 5 * MS, 2 * MS), 0.02, 1e-9));
	CHECK(!ct_lost_disturbed(100 * MS, 5 * MS, 2 * MS));
	/* The wall time and the loss the other way round would be 2 ms of 100 lost. */
	CHECK(ct_lost_disturbed(2 * MS, 5 * MS, 100 * MS));
	/* CPU-bound beside a busy neighbour: half lost. */
	CHECK(near(ct_lost_share(100 * MS, 50 * MS, 50 * MS), 0.5, 1e-9));
	CHECK(ct_lost_disturbed(100 * MS, 50 * MS, 50 * MS));
	/* The threshold: 10 % of the time it had is not over it, 11 % is. */
	CHECK(!ct_lost_disturbed(100 * MS, 90 * MS, 10 * MS));
	CHECK(ct_lost_disturbed(100 * MS, 89 * MS, 11 * MS));
	/* Threads side by side: 100 ms wall, 300 ms run, 100 ms waited: of 400. */
	CHECK(near(ct_lost_share(100 * MS, 300 * MS, 100 * MS), 0.25, 1e-9));
	CHECK(!ct_lost_disturbed(100 * MS, 350 * MS, 30 * MS));
	CHECK(isnan(ct_lost_share(0, 0, 0)));

	/* A bench run: its wait and its steal both lost; the share plays no part. */
	r = run_ms(100, 5, 2, 0);
	CHECK(ct_bench_run_lost_ns(&r) == 2 * MS && !ct_bench_run_disturbed(&r));
	r = run_ms(100, 5, 6, 6);
	CHECK(ct_bench_run_lost_ns(&r) == 12 * MS && ct_bench_run_disturbed(&r));
	r = run_ms(100, 95, 0, 11);
	CHECK(ct_bench_run_disturbed(&r));
	/* No lost figure (macOS): the share rule, as before. */
	r = run_ms(100, 5, 0, 0);
	r.lost_known = 0;
	CHECK(ct_bench_run_lost_ns(&r) == 0 && ct_bench_run_disturbed(&r));
	r.user_ns = 95 * MS;
	CHECK(!ct_bench_run_disturbed(&r));

	/* ct-compare's samples of bench_run records: the same rule. */
	memset(&smp, 0, sizeof(smp));
	smp.wall_ns = 100 * MS;
	smp.cpu_ns = 5 * MS;
	CHECK(ct_sample_disturbed(&smp));
	smp.lost_known = 1;
	smp.lost_ns = 2 * MS;
	CHECK(!ct_sample_disturbed(&smp));
	smp.lost_ns = 20 * MS;
	CHECK(ct_sample_disturbed(&smp));
}

/*
 * A sleeping command (share 0.05) that lost little is not disturbed, gets
 * its verdict, and its rows say so: lost% unmarked, the runs' lost_s.
 */
static void sleepers(struct ct_machine *m)
{
	struct ct_bench_row rows[2];
	struct ct_bench_results res;
	struct ct_bench_doc d;
	const char *wall, *cpu, *mark;
	char seq[512];
	unsigned i;
	FILE *f;

	for (i = 0; i < 2; i++) {
		memset(&rows[i], 0, sizeof(rows[i]));
		snprintf(rows[i].p.name, sizeof(rows[i].p.name), i ? "pin-performance" : "main");
		rows[i].p.main = !i;
		rows[i].runs = calloc(RUNS, sizeof(*rows[i].runs));
		rows[i].n = RUNS;
	}
	for (i = 0; i < RUNS; i++) {
		/* main 100-109 ms, 1 ms lost; the other 150-159 ms, 1 ms lost but one run 30. */
		rows[0].runs[i] = run_ms(100 + i, 5, 1, 0);
		rows[1].runs[i] = run_ms(150 + i, 5, i == 3 ? 30 : 1, 0);
		/* Round i + 1, the order rotated: main first in the odd rounds. */
		rows[0].runs[i].round = rows[1].runs[i].round = i + 1;
		rows[0].runs[i].order = 1 + i % 2;
		rows[1].runs[i].order = 2 - i % 2;
	}
	ct_bench_results(rows, 2, &res);
	CHECK(res.s[0].disturbed == 0 && res.s[1].disturbed == 1);
	CHECK(res.s[0].share < 0.06);
	CHECK(near(res.s[0].lost_share, 10.0 / 1045, 1e-6));
	CHECK(res.s[1].b[CT_BENCH_WALL].verdict == CT_BENCH_SLOWER);
	memset(&d, 0, sizeof(d));
	d.m = m;
	d.res = &res;
	d.command = "sleep 0.1";
	d.runs = RUNS;
	d.warmup = 1;
	f = unit_open_held();
	ct_bench_markdown(f, &d);
	fclose(f);
	CHECK(strstr(unit_held, ", after 1 warm-up run each\n") != NULL);
	CHECK(strstr(unit_held, "| 0.048 | 1.0 ") != NULL);
	CHECK(strstr(unit_held, "| 0.032 | 2.5* ") != NULL);
	f = unit_open_held();
	ct_bench_print(f, CT_FMT_JSON, &d);
	fclose(f);
	CHECK(strstr(unit_held, "\"placement\":\"pin-performance\",\"round\":4,\"order_in_round\":1,"
		      "\"wall_s\":0.153,\"cpu_s\":0.005,\"user_s\":0.005,\"sys_s\":0,"
		      "\"exec_cpu_s\":0,\"cpu_share\":0.0326797,\"run_queue_wait_s\":0.03,"
		      "\"steal_s\":0,\"lost_s\":0.03,\"lost_share\":0.196078,\"disturbed\":true,") != NULL);
	CHECK(strstr(unit_held, "\"wall_s\":0.1,\"cpu_s\":0.005,\"user_s\":0.005,\"sys_s\":0,"
		      "\"exec_cpu_s\":0,\"cpu_share\":0.05,\"run_queue_wait_s\":0.001,"
		      "\"steal_s\":0,\"lost_s\":0.001,\"lost_share\":0.01,\"disturbed\":false,") != NULL);
	CHECK(strstr(unit_held, "\"placement\":\"main\",\"basis\":\"wall\",\"runs\":10,") != NULL);
	/* The runs in the order they ran: round by round, each in its order. */
	run_sequence(unit_held, seq, sizeof(seq));
	CHECK(strncmp(seq, "main:1 pin-performance:1 pin-performance:2 main:2 main:3 "
		      "pin-performance:3 ", 57) == 0);

	/*
	 * The chart: each panel's subtitle gives main's median on its own
	 * basis (wall 0.1045 s, CPU 0.005 s); the disturbed run marks the
	 * wall bar, the figure it misleads, and not the CPU one.
	 */
	f = unit_open_held();
	ct_bench_svg(f, &d);
	fclose(f);
	wall = strstr(unit_held, "id=\"panel-wall\"");
	cpu = strstr(unit_held, "id=\"panel-cpu\"");
	CHECK(wall && cpu && wall < cpu);
	if (wall && cpu && wall < cpu) {
		mark = strstr(wall, "main: 104.5 ms (median)");
		CHECK(mark && mark < cpu);
		CHECK(strstr(cpu, "main: 5.000 ms (median)") != NULL);
		mark = strstr(wall, "id=\"bar-wall-pin-performance\"");
		CHECK(mark && mark < cpu && strstr(mark, "stroke=\"#b00000\"") &&
		      strstr(mark, "stroke=\"#b00000\"") < strchr(mark, '>'));
		mark = strstr(wall, "class=\"disturbed\"");
		CHECK(mark && mark < cpu);
		CHECK(strstr(cpu, "class=\"disturbed\"") == NULL);
		CHECK(strstr(cpu, "stroke=\"#b00000\"") == NULL);
	}
	ct_bench_results_free(&res);
	for (i = 0; i < 2; i++)
		free(rows[i].runs);
}

/*
 * x main is the ratio of the medians: runs skewed by one long run have a
 * mean far from their median, and the ratio does not follow it.
 */
static void medians_not_means(void)
{
	struct ct_bench_row rows[2];
	struct ct_bench_results res;
	unsigned i;

	for (i = 0; i < 2; i++) {
		memset(&rows[i], 0, sizeof(rows[i]));
		snprintf(rows[i].p.name, sizeof(rows[i].p.name), i ? "pin-efficiency" : "main");
		rows[i].p.main = !i;
		rows[i].runs = calloc(RUNS, sizeof(*rows[i].runs));
		rows[i].n = RUNS;
	}
	for (i = 0; i < RUNS; i++) {
		/* main: 100 ms, one run 1 s; the other: 200 ms, no long run. */
		rows[0].runs[i] = run_ms(i == 7 ? 1000 : 100, i == 7 ? 1000 : 100, 0, 0);
		rows[1].runs[i] = run_ms(200, 200, 0, 0);
	}
	ct_bench_results(rows, 2, &res);
	CHECK(near(res.s[0].b[CT_BENCH_WALL].st.median, 0.1, 1e-9));
	CHECK(near(res.s[1].b[CT_BENCH_WALL].ratio, 2.0, 1e-9));
	CHECK(near(res.s[1].b[CT_BENCH_CPU].ratio, 2.0, 1e-9));
	CHECK(res.s[0].b[CT_BENCH_WALL].ratio == 1);
	ct_bench_results_free(&res);
	for (i = 0; i < 2; i++)
		free(rows[i].runs);
}

/* Every kind's CPU time in the split, low-power too, each in its part. */
static void every_kind(void)
{
	struct ct_bench_row row;
	struct ct_bench_results res;
	const struct ct_bench_summary *s;
	unsigned i;

	memset(&row, 0, sizeof(row));
	snprintf(row.p.name, sizeof(row.p.name), "main");
	row.p.main = 1;
	row.runs = calloc(RUNS, sizeof(*row.runs));
	row.n = RUNS;
	for (i = 0; i < RUNS; i++) {
		row.runs[i] = run_ms(100, 100, 0, 0);
		row.runs[i].kind_ns[CT_KIND_PERFORMANCE] = 50 * MS;
		row.runs[i].kind_ns[CT_KIND_EFFICIENCY] = 20 * MS;
		row.runs[i].kind_ns[CT_KIND_LOWPOWER] = 30 * MS;
	}
	ct_bench_results(&row, 1, &res);
	s = &res.s[0];
	CHECK(near(s->kind_s[CT_KIND_LOWPOWER], 0.3, 1e-9));
	CHECK(near(s->kind_share[CT_KIND_LOWPOWER], 0.3, 1e-9));
	CHECK(near(s->kind_share[CT_KIND_PERFORMANCE], 0.5, 1e-9));
	CHECK(strcmp(s->kinds, "performance,efficiency,low-power") == 0);
	CHECK(strcmp(s->split, "P 50% E 20% LP 30%") == 0);
	/* Low-power alone. */
	for (i = 0; i < RUNS; i++)
		row.runs[i].kind_ns[CT_KIND_PERFORMANCE] = row.runs[i].kind_ns[CT_KIND_EFFICIENCY] = 0;
	ct_bench_results_free(&res);
	ct_bench_results(&row, 1, &res);
	CHECK(strcmp(res.s[0].kinds, "low-power") == 0 && strcmp(res.s[0].split, "LP 100%") == 0);
	ct_bench_results_free(&res);
	free(row.runs);
}

/* How many times needle is in s. */
static unsigned count(const char *s, const char *needle)
{
	unsigned n = 0;

	for (; (s = strstr(s, needle)) != NULL; s += strlen(needle))
		n++;
	return n;
}

/* A document of the results res of command, RUNS runs each, for the writers. */
static void doc_of(struct ct_bench_doc *d, struct ct_machine *m,
		   const struct ct_bench_results *res, const char *command)
{
	memset(d, 0, sizeof(*d));
	d->m = m;
	d->res = res;
	d->command = command;
	d->runs = RUNS;
}

/* The results of n rows freed, and the rows' runs. */
static void free_rows(struct ct_bench_results *res, struct ct_bench_row *rows, size_t n)
{
	size_t i;

	ct_bench_results_free(res);
	for (i = 0; i < n; i++)
		free(rows[i].runs);
}

/* Runs of row of wall (= cpu) ms from ms[], in rounds 1.. */
static void set_runs(struct ct_bench_row *row, const char *name, int main, unsigned cmd,
		     const double *ms, unsigned n)
{
	unsigned i;

	memset(row, 0, sizeof(*row));
	snprintf(row->p.name, sizeof(row->p.name), "%s", name);
	row->p.main = main;
	row->cmd = cmd;
	row->runs = calloc(n, sizeof(*row->runs));
	row->n = n;
	for (i = 0; i < n; i++) {
		row->runs[i] = run_ms(0, 0, 0, 0);
		row->runs[i].wall_ns = row->runs[i].user_ns = (uint64_t)(ms[i] * MS);
		row->runs[i].round = i + 1;
		row->runs[i].order = 1;
	}
}

/*
 * Two commands under main and pin-performance: the second 1.5 times the
 * first under main, the same under pin-performance.  Each is held
 * against its own main (x main) and against the first command under the
 * same placement (x against); the rows and the bench_versus records say
 * which against which.
 */
static void several_commands(struct ct_machine *m)
{
	static const char *const cmds[2] = { "gzip -1 f", "gzip -9 f" };
	double a[RUNS], b[RUNS], c[RUNS];
	struct ct_bench_row rows[4];
	struct ct_bench_results res;
	const struct ct_bench_figures *f;
	struct ct_bench_doc d;
	unsigned i;
	FILE *fp;

	for (i = 0; i < RUNS; i++) {
		a[i] = 100 + i;
		b[i] = 150 + i;
		c[i] = 100.5 + i;
	}
	set_runs(&rows[0], "main", 1, 0, a, RUNS);
	set_runs(&rows[1], "pin-performance", 0, 0, a, RUNS);
	set_runs(&rows[2], "main", 1, 1, b, RUNS);
	set_runs(&rows[3], "pin-performance", 0, 1, c, RUNS);
	ct_bench_results(rows, 4, &res);
	CHECK(res.ncmd == 2 && res.ref == &rows[0]);
	CHECK(res.s[0].first_row == -1 && res.s[1].first_row == -1);
	CHECK(res.s[2].first_row == 0 && res.s[3].first_row == 1);
	CHECK(res.s[2].main_row == 2 && res.s[3].main_row == 2);
	/* Command 2 under main: 1.5 x command 1's, slower. */
	f = &res.s[2].b[CT_BENCH_WALL];
	CHECK(near(f->first.ratio, 154.5 / 104.5, 1e-6));
	CHECK(f->first.verdict == CT_BENCH_SLOWER && f->first.p < 0.001);
	CHECK(f->first.lo > 1.4 && f->first.hi < 1.6);
	/* Its x main is 1: it is its own main. */
	CHECK(f->ratio == 1 && f->verdict == CT_BENCH_NO_VERDICT);
	/* Command 2 under pin-performance: like command 1 there, faster than its own main. */
	f = &res.s[3].b[CT_BENCH_WALL];
	CHECK(f->first.verdict == CT_BENCH_SAME && near(f->first.ratio, 105.0 / 104.5, 1e-6));
	CHECK(near(f->ratio, 105.0 / 154.5, 1e-6) && f->verdict == CT_BENCH_FASTER);
	/* The first command against nothing. */
	CHECK(isnan(res.s[1].b[CT_BENCH_WALL].first.ratio) &&
	      res.s[1].b[CT_BENCH_WALL].first.verdict == CT_BENCH_NO_VERDICT);

	doc_of(&d, m, &res, cmds[0]);
	d.commands = cmds;
	d.ncmd = 2;
	d.cleanup = "rm -f f.gz";
	fp = unit_open_held();
	ct_bench_print(fp, CT_FMT_JSON, &d);
	fclose(fp);
	CHECK(strstr(unit_held, "{\"record\":\"bench_versus\",\"tool\":\"ct-place\",\"basis\":\"wall\","
		      "\"placement\":\"main\",\"command_index\":2,\"against_index\":1,\"runs\":10,"
		      "\"median_s\":0.1545,\"against_median_s\":0.1045,\"ratio\":1.47847,") != NULL);
	CHECK(strstr(unit_held, "\"verdict\":\"slower\",\"command\":\"gzip -9 f\",\"against\":\"gzip -1 f\"}") !=
	      NULL);
	CHECK(strstr(unit_held, "\"placement\":\"pin-performance\",\"command_index\":2,"
		      "\"against_index\":1,") != NULL);
	/* Four of them: two placements, two bases; none for the first command. */
	CHECK(count(unit_held, "\"record\":\"bench_versus\"") == 4);
	CHECK(strstr(unit_held, "\"command\":\"gzip -9 f\",\"placement_how\"") != NULL);
	CHECK(strstr(unit_held, "\"order_in_round\":1,") != NULL &&
	      strstr(unit_held, "\"kinds_method\":\"\",\"command_index\":2}") != NULL);
	fp = unit_open_held();
	ct_bench_print(fp, CT_FMT_TSV, &d);
	fclose(fp);
	CHECK(strstr(unit_held, "\n\n#tool\tbasis\tplacement\tcommand_index\tagainst_index\t") != NULL);
	CHECK(strstr(unit_held, "\nct-place\twall\tmain\t2\t1\t10\t0.1545\t0.1045\t1.47847\t") != NULL);
	fp = unit_open_held();
	ct_bench_print(fp, CT_FMT_TABLE, &d);
	fclose(fp);
	CHECK(strstr(unit_held, "command 1: gzip -1 f\ncommand 2: gzip -9 f\n") != NULL);
	CHECK(strstr(unit_held, "per command and placement") != NULL);
	CHECK(strstr(unit_held, "; --cleanup rm -f f.gz") != NULL);
	CHECK(strstr(unit_held, "commands, each against command 1 under the same placement") != NULL);
	CHECK(strstr(unit_held, "x against") != NULL && strstr(unit_held, "cmd") != NULL);
	/* The placements listed once, not once per command. */
	CHECK(count(unit_held, "\n  pin-performance ") == 1);
	free_rows(&res, rows, 4);
}

/*
 * The slow outliers: a first run 100 times the others (a cold cache),
 * one run twice the others in round 7, one run half the others (not an
 * outlier: the fast side), runs that hardly vary with one 1 % above
 * them (under the 3 % floor); and the warnings that name them.
 */
static void outlier_rule(struct ct_machine *m)
{
	double cold[RUNS], late[RUNS], fast[RUNS], flat[RUNS];
	struct ct_bench_row rows[4];
	struct ct_bench_results res;
	const struct ct_bench_figures *f;
	struct ct_bench_doc d;
	unsigned i;
	FILE *fp;

	for (i = 0; i < RUNS; i++) {
		cold[i] = late[i] = fast[i] = 50 + 0.1 * (i % 4);
		flat[i] = 50;
	}
	cold[0] = 5000;
	late[6] = 100;
	fast[3] = 25;
	flat[5] = 50.5;
	set_runs(&rows[0], "main", 1, 0, cold, RUNS);
	set_runs(&rows[1], "pin-performance", 0, 0, late, RUNS);
	set_runs(&rows[2], "pin-efficiency", 0, 0, fast, RUNS);
	set_runs(&rows[3], "cpus-1", 0, 0, flat, RUNS);
	ct_bench_results(rows, 4, &res);
	f = &res.s[0].b[CT_BENCH_WALL];
	CHECK(f->outliers == 1 && f->first_out && f->worst == 0);
	CHECK(f->bound > 0.05 && f->bound < 0.06);
	f = &res.s[1].b[CT_BENCH_WALL];
	CHECK(f->outliers == 1 && !f->first_out && f->worst == 6);
	f = &res.s[2].b[CT_BENCH_WALL];
	CHECK(f->outliers == 0);
	f = &res.s[3].b[CT_BENCH_WALL];
	CHECK(f->outliers == 0 && near(f->bound, 0.0515, 1e-9));
	/* The cpu basis has the same runs: its own figures. */
	CHECK(res.s[1].b[CT_BENCH_CPU].outliers == 1);

	doc_of(&d, m, &res, "make -s");
	fp = unit_open_held();
	ct_bench_print(fp, CT_FMT_TABLE, &d);
	fclose(fp);
	CHECK(strstr(unit_held, "main: the first timed run took 5.000 s, 99.7 x the median 50.15 ms "
		      "(a cache it filled? more --warmup runs") != NULL);
	CHECK(strstr(unit_held, "pin-performance: statistical outliers, 1 of 10 runs above ") != NULL);
	CHECK(strstr(unit_held, "the slowest, round 7, took 100.0 ms, 2.00 x the median 50.10 ms") != NULL);
	CHECK(strstr(unit_held, "pin-efficiency:") == NULL && strstr(unit_held, "cpus-1:") == NULL);
	fp = unit_open_held();
	ct_bench_print(fp, CT_FMT_JSON, &d);
	fclose(fp);
	CHECK(strstr(unit_held, "\"placement\":\"main\",\"basis\":\"wall\",") != NULL);
	CHECK(strstr(unit_held, "\"outliers\":1,\"outlier_bound_s\":") != NULL);
	CHECK(strstr(unit_held, "\"outliers\":0,\"outlier_bound_s\":0.0515}") != NULL);
	free_rows(&res, rows, 4);
}

/*
 * Three runs a side, every one of the other twice main's: the ratio is
 * far beyond 1 (too few runs for its interval), but the U test of 3
 * against 3 cannot go under p 0.1, so no change is called: the test
 * decides, not the ratio.
 */
static void three_runs(void)
{
	static const double fast[3] = { 100, 101, 102 }, slow[3] = { 200, 201, 202 };
	struct ct_bench_row rows[2];
	struct ct_bench_results res;
	const struct ct_bench_figures *f;

	set_runs(&rows[0], "main", 1, 0, fast, 3);
	set_runs(&rows[1], "pin-efficiency", 0, 0, slow, 3);
	ct_bench_results(rows, 2, &res);
	f = &res.s[1].b[CT_BENCH_WALL];
	CHECK(near(f->ratio, 201.0 / 101, 1e-6));
	CHECK(near(f->p, 0.1, 1e-6));
	CHECK(f->verdict == CT_BENCH_SAME);
	free_rows(&res, rows, 2);
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
	 * Two runs 50 % longer: under CT_BENCH_MIN_RUNS, so no interval, no
	 * p and no verdict (the U test would give 2 runs against 10 a p of
	 * 0.03), only the ratio.
	 */
	fill(&rows[5], "cpus-0", 0, 1.5, 0.01, 1.0, 1);
	rows[5].n = 2;
	rows[3].runs[4].status = 3;
	ct_bench_results(rows, 6, &res);

	CHECK(res.ref == &rows[0]);
	s = &res.s[0];
	CHECK(near(s->b[CT_BENCH_WALL].st.median, 1.045, 1e-6));
	CHECK(near(s->b[CT_BENCH_WALL].st.min, 1.0, 1e-6));
	/* hyperfine's figures: the mean, the sample sd (n - 1: 0.01 x sqrt(82.5 / 9)), the max. */
	CHECK(near(s->b[CT_BENCH_WALL].st.mean, 1.045, 1e-6));
	CHECK(near(s->b[CT_BENCH_WALL].st.sd, 0.0302765, 1e-5));
	CHECK(near(s->b[CT_BENCH_WALL].st.max, 1.09, 1e-6));
	/* Evenly spread runs: no outlier, the bound 3 % above the median at least. */
	CHECK(s->b[CT_BENCH_WALL].outliers == 0 && !s->b[CT_BENCH_WALL].first_out);
	CHECK(s->b[CT_BENCH_WALL].bound >= 1.045 * 1.03 - 1e-9);
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
	CHECK(isnan(s->b[CT_BENCH_WALL].ratio_lo) && isnan(s->b[CT_BENCH_WALL].p));
	CHECK(s->b[CT_BENCH_WALL].verdict == CT_BENCH_NO_VERDICT);
	CHECK(isnan(s->b[CT_BENCH_WALL].bound) && s->b[CT_BENCH_WALL].outliers == 0);

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
	/* The columns added since, last: command_index, mean, sd, max, outliers, bound. */
	CHECK(strstr(unit_held, "\tcommand_index\tmean_s\tsd_s\tmax_s\toutliers\toutlier_bound_s\n") != NULL);
	CHECK(strstr(unit_held, "\tmain\twall\t10\t1.045\t1\t") != NULL &&
	      strstr(unit_held, "\t1\t1.045\t0.0302765\t1.09\t0\t") != NULL);
	/* Two runs: no p, no verdict ('-' in TSV). */
	CHECK(strstr(unit_held, "\nct-place\tcpus-0\twall\t2\t") != NULL);
	f = unit_open_held();
	ct_bench_markdown(f, &d);
	fclose(f);
	CHECK(strstr(unit_held, "| main ") != NULL);
	CHECK(strstr(unit_held, "| P 75% E 25% ") != NULL);
	CHECK(strstr(unit_held, "| 0.500 | -* ") != NULL);
	CHECK(strstr(unit_held, ", after 0 warm-up runs each\n") != NULL);
	/* One command: no cmd column, no commands' section; mean +- sd and max shown. */
	CHECK(strstr(unit_held, "| cmd ") == NULL && strstr(unit_held, "against command 1") == NULL);
	CHECK(strstr(unit_held, "| 1.045 s | 1.045 s +- 30.28 ms | 1.000 s | 1.090 s |") != NULL);
	/* A run's share counts its system time: 0.9 s user and 0.1 s system of 1 s. */
	f = unit_open_held();
	ct_bench_print(f, CT_FMT_JSON, &d);
	fclose(f);
	CHECK(strstr(unit_held, "\"placement\":\"main\",\"round\":1,\"order_in_round\":1,"
		      "\"wall_s\":1,\"cpu_s\":1,\"user_s\":0.9,\"sys_s\":0.1,\"exec_cpu_s\":0,"
		      "\"cpu_share\":1,") != NULL);

	ct_bench_results_free(&res);
	for (i = 0; i < 6; i++)
		free(rows[i].runs);
	lost_rule();
	sleepers(&m);
	medians_not_means();
	every_kind();
	several_commands(&m);
	outlier_rule(&m);
	three_runs();
	return unit_done();
}
