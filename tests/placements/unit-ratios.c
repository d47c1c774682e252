/*
 * unit-ratios.c - ct-place's x ratios and their intervals, from recorded
 * samples paired by round (sample i of every placement is round i): a
 * placement whose rates overlap main's gets an interval that holds 1 and
 * a '~'; a clear 2x does not; the bounds and p are those of an
 * independent computation; the ratio is the median of the rounds' ratios
 * where their mean says otherwise; too few rounds give no interval and
 * say so; the table, TSV, JSON and the chart show what the results step
 * decided.
 *
 * The expected bounds and p were computed apart from this code, with
 * python3-scipy 1.10 (scipy.stats.wilcoxon over the log-ratios, exact,
 * for p) and the critical value 2 for 7 pairs at 5% two-sided (the
 * published tables), the bounds being exp() of the 3rd and 26th of the
 * 28 Walsh averages of the log-ratios:
 *
 *   thread           0.9583148416 .. 1.036082475   p 0.8125
 *   pin-performance  1.926980052 .. 2.091391288    p 0.015625
 *   pin-efficiency   0.4951689689 .. 1.456310678   p 0.078125
 *
 * The test also recomputes the bounds by brute force from the samples.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/term.h"
#include "core/common.h"
#include "ct-place/placements.h"
#include "measure/results.h"
#include "unit.h"

#define WORK 1e9	/* per call: a rate of 10 is a call of 1e8 ns */

struct spec {
	const char *name;
	enum ct_place_kind kind;
	unsigned n;
	double rate[7];
};

static const struct spec specs[] = {
	{ "main", CT_PLACE_MAIN, 7, { 10.0, 10.4, 9.7, 10.1, 9.9, 10.3, 9.8 } },
	/* Overlapping main's (no value shared: no ties). */
	{ "thread", CT_PLACE_THREAD, 7, { 10.2, 9.6, 10.05, 10.5, 9.95, 10.15, 9.75 } },
	/* Twice main, as clear as an effect gets. */
	{ "pin-performance", CT_PLACE_PIN, 7, { 20.3, 19.6, 20.9, 19.9, 20.5, 20.1, 19.4 } },
	/* Half main's median, two outliers pulling the mean to 0.80 of main's. */
	{ "pin-efficiency", CT_PLACE_PIN, 7, { 5.0, 5.1, 4.9, 5.05, 4.95, 15.0, 16.0 } },
	/* Too few for a 95% interval: 2 against 7 (3 would have one). */
	{ "thread-background", CT_PLACE_THREAD_BACKGROUND, 2, { 5.0, 5.2 } },
};

#define NROWS (sizeof(specs) / sizeof(specs[0]))

static struct ct_job kernels[CT_NJOBS];

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-6 * fabs(b);
}

static void fill(struct ct_series *s, const struct ct_job *k, const struct spec *sp)
{
	unsigned i;

	memset(s, 0, sizeof(*s));
	s->k = k;
	s->n = sp->n;
	s->s = ct_xcalloc(sp->n, sizeof(*s->s));
	s->verified = 1;
	for (i = 0; i < sp->n; i++) {
		s->s[i].rep = i;
		s->s[i].calls = 1;
		s->s[i].wall_ns = s->s[i].cpu_ns = (uint64_t)llround(WORK / sp->rate[i]);
	}
}

/* The rate the harness sees of sample i (the ns rounded). */
static double rate(const struct spec *sp, unsigned i)
{
	return WORK / (double)llround(WORK / sp->rate[i]);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * exp() of the (c + 1)-th and (M - c)-th smallest of the M Walsh averages
 * of the rounds' log-ratios, by brute force.
 */
static void brute(const struct spec *x, const struct spec *y, int c, double *lo, double *hi)
{
	double d[64];
	unsigned i, j, n = 0;

	for (i = 0; i < x->n && i < y->n; i++)
		for (j = i; j < x->n && j < y->n; j++)
			d[n++] = (log(rate(y, i) / rate(x, i)) + log(rate(y, j) / rate(x, j))) / 2;
	qsort(d, n, sizeof(d[0]), cmp);
	*lo = exp(d[c]);
	*hi = exp(d[n - 1 - (unsigned)c]);
}

static char *held(FILE *f)
{
	fclose(f);
	return unit_held ? ct_xstrdup(unit_held) : ct_xstrdup("");
}

/* The line of the table that starts with the placement's name, in the wall table. */
static const char *row_line(const char *text, const char *name, char *buf, size_t len)
{
	const char *p = strstr(text, "basis wall:");
	size_t l = strlen(name);

	while (p && (p = strstr(p, name))) {
		if (p[-1] == '\n' && p[l] == ' ') {
			const char *e = strchr(p, '\n');
			size_t n = e ? (size_t)(e - p) : strlen(p);

			snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), p);
			return buf;
		}
		p += l;
	}
	return "";
}

/* The i-th whitespace-separated word from the end of line (0: the last). */
static const char *last_word(const char *line, int i, char *buf, size_t len)
{
	const char *e = line + strlen(line), *b;

	for (;;) {
		while (e > line && e[-1] == ' ')
			e--;
		b = e;
		while (b > line && b[-1] != ' ')
			b--;
		if (!i--)
			break;
		e = b;
	}
	snprintf(buf, len, "%.*s", (int)(e - b), b);
	return buf;
}

/* The TSV column named key on the row of placement name and basis wall. */
static const char *tsv_cell(const char *tsv, const char *name, const char *key, char *buf,
			    size_t len)
{
	char line[8192];
	const char *p = tsv;
	int col = -1, c;

	buf[0] = '\0';
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char *f, *save = NULL;

		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		p += n + (e != NULL);
		if (line[0] == '#') {
			for (c = 0, f = strtok_r(line + 1, "\t", &save); f;
			     f = strtok_r(NULL, "\t", &save), c++)
				if (strcmp(f, key) == 0)
					col = c;
			continue;
		}
		f = strtok_r(line, "\t", &save);
		if (!f || strcmp(f, name) != 0)
			continue;
		if (strcmp(strtok_r(NULL, "\t", &save), "wall") != 0)
			continue;
		for (c = 2, f = strtok_r(NULL, "\t", &save); f && c < col;
		     f = strtok_r(NULL, "\t", &save), c++)
			;
		if (f && c == col)
			snprintf(buf, len, "%s", f);
		return buf;
	}
	return buf;
}

int main(void)
{
	static const char *const names[CT_NJOBS] = { "addchain", "fma", "stream", "chase", "chase-16" };
	static const struct {
		double lo, hi, p;
	} want[] = {
		{ NAN, NAN, NAN },
		{ 0.9583148416302314, 1.036082474641237, 0.8125 },
		{ 1.9269800521922777, 2.0913912880304606, 0.015625 },
		{ 0.49516896890441886, 1.4563106777184467, 0.078125 },
	};
	struct ct_placements_row rows[NROWS];
	struct ct_placements_results res;
	struct ct_machine m;
	struct ct_topo t;
	char buf[4096], w[64];
	char *text;
	size_t i;
	int k, b;
	FILE *f;
	/* Lines read whole: no width limit (tests/core/term-width.sh has the widths). */
	ct_term_set_width(CT_TERM_WIDE);

	for (k = 0; k < CT_NJOBS; k++) {
		memset(&kernels[k], 0, sizeof(kernels[k]));
		kernels[k].name = names[k];
		kernels[k].isa = "scalar";
		kernels[k].unit = "GB/s";
		kernels[k].work = WORK;
	}
	memset(rows, 0, sizeof(rows));
	for (i = 0; i < NROWS; i++) {
		rows[i].p.kind = specs[i].kind;
		rows[i].p.applicable = 1;
		rows[i].ran = 1;
		snprintf(rows[i].p.name, sizeof(rows[i].p.name), "%s", specs[i].name);
		snprintf(rows[i].kinds, sizeof(rows[i].kinds), "performance");
		snprintf(rows[i].how, sizeof(rows[i].how), "made up");
		for (k = 0; k < CT_NJOBS; k++) {
			rows[i].k[k] = kernels[k];
			fill(&rows[i].ser[k], &rows[i].k[k], &specs[i]);
		}
	}
	ct_placements_results(rows, NROWS, &res);
	CHECK(res.ref == &rows[0] && res.ref_main);
	CHECK(res.alpha == 0.05);
	CHECK(res.interval_min == 6);

	/* The results step: every kernel, both bases (cpu = wall here). */
	for (k = 0; k < CT_NJOBS; k++)
		for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
			const struct ct_results *r;
			double lo, hi;

			/* main against itself: 1, no interval. */
			r = &res.r[0][k];
			CHECK(r->ratio[b] == 1);
			CHECK(isnan(r->ratio_lo[b]) && isnan(r->ratio_hi[b]) && isnan(r->ratio_p[b]));
			CHECK(r->ratio_same[b] == -1);
			for (i = 1; i < 4; i++) {
				r = &res.r[i][k];
				CHECK(near(r->ratio_lo[b], want[i].lo));
				CHECK(near(r->ratio_hi[b], want[i].hi));
				CHECK(near(r->ratio_p[b], want[i].p));
				brute(&specs[0], &specs[i], 2, &lo, &hi);
				CHECK(near(r->ratio_lo[b], lo) && near(r->ratio_hi[b], hi));
				CHECK(r->ratio_lo[b] <= r->ratio_hi[b]);
			}
			/* Overlapping: the interval holds 1. */
			CHECK(res.r[1][k].ratio_same[b] == 1);
			/* 2x: it does not, and it holds the median of the rounds' ratios, 1.98. */
			CHECK(res.r[2][k].ratio_same[b] == 0);
			CHECK(near(res.r[2][k].ratio[b], 19.4 / 9.8));
			CHECK(res.r[2][k].ratio_lo[b] > 1.9);
			/* The median of the rounds' ratios, 0.500, not their mean (0.80). */
			CHECK(near(res.r[3][k].ratio[b], 0.5));
			CHECK(res.r[3][k].ratio_same[b] == 1);
			/* Two rounds: no interval at 95%. */
			CHECK(res.r[4][k].ratio_same[b] == -1 && isnan(res.r[4][k].ratio_lo[b]));
			CHECK(near(res.r[4][k].ratio[b], 0.5));
			CHECK(res.pairs[4][k].used == 2 && res.pairs[3][k].used == 7);
		}

	memset(&m, 0, sizeof(m));
	snprintf(m.os, sizeof(m.os), "Linux");
	snprintf(m.cpu_model, sizeof(m.cpu_model), "Made-up");
	memset(&t, 0, sizeof(t));

	/* The table: "~" on the overlapping ratios, none on 2x, footnotes for both marks. */
	f = unit_open_held();
	ct_placements_print(f, CT_FMT_TABLE, 0, &m, &t, &res);
	text = held(f);
	row_line(text, "thread", buf, sizeof(buf));
	CHECK(strcmp(last_word(buf, 0, w, sizeof(w)), "1.005~") == 0);
	CHECK(strcmp(last_word(buf, 3, w, sizeof(w)), "1.005~") == 0);
	row_line(text, "pin-performance", buf, sizeof(buf));
	CHECK(strcmp(last_word(buf, 0, w, sizeof(w)), "1.980") == 0);
	CHECK(strcmp(last_word(buf, 3, w, sizeof(w)), "1.980") == 0);
	row_line(text, "pin-efficiency", buf, sizeof(buf));
	CHECK(strcmp(last_word(buf, 0, w, sizeof(w)), "0.500~") == 0);
	row_line(text, "thread-background", buf, sizeof(buf));
	CHECK(strcmp(last_word(buf, 0, w, sizeof(w)), "0.500") == 0);
	row_line(text, "main", buf, sizeof(buf));
	CHECK(strcmp(last_word(buf, 0, w, sizeof(w)), "1.000") == 0);
	CHECK(strstr(text, "\n~      after an x ratio: its 95% interval") != NULL);
	CHECK(strstr(text, "\nx      some x ratios have no 95% interval: too few rounds paired") != NULL);
	/*
	 * The digits of a marked ratio under those of the others, in every x
	 * column (the last too): the '~' hangs in the gap.
	 */
	{
		char a[4096], c[4096];
		const char *pa, *pc;
		int col;

		row_line(text, "thread", a, sizeof(a));
		row_line(text, "pin-performance", c, sizeof(c));
		pa = a;
		pc = c;
		for (col = 0; col < 4; col++) {
			pa = pa ? strstr(pa, "1.005~") : NULL;
			pc = pc ? strstr(pc, "1.980") : NULL;
			CHECK(pa && pc && pa - a == pc - c);
			pa = pa ? pa + 1 : NULL;
			pc = pc ? pc + 1 : NULL;
		}
	}
	free(text);

	/* TSV: the interval, p and level; '-' for main's and the two samples'. */
	f = unit_open_held();
	ct_placements_print(f, CT_FMT_TSV, 0, &m, &t, &res);
	text = held(f);
	CHECK(fabs(atof(tsv_cell(text, "pin-performance", "stream_ratio_lo", w, sizeof(w))) -
		   1.927) < 1e-3);
	CHECK(fabs(atof(tsv_cell(text, "pin-performance", "stream_ratio_hi", w, sizeof(w))) -
		   2.091) < 1e-3);
	CHECK(fabs(atof(tsv_cell(text, "pin-performance", "stream_ratio_p", w, sizeof(w))) -
		   0.015625) < 1e-4);
	CHECK(fabs(atof(tsv_cell(text, "thread", "clock_ratio_lo", w, sizeof(w))) - 0.958) < 1e-3);
	CHECK(fabs(atof(tsv_cell(text, "thread", "latency_ratio_hi", w, sizeof(w))) - 1.036) < 1e-3);
	CHECK(fabs(atof(tsv_cell(text, "pin-efficiency", "fma_ratio_p", w, sizeof(w))) - 0.078) <
	      1e-3);
	CHECK(strcmp(tsv_cell(text, "main", "fma_ratio_lo", w, sizeof(w)), "-") == 0);
	CHECK(strcmp(tsv_cell(text, "thread-background", "clock_ratio_hi", w, sizeof(w)), "-") == 0);
	CHECK(strcmp(tsv_cell(text, "thread", "ratio_level", w, sizeof(w)), "0.95") == 0);
	free(text);

	/* JSON: each summary carries its interval, p and level. */
	f = unit_open_held();
	ct_placements_print(f, CT_FMT_JSON, 0, &m, &t, &res);
	text = held(f);
	{
		const char *p = strstr(text, "\"placement\":\"pin-performance\",\"basis\":\"wall\"");
		const char *lo = p ? strstr(p, "\"ratio_to_main_wall_lo\":") : NULL;
		const char *hi = p ? strstr(p, "\"ratio_to_main_wall_hi\":") : NULL;
		const char *lv = p ? strstr(p, "\"ratio_level\":") : NULL;

		CHECK(lo && fabs(atof(lo + 24) - 1.92698005) < 1e-5);
		CHECK(hi && fabs(atof(hi + 24) - 2.09139129) < 1e-5);
		CHECK(lv && atof(lv + 14) == 0.95);
	}
	free(text);

	/* The chart: pale bars and '~' where the wall interval holds 1, whiskers at its bounds. */
	f = unit_open_held();
	ct_placements_svg(f, &m, &t, &res);
	text = held(f);
	{
		const char *th = strstr(text, "id=\"bar-stream-thread\"");
		const char *pp = strstr(text, "id=\"bar-stream-pin-performance\"");
		const char *e;

		CHECK(th && strstr(th, "fill-opacity=\"0.25\"") < strchr(th, '>'));
		CHECK(pp && !(strstr(pp, "fill-opacity") && strstr(pp, "fill-opacity") < strchr(pp, '>')));
		/* After thread's bar, before the next bar: its whisker and its '~'. */
		e = th ? strstr(th + 1, "class=\"bar\"") : NULL;
		CHECK(th && strstr(th, "class=\"err\"") && strstr(th, "class=\"err\"") < e);
		CHECK(th && strstr(th, "class=\"same\"") && strstr(th, "class=\"same\"") < e);
		e = pp ? strstr(pp + 1, "class=\"bar\"") : NULL;
		CHECK(pp && strstr(pp, "class=\"err\"") < e);
		CHECK(pp && (!strstr(pp, "class=\"same\"") || strstr(pp, "class=\"same\"") > e));
		CHECK(pp && strstr(pp, "(95% interval 1.927 .. 2.091)") != NULL);
		/* Every pale bar is one whose interval holds 1: 3 of the 4 others x 5 kernels. */
		{
			size_t pale = 0, same = 0;
			const char *q;

			for (q = text; (q = strstr(q, "fill-opacity=\"0.25\"")); q++)
				pale++;
			for (q = text; (q = strstr(q, "class=\"same\"")); q++)
				same++;
			/* The legend's pale icon is one more. */
			CHECK(pale == 2 * CT_NJOBS + 1);
			CHECK(same == 2 * CT_NJOBS);
		}
		/*
		 * pin-efficiency's whisker spans its interval, 0.495 .. 1.456 (its
		 * cv, about 60%, would span 0.2 .. 0.8): in units of its bar, from
		 * the axis at x0, 0.495 / 0.5 and 1.456 / 0.5.
		 */
		{
			const char *pe = strstr(text, "id=\"bar-stream-pin-efficiency\"");
			const char *err = pe ? strstr(pe, "class=\"err\" d=\"M") : NULL;
			double x0 = 0, bw = 0, lo = 0, hi = 0, y;

			CHECK(pe && sscanf(pe, "id=\"bar-stream-pin-efficiency\" x=\"%lf\" y=\"%lf\" "
					   "width=\"%lf\"", &x0, &y, &bw) == 3);
			CHECK(err && sscanf(err, "class=\"err\" d=\"M%lf %lfH%lf", &lo, &y, &hi) == 3);
			CHECK(bw > 10);
			CHECK(fabs((lo - x0) / bw - 0.4951689689 / 0.5) < 0.02);
			CHECK(fabs((hi - x0) / bw - 1.456310678 / 0.5) < 0.02);
		}
		CHECK(strstr(text, "whisker: 95% interval of the ratio") != NULL);
		CHECK(strstr(text, "have no whisker: too few rounds paired") != NULL);
	}
	free(text);

	ct_placements_results_free(&res);
	for (i = 0; i < NROWS; i++)
		ct_series_free(rows[i].ser, CT_NJOBS);
	free(unit_held);
	return unit_done();
}
