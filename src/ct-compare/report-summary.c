/*
 * ct-compare/report-summary.c - what a comparison comes to, per NEW input:
 * the verdicts record (each result counted once, by its wall rate row)
 * and the geomean record (a figure's ratios, their geometric mean), as a
 * table under the rows, Markdown or records.  The rows themselves are
 * ct-compare/report.c's.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "report/report.h"
#include "core/mann-whitney.h"
#include "ct-compare/compare.h"
#include "core/term.h"

/* --- The geomean record: a NEW's rows of one figure, basis and unit, their ratios' mean. --- */

struct geo_rec {
	const struct ct_compare *c;
	const struct ct_compare_geomean *g;
};

enum geo_field { G_NEW_FILE, G_FIGURE, G_BASIS, G_UNIT, G_ROWS, G_RATIO, G_CI_LOW, G_CI_HIGH,
		 G_INTERVAL, G_ONE_RUN, G_FILE };

static const struct ct_rec_field geo_fields[] = {
	{ G_NEW_FILE, NULL, "new", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ G_FIGURE, "figure", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ G_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ G_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ G_ROWS, "rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ G_RATIO, "geomean", NULL, CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ G_CI_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ G_CI_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ G_INTERVAL, NULL, "95% interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ G_ONE_RUN, "one_run_rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ G_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

static void geo_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct geo_rec *gr = rec;
	const struct ct_compare_geomean *g = gr->g;

	switch ((enum geo_field)id) {
	case G_NEW_FILE:
	case G_FILE:
		v->str = gr->c->runs[g->newi + 1].file;
		break;
	case G_FIGURE:
		v->str = ct_figure_label(g->fig, g->unit);
		break;
	case G_BASIS:
		v->str = g->basis < 0 ? "cpu/wall" : ct_basis_name((enum ct_basis)g->basis);
		break;
	case G_UNIT:
		v->str = out & CT_REC_TEXT ? ct_rec_unit_text(g->unit) : g->unit;
		break;
	case G_ROWS:
		v->i = (long long)g->n;
		break;
	case G_RATIO:
		v->num = g->ratio;
		break;
	case G_CI_LOW:
		v->num = g->ci_lo;
		break;
	case G_CI_HIGH:
		v->num = g->ci_hi;
		break;
	case G_INTERVAL:
		/* Rows of one run a side are apart, not changed: so is their mean. */
		if (g->one_run) {
			v->str = "apart, one run";
			break;
		}
		if (g->fig == CT_FIG_SHARE) {
			v->str = "load, no verdict";
			break;
		}
		v->omit = isnan(g->ci_lo);
		snprintf(v->buf, sizeof(v->buf), "%.3f .. %.3f", g->ci_lo, g->ci_hi);
		v->str = v->buf;
		break;
	case G_ONE_RUN:
		v->i = (long long)g->one_run;
		break;
	}
}

const struct ct_rec_kind ct_rec_geomean = {
	"geomean", geo_fields, CT_ARRAY_SIZE(geo_fields), geo_value, 0
};

/* The geometric means: a table under the rows (out: the table or Markdown), or records. */
void ct_compare_geomean_rows(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_rec_writer w;
	struct geo_rec gr = { c, NULL };
	size_t i, one_run = 0;

	if (!c->ngeo)
		return;
	if (out & CT_REC_TEXT) {
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, "geomean: the ratios' geometric mean by figure, basis and unit");
	}
	ct_rec_begin(&w, f, out, &ct_rec_geomean);
	if (c->nruns <= 2)
		ct_rec_hide(&w, G_NEW_FILE);
	for (i = 0; i < c->ngeo; i++) {
		gr.g = &c->geo[i];
		one_run += gr.g->one_run;
		ct_rec_write(&w, &gr);
	}
	ct_rec_end(&w);
	if ((out & CT_REC_TEXT) && one_run) {
		struct ct_doc d;

		ct_doc_init(&d, f, out, "");
		/* A line right under a Markdown table would be read as a row of it. */
		if (out == CT_REC_MD)
			ct_doc_blank(&d);
		ct_doc_line(&d, "(apart, one run: a mean of rows tested on one run a side, "
			    "whose intervals hold that run's spread only, has no interval and no "
			    "verdict; 5 runs a side give one)");
	}
}

/* --- The verdicts record: a NEW's results, each counted once. --- */

struct verdicts_rec {
	const struct ct_compare *c;
	const struct ct_compare_verdicts *v;
};

enum verdicts_field {
	V_NEW_FILE, V_RESULTS, V_FASTER, V_SLOWER, V_SAME, V_UNCONFIRMED, V_NONE, V_READER,
	V_BASE_ONLY, V_NEW_ONLY, V_FOUND, V_FILE
};

static const struct ct_rec_field verdicts_fields[] = {
	{ V_NEW_FILE, NULL, "new", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ V_RESULTS, "results", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_FASTER, "faster", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_SLOWER, "slower", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_SAME, "unchanged", "~", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_UNCONFIRMED, "unconfirmed", "apart, one run", CT_REC_INT, NULL, NULL,
	  CT_REC_ALL | CT_REC_FIT(1) },
	{ V_NONE, "without_verdict", "no verdict", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_READER, "different_reader", "different reader", CT_REC_INT, NULL, NULL,
	  CT_REC_ALL | CT_REC_FIT(1) },
	{ V_BASE_ONLY, "base_only", "base only", CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(2) },
	{ V_NEW_ONLY, "new_only", "new only", CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(2) },
	{ V_FOUND, "found", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ V_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

static void verdicts_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct verdicts_rec *vr = rec;
	const struct ct_compare_verdicts *n = vr->v;

	(void)out;
	switch ((enum verdicts_field)id) {
	case V_NEW_FILE:
	case V_FILE:
		v->str = vr->c->runs[n->newi + 1].file;
		break;
	case V_RESULTS:
		v->i = (long long)n->results;
		break;
	case V_FASTER:
		v->i = (long long)n->faster;
		break;
	case V_SLOWER:
		v->i = (long long)n->slower;
		break;
	case V_SAME:
		v->i = (long long)n->same;
		break;
	case V_UNCONFIRMED:
		v->i = (long long)n->unconfirmed;
		break;
	case V_NONE:
		v->i = (long long)n->none;
		break;
	case V_READER:
		v->i = (long long)n->reader;
		break;
	case V_BASE_ONLY:
		v->i = (long long)n->base_only;
		break;
	case V_NEW_ONLY:
		v->i = (long long)n->new_only;
		break;
	case V_FOUND:
		v->str = n->found;
		break;
	}
}

const struct ct_rec_kind ct_rec_verdicts = {
	"verdicts", verdicts_fields, CT_ARRAY_SIZE(verdicts_fields), verdicts_value, 0
};

/* The verdicts, one line per NEW: a table under the rows (out: the table or Markdown), or records. */
void ct_compare_verdicts_rows(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_rec_writer w;
	struct verdicts_rec vr = { c, NULL };
	size_t i;

	if (out & CT_REC_TEXT) {
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, "verdicts: each result (tool, kernel, placement, size) once, "
			     "by its wall rate row");
	}
	ct_rec_begin(&w, f, out, &ct_rec_verdicts);
	if (c->nruns <= 2)
		ct_rec_hide(&w, V_NEW_FILE);
	for (i = 0; i + 1 < c->nruns; i++) {
		vr.v = &c->verdicts[i];
		ct_rec_write(&w, &vr);
	}
	ct_rec_end(&w);
}

/*
 * The comparison's last line: what was found, per NEW (its file first
 * where there are several).
 */
void ct_compare_found_lines(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_doc d;
	size_t i;

	ct_doc_init(&d, f, out, "");
	ct_doc_blank(&d);
	for (i = 0; i + 1 < c->nruns; i++) {
		if (c->nruns > 2)
			ct_doc_line(&d, "found: %s: %s", c->runs[i + 1].file, c->verdicts[i].found);
		else
			ct_doc_line(&d, "found: %s", c->verdicts[i].found);
	}
}
