/*
 * ct-place/chart.c - ct-place's comparison as a chart (-o DIR's summary.svg),
 * drawn by the chart writer of records/svg*.c: a panel per kernel, a row
 * per placement, each bar its median rate over the reference's on a
 * linear axis from 0 (a halving reads as half the bar).
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "ct-place/placements.h"
#include "core/cpuset.h"
#include "measure/results.h"
#include "records/svg.h"
#include "workloads/latency.h"

/* "cpus 0-1 (P)": where a row's samples ran, as the tables have it. */
static void row_where(const struct ct_placements_row *row, char *buf, size_t len)
{
	char list[64], letters[24];

	ct_placements_row_cpus(row, list, sizeof(list));
	ct_placements_kind_letters(row->kinds, letters, sizeof(letters));
	snprintf(buf, len, "cpu%s %s%s%s%s", strpbrk(list, ",-") ? "s" : "", list,
		 letters[0] ? " (" : "", letters, letters[0] ? ")" : "");
}

static const char *const kernel_titles[CT_NJOBS] = {
	"clock", "FMA in L1", "stream read", "memory latency (one chain)",
	"memory parallelism",
};

static const char *const kernel_ids[CT_NJOBS] = { "clock", "fma", "stream", "latency", "chains" };

/*
 * Lines in flight as the table has them, "36.2*!": marked from disturbed
 * samples and above what the chains can have.
 */
static void flight_text(char *buf, size_t len, const struct ct_latency_figures *lat)
{
	snprintf(buf, len, "%.1f%s%s", lat->in_flight, lat->flight_disturbed ? "*" : "",
		 lat->flight_implausible ? "!" : "");
}

/*
 * The chase's figures after a bar's tip: the latency under the one
 * chain, the lines in flight under the chains (both on the wall basis),
 * the latter marked and explained where they cannot be.
 */
static void chase_tip(char *tip, size_t len, int k, const struct ct_latency_figures *lat)
{
	size_t l = strlen(tip);
	char fl[32];

	if (k == CT_JOB_LATENCY && isfinite(lat->cycles_per_load))
		snprintf(tip + l, len - l, "; %.1f ns, %.1f cycles per load", lat->ns_per_load,
			 lat->cycles_per_load);
	else if (k == CT_JOB_LATENCY)
		snprintf(tip + l, len - l, "; %.1f ns per load", lat->ns_per_load);
	else if (k == CT_JOB_CHAINS && lat->flight_implausible) {
		flight_text(fl, sizeof(fl), lat);
		snprintf(tip + l, len - l, "; %s lines in flight, above the %.1f %u chains "
			 "can have: the one chain's latency was read long", fl,
			 ct_latency_flight_max(lat->chains), lat->chains);
	} else if (k == CT_JOB_CHAINS) {
		flight_text(fl, sizeof(fl), lat);
		snprintf(tip + l, len - l, "; %s lines in flight", fl);
	}
}

/* A ratio's interval after a bar's tip: " (95% interval 0.95 .. 1.02~)". */
static void interval_tip(char *tip, size_t len, const struct ct_results *rr, enum ct_basis b,
			 double alpha)
{
	size_t l = strlen(tip);

	if (rr->ratio_same[b] >= 0)
		snprintf(tip + l, len - l, " (%g%% interval %.3f .. %.3f%s)", 100 * (1 - alpha),
			 rr->ratio_lo[b], rr->ratio_hi[b], rr->ratio_same[b] ? ", holds 1: ~" : "");
}

/* The chart being built, and the text it points to. */
struct place_chart {
	const struct ct_placements_results *res;
	struct ct_svg_chart c;
	struct ct_svg_panel panels[CT_NJOBS];
	struct ct_svg_row *srow;
	struct ct_svg_bar *bars;
	char (*where)[96];
	char (*tips)[400];
	char title[160], machine[512], run[400], basis[400], ptitle[CT_NJOBS][96];
	char psub[CT_NJOBS][224], notes[1200], axis[96], reflabel[80], errlegend[96];
	char untested[200];
	char *caveat;
	size_t caveat_len;
	unsigned disturbed, no_interval, flight_implausible;
};

/* The title, the lines under it, the axis and the legend. */
static void chart_text(struct place_chart *pc, const struct ct_machine *m)
{
	const struct ct_placements_results *res = pc->res;
	const struct ct_placements_row *rows = res->rows, *base = res->ref;
	const char *bname = base ? base->p.name : "main";
	size_t i, used;
	int k;

	snprintf(pc->title, sizeof(pc->title), "coretype: what each placement gets, relative "
		 "to %s", bname);
	pc->c.title = pc->title;
	snprintf(pc->machine, sizeof(pc->machine), "%s, %s %s %s, %ld cpus online.", m->cpu_model,
		 m->os, m->release, m->arch, m->cpus_online);
	pc->c.lines[0] = pc->machine;
	for (i = 0; i < res->n; i++)
		if (rows[i].ran)
			break;
	if (i < res->n) {
		used = (size_t)snprintf(pc->run, sizeof(pc->run), "Kernels ");
		for (k = 0; k < CT_NJOBS && used < sizeof(pc->run); k++)
			used += (size_t)snprintf(pc->run + used, sizeof(pc->run) - used, "%s%s (%s)",
						 k ? ", " : "", rows[i].k[k].name, rows[i].k[k].isa);
		if (used < sizeof(pc->run))
			snprintf(pc->run + used, sizeof(pc->run) - used, ": %u interleaved rounds, a "
				 "sample of each under every placement in each, every one verified.",
				 rows[i].ser[0].n);
	} else {
		snprintf(pc->run, sizeof(pc->run), "No placement was measured.");
	}
	pc->c.lines[1] = pc->run;
	snprintf(pc->basis, sizeof(pc->basis), "Bars: median rate on the wall basis (elapsed "
		 "time) over %s's in the same rounds, the whisker its %g%% interval (signed-rank), "
		 "pale where that holds 1; diamonds: the same on the cpu basis (the thread's CPU time).%s", bname,
		 100 * (1 - res->alpha), base && !res->ref_main ? " (main was not measured.)" : "");
	pc->c.lines[2] = pc->basis;
	snprintf(pc->axis, sizeof(pc->axis), "median rate relative to %s", bname);
	pc->c.axis = pc->axis;
	pc->c.reference = 1.0;
	snprintf(pc->reflabel, sizeof(pc->reflabel), "%s = 1", bname);
	pc->c.reference_label = pc->reflabel;
	pc->c.bar_legend = "bar: wall basis";
	snprintf(pc->errlegend, sizeof(pc->errlegend), "whisker: %g%% interval of the ratio",
		 100 * (1 - res->alpha));
	pc->c.err_legend = pc->errlegend;
	pc->c.same_legend = "pale bar, ~: the interval holds 1";
	pc->c.marker_legend = "diamond: cpu basis";
}

/* Row r's bar of kernel k, at bar row nr, and its tooltip. */
static void chart_bar(struct place_chart *pc, size_t r, int k, size_t nr)
{
	const struct ct_placements_results *res = pc->res;
	const struct ct_placements_row *rows = res->rows, *base = res->ref;
	struct ct_svg_bar *b = &pc->bars[(size_t)k * res->n + nr];
	const struct ct_results *rr = &res->r[r][k];
	const struct ct_summary *sw = &rr->b[CT_BASIS_WALL], *sc = &rr->b[CT_BASIS_CPU];
	char *tip = pc->tips[(size_t)k * res->n + nr], wall[64], cpu[64];

	/* The whisker: the ratio's interval (none: the reference, too few samples). */
	b->value = rr->ratio[CT_BASIS_WALL];
	b->lo = rr->ratio_lo[CT_BASIS_WALL];
	b->hi = rr->ratio_hi[CT_BASIS_WALL];
	b->same = rr->ratio_same[CT_BASIS_WALL] == 1;
	b->marker = rr->ratio[CT_BASIS_CPU];
	if (&rows[r] != base && isfinite(b->value) && rr->ratio_same[CT_BASIS_WALL] < 0)
		pc->no_interval++;
	ct_svg_figure(wall, sizeof(wall), sw->rate.median, rows[r].k[k].unit, sw->rate.median);
	ct_svg_figure(cpu, sizeof(cpu), sc->rate.median, rows[r].k[k].unit, sc->rate.median);
	snprintf(tip, 400, "%s, %s (%s): %s median on the wall basis, %.3f x %s", rows[r].p.name,
		 rows[r].k[k].name, rows[r].k[k].isa, wall, b->value, base->p.name);
	interval_tip(tip, 400, rr, CT_BASIS_WALL, res->alpha);
	snprintf(tip + strlen(tip), 400 - strlen(tip), ", cv %.2f%%; %s on the cpu basis, %.3f x "
		 "%s", sw->rate.cv_pct, cpu, b->marker, base->p.name);
	interval_tip(tip, 400, rr, CT_BASIS_CPU, res->alpha);
	snprintf(tip + strlen(tip), 400 - strlen(tip), "; %u samples, verified", sw->reps);
	chase_tip(tip, 400, k, &res->lat[r][CT_BASIS_WALL]);
	if (k == CT_JOB_CHAINS && res->lat[r][CT_BASIS_WALL].flight_implausible)
		pc->flight_implausible++;
	b->disturbed = sw->descheduled > 0;
	if (b->disturbed) {
		size_t l = strlen(tip);

		snprintf(tip + l, 400 - l, "; %u disturbed (descheduled)", sw->descheduled);
		pc->disturbed++;
	}
	b->tip = tip;
}

/* A row per placement measured, a bar per kernel. */
static void chart_rows(struct place_chart *pc)
{
	const struct ct_placements_results *res = pc->res;
	const struct ct_placements_row *rows = res->rows;
	size_t r, nr = 0;
	int k;

	for (r = 0; r < res->n; r++) {
		if (!rows[r].ran)
			continue;
		row_where(&rows[r], pc->where[nr], sizeof(pc->where[nr]));
		pc->srow[nr].label = rows[r].p.name;
		pc->srow[nr].sublabel = pc->where[nr];
		pc->srow[nr].color = ct_svg_kinds_color(rows[r].kinds);
		for (k = 0; k < CT_NJOBS; k++)
			chart_bar(pc, r, k, nr);
		nr++;
	}
	pc->c.rows = pc->srow;
	pc->c.nrows = nr;
}

/*
 * A panel per kernel, its subtitle the reference's median in the
 * kernel's natural unit (a chase's in ns per load, not loads per ns).
 */
static void chart_panels(struct place_chart *pc)
{
	const struct ct_placements_results *res = pc->res;
	const struct ct_placements_row *rows = res->rows, *base = res->ref;
	char fig[64];
	int k;

	for (k = 0; k < CT_NJOBS; k++) {
		pc->panels[k].id = kernel_ids[k];
		if (base) {
			const struct ct_summary *bw = &res->r[base - rows][k].b[CT_BASIS_WALL];

			snprintf(pc->ptitle[k], sizeof(pc->ptitle[k]), "%s (%s, %s)", kernel_titles[k],
				 base->k[k].name, base->k[k].isa);
			ct_svg_figure(fig, sizeof(fig), bw->rate.median, base->k[k].unit,
				      bw->rate.median);
			snprintf(pc->psub[k], sizeof(pc->psub[k]), "%s: %s (median, wall) = 1",
				 base->p.name, fig);
			/*
			 * The chains' panel names the table's figure too: the time
			 * a load over N chains is the lines in flight's divisor.
			 */
			if (k == CT_JOB_CHAINS) {
				const struct ct_latency_figures *lat =
					&res->lat[base - rows][CT_BASIS_WALL];
				char fl[32];

				flight_text(fl, sizeof(fl), lat);
				snprintf(pc->psub[k], sizeof(pc->psub[k]), "%s: %s over %u chains, "
					 "%s lines in flight (median, wall) = 1", base->p.name, fig,
					 lat->chains, fl);
			}
			pc->panels[k].subtitle = pc->psub[k];
		} else {
			snprintf(pc->ptitle[k], sizeof(pc->ptitle[k]), "%s", kernel_titles[k]);
			pc->panels[k].subtitle = NULL;
		}
		pc->panels[k].title = pc->ptitle[k];
		pc->panels[k].bars = &pc->bars[(size_t)k * res->n];
	}
	pc->c.panels = pc->panels;
	pc->c.npanels = CT_NJOBS;
}

/* What the run warned about (first thing under the title), what was not measured. */
static void chart_notes(struct place_chart *pc, const struct ct_machine *m)
{
	const struct ct_placements_results *res = pc->res;
	size_t i, r, used = 0;

	if (m->nwarnings || pc->disturbed || pc->flight_implausible) {
		/* Every warning whole: the chart wraps it (svg.c). */
		ct_xappendf(&pc->caveat, &pc->caveat_len, "Caveat:");
		if (pc->disturbed)
			ct_xappendf(&pc->caveat, &pc->caveat_len, " bars marked * had disturbed "
				    "samples (the thread ran for under %.0f%% of a sample's wall time): "
				    "their wall figures mislead.", 100 * CT_DESCHEDULED_SHARE);
		if (pc->flight_implausible)
			ct_xappendf(&pc->caveat, &pc->caveat_len, " Lines in flight marked ! are "
				    "above what %u chains can have (%.1f, coretype(7)): the one "
				    "chain's latency under them was read long.", CT_PLACEMENTS_CHAINS,
				    ct_latency_flight_max(CT_PLACEMENTS_CHAINS));
		for (i = 0; i < m->nwarnings; i++)
			ct_xappendf(&pc->caveat, &pc->caveat_len, " %s.", ct_machine_warning(m, i));
		pc->c.caveat = pc->caveat;
	}
	pc->notes[0] = '\0';
	for (r = 0; r < res->n; r++)
		if (!res->rows[r].ran && used < sizeof(pc->notes))
			used += (size_t)snprintf(pc->notes + used, sizeof(pc->notes) - used, "%s%s: %s",
						 used ? "; " : "Not measured here: ",
						 res->rows[r].p.name, res->rows[r].p.note);
	if (used && used < sizeof(pc->notes))
		snprintf(pc->notes + used, sizeof(pc->notes) - used, ".");
	if (used)
		pc->c.notes[0] = pc->notes;
	/* Bars with no whisker, the reference's own aside: say why. */
	if (pc->no_interval) {
		snprintf(pc->untested, sizeof(pc->untested), "%u bars have no whisker: too few "
			 "rounds paired for a %g%% interval of the ratio (%zu at least); they may "
			 "differ from 1 by noise alone.", pc->no_interval, 100 * (1 - res->alpha),
			 res->interval_min);
		pc->c.notes[used ? 1 : 0] = pc->untested;
	}
}

void ct_placements_svg(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
		    const struct ct_placements_results *res)
{
	size_t n = res->n ? res->n : 1;
	struct place_chart *pc = ct_xcalloc(1, sizeof(*pc));

	(void)t;
	pc->res = res;
	pc->srow = ct_xcalloc(n, sizeof(*pc->srow));
	pc->bars = ct_xcalloc(n * CT_NJOBS, sizeof(*pc->bars));
	pc->where = ct_xcalloc(n, sizeof(*pc->where));
	pc->tips = ct_xcalloc(n * CT_NJOBS, sizeof(*pc->tips));
	chart_text(pc, m);
	chart_rows(pc);
	chart_panels(pc);
	chart_notes(pc, m);
	ct_svg_write(f, &pc->c);
	free(pc->srow);
	free(pc->bars);
	free(pc->where);
	free(pc->tips);
	free(pc->caveat);
	free(pc);
}
