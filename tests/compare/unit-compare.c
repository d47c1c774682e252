/*
 * unit-compare.c - ct-compare's pairing and rows on made-up runs: JSON
 * Lines written here, read back by compare/read.c and compared by
 * compare/pair.c, every figure checked against the values it was made from.
 * Series in another order on each side, placements and sizes on one side
 * only, two sizes of one kernel, several NEWs, summaries on one side, a
 * share that is an error, --alpha's level and the interval that stays at
 * 95%.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "core/mann-whitney.h"
#include "ct-compare/compare.h"
#include "unit.h"

static char why[1024];

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(b) > 1 ? fabs(b) : 1);
}

/* A number as JSON: null where it is not finite. */
static const char *num(char *buf, double v)
{
	if (isfinite(v))
		snprintf(buf, 40, "%.17g", v);
	else
		snprintf(buf, 40, "null");
	return buf;
}

/* A series of a made-up run: its key, and the samples' scale. */
struct ser {
	const char *tool, *kernel, *placement, *unit, *pc_unit;
	double size;		/* NaN: none */
};

static void machine(FILE *f, const char *tool)
{
	fprintf(f, "{\"record\":\"machine\",\"tool\":\"%s\",\"version\":\"%s\",\"hostname\":\"h\"}\n",
		tool, PACKAGE_VERSION);
}

static void key(FILE *f, const char *rec, const struct ser *s)
{
	fprintf(f, "{\"record\":\"%s\",\"tool\":\"%s\",\"kernel\":\"%s\",\"isa\":\"scalar\","
		"\"placement\":\"%s\",\"unit\":\"%s\"", rec, s->tool, s->kernel, s->placement,
		s->unit);
	if (!isnan(s->size))
		fprintf(f, ",\"size_bytes\":%.0f", s->size);
	if (s->pc_unit)
		fprintf(f, ",\"per_cycle_unit\":\"%s\"", s->pc_unit);
}

/* The two summaries: medians of the wall and cpu rates, per cycle, the share, reps. */
static void summaries(FILE *f, const struct ser *s, double wall, double cpu, double pc_wall,
		      double pc_cpu, double share, unsigned reps)
{
	char a[40], b[40], c[40];
	int i;

	for (i = 0; i < 2; i++) {
		key(f, "summary", s);
		fprintf(f, ",\"basis\":\"%s\",\"median\":%s,\"reps\":%u,\"cpu_share\":%s",
			i ? "cpu" : "wall", num(a, i ? cpu : wall), reps, num(b, share));
		if (s->pc_unit)
			fprintf(f, ",\"per_cycle_median\":%s", num(c, i ? pc_cpu : pc_wall));
		fprintf(f, "}\n");
	}
}

/*
 * Five samples of scale k: wall rates k (1.0, 1.1, ... 1.4), cpu rates
 * 1.5 times those, per cycle 2 and 3 times the rates, each sample's
 * cpu time share times its wall time (1e6 ns).  Medians: 1.2 k, 1.8 k,
 * 2.4 k, 3.6 k, share.  The CPU clock's reads took 0.2 ms, half of it in
 * the CPU time: the share counts half of them (ct_samples_share), as the
 * tools do.
 */
static void samples(FILE *f, const struct ser *s, double k, double share)
{
	char a[40], b[40];
	int i;

	for (i = 0; i < 5; i++) {
		double v = k * (1.0 + 0.1 * i);

		key(f, "sample", s);
		fprintf(f, ",\"value_wall\":%s,\"value_cpu\":%s,\"wall_ns\":1000000,\"cpu_ns\":%.17g,"
			"\"cpu_reads_ns\":200000", num(a, v), num(b, 1.5 * v), share * 1.1e6);
		if (s->pc_unit)
			fprintf(f, ",\"per_cycle_wall\":%.17g,\"per_cycle_cpu\":%.17g", 2 * v, 3 * v);
		fprintf(f, "}\n");
	}
}

/* A series measured: its summaries and five samples of scale k. */
static void measured(FILE *f, const struct ser *s, double k, double share)
{
	summaries(f, s, 1.2 * k, 1.8 * k, 2.4 * k, 3.6 * k, share, 5);
	samples(f, s, k, share);
}

/* The made-up runs being written: in memory (no temporary files). */
static struct mem {
	FILE *f;
	char *buf;
	size_t len;
} mems[4];

static FILE *open_run(const char *tool)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(mems) && mems[i].f; i++)
		;
	if (i == CT_ARRAY_SIZE(mems) || !(mems[i].f = open_memstream(&mems[i].buf, &mems[i].len))) {
		perror("open_memstream");
		exit(99);
	}
	machine(mems[i].f, tool);
	return mems[i].f;
}

/* Read what f holds as an input named name; 0 or -1 (why says). */
static int read_run(FILE *f, const char *name, struct ct_run *r)
{
	struct mem *m = mems;
	FILE *in;
	int rc;

	while (m->f != f)
		m++;
	fclose(f);
	in = fmemopen(m->buf, m->len, "r");
	if (!in) {
		perror("fmemopen");
		exit(99);
	}
	rc = ct_run_read_stream(in, name, name, r, why, sizeof(why));
	fclose(in);
	free(m->buf);
	memset(m, 0, sizeof(*m));
	if (rc < 0)
		fprintf(stderr, "%s: %s\n", name, why);
	return rc;
}

/* The row of placement, size (NaN: none), figure, basis and NEW; NULL if none. */
static const struct ct_compare_row *row(const struct ct_compare *c, const char *kernel,
				    const char *placement, double size, enum ct_figure fig,
				    int basis, size_t newi)
{
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *r = &c->rows[i];
		const struct ct_run_series *s = ct_compare_side(r);

		if (strcmp(s->kernel, kernel) == 0 && strcmp(s->placement, placement) == 0 &&
		    (isnan(size) ? isnan(s->size) : s->size == size) && r->fig == fig &&
		    r->basis == basis && r->newi == newi)
			return r;
	}
	return NULL;
}

/* The rows as "placement:figure:basis:present" words, in order. */
static const char *order(const struct ct_compare *c, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < c->nrows && used + 1 < len; i++) {
		const struct ct_compare_row *r = &c->rows[i];
		const struct ct_run_series *s = ct_compare_side(r);
		char size[24] = "";

		if (!isnan(s->size))
			snprintf(size, sizeof(size), "@%.0f", s->size);
		used += (size_t)snprintf(buf + used, len - used, "%s%s %s%s:%s:%s:%s", used ? " " : "",
					 s->kernel, s->placement, size, ct_figure_name(r->fig),
					 ct_compare_basis_name(r), !r->a ? "new" : !r->b ? "base" : "both");
	}
	return buf;
}

static void free_cmp(struct ct_compare *c)
{
	size_t i;

	ct_compare_free(c);
	for (i = 0; i < c->nruns; i++)
		ct_run_free(&c->runs[i]);
}

#define NONE NAN

static const struct ser add_main = { "ct-clock", "addchain", "main", "GHz", NULL, NONE };
static const struct ser add_thread = { "ct-clock", "addchain", "thread", "GHz", NULL, NONE };
static const struct ser add_pin = { "ct-clock", "addchain", "pin-performance", "GHz", NULL, NONE };
static const struct ser add_proc = { "ct-clock", "addchain", "process", "GHz", NULL, NONE };
static const struct ser fma_main = { "ct-fma", "fma", "main", "GFLOP/s", "flop/cycle", NONE };
static const struct ser fma_nopc = { "ct-fma", "fma", "main", "GFLOP/s", NULL, NONE };
static const struct ser fma_other = { "ct-fma", "fma", "main", "GFLOP/s", "flop/ns", NONE };
static const struct ser st_32k = { "ct-stream", "stream", "main", "GB/s", "byte/cycle", 32768 };
static const struct ser st_64m = { "ct-stream", "stream", "main", "GB/s", "byte/cycle", 67108864 };
static const struct ser st_1m = { "ct-stream", "stream", "main", "GB/s", "byte/cycle", 1048576 };

/*
 * Series in another order on each side: each pairs with its own, by
 * placement and kernel, whatever the order; the rows follow BASE's order,
 * a row per figure (rate wall, rate cpu, share, then per cycle on both
 * bases where the kernel has it).
 */
static void test_reordered(void)
{
	struct ct_run runs[2];
	struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
	FILE *a = open_run("ct-clock"), *b = open_run("ct-clock");
	const struct ct_compare_row *r;
	char buf[2048];

	measured(a, &add_main, 1, 1.0);
	measured(a, &add_thread, 2, 0.9);
	measured(a, &fma_main, 10, 1.0);
	measured(b, &fma_main, 12.5, 0.95);
	measured(b, &add_thread, 1.6, 0.45);
	measured(b, &add_main, 0.5, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(strcmp(order(&c, buf, sizeof(buf)),
		     "addchain main:rate:wall:both addchain main:rate:cpu:both "
		     "addchain main:cpu-share:cpu/wall:both "
		     "addchain thread:rate:wall:both addchain thread:rate:cpu:both "
		     "addchain thread:cpu-share:cpu/wall:both "
		     "fma main:rate:wall:both fma main:rate:cpu:both fma main:cpu-share:cpu/wall:both "
		     "fma main:per-cycle:wall:both fma main:per-cycle:cpu:both") == 0);
	if (c.nrows != 11)
		fprintf(stderr, "rows: %s\n", buf);
	/* main: half the rate, every sample apart: exact p = 2/252, the interval holds 0.5. */
	r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 1.2) && near(r->med_b, 0.6) && near(r->ratio, 0.5));
	CHECK(r && r->test == CT_TEST_EXACT && near(r->p, 2.0 / 252) && r->significant == 1);
	CHECK(r && r->n_a == 5 && r->n_b == 5 && r->ci_lo <= 0.5 && r->ci_hi >= 0.5 && r->ci_hi < 1);
	r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 1.8) && near(r->med_b, 0.9) && near(r->ratio, 0.5));
	/* The same share on both sides: ratio 1, p 1. */
	r = row(&c, "addchain", "main", NONE, CT_FIG_SHARE, -1, 0);
	CHECK(r && near(r->med_a, 1) && near(r->ratio, 1) && r->p == 1 && r->significant == 0);
	CHECK(r && strcmp(r->unit, "share") == 0);
	/* thread: 0.8 of the rate, half the share. */
	r = row(&c, "addchain", "thread", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 2.4) && near(r->ratio, 0.8) && strcmp(r->unit, "GHz") == 0);
	r = row(&c, "addchain", "thread", NONE, CT_FIG_SHARE, -1, 0);
	CHECK(r && near(r->med_a, 0.9) && near(r->med_b, 0.45) && near(r->ratio, 0.5));
	/* fma: 1.25 of the rate, per cycle on both bases in its own unit. */
	r = row(&c, "fma", "main", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 18) && near(r->ratio, 1.25));
	r = row(&c, "fma", "main", NONE, CT_FIG_PER_CYCLE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 24) && near(r->med_b, 30) && near(r->ratio, 1.25));
	CHECK(r && strcmp(r->unit, "flop/cycle") == 0);
	r = row(&c, "fma", "main", NONE, CT_FIG_PER_CYCLE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 36) && near(r->med_b, 45));
	CHECK(!c.any_untested);
	free_cmp(&c);
}

/*
 * Placements on one side only: a base-only row where BASE has it, the
 * new-only ones after BASE's rows of their kernel in NEW's order, a
 * kernel NEW alone has after every kernel of BASE; none has a ratio.
 */
static void test_one_sided(void)
{
	struct ct_run runs[2];
	struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
	FILE *a = open_run("ct-clock"), *b = open_run("ct-clock");
	const struct ct_compare_row *r;
	char buf[2048];

	measured(a, &add_main, 1, 1.0);
	measured(a, &add_thread, 2, 0.9);
	measured(a, &add_pin, 3, 1.0);
	measured(b, &fma_main, 10, 1.0);
	measured(b, &add_proc, 4, 0.7);
	measured(b, &add_pin, 3, 1.0);
	measured(b, &add_thread, 1, 0.7);
	measured(b, &add_main, 1, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(strcmp(order(&c, buf, sizeof(buf)),
		     "addchain main:rate:wall:both addchain main:rate:cpu:both "
		     "addchain main:cpu-share:cpu/wall:both "
		     "addchain thread:rate:wall:both addchain thread:rate:cpu:both "
		     "addchain thread:cpu-share:cpu/wall:both "
		     "addchain pin-performance:rate:wall:both addchain pin-performance:rate:cpu:both "
		     "addchain pin-performance:cpu-share:cpu/wall:both "
		     "addchain process:rate:wall:new addchain process:rate:cpu:new "
		     "addchain process:cpu-share:cpu/wall:new "
		     "fma main:rate:wall:new fma main:rate:cpu:new fma main:cpu-share:cpu/wall:new "
		     "fma main:per-cycle:wall:new fma main:per-cycle:cpu:new") == 0);
	r = row(&c, "addchain", "process", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
	CHECK(r && !r->a && r->b && isnan(r->med_a) && near(r->med_b, 7.2));
	CHECK(r && isnan(r->ratio) && isnan(r->p) && isnan(r->ci_lo) && r->significant == -1);
	CHECK(r && r->n_a == 0 && r->n_b == 5 && r->test == CT_TEST_NONE);
	r = row(&c, "fma", "main", NONE, CT_FIG_PER_CYCLE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_b, 36) && strcmp(r->unit, "flop/cycle") == 0);
	r = row(&c, "addchain", "process", NONE, CT_FIG_SHARE, -1, 0);
	CHECK(r && near(r->med_b, 0.7));
	free_cmp(&c);

	/* The other way round: thread and pin in BASE alone, in BASE's order. */
	a = open_run("ct-clock");
	b = open_run("ct-clock");
	measured(a, &add_thread, 2, 0.9);
	measured(a, &add_main, 1, 1.0);
	measured(a, &add_pin, 3, 1.0);
	measured(b, &add_main, 1, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(strcmp(order(&c, buf, sizeof(buf)),
		     "addchain thread:rate:wall:base addchain thread:rate:cpu:base "
		     "addchain thread:cpu-share:cpu/wall:base "
		     "addchain main:rate:wall:both addchain main:rate:cpu:both "
		     "addchain main:cpu-share:cpu/wall:both "
		     "addchain pin-performance:rate:wall:base addchain pin-performance:rate:cpu:base "
		     "addchain pin-performance:cpu-share:cpu/wall:base") == 0);
	r = row(&c, "addchain", "thread", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && r->a && !r->b && near(r->med_a, 2.4) && isnan(r->med_b) && isnan(r->ratio));
	CHECK(r && r->n_a == 5 && r->n_b == 0);
	r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->ratio, 1) && r->p == 1);
	free_cmp(&c);

	/* Nothing in common: an error naming both. */
	a = open_run("ct-clock");
	b = open_run("ct-clock");
	measured(a, &add_thread, 2, 0.9);
	measured(b, &add_main, 1, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == -1 && strstr(why, "a and b have nothing in common"));
	free_cmp(&c);
}

/*
 * Two sizes of one kernel, in another order on each side, and a third
 * size in NEW alone: each pairs with its size; the samples after each
 * size's summaries are that size's.
 */
static void test_sizes(void)
{
	struct ct_run runs[2];
	struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
	FILE *a = open_run("ct-stream"), *b = open_run("ct-stream");
	const struct ct_compare_row *r;
	char buf[2048];

	measured(a, &st_32k, 100, 1.0);
	measured(a, &st_64m, 10, 1.0);
	measured(b, &st_1m, 50, 1.0);
	measured(b, &st_64m, 15, 1.0);
	measured(b, &st_32k, 90, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(runs[0].nser == 2 && runs[0].ser[0].n == 5 && runs[0].ser[1].n == 5);
	CHECK(runs[0].ser[0].size == 32768 && near(runs[0].ser[0].v[0][0], 100));
	CHECK(runs[0].ser[1].size == 67108864 && near(runs[0].ser[1].v[0][0], 10));
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(strcmp(order(&c, buf, sizeof(buf)),
		     "stream main@32768:rate:wall:both stream main@32768:rate:cpu:both "
		     "stream main@32768:cpu-share:cpu/wall:both "
		     "stream main@32768:per-cycle:wall:both stream main@32768:per-cycle:cpu:both "
		     "stream main@67108864:rate:wall:both stream main@67108864:rate:cpu:both "
		     "stream main@67108864:cpu-share:cpu/wall:both "
		     "stream main@67108864:per-cycle:wall:both stream main@67108864:per-cycle:cpu:both "
		     "stream main@1048576:rate:wall:new stream main@1048576:rate:cpu:new "
		     "stream main@1048576:cpu-share:cpu/wall:new "
		     "stream main@1048576:per-cycle:wall:new stream main@1048576:per-cycle:cpu:new") == 0);
	r = row(&c, "stream", "main", 32768, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 120) && near(r->ratio, 0.9));
	r = row(&c, "stream", "main", 67108864, CT_FIG_RATE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 18) && near(r->ratio, 1.5));
	r = row(&c, "stream", "main", 67108864, CT_FIG_PER_CYCLE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 24) && near(r->ratio, 1.5) && strcmp(r->unit, "byte/cycle") == 0);
	free_cmp(&c);
}

/*
 * A fleet: each NEW against BASE, the rows of one key side by side in
 * the order of the NEWs, each with its own ratio.
 */
static void test_fleet(void)
{
	struct ct_run runs[3];
	struct ct_compare c = { .runs = runs, .nruns = 3, .alpha = 0.05 };
	FILE *a = open_run("ct-clock"), *b = open_run("ct-clock"), *d = open_run("ct-clock");
	const struct ct_compare_row *r;
	size_t i;

	measured(a, &add_main, 1, 1.0);
	measured(a, &add_thread, 2, 1.0);
	measured(b, &add_thread, 1, 1.0);
	measured(b, &add_main, 2, 1.0);
	measured(d, &add_main, 4, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0 &&
	      read_run(d, "d", &runs[2]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(c.nrows == 12);
	/* main rate wall: new 0 then new 1, then main rate cpu: new 0, new 1, ... */
	for (i = 0; i + 1 < c.nrows && i < 6; i += 2)
		CHECK(c.rows[i].newi == 0 && c.rows[i + 1].newi == 1 &&
		      c.rows[i].fig == c.rows[i + 1].fig && c.rows[i].basis == c.rows[i + 1].basis &&
		      strcmp(ct_compare_side(&c.rows[i])->placement, "main") == 0);
	r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->ratio, 2) && r->b == &runs[1].ser[1]);
	r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 1);
	CHECK(r && near(r->ratio, 4) && r->b == &runs[2].ser[0]);
	r = row(&c, "addchain", "thread", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->ratio, 0.5));
	r = row(&c, "addchain", "thread", NONE, CT_FIG_RATE, CT_BASIS_WALL, 1);
	CHECK(r && r->a && !r->b && isnan(r->ratio));
	CHECK(c.rows[c.nrows - 1].newi == 1 && !c.rows[c.nrows - 1].b);
	free_cmp(&c);
}

/*
 * Summaries on one side: the ratio of the summaries' medians on each
 * basis and figure, their reps as the count, no test, and said; a share
 * that is an error (null) leaves its row without a ratio; a per-cycle
 * figure without its unit on the other side has no row.
 */
static void test_summaries(void)
{
	struct ct_run runs[2];
	struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
	FILE *a = open_run("ct-fma"), *b = open_run("ct-fma");
	const struct ct_compare_row *r;
	char buf[2048];

	measured(a, &fma_main, 10, 0.9);
	measured(a, &add_main, 1, 1.0);
	summaries(b, &fma_main, 6, 9, 12, 18, 0.45, 7);
	summaries(b, &add_main, 1.2, 1.8, NAN, NAN, NAN, 3);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(c.any_untested == 1);
	r = row(&c, "fma", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 12) && near(r->med_b, 6) && near(r->ratio, 0.5));
	CHECK(r && r->test == CT_TEST_NONE && isnan(r->p) && isnan(r->ci_lo) && r->significant == -1);
	CHECK(r && r->n_a == 5 && r->n_b == 7);
	r = row(&c, "fma", "main", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 18) && near(r->med_b, 9) && near(r->ratio, 0.5));
	r = row(&c, "fma", "main", NONE, CT_FIG_PER_CYCLE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->med_a, 24) && near(r->med_b, 12));
	r = row(&c, "fma", "main", NONE, CT_FIG_PER_CYCLE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 36) && near(r->med_b, 18));
	r = row(&c, "fma", "main", NONE, CT_FIG_SHARE, -1, 0);
	CHECK(r && near(r->med_a, 0.9) && near(r->med_b, 0.45) && near(r->ratio, 0.5));
	/* The share that is an error: the row is there, with no figure. */
	r = row(&c, "addchain", "main", NONE, CT_FIG_SHARE, -1, 0);
	CHECK(r && r->a && r->b && isnan(r->med_b) && isnan(r->ratio) && r->significant == -1);
	CHECK(r && r->n_a == 5 && r->n_b == 3);
	r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
	CHECK(r && near(r->ratio, 1) && r->n_b == 3);
	free_cmp(&c);

	/* Summaries on BASE's side, samples on NEW's: the same, the other way. */
	a = open_run("ct-fma");
	b = open_run("ct-fma");
	summaries(a, &fma_main, 6, 9, 12, 18, 0.45, 7);
	measured(b, &fma_main, 10, 0.9);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	r = row(&c, "fma", "main", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
	CHECK(r && near(r->med_a, 9) && near(r->med_b, 18) && near(r->ratio, 2));
	CHECK(r && r->n_a == 7 && r->n_b == 5);
	free_cmp(&c);

	/* Per cycle in BASE only (NEW without the unit): no per-cycle rows. */
	a = open_run("ct-fma");
	b = open_run("ct-fma");
	measured(a, &fma_main, 10, 1.0);
	measured(b, &fma_nopc, 10, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(strcmp(order(&c, buf, sizeof(buf)),
		     "fma main:rate:wall:both fma main:rate:cpu:both "
		     "fma main:cpu-share:cpu/wall:both") == 0);
	free_cmp(&c);
	/* Per cycle in another unit on each side: no per-cycle rows either. */
	a = open_run("ct-fma");
	b = open_run("ct-fma");
	measured(a, &fma_main, 10, 1.0);
	measured(b, &fma_other, 10, 1.0);
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	CHECK(strcmp(order(&c, buf, sizeof(buf)),
		     "fma main:rate:wall:both fma main:rate:cpu:both "
		     "fma main:cpu-share:cpu/wall:both") == 0);
	free_cmp(&c);
}

/* Made-up samples of one series: wall rates v[0..n-1], cpu rates the same. */
static void series_of(FILE *f, const struct ser *s, const double *v, size_t n)
{
	char a[40];
	size_t i;

	summaries(f, s, v[0], v[0], NAN, NAN, 1, (unsigned)n);
	for (i = 0; i < n; i++) {
		key(f, "sample", s);
		fprintf(f, ",\"value_wall\":%s,\"value_cpu\":%s,\"wall_ns\":1000000,"
			"\"cpu_ns\":1000000}\n", num(a, v[i]), a);
	}
}

/*
 * The level (--alpha) decides the verdict and nothing else: p = 8/252
 * (5 against 5, U = 2: P(U <= 2) = 4/252 each side) is significant at
 * 0.05 and not at 0.01; p = 14/252 (U = 3, P = 7/252) is not at 0.05
 * and is at 0.2.  The interval stays at 95% whatever the level.  A
 * sample whose figure is not finite is left out of its figure.
 */
static void test_alpha(void)
{
	static const double x[5] = { 10, 11, 12, 13, 14 };
	/* U = 23 (12.5 under two of x), U = 22 (12.5 under two, 13.5 under one). */
	static const double y2[5] = { 12.5, 14.5, 15, 16, 17 };
	static const double y3[5] = { 12.5, 13.5, 15, 16, 17 };
	static const double alphas[3] = { 0.01, 0.05, 0.2 };
	static const int sig2[3] = { 0, 1, 1 }, sig3[3] = { 0, 0, 1 };
	double est, lo, hi;
	size_t k;

	for (k = 0; k < 3; k++) {
		struct ct_run runs[2];
		struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = alphas[k] };
		FILE *a = open_run("ct-clock"), *b = open_run("ct-clock");
		const struct ct_compare_row *r;

		series_of(a, &add_main, x, 5);
		series_of(a, &add_thread, x, 5);
		series_of(b, &add_main, y2, 5);
		series_of(b, &add_thread, y3, 5);
		CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
		CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
		r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
		CHECK(r && near(r->p, 8.0 / 252) && r->significant == sig2[k]);
		CHECK(r && near(r->ratio, 15.0 / 12));
		CHECK(ct_ratio_ci(x, 5, y2, 5, 0.05, &est, &lo, &hi) == 0);
		CHECK(r && r->ci_lo == lo && r->ci_hi == hi);
		r = row(&c, "addchain", "thread", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
		CHECK(r && near(r->p, 14.0 / 252) && r->significant == sig3[k]);
		CHECK(ct_ratio_ci(x, 5, y3, 5, 0.05, &est, &lo, &hi) == 0);
		CHECK(r && r->ci_lo == lo && r->ci_hi == hi);
		free_cmp(&c);
	}
	/* A sample without a figure (null) is left out: 4 against 5. */
	{
		static const double xn[5] = { 10, NAN, 12, 13, 14 };
		struct ct_run runs[2];
		struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
		FILE *a = open_run("ct-clock"), *b = open_run("ct-clock");
		const struct ct_compare_row *r;

		series_of(a, &add_main, xn, 5);
		series_of(b, &add_main, y2, 5);
		CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
		CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
		r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
		CHECK(r && r->n_a == 4 && r->n_b == 5 && near(r->med_a, 12.5));
		free_cmp(&c);
	}
}

/*
 * The reader: two runs in one input pool their samples; a result given
 * twice without samples is an error; samples after a size's summaries
 * belong to that size even when another series came between.
 */
static void test_reader(void)
{
	struct ct_run r;
	FILE *f = open_run("ct-clock");

	measured(f, &add_main, 1, 1.0);
	machine(f, "ct-clock");
	measured(f, &add_main, 2, 1.0);
	CHECK(read_run(f, "pooled", &r) == 0);
	CHECK(r.nser == 1 && r.ser[0].n == 10 && r.nmach == 2);
	CHECK(r.ser[0].n == 10 && near(r.ser[0].v[0][9], 2.8) && near(r.ser[0].v[1][0], 1.5));
	CHECK(near(ct_sample_share(&r.ser[0].smp[0]), 1.0));
	ct_run_free(&r);

	f = open_run("ct-clock");
	summaries(f, &add_main, 1, 1, NAN, NAN, 1, 3);
	summaries(f, &add_main, 2, 2, NAN, NAN, 1, 3);
	CHECK(read_run(f, "dup", &r) == -1 &&
	      strstr(why, "dup:4: a second summary of ct-clock addchain (scalar) at main"));
	ct_run_free(&r);

	f = open_run("ct-stream");
	summaries(f, &st_32k, 1, 1, 1, 1, 1, 5);
	summaries(f, &st_64m, 1, 1, 1, 1, 1, 5);
	samples(f, &st_64m, 3, 1.0);
	summaries(f, &st_32k, 1, 1, 1, 1, 1, 5);
	samples(f, &st_32k, 7, 0.5);
	CHECK(read_run(f, "sizes", &r) == 0);
	CHECK(r.nser == 2 && r.ser[0].size == 32768 && r.ser[0].n == 5 &&
	      near(r.ser[0].v[0][0], 7) && near(ct_sample_share(&r.ser[0].smp[0]), 0.5));
	CHECK(r.ser[1].size == 67108864 && r.ser[1].n == 5 && near(r.ser[1].v[0][0], 3));
	CHECK(r.ser[1].pc_unit && strcmp(r.ser[1].pc_unit, "byte/cycle") == 0);
	CHECK(near(r.ser[1].pc[0][0], 6) && near(r.ser[1].pc[1][0], 9));
	ct_run_free(&r);

	/*
	 * The kinds an input names: its summaries' kinds lists and kind, its
	 * cpu records' kind, each once in the order first named, "unknown"
	 * left out; the series keeps its own list.
	 */
	f = open_run("ct-place");
	fprintf(f, "{\"record\":\"cpu\",\"cpu\":0,\"kind\":\"unknown\"}\n");
	fprintf(f, "{\"record\":\"cpu\",\"cpu\":1,\"kind\":\"efficiency\"}\n");
	fprintf(f, "{\"record\":\"summary\",\"tool\":\"ct-place\",\"kernel\":\"addchain\","
		"\"isa\":\"x86-64\",\"placement\":\"thread\",\"unit\":\"GHz\",\"basis\":\"wall\","
		"\"median\":3,\"reps\":1,\"cpu_share\":1,\"kinds\":\"performance,efficiency\"}\n");
	fprintf(f, "{\"record\":\"summary\",\"tool\":\"ct-place\",\"kernel\":\"addchain\","
		"\"isa\":\"x86-64\",\"placement\":\"pin-low-power\",\"unit\":\"GHz\",\"basis\":\"wall\","
		"\"median\":1,\"reps\":1,\"cpu_share\":1,\"kind\":\"low-power\",\"kinds\":\"low-power\"}\n");
	fprintf(f, "{\"record\":\"plan\",\"placement\":\"main\"}\n");
	CHECK(read_run(f, "kinds", &r) == 0);
	CHECK(strcmp(r.kinds, "efficiency,performance,low-power") == 0);
	CHECK(r.nser == 2 && r.ser[0].kinds && strcmp(r.ser[0].kinds, "performance,efficiency") == 0);
	CHECK(r.ser[1].kinds && strcmp(r.ser[1].kinds, "low-power") == 0);
	CHECK(r.lines == 6 && r.nmach == 1);
	ct_run_free(&r);
}

/* A sample of add_main by hand: its rate and its wall and cpu times. */
static void timed_sample(FILE *f, double v, double wall_ns, double cpu_ns)
{
	key(f, "sample", &add_main);
	fprintf(f, ",\"value_wall\":%.17g,\"value_cpu\":%.17g,\"wall_ns\":%.17g,\"cpu_ns\":%.17g}\n",
		v, v, wall_ns, cpu_ns);
}

/* The delete-one jackknife variance of log(C / W) over samples of times w[], c[]. */
static double jack_var(const double *w, const double *c, size_t n)
{
	double W = 0, C = 0, l[16], mean = 0, var = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		W += w[i];
		C += c[i];
	}
	for (i = 0; i < n; i++) {
		l[i] = log((C - c[i]) / (W - w[i]));
		mean += l[i] / (double)n;
	}
	for (i = 0; i < n; i++)
		var += (l[i] - mean) * (l[i] - mean);
	return var * (double)(n - 1) / (double)n;
}

/*
 * The share's ratio, interval and p are of one estimator, the pooled
 * share (CPU time over wall time summed over the samples): ten samples
 * of share 0.95 to 1.04 against nine of share 1 and one ten times as
 * long of share 0.5: the samples' own shares barely shift, the pooled
 * share falls by a quarter.  The jackknife's
 * interval holds the ratio, its bounds exp(log ratio +- z se) with se
 * from both sides, and p the normal one.
 */
static void test_share_interval(void)
{
	struct ct_run runs[2];
	struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
	FILE *a = open_run("ct-clock"), *b = open_run("ct-clock");
	const struct ct_compare_row *r;
	double wa[10], ca[10], wb[10], cb[10], ratio, se, sw, sc, z = 1.959963984540054;
	size_t i;

	summaries(a, &add_main, 1, 1, NAN, NAN, 1, 10);
	summaries(b, &add_main, 1, 1, NAN, NAN, 14.0 / 19, 10);
	for (i = 0; i < 10; i++) {
		wa[i] = 1e6 * (1 + 0.1 * (double)i);
		ca[i] = wa[i] * (0.95 + 0.01 * (double)i);
		wb[i] = i == 9 ? 1e7 : 1e6;
		cb[i] = i == 9 ? 5e6 : 1e6;
		timed_sample(a, 1, wa[i], ca[i]);
		timed_sample(b, 1, wb[i], cb[i]);
	}
	CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
	CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
	r = row(&c, "addchain", "main", NONE, CT_FIG_SHARE, -1, 0);
	for (i = 0, sw = sc = 0; i < 10; i++) {
		sw += wa[i];
		sc += ca[i];
	}
	ratio = 14.0 / 19 / (sc / sw);
	se = sqrt(jack_var(wa, ca, 10) + jack_var(wb, cb, 10));
	CHECK(jack_var(wa, ca, 10) > 0 && jack_var(wb, cb, 10) > 0);
	CHECK(r && near(r->med_a, sc / sw) && near(r->med_b, 14.0 / 19) && near(r->ratio, ratio));
	CHECK(r && r->test == CT_TEST_JACKKNIFE && r->ci_lo <= r->ratio && r->ratio <= r->ci_hi);
	CHECK(r && fabs(r->ci_lo / (ratio * exp(-z * se)) - 1) < 1e-6 &&
	      fabs(r->ci_hi / (ratio * exp(z * se)) - 1) < 1e-6);
	CHECK(r && fabs(r->p - erfc(fabs(log(ratio)) / se / sqrt(2.0))) < 1e-9);
	CHECK(r && r->significant == (r->p < 0.05) && r->changed == -1);
	if (r && !(r->ci_lo <= r->ratio && r->ratio <= r->ci_hi))
		fprintf(stderr, "share: ratio %g outside %g .. %g\n", r->ratio, r->ci_lo, r->ci_hi);
	free_cmp(&c);
}

/*
 * One result, one verdict: a result whose every rate and per-cycle row
 * changed is one slower result in its NEW's count (five runs a side, the
 * run the unit), a result of another reader one different reader, a
 * result on one side one base only.  With one run a side the same
 * result is apart, not slower: one unconfirmed.
 */
static void test_verdicts(void)
{
	unsigned t, i;

	for (t = 0; t < 2; t++) {
		struct ct_run runs[2];
		struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05 };
		FILE *a = open_run("ct-fma"), *b = open_run("ct-fma");
		const struct ct_compare_verdicts *v;
		const struct ct_compare_row *r;
		unsigned n = t ? 1 : 5;

		for (i = 0; i < n; i++)
			measured(a, &fma_main, 10 + 0.01 * i, 1.0);
		for (i = 0; i < n; i++)
			measured(b, &fma_main, 5 + 0.01 * i, 1.0);
		measured(a, &add_main, 1, 1.0);
		measured(a, &add_thread, 1, 1.0);
		measured(b, &add_main, 1, 1.0);
		CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
		CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
		v = &c.verdicts[0];
		r = row(&c, "fma", "main", NONE, CT_FIG_PER_CYCLE, CT_BASIS_CPU, 0);
		CHECK(r && r->changed == (t ? -1 : 1) && r->unconfirmed == (t == 1) && r->one_run == (t == 1));
		r = row(&c, "fma", "main", NONE, CT_FIG_RATE, CT_BASIS_CPU, 0);
		CHECK(r && r->changed == (t ? -1 : 1) && r->unconfirmed == (t == 1));
		CHECK(v->results == 3 && v->faster == 0 && v->base_only == 1);
		CHECK(v->slower == (t ? 0u : 1u) && v->unconfirmed == (t ? 1u : 0u));
		/* The same samples on both sides: no spread between them, no verdict. */
		CHECK(v->same + v->none == 1 && v->reader == 0 && v->new_only == 0);
		free_cmp(&c);
	}
}

/*
 * Runs a side (benchstat's unit): three runs of five samples each side,
 * every new sample above every base one.  Pooled, 15 + 15 samples would
 * call it (exact p 2 / C(30, 15)); run by run it is 3 + 3 medians, whose
 * exact p is at best 2 / C(6, 3) = 0.1: no call.  Five runs a side: 2 /
 * C(10, 5), a call.  One run on a side: the samples again.
 */
static void test_runs(void)
{
	static const unsigned nruns[3][2] = { { 3, 3 }, { 5, 5 }, { 1, 3 } };
	unsigned t, i;

	for (t = 0; t < 3; t++) {
		struct ct_run runs[2];
		struct ct_compare c = { .runs = runs, .nruns = 2, .alpha = 0.05,
					.threshold = CT_COMPARE_THRESHOLD };
		FILE *a = open_run("ct-clock"), *b = open_run("ct-clock");
		const struct ct_compare_row *r;

		for (i = 0; i < nruns[t][0]; i++)
			measured(a, &add_main, 1 + 0.01 * i, 1.0);
		for (i = 0; i < nruns[t][1]; i++)
			measured(b, &add_main, 2 + 0.01 * i, 1.0);
		CHECK(read_run(a, "a", &runs[0]) == 0 && read_run(b, "b", &runs[1]) == 0);
		CHECK(runs[0].ser[0].runs == nruns[t][0] && runs[1].ser[0].runs == nruns[t][1]);
		CHECK(ct_compare_build(&c, why, sizeof(why)) == 0);
		r = row(&c, "addchain", "main", NONE, CT_FIG_RATE, CT_BASIS_WALL, 0);
		CHECK(r != NULL);
		if (!r) {
			free_cmp(&c);
			continue;
		}
		if (t == 2) {
			/* Apart within the runs, which one run a side cannot call a change. */
			CHECK(r->test == CT_TEST_EXACT && r->n_a == 5 && r->n_b == 15);
			CHECK(r->significant == 1 && r->changed == -1 && r->one_run && r->unconfirmed);
			CHECK(strncmp(r->why, "one run a side: apart", 21) == 0);
		} else {
			/* The median of the runs' medians: the middle run's, 1.2 k. */
			double mid = t == 0 ? 0.01 : 0.02;

			CHECK(r->test == CT_TEST_RUNS_EXACT);
			CHECK(r->n_a == nruns[t][0] && r->n_b == nruns[t][1]);
			CHECK(t == 0 ? near(r->p, 0.1) : near(r->p, 2.0 / 252));
			CHECK(r->significant == (t == 1) && r->changed == (t == 1));
			CHECK(!r->one_run && !r->unconfirmed && !r->why[0]);
			CHECK(near(r->med_a, 1.2 * (1 + mid)) && near(r->med_b, 1.2 * (2 + mid)));
			CHECK(near(r->ratio, (2 + mid) / (1 + mid)));
		}
		free_cmp(&c);
	}
}

int main(void)
{
	test_reordered();
	test_one_sided();
	test_sizes();
	test_fleet();
	test_summaries();
	test_alpha();
	test_reader();
	test_share_interval();
	test_verdicts();
	test_runs();
	return unit_done();
}
