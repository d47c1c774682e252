/*
 * compare/fleet-chart.c - ct-compare --fleet's chart (-o DIR's summary.svg):
 * the hosts side by side, each bar a host's median over its peers' on a
 * log axis centred on 1 (an outlier 30 % off and a host 3 % off both
 * read at a glance), drawn by the chart writer of records/svg*.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "records/svg.h"
#include "ct-compare/fleet.h"

/*
 * Hosts enough to read: beyond, the hosts with an outlier come first, then
 * those whose wall geometric mean is lowest, until the rows run out; the
 * note says how many are left out (the table has them all).
 */
#define CT_FLEET_CHART_ROWS 120

static int chart_pick_order(const void *x, const void *y)
{
	const struct ct_fleet_host *a = *(const struct ct_fleet_host *const *)x;
	const struct ct_fleet_host *b = *(const struct ct_fleet_host *const *)y;
	double ga = a->geomean[CT_BASIS_WALL], gb = b->geomean[CT_BASIS_WALL];

	if ((a->outliers > 0) != (b->outliers > 0))
		return a->outliers > 0 ? -1 : 1;
	if (isnan(ga) != isnan(gb))
		return isnan(ga) ? 1 : -1;
	if (ga != gb && !isnan(ga))
		return ga < gb ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static int rank_order(const void *x, const void *y)
{
	const struct ct_fleet_host *a = *(const struct ct_fleet_host *const *)x;
	const struct ct_fleet_host *b = *(const struct ct_fleet_host *const *)y;

	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* A panel per kernel and size ("stream 16M"), the tool's name where several are. */
static void panel_keys(const struct ct_run_series *s, int tools, char *title, size_t tlen,
		       char *id, size_t ilen)
{
	char size[32] = "";

	if (!isnan(s->size))
		ct_compare_size_text(size, sizeof(size), s->size);
	snprintf(title, tlen, "%s%s%s%s%s", tools ? s->tool : "", tools ? " " : "", s->kernel,
		 size[0] ? " " : "", size);
	snprintf(id, ilen, "%s%s%s", s->kernel, size[0] ? "-" : "", size);
}

/* The chart being built: its panels, the hosts shown and their bars. */
struct fleet_chart {
	const struct ct_fleet *fl;
	size_t np, nshown;
	size_t *panel_of, *first_table;	/* per table */
	size_t *host_row;		/* per host: its row, or -1 */
	const struct ct_fleet_host **pick;
	char (*ptitles)[160], (*pids)[160], (*psubs)[160];
	struct ct_svg_panel *panels;
	struct ct_svg_row *rows;
	struct ct_svg_bar *bars;
	char (*tips)[640], (*odd)[280];
};

/* Panels, in the tables' order; each one's first table gives its bars. */
static void chart_panels(struct fleet_chart *fc)
{
	const struct ct_fleet *fl = fc->fl;
	size_t i, p;
	int tools = 0;

	for (i = 1; i < fl->ntables; i++)
		tools |= strcmp(fl->tables[i].s->tool, fl->tables[0].s->tool) != 0;
	fc->panel_of = ct_xcalloc(fl->ntables + 1, sizeof(*fc->panel_of));
	fc->first_table = ct_xcalloc(fl->ntables + 1, sizeof(*fc->first_table));
	fc->ptitles = ct_xcalloc(fl->ntables + 1, sizeof(*fc->ptitles));
	fc->pids = ct_xcalloc(fl->ntables + 1, sizeof(*fc->pids));
	fc->psubs = ct_xcalloc(fl->ntables + 1, sizeof(*fc->psubs));
	for (i = 0; i < fl->ntables; i++) {
		char t[160], id[160];

		panel_keys(fl->tables[i].s, tools, t, sizeof(t), id, sizeof(id));
		for (p = 0; p < fc->np && strcmp(fc->ptitles[p], t) != 0; p++)
			;
		if (p == fc->np) {
			snprintf(fc->ptitles[p], sizeof(fc->ptitles[p]), "%s", t);
			snprintf(fc->pids[p], sizeof(fc->pids[p]), "%s", id);
			snprintf(fc->psubs[p], sizeof(fc->psubs[p]), "at %.100s",
				 fl->tables[i].s->placement);
			fc->first_table[p] = i;
			fc->np++;
		}
		fc->panel_of[i] = p;
	}
}

/* The hosts shown: all, or the odd and the slowest first up to the rows. */
static void chart_hosts(struct fleet_chart *fc)
{
	const struct ct_fleet *fl = fc->fl;
	size_t i;

	fc->pick = ct_xmalloc((fl->nhosts ? fl->nhosts : 1) * sizeof(*fc->pick));
	for (i = 0; i < fl->nhosts; i++)
		fc->pick[i] = &fl->hosts[i];
	qsort(fc->pick, fl->nhosts, sizeof(*fc->pick), chart_pick_order);
	fc->nshown = fl->nhosts < CT_FLEET_CHART_ROWS ? fl->nhosts : CT_FLEET_CHART_ROWS;
	qsort(fc->pick, fc->nshown, sizeof(*fc->pick), rank_order);
	fc->host_row = ct_xcalloc(fl->nhosts + 1, sizeof(*fc->host_row));
	for (i = 0; i < fl->nhosts; i++)
		fc->host_row[i] = (size_t)-1;
	for (i = 0; i < fc->nshown; i++)
		fc->host_row[fc->pick[i] - fl->hosts] = i;
	fc->rows = ct_xcalloc(fc->nshown + 1, sizeof(*fc->rows));
	for (i = 0; i < fc->nshown; i++) {
		fc->rows[i].label = fc->pick[i]->name;
		fc->rows[i].sublabel = fc->pick[i]->model;
		fc->rows[i].color = CT_SVG_UNKNOWN;
	}
}

static void chart_bars(struct fleet_chart *fc)
{
	const struct ct_fleet *fl = fc->fl;
	size_t n = (fc->nshown + 1) * (fc->np + 1), i, r, p;

	fc->tips = ct_xcalloc(n, sizeof(*fc->tips));
	fc->odd = ct_xcalloc(n, sizeof(*fc->odd));
	fc->bars = ct_xcalloc(n, sizeof(*fc->bars));
	for (i = 0; i < n; i++)
		fc->bars[i].value = fc->bars[i].marker = NAN;
	for (i = 0; i < fl->nrows; i++) {
		const struct ct_fleet_row *fr = &fl->rows[i];
		struct ct_svg_bar *b;

		r = fc->host_row[fr->host];
		if (r == (size_t)-1)
			continue;
		p = fc->panel_of[fr->table];
		b = &fc->bars[p * fc->nshown + r];
		/* An outlier of the kernel anywhere marks its bar. */
		if (fr->outlier == 1 && !b->outlier) {
			b->outlier = 1;
			snprintf(fc->odd[p * fc->nshown + r], sizeof(fc->odd[0]), "an outlier at %s, "
				 "%s basis: %.200s", fr->s->placement,
				 ct_basis_name((enum ct_basis)fr->basis), fr->reason ? fr->reason : "");
		}
		if (fr->table != fc->first_table[p])
			continue;
		if (fr->basis == CT_BASIS_CPU) {
			b->marker = fr->ratio;
			continue;
		}
		fc->rows[r].color = fr->kinds[0] ? ct_svg_kinds_color(fr->kinds) : CT_SVG_UNKNOWN;
		b->value = fr->ratio;
		if (isfinite(fr->ratio_lo) && isfinite(fr->ratio_hi)) {
			b->lo = fr->ratio_lo;
			b->hi = fr->ratio_hi;
		}
	}
}

/* Each bar's tooltip: its figures (in their natural unit) first, then its outliers. */
static void chart_tips(struct fleet_chart *fc)
{
	const struct ct_fleet *fl = fc->fl;
	size_t i, r, p;

	for (i = 0; i < fl->nrows; i++) {
		const struct ct_fleet_row *fr = &fl->rows[i];
		char mine[64], peers[64], *odd;

		r = fc->host_row[fr->host];
		p = fc->panel_of[fr->table];
		if (r == (size_t)-1 || fr->table != fc->first_table[p] || fr->basis != CT_BASIS_WALL)
			continue;
		odd = fc->odd[p * fc->nshown + r];
		ct_svg_figure(mine, sizeof(mine), fr->median, fr->s->unit, fr->median);
		ct_svg_figure(peers, sizeof(peers), fr->group_median, fr->s->unit,
				       fr->median);
		snprintf(fc->tips[p * fc->nshown + r], sizeof(fc->tips[0]), "%.60s, %s at %.60s, "
			 "wall basis: %s against its %zu peers' %s, ratio %.3f%s%.250s",
			 fl->hosts[fr->host].name, fc->ptitles[p], fr->s->placement, mine,
			 fr->group_n, peers, fr->ratio, odd[0] ? "; " : "", odd);
	}
	for (i = 0; i < fc->nshown * fc->np; i++)
		if (fc->tips[i][0])
			fc->bars[i].tip = fc->tips[i];
	fc->panels = ct_xcalloc(fc->np + 1, sizeof(*fc->panels));
	for (p = 0; p < fc->np; p++) {
		fc->panels[p].id = fc->pids[p];
		fc->panels[p].title = fc->ptitles[p];
		fc->panels[p].subtitle = fc->psubs[p];
		fc->panels[p].bars = &fc->bars[p * fc->nshown];
	}
}

/*
 * The hosts side by side: a row per host (its cpu model under its name,
 * its bars the colour of its kind), a panel per kernel and size, each bar
 * the host's median at the panel's first placement (main, where the
 * records have it) over its peers', on the wall basis, the cpu basis's
 * ratio as the diamond.  A bar is marked an outlier where the host has
 * one in that kernel at any placement or basis: the table says which.
 */
void ct_fleet_svg(FILE *f, const struct ct_fleet *fl)
{
	struct fleet_chart fc;
	char title[200], line0[600], line1[600], note0[400], note1[400];
	struct ct_svg_chart ch;

	memset(&fc, 0, sizeof(fc));
	fc.fl = fl;
	chart_panels(&fc);
	chart_hosts(&fc);
	chart_bars(&fc);
	chart_tips(&fc);
	memset(&ch, 0, sizeof(ch));
	snprintf(title, sizeof(title), "coretype: %zu host%s against their peers", fl->nhosts,
		 fl->nhosts == 1 ? "" : "s");
	ch.title = title;
	snprintf(line0, sizeof(line0), "Each host's median rate over its peers' (the hosts of "
		 "its cpu model and kind of core), on the wall basis, at each panel's placement, "
		 "on a log scale centred on 1; diamonds: the same on the cpu basis. Error bars: "
		 "the host's 95%% interval over its peers' median, where it has one. %zu host%s, "
		 "%zu cpu model%s, %zu outlier row%s in the table.", fl->nhosts,
		 fl->nhosts == 1 ? "" : "s", fl->models, fl->models == 1 ? "" : "s", fl->outliers,
		 fl->outliers == 1 ? "" : "s");
	ch.lines[0] = line0;
	snprintf(line1, sizeof(line1), "!: the host is an outlier in that kernel (at some "
		 "placement or basis: the tooltip and the table say which and why), beyond %g "
		 "scaled MADs of its peers' median and at least %g%% from it, in a group of %d "
		 "hosts at least.", CT_FLEET_MADS, 100 * fl->threshold, CT_FLEET_MIN_GROUP);
	ch.lines[1] = line1;
	ch.axis = "host / peers (log scale)";
	ch.scale = CT_SVG_LOG;
	ch.reference = 1.0;
	ch.reference_label = "peers' median = 1";
	ch.rows = fc.rows;
	ch.nrows = fc.nshown;
	ch.panels = fc.panels;
	ch.npanels = fc.np;
	ch.bar_legend = "bar: wall basis, from 1";
	ch.err_legend = "error bar: the host's 95% interval";
	ch.marker_legend = "diamond: cpu basis";
	ch.outlier_legend = "red outline and !: an outlier in the kernel";
	snprintf(note0, sizeof(note0), "A row without a bar: the host has no such result, or no "
		 "median; the table (summary.md) lists every placement.");
	ch.notes[0] = note0;
	if (fc.nshown < fl->nhosts) {
		snprintf(note1, sizeof(note1), "%zu of %zu hosts shown: every host with an outlier "
			 "first, then the lowest geometric means on the wall basis; the table has "
			 "them all.", fc.nshown, fl->nhosts);
		ch.notes[1] = note1;
	}
	ct_svg_write(f, &ch);
	free(fc.pick);
	free(fc.ptitles);
	free(fc.pids);
	free(fc.psubs);
	free(fc.panel_of);
	free(fc.first_table);
	free(fc.host_row);
	free(fc.rows);
	free(fc.tips);
	free(fc.odd);
	free(fc.bars);
	free(fc.panels);
}
