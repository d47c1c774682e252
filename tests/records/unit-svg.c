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
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
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

int main(int argc, char **argv)
{
	struct ct_placements_results res;
	struct ct_placements_row rows[NROWS];
	struct ct_machine m;
	struct ct_topo t;
	const char *path = NULL;
	int no_main = 0, k;
	size_t i;
	FILE *f;
	char *text = NULL;
	size_t tlen = 0;

	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "-n") == 0)
			no_main = 1;
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

	memset(&m, 0, sizeof(m));
	snprintf(m.os, sizeof(m.os), "Linux");
	snprintf(m.release, sizeof(m.release), "6.1");
	snprintf(m.arch, sizeof(m.arch), "x86_64");
	snprintf(m.cpu_model, sizeof(m.cpu_model), "Made-up Core(TM) Ultra 7 <test> & co");
	m.cpus_online = 22;
	memset(&t, 0, sizeof(t));

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
