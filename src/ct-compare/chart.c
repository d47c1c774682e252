/*
 * compare/chart.c - ct-compare's chart (-o DIR's summary.svg): a panel per
 * kernel (and size), a bar row per placement (and NEW, with several),
 * each bar new's median over base's on a log axis centred on 1, so that
 * a 10 % change and its interval are as plain as a halving; the bars
 * the verdict called a change are outlined, with a triangle saying which
 * way.  Drawn by the chart writer of records/svg*.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/svg.h"
#include "ct-compare/compare.h"

/*
 * A row's place in the chart: its panel, the kernel and its size (a stream
 * of 16M is a panel of its own), and its bar row, the placement (and the
 * NEW, with several), so that every panel has the same rows as the
 * table's keys: a size in the row would give the other kernels' panels
 * rows they never measured.
 */
static void chart_keys(const struct ct_compare *c, const struct ct_compare_row *cr,
		       char *panel, size_t plen, char *row, size_t rlen)
{
	const struct ct_run_series *s = ct_compare_side(cr);
	char title[160], size[32];

	ct_compare_kernel_title(title, sizeof(title), s);
	ct_compare_size_text(size, sizeof(size), s->size);
	snprintf(panel, plen, "%.120s%s%s", title, isnan(s->size) ? "" : " ",
		 isnan(s->size) ? "" : size);
	if (c->nruns > 2)
		snprintf(row, rlen, "%.60s: %.90s", c->runs[cr->newi + 1].file, s->placement);
	else
		snprintf(row, rlen, "%s", s->placement);
}

/* The chart being built: its panels and rows, in the table's order. */
struct compare_chart {
	const struct ct_compare *c;
	size_t np, nrows;
	struct ct_svg_panel *panels;
	struct ct_svg_row *rows;
	struct ct_svg_bar *bars;
	char (*labels)[160], (*ptitles)[160], (*pids)[160], (*tips)[400];
	int any_disturbed, any_change, any_same;
};

/*
 * Where a row's bar goes: its panel and bar row (np or nrows where none
 * yet), their keys into ktitle and label (160 bytes each).
 */
static void chart_place(const struct compare_chart *cc, const struct ct_compare_row *cr,
			size_t *p, size_t *r, char *ktitle, char *label)
{
	chart_keys(cc->c, cr, ktitle, 160, label, 160);
	for (*p = 0; *p < cc->np && strcmp(cc->ptitles[*p], ktitle) != 0; (*p)++)
		;
	for (*r = 0; *r < cc->nrows && strcmp(cc->labels[*r], label) != 0; (*r)++)
		;
}

/* Panels and rows: the kernels and the placements, in the table's order. */
static void chart_layout(struct compare_chart *cc)
{
	const struct ct_compare *c = cc->c;
	size_t i, p, r;

	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *cr = &c->rows[i];
		const struct ct_run_series *s = ct_compare_side(cr);
		char size[32], ktitle[160], label[160];

		if (cr->fig != CT_FIG_RATE || cr->basis != CT_BASIS_WALL)
			continue;
		chart_place(cc, cr, &p, &r, ktitle, label);
		if (p == cc->np) {
			snprintf(cc->ptitles[p], sizeof(cc->ptitles[p]), "%s", ktitle);
			ct_compare_size_text(size, sizeof(size), s->size);
			snprintf(cc->pids[p], sizeof(cc->pids[p]), "%s-%s%s%s", s->kernel, s->isa,
				 isnan(s->size) ? "" : "-", isnan(s->size) ? "" : size);
			cc->np++;
		}
		if (r == cc->nrows) {
			snprintf(cc->labels[r], sizeof(cc->labels[r]), "%s", label);
			cc->rows[r].label = cc->labels[r];
			cc->rows[r].color = s->kinds ? ct_svg_kinds_color(s->kinds) : CT_SVG_UNKNOWN;
			cc->nrows++;
		}
	}
}

/* A wall row's bar: the ratio, its interval, whether it changed and which way. */
static void chart_bar(struct compare_chart *cc, const struct ct_compare_row *cr,
		      struct ct_svg_bar *b, char *tip, size_t tlen, const char *ktitle)
{
	const struct ct_run_series *s = ct_compare_side(cr);
	/* A time (ct-place --bench's) is faster below 1, a rate above. */
	int time = strcmp(ct_figure_label(cr->fig, cr->unit), "time") == 0;
	int faster = (cr->ratio > 1) != time;
	char a[64], v[64], n[64];
	const char *verdict = cr->changed == 1 ? (faster ? "faster" : "slower") :
			      cr->changed == 0 ? "no change called" : "no verdict";

	b->value = cr->ratio;
	b->disturbed = cr->dist_a > 0 || cr->dist_b > 0;
	cc->any_disturbed |= b->disturbed;
	if (!isnan(cr->ci_lo)) {
		b->lo = cr->ci_lo;
		b->hi = cr->ci_hi;
	}
	b->same = cr->changed == 0;
	cc->any_same |= b->same;
	if (cr->changed == 1) {
		b->change = faster ? CT_SVG_FASTER : CT_SVG_SLOWER;
		cc->any_change = 1;
	}
	if (isnan(cr->p))
		snprintf(v, sizeof(v), "no test (summaries only)");
	else
		snprintf(v, sizeof(v), "p = %.3g, %s", cr->p,
			 cr->significant ? "significant" : "not significant");
	ct_svg_figure(a, sizeof(a), cr->med_a, cr->unit, cr->med_a);
	ct_svg_figure(n, sizeof(n), cr->med_b, cr->unit, cr->med_a);
	snprintf(tip, tlen, "%s at %s, wall basis: %s in base, %s in new, ratio %.3f (%+.1f %%): "
		 "%s; %s", ktitle, s->placement, a, n, cr->ratio, 100 * (cr->ratio - 1), verdict, v);
	b->tip = tip;
}

static void chart_bars(struct compare_chart *cc)
{
	const struct ct_compare *c = cc->c;
	size_t i, p, r;

	cc->bars = ct_xcalloc((cc->np ? cc->np : 1) * (cc->nrows ? cc->nrows : 1),
			      sizeof(*cc->bars));
	cc->tips = ct_xcalloc(cc->np * cc->nrows + 1, sizeof(*cc->tips));
	for (i = 0; i < cc->np * cc->nrows; i++) {
		cc->bars[i].value = NAN;
		cc->bars[i].marker = NAN;
	}
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *cr = &c->rows[i];
		char ktitle[160], label[160];

		if (cr->fig != CT_FIG_RATE)
			continue;
		chart_place(cc, cr, &p, &r, ktitle, label);
		if (p == cc->np || r == cc->nrows)
			continue;
		if (cr->basis == CT_BASIS_CPU)
			cc->bars[p * cc->nrows + r].marker = cr->ratio;
		else
			chart_bar(cc, cr, &cc->bars[p * cc->nrows + r], cc->tips[p * cc->nrows + r],
				  sizeof(cc->tips[0]), cc->ptitles[p]);
	}
	for (p = 0; p < cc->np; p++) {
		cc->panels[p].id = cc->pids[p];
		cc->panels[p].title = cc->ptitles[p];
		cc->panels[p].bars = &cc->bars[p * cc->nrows];
	}
}

/*
 * One panel per kernel (and size), one bar row per placement (and NEW
 * with several): the rate's ratio on the wall basis, its interval as the
 * error bar, the cpu basis's ratio as the diamond.
 */
void ct_compare_svg(FILE *f, const struct ct_compare *c)
{
	struct compare_chart cc;
	struct ct_svg_chart ch;
	char title[200], line0[600], line1[400], notes[800];

	memset(&cc, 0, sizeof(cc));
	cc.c = c;
	cc.panels = ct_xcalloc(c->nrows + 1, sizeof(*cc.panels));
	cc.rows = ct_xcalloc(c->nrows + 1, sizeof(*cc.rows));
	cc.labels = ct_xcalloc(c->nrows + 1, sizeof(*cc.labels));
	cc.ptitles = ct_xcalloc(c->nrows + 1, sizeof(*cc.ptitles));
	cc.pids = ct_xcalloc(c->nrows + 1, sizeof(*cc.pids));
	chart_layout(&cc);
	chart_bars(&cc);

	memset(&ch, 0, sizeof(ch));
	snprintf(title, sizeof(title), "coretype: %s relative to base",
		 c->nruns > 2 ? "each new run" : "new");
	ch.title = title;
	snprintf(line0, sizeof(line0), "Base: %s (%s). New: %s%s.", c->runs[0].file,
		 c->runs[0].nmach ? c->runs[0].mach[0].m.cpu_model : "no machine record",
		 c->runs[1].file, c->nruns > 2 ? " and the others, one row each" : "");
	ch.lines[0] = line0;
	snprintf(line1, sizeof(line1), "Bars: the ratio of the medians on the wall basis "
		 "(elapsed time), new over base, from 1 on a log scale; diamonds: the same on the "
		 "cpu basis. Error bars: the 95%% interval (Hodges-Lehmann on the log ratios), "
		 "where both sides have samples. A rate above 1 is faster, a time (ct-place "
		 "--bench) above 1 slower.");
	ch.lines[1] = line1;
	ch.axis = "new / base (log scale)";
	ch.scale = CT_SVG_LOG;
	ch.reference = 1.0;
	ch.reference_label = "base = 1";
	ch.rows = cc.rows;
	ch.nrows = cc.nrows;
	ch.panels = cc.panels;
	ch.npanels = cc.np;
	ch.bar_legend = "bar: wall basis, from 1";
	ch.err_legend = "error bar: 95% interval of the ratio";
	ch.marker_legend = "diamond: cpu basis";
	if (cc.any_same)
		ch.same_legend = "pale bar, ~: no change called";
	if (cc.any_change)
		ch.change_legend = "black outline, \xe2\x96\xb2 faster, \xe2\x96\xbc slower: called a change";
	snprintf(notes, sizeof(notes), "A row without a bar is in one input only, or has no "
		 "ratio (a side without a median); the table (summary.md) lists it and why.");
	ch.notes[0] = notes;
	if (cc.any_disturbed)
		ch.caveat = "*: a side of the bar had disturbed (descheduled) samples: its wall basis "
			    "measured other work too; the table counts them";
	ct_svg_write(f, &ch);
	free(cc.panels);
	free(cc.rows);
	free(cc.labels);
	free(cc.ptitles);
	free(cc.pids);
	free(cc.tips);
	free(cc.bars);
}
