/*
 * unit-units - numbers in their unit and tables that fit (issue 38): the
 * text outputs' times in ns, µs, ms or s with four significant digits,
 * each boundary on both sides; a latency's reciprocal ("%R"); TSV's SI
 * base units unchanged; the words a verdict says beside its sign, for a
 * time row and a rate row; and a table to a stream that is no terminal
 * fitted to 120 columns, to -w N, or to none with --wide, its note naming
 * the columns left out by the table's labels, never the unit or ratio.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/options.h"
#include "core/term.h"
#include "records/record.h"
#include "ct-compare/compare.h"
#include "unit.h"

static int time_is(double s, const char *want)
{
	char buf[64];

	ct_rec_time_text(buf, sizeof(buf), s);
	if (strcmp(buf, want) != 0) {
		fprintf(stderr, "time %.9g s: \"%s\", not \"%s\"\n", s, buf, want);
		return 0;
	}
	return 1;
}

static int unit_is(double s, const char *want, double want_scale)
{
	double scale = 0;
	const char *u = ct_rec_time_unit(s, &scale);

	if (strcmp(u, want) != 0 || fabs(scale / want_scale - 1) > 1e-12) {
		fprintf(stderr, "unit of %.9g s: %s x %g, not %s x %g\n", s, u, scale, want,
			want_scale);
		return 0;
	}
	return 1;
}

static void times(void)
{
	char buf[64];

	/* Each boundary, from below and at it. */
	CHECK(time_is(0.5e-9, "0.500 ns"));
	CHECK(time_is(999.94e-9, "999.9 ns"));
	CHECK(time_is(1e-6, "1.000 \xc2\xb5s"));
	CHECK(time_is(2.7e-6, "2.700 \xc2\xb5s"));
	CHECK(time_is(999.94e-6, "999.9 \xc2\xb5s"));
	CHECK(time_is(999.96e-6, "1.000 ms"));
	CHECK(time_is(1e-3, "1.000 ms"));
	CHECK(time_is(0.0027, "2.700 ms"));
	CHECK(time_is(0.0536, "53.60 ms"));
	CHECK(time_is(0.5213, "521.3 ms"));
	CHECK(time_is(0.99994, "999.9 ms"));
	CHECK(time_is(1, "1.000 s"));
	CHECK(time_is(12.25, "12.25 s"));
	CHECK(time_is(4321, "4321 s"));
	CHECK(time_is(0, "0.000 s"));
	CHECK(time_is(NAN, "-"));
	/* 0.054 against 0.055 s: a difference the verdict calls shows. */
	CHECK(time_is(0.0536, "53.60 ms") && time_is(0.0552, "55.20 ms"));
	/* A range in the unit of the larger end. */
	ct_rec_time_range(buf, sizeof(buf), 0.0532, 0.0540);
	CHECK(strcmp(buf, "53.20 .. 54.00 ms") == 0);
	ct_rec_time_range(buf, sizeof(buf), 0.0009, 0.0011);
	CHECK(strcmp(buf, "0.900 .. 1.100 ms") == 0);
	/* A range as "%R" shows its ends: a latency's inverted and swapped. */
	ct_rec_range_text(buf, sizeof(buf), 0.005, 0.0055, "load/ns");
	CHECK(strcmp(buf, "181.8 .. 200.0") == 0);
	ct_rec_range_text(buf, sizeof(buf), 0.0532, 0.054, "s");
	CHECK(strcmp(buf, "53.20 .. 54.00 ms") == 0);
	ct_rec_range_text(buf, sizeof(buf), 3.5, 3.6, "GHz");
	CHECK(strcmp(buf, "3.500 .. 3.600") == 0);
	/* A chart's unit is the text's: 0.99996 s is 1.000 s on both, not 1000 ms. */
	CHECK(unit_is(0.0536, "ms", 1e3));
	CHECK(unit_is(999.96e-6, "ms", 1e3));
	CHECK(unit_is(0.99996, "s", 1));
	CHECK(unit_is(2.7e-6, "\xc2\xb5s", 1e6));
	CHECK(unit_is(0.5e-9, "ns", 1e9));
	CHECK(unit_is(0, "s", 1));
	CHECK(unit_is(NAN, "s", 1));
}

/* A made-up kind: a figure of a unit, base and new, ratio, verdict. */
enum { F_NAME, F_UNIT, F_A, F_B, F_RATIO, F_CV, F_CV2, F_VERDICT, F_WIDE1, F_WIDE2 };

static const struct ct_rec_field fields[] = {
	{ F_NAME, "name", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_A, "median_a", "base", CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ F_B, "median_b", "new", CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ F_RATIO, "ratio", NULL, CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ F_CV, "a_cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f", CT_REC_ALL | CT_REC_FIT(2) },
	{ F_CV2, "b_cv_pct", "cv%", CT_REC_NUM, "%.3g", "%.2f", CT_REC_ALL | CT_REC_FIT(2) },
	{ F_VERDICT, NULL, "verdict", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ F_WIDE1, "first_note", "note one", CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ F_WIDE2, "second_note", "note two", CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
};

struct rec {
	const char *unit;
	double a, b;
};

static void value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct rec *r = rec;

	switch (id) {
	case F_NAME:
		v->str = "row";
		break;
	case F_UNIT:
		v->str = out & CT_REC_TEXT ? ct_rec_unit_text(r->unit) : r->unit;
		break;
	case F_A:
	case F_B:
		v->num = id == F_A ? r->a : r->b;
		v->unit = r->unit;
		break;
	case F_RATIO:
		v->num = r->b / r->a;
		break;
	case F_CV:
	case F_CV2:
		v->num = 1.5;
		break;
	case F_VERDICT:
		snprintf(v->buf, sizeof(v->buf), "%+.1f%% %s", (r->b / r->a - 1) * 100,
			 ct_figure_change(CT_FIG_RATE, r->unit, r->b / r->a));
		v->str = v->buf;
		break;
	case F_WIDE1:
	case F_WIDE2:
		v->str = "a note forty characters wide, give or take a few";
		break;
	}
}

static const struct ct_rec_kind kind = { "test", fields, CT_ARRAY_SIZE(fields), value, 0 };

/* The kind's one record of unit, base and new, written out as out. */
static char *written(unsigned out, const char *unit, double a, double b)
{
	struct rec r = { unit, a, b };
	struct ct_rec_writer w;
	FILE *f = unit_open_held();

	ct_rec_begin(&w, f, out, &kind);
	ct_rec_write(&w, &r);
	ct_rec_end(&w);
	fclose(f);
	return unit_held;
}

/* The longest line of text. */
static size_t widest(const char *text)
{
	size_t w = 0, n;

	for (; *text; text += n + (text[n] == '\n')) {
		n = strcspn(text, "\n");
		if (n > w)
			w = n;
	}
	return w;
}

static void units(void)
{
	const char *t;

	/* A time row: seconds in their unit, slower when new is longer. */
	t = written(CT_REC_TABLE, "s", 0.0536, 0.0606);
	CHECK(strstr(t, "53.60 ms") && strstr(t, "60.60 ms"));
	CHECK(strstr(t, "+13.1% slower") != NULL);
	t = written(CT_REC_TABLE, "s", 0.0027, 0.0022);
	CHECK(strstr(t, "2.700 ms") && strstr(t, "2.200 ms") && strstr(t, "faster"));
	/* The machine formats keep seconds. */
	t = written(CT_REC_TSV, "s", 0.0536, 0.0606);
	CHECK(strstr(t, "\t0.0536\t0.0606\t") != NULL);
	t = written(CT_REC_JSON, "s", 0.0027, 0.0022);
	CHECK(strstr(t, "\"median_a\":0.0027") != NULL);
	/* A rate row: faster when new is higher. */
	t = written(CT_REC_TABLE, "GB/s", 10, 11.3);
	CHECK(strstr(t, "10.00") && strstr(t, "11.30") && strstr(t, "+13.0% faster"));
	t = written(CT_REC_MD, "GB/s", 11.3, 10);
	CHECK(strstr(t, "slower") != NULL);
	/* A latency: ns per load in the text, loads per ns in TSV. */
	t = written(CT_REC_TABLE, "load/ns", 0.005434, 0.006200);
	CHECK(strstr(t, "ns/load") && strstr(t, "184.0") && strstr(t, "161.3"));
	CHECK(strstr(t, "faster") != NULL);
	t = written(CT_REC_TSV, "load/ns", 0.005434, 0.0062);
	CHECK(strstr(t, "load/ns\t0.005434\t0.0062\t") != NULL);
	t = written(CT_REC_TABLE, "load/cycle", 0.001, 0.002);
	CHECK(strstr(t, "cyc/load") && strstr(t, "1000") && strstr(t, "500.0"));
}

static void widths(void)
{
	const char *t;

	/* No terminal: 120 columns; a note left out first, named by its label. */
	ct_term_set_width(0);
	t = written(CT_REC_TABLE, "s", 0.0536, 0.0606);
	CHECK(widest(t) <= CT_TERM_PIPE_WIDTH);
	CHECK(strstr(t, "left out to fit 120 columns: note two;") != NULL);
	CHECK(strstr(t, "second_note") == NULL);
	/* -w 60: a cv% goes too, named by the column before it (not cv%). */
	ct_term_set_width(60);
	t = written(CT_REC_TABLE, "s", 0.0536, 0.0606);
	CHECK(widest(t) <= 60);
	/* (The note wrapped to the width too.) */
	CHECK(strstr(t, "left out to fit 60 columns: cv% of ratio, note one, note\n two;") != NULL);
	CHECK(strstr(t, "b_cv_pct") == NULL && strstr(t, "first_note") == NULL);
	CHECK(strstr(t, "unit") && strstr(t, "ratio") && strstr(t, "verdict"));
	/* -w 40: never the unit, the ratio or the verdict. */
	ct_term_set_width(40);
	t = written(CT_REC_TABLE, "s", 0.0536, 0.0606);
	CHECK(strstr(t, "unit ") && strstr(t, "ratio") && strstr(t, "verdict"));
	/* --wide: every column, no note. */
	ct_term_set_width(CT_TERM_WIDE);
	t = written(CT_REC_TABLE, "s", 0.0536, 0.0606);
	CHECK(widest(t) > 120 && strstr(t, "left out") == NULL);
	CHECK(strstr(t, "note one") && strstr(t, "note two"));
	/* The options set it: -w N, --wide. */
	CHECK(ct_term_option('w', "100") == 1 && ct_term_width(stdin) == 100);
	CHECK(ct_term_option(CT_OPT_WIDE, NULL) == 1 && ct_term_width(stdin) == 0);
	CHECK(ct_term_option('q', NULL) == 0);
	ct_term_set_width(0);
}

int main(void)
{
	times();
	units();
	widths();
	free(unit_held);
	return unit_done();
}
