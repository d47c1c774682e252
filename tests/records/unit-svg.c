/*
 * unit-svg.c - ct-place's chart from made-up rows, so that the parts a
 * machine of one kind never draws are drawn too: a hybrid machine's
 * placements (three kinds, a second rank, a placement whose samples saw
 * two kinds), one that was not measured, names and a cpu model that need
 * escaping.  Writes the SVG to the file named by the first argument (or
 * stdout) for tests/records/svg.sh to check; the checks here are on the text
 * escaping and on the ratios the bars carry.
 *
 *   unit-svg FILE          the hybrid chart
 *   unit-svg -n FILE       the same without main: ratios to the first row
 *   unit-svg -b FILE       ct-place --bench's chart of made-up runs of a
 *                          command of about 54 ms on the same machine
 *   unit-svg -B FILE       the same of two commands (-- CMD1 -- CMD2), the
 *                          second 1.5 times as long: rows per command
 *   unit-svg -s FILE       the writer alone on text and numbers too long
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "ct-place/bench.h"
#include "ct-place/placements.h"
#include "records/svg.h"
#include "unit.h"

#define REPS 5

struct spec {
	const char *name;
	enum ct_place_kind kind;
	const char *kinds;
	int cpu;
	double rate[CT_NJOBS];	/* median wall rate per kernel */
	int ran;
};

/*
 * A hybrid laptop, roughly: clock GHz, FMA GFLOP/s, stream GB/s, the
 * chase's loads per ns alone and with 16 chains.
 */
static const struct spec specs[] = {
	{ "main", CT_PLACE_MAIN, "performance", 3, { 4.8, 150, 20, 0.0125, 0.125 }, 1 },
	{ "thread", CT_PLACE_THREAD, "performance", 2, { 4.7, 148, 19.5, 0.0124, 0.124 }, 1 },
	{ "thread-background", CT_PLACE_THREAD_BACKGROUND, "performance,efficiency", 9,
	  { 3.6, 80, 14, 0.009, 0.05 }, 1 },
	{ "process-background", CT_PLACE_PROCESS_BACKGROUND, "", -1, { 0, 0, 0, 0, 0 }, 0 },
	{ "pin-performance", CT_PLACE_PIN, "performance", 7, { 4.9, 152, 21, 0.0126, 0.13 }, 1 },
	{ "pin-efficiency", CT_PLACE_PIN, "efficiency", 15, { 3.0, 48, 12, 0.008, 0.04 }, 1 },
	{ "pin-low-power", CT_PLACE_PIN, "low-power", 21, { 2.4, 30, 6.5, 0.006, 0.02 }, 1 },
	{ "pin-<odd>&\"name\"", CT_PLACE_PIN, "", 22, { 2.0, 20, 5, 0.005, 0.01 }, 1 },
};

#define NROWS (sizeof(specs) / sizeof(specs[0]))

static struct ct_job kernels[CT_NJOBS];

static void setup_kernels(void)
{
	static const char *const names[] = { "addchain", "fma", "stream", "chase", "chase-16" };
	static const char *const isas[] = { "x86-64", "avx2", "avx2", "scalar", "scalar" };
	static const char *const units[] = { "GHz", "GFLOP/s", "GB/s", "load/ns", "load/ns" };
	int k;

	for (k = 0; k < CT_NJOBS; k++) {
		memset(&kernels[k], 0, sizeof(kernels[k]));
		kernels[k].name = names[k];
		kernels[k].isa = isas[k];
		kernels[k].unit = units[k];
		kernels[k].work = 1e7;
	}
}

/* REPS samples around rate (work 1e7 per call): +-2% spread, cpu 1% faster. */
static void fill(struct ct_series *s, const struct ct_job *k, double rate, int cpu)
{
	static const double spread[REPS] = { 1.0, 0.98, 1.02, 0.99, 1.01 };
	unsigned i;

	s->k = k;
	s->s = ct_xcalloc(REPS, sizeof(*s->s));
	s->n = REPS;
	s->verified = 1;
	for (i = 0; i < REPS; i++) {
		s->s[i].rep = i;
		s->s[i].cpu_start = s->s[i].cpu_end = cpu;
		s->s[i].wall_ns = (uint64_t)(k->work / (rate * spread[i]));
		s->s[i].cpu_ns = (uint64_t)(k->work / (rate * spread[i] * 1.01));
		s->s[i].calls = 1;
	}
}

/*
 * --bench's chart: four placements of a 54 ms command (gzip of a
 * megabyte, roughly), main's and pin-performance's a millisecond apart,
 * pin-efficiency's half as fast, one disturbed run; the CPU basis a few
 * ms under the wall.  A long command, to be wrapped in the title.
 */
static int bench_chart(const char *path, const struct ct_machine *m, unsigned ncmd)
{
	static const char *const names[] = { "main", "pin-performance", "pin-efficiency",
					     "pin-low-power" };
	static const double wall_ms[] = { 54.1, 55.3, 103.9, 161.0 };
	static const int kind[] = { CT_KIND_PERFORMANCE, CT_KIND_PERFORMANCE, CT_KIND_EFFICIENCY,
				    CT_KIND_LOWPOWER };
	static const char *const cmds[] = {
		"sh -c 'gzip -c < /usr/share/dict/words-of-a-long-file-name > /dev/null'",
		"sh -c 'xz -c < /usr/share/dict/words > /dev/null'"
	};
	struct ct_bench_row rows[8];
	struct ct_bench_results res;
	struct ct_bench_doc d;
	unsigned i, r, nrows = 4 * ncmd;
	FILE *f;

	for (r = 0; r < nrows; r++) {
		memset(&rows[r], 0, sizeof(rows[r]));
		snprintf(rows[r].p.name, sizeof(rows[r].p.name), "%s", names[r % 4]);
		rows[r].p.main = r % 4 == 0;
		rows[r].cmd = r / 4;
		rows[r].runs = ct_xcalloc(REPS * 2, sizeof(*rows[r].runs));
		rows[r].n = REPS * 2;
		for (i = 0; i < REPS * 2; i++) {
			struct ct_bench_run *u = &rows[r].runs[i];
			uint64_t wall = (uint64_t)(wall_ms[r % 4] * (r < 4 ? 1 : 1.5) *
						   (1 + 0.004 * (double)i) * 1e6);

			u->round = i + 1;
			u->order = 1 + (r + i) % 4;
			u->wall_ns = wall;
			u->user_ns = wall - 2500000;
			u->sys_ns = 1000000;
			u->kind_ns[kind[r % 4]] = u->user_ns + u->sys_ns;
			u->lost_known = 1;
			/* pin-performance's third run lost 30 % of its time to others. */
			u->wait_ns = r == 1 && i == 2 ? wall * 3 / 10 : 0;
		}
	}
	ct_bench_results(rows, nrows, &res);
	memset(&d, 0, sizeof(d));
	d.m = m;
	d.res = &res;
	d.command = cmds[0];
	d.commands = cmds;
	d.ncmd = ncmd;
	d.runs = REPS * 2;
	d.warmup = 1;
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return 99;
	}
	ct_bench_svg(f, &d);
	fclose(f);
	for (r = 0; r < nrows; r++)
		free(rows[r].runs);
	ct_bench_results_free(&res);
	return 0;
}

/*
 * The writer alone on what the programs seldom give it: eight panels (two
 * bands of four), titles and labels longer than their room, tick labels
 * of ten digits on a narrow plot (500000000 beside 1000000000 would
 * overlap), every mark on one bar, a bar of no value, whiskers off the
 * plot.
 */
static int stress_chart(const char *path)
{
	static const char *const titles[] = {
		"a panel title far longer than the panel is wide, to be wrapped and cut",
		"short", "millions (GB/s)", "another title of some length here", "e",
		"f (with a subtitle)", "g", "h",
	};
	struct ct_svg_row rows[3] = {
		{ "a-row-label-much-longer-than-its-column-is-wide-so-it-is-cut", "its sublabel, "
		  "also longer than the column is wide, by some way", CT_SVG_PERFORMANCE },
		{ "two", NULL, CT_SVG_EFFICIENCY },
		{ "three", "cpu 3", CT_SVG_MIXED },
	};
	struct ct_svg_bar bars[8][3];
	struct ct_svg_panel panels[8];
	struct ct_svg_chart c;
	char ids[8][8];
	size_t p, r;
	FILE *f;

	memset(&c, 0, sizeof(c));
	memset(bars, 0, sizeof(bars));
	for (p = 0; p < 8; p++) {
		snprintf(ids[p], sizeof(ids[p]), "p%zu", p);
		panels[p].id = ids[p];
		panels[p].title = titles[p];
		panels[p].subtitle = p == 5 ? "a subtitle that runs on and on past the panel's "
			"width, twice over at the least, so that it is cut short" : NULL;
		panels[p].axis = p == 2 ? "bytes per second, in a long axis title" : NULL;
		panels[p].bars = bars[p];
		for (r = 0; r < 3; r++) {
			bars[p][r].value = p == 2 ? 310e6 * (double)(r + 1) : 0.5 + 0.3 * (double)r;
			bars[p][r].lo = bars[p][r].value * 0.9;
			bars[p][r].hi = bars[p][r].value * (r == 2 && p != 2 ? 5 : 1.1);
			bars[p][r].marker = NAN;
		}
	}
	bars[0][0].same = bars[0][0].disturbed = bars[0][0].outlier = 1;
	bars[0][0].change = CT_SVG_SLOWER;
	bars[1][1].value = NAN;
	c.title = "A chart title long enough to need a second line on a page of this width, "
		  "and then some more words so that it must be cut at the end of that line";
	c.lines[0] = "A line under the title.";
	c.axis = "the axis";
	c.digits = 4;
	c.reference = NAN;
	c.rows = rows;
	c.nrows = 3;
	c.panels = panels;
	c.npanels = 8;
	c.bar_legend = "bar";
	c.err_legend = "error bar";
	c.same_legend = "pale";
	c.outlier_legend = "outlier";
	c.change_legend = "changed";
	c.notes[0] = "A note.";
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return 99;
	}
	ct_svg_write(f, &c);
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	struct ct_placements_results res;
	struct ct_placements_row rows[NROWS];
	struct ct_machine m;
	struct ct_topo t;
	const char *path = NULL;
	int no_main = 0, bench = 0, stress = 0, k;
	size_t i;
	FILE *f;
	char *text = NULL;
	size_t tlen = 0;

	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "-n") == 0)
			no_main = 1;
		else if (strcmp(argv[k], "-b") == 0)
			bench = 1;
		else if (strcmp(argv[k], "-B") == 0)
			bench = 2;
		else if (strcmp(argv[k], "-s") == 0)
			stress = 1;
		else
			path = argv[k];
	}
	setup_kernels();

	/* The escaping of text and attribute values. */
	f = open_memstream(&text, &tlen);
	ct_svg_text(f, "a&b<c>d\"e'f\x01g");
	fclose(f);
	CHECK(strcmp(text, "a&amp;b&lt;c&gt;d&quot;e&apos;fg") == 0);
	free(text);
	/* The width table: DejaVu Sans's advances (W 989, i and l 278, µ 636, s 521 of 1000). */
	CHECK(fabs(ct_svg_text_width("Wil", 10, 0) - 15.45) < 1e-9);
	CHECK(fabs(ct_svg_text_width("Wil", 10, 1) - 17.89) < 1e-9);
	CHECK(fabs(ct_svg_text_width("\xc2\xb5s", 10, 0) - 11.57) < 1e-9);
	CHECK(fabs(ct_svg_text_width(" ~", 20, 0) - 23.12) < 1e-9);

	memset(&m, 0, sizeof(m));
	snprintf(m.os, sizeof(m.os), "Linux");
	snprintf(m.release, sizeof(m.release), "6.1");
	snprintf(m.arch, sizeof(m.arch), "x86_64");
	snprintf(m.cpu_model, sizeof(m.cpu_model), "Made-up Core(TM) Ultra 7 <test> & co");
	m.cpus_online = 22;
	memset(&t, 0, sizeof(t));
	if (bench || stress)
		return !path ? 2 : bench ? bench_chart(path, &m, (unsigned)bench) : stress_chart(path);

	memset(rows, 0, sizeof(rows));
	for (i = 0; i < NROWS; i++) {
		rows[i].p.kind = specs[i].kind;
		rows[i].p.cpu = specs[i].cpu;
		rows[i].p.applicable = specs[i].ran;
		snprintf(rows[i].p.name, sizeof(rows[i].p.name), "%s", specs[i].name);
		snprintf(rows[i].p.note, sizeof(rows[i].p.note), "%s",
			 specs[i].ran ? "made up" : "not applicable: made up");
		snprintf(rows[i].kinds, sizeof(rows[i].kinds), "%s", specs[i].kinds);
		rows[i].ran = specs[i].ran && !(no_main && specs[i].kind == CT_PLACE_MAIN);
		for (k = 0; k < CT_NJOBS; k++) {
			rows[i].k[k] = kernels[k];
			if (rows[i].ran)
				fill(&rows[i].ser[k], &rows[i].k[k], specs[i].rate[k], specs[i].cpu);
		}
	}
	f = path ? fopen(path, "w") : stdout;
	if (!f) {
		perror(path);
		return 99;
	}
	ct_placements_results(rows, NROWS, &res);
	ct_placements_svg(f, &m, &t, &res);
	ct_placements_results_free(&res);
	if (f != stdout)
		fclose(f);

	/* The ratios the chart shows, read back: every bar's value label. */
	if (path) {
		char line[4096];
		int bars = 0, found = 0, chase = 0;

		f = fopen(path, "r");
		CHECK(f != NULL);
		while (f && fgets(line, sizeof(line), f)) {
			const char *id = strstr(line, "class=\"bar\" id=\"bar-fma-pin-efficiency\"");

			if (strstr(line, "class=\"bar\""))
				bars++;
			/* pin-efficiency's FMA: 48 over main's 150 (or thread's 148). */
			if (id) {
				const char *tip = strstr(line, "0.320 x main");

				CHECK(no_main || tip != NULL);
				CHECK(!no_main || strstr(line, "0.324 x thread") != NULL);
				found++;
			}
			/*
			 * pin-efficiency's chase: 125 ns a load (no brackets, no
			 * cycles), and 0.04 over 0.008 loads per ns, 5 lines in flight.
			 */
			if (strstr(line, "id=\"bar-latency-pin-efficiency\"")) {
				CHECK(strstr(line, "; 125.0 ns per load") != NULL);
				chase++;
			}
			if (strstr(line, "id=\"bar-chains-pin-efficiency\"")) {
				CHECK(strstr(line, "; 5.0 lines in flight") != NULL);
				chase++;
			}
		}
		CHECK(found == 1);
		CHECK(chase == 2);
		if (f)
			fclose(f);
		CHECK(bars == (int)(NROWS - 1 - (size_t)no_main) * CT_NJOBS);
	}
	for (i = 0; i < NROWS; i++)
		ct_series_free(rows[i].ser, CT_NJOBS);
	if (unit_failures)
		return unit_done();
	fprintf(stderr, "%d checks, %d failed\n", unit_checks, unit_failures);
	return 0;
}
