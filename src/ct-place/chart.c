/*
 * ct-place/chart.c - ct-place's comparison as a chart (-o DIR's summary.svg),
 * drawn by the chart writer of svg.c.
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
	"memory parallelism (" CT_PLACEMENTS_CHAINS_NAME ")",
};

static const char *const kernel_ids[CT_NJOBS] = { "clock", "fma", "stream", "latency", "chains" };

/*
 * The chase's figures after a bar's tip: the latency under the one
 * chain, the lines in flight under the chains (both on the wall basis).
 */
static void chase_tip(char *tip, size_t len, int k, const struct ct_latency_figures *lat)
{
	size_t l = strlen(tip);

	if (k == CT_JOB_LATENCY && isfinite(lat->cycles_per_load))
		snprintf(tip + l, len - l, "; %.1f ns, %.1f cycles per load", lat->ns_per_load,
			 lat->cycles_per_load);
	else if (k == CT_JOB_LATENCY)
		snprintf(tip + l, len - l, "; %.1f ns per load", lat->ns_per_load);
	else if (k == CT_JOB_CHAINS)
		snprintf(tip + l, len - l, "; %.1f lines in flight", lat->in_flight);
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

void ct_placements_svg(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
		    const struct ct_placements_results *res)
{
	const struct ct_placements_row *rows = res->rows, *base = res->ref;
	size_t n = res->n;
	struct ct_svg_chart c;
	struct ct_svg_panel panels[CT_NJOBS];
	struct ct_svg_row *srow = ct_xcalloc(n ? n : 1, sizeof(*srow));
	struct ct_svg_bar *bars = ct_xcalloc((n ? n : 1) * CT_NJOBS, sizeof(*bars));
	char (*where)[96] = ct_xcalloc(n ? n : 1, sizeof(*where));
	char (*tips)[320] = ct_xcalloc((n ? n : 1) * CT_NJOBS, sizeof(*tips));
	char title[160], machine[512], run[400], basis[400], ptitle[CT_NJOBS][96];
	char psub[CT_NJOBS][96], notes[1200], axis[96], reflabel[80], errlegend[96];
	char untested[200];
	char *caveat = NULL;
	size_t caveat_len = 0;
	unsigned disturbed = 0, no_interval = 0;
	size_t i, r, nr = 0, used = 0;
	int k;

	(void)t;

	memset(&c, 0, sizeof(c));
	snprintf(title, sizeof(title), "coretype: what each placement gets, relative to %s",
		 base ? base->p.name : "main");
	c.title = title;
	snprintf(machine, sizeof(machine), "%s, %s %s %s, %ld cpus online.", m->cpu_model, m->os,
		 m->release, m->arch, m->cpus_online);
	c.lines[0] = machine;
	for (i = 0; i < n; i++)
		if (rows[i].ran)
			break;
	if (i < n) {
		used = (size_t)snprintf(run, sizeof(run), "Kernels ");
		for (k = 0; k < CT_NJOBS && used < sizeof(run); k++)
			used += (size_t)snprintf(run + used, sizeof(run) - used, "%s%s (%s)",
						 k ? ", " : "", rows[i].k[k].name, rows[i].k[k].isa);
		if (used < sizeof(run))
			snprintf(run + used, sizeof(run) - used, ": %u samples of each per placement, "
				 "round-robin, every one verified.", rows[i].ser[0].n);
		used = 0;
	} else {
		snprintf(run, sizeof(run), "No placement was measured.");
	}
	c.lines[1] = run;
	snprintf(basis, sizeof(basis), "Bars: median rate on the wall basis (elapsed time) over "
		 "%s's, the whisker its %g%% interval (Hodges-Lehmann), pale where that holds 1; "
		 "diamonds: the same on the cpu basis (the thread's CPU time).%s",
		 base ? base->p.name : "main", 100 * (1 - res->alpha),
		 base && !res->ref_main ? " (main was not measured.)" : "");
	c.lines[2] = basis;
	snprintf(axis, sizeof(axis), "median rate relative to %s", base ? base->p.name : "main");
	c.axis = axis;
	c.reference = 1.0;
	snprintf(reflabel, sizeof(reflabel), "%s = 1", base ? base->p.name : "main");
	c.reference_label = reflabel;
	c.bar_legend = "bar: wall basis";
	snprintf(errlegend, sizeof(errlegend), "whisker: %g%% interval of the ratio",
		 100 * (1 - res->alpha));
	c.err_legend = errlegend;
	c.same_legend = "pale bar, ~: the interval holds 1";
	c.marker_legend = "diamond: cpu basis";

	for (r = 0; r < n; r++) {
		if (!rows[r].ran)
			continue;
		row_where(&rows[r], where[nr], sizeof(where[nr]));
		srow[nr].label = rows[r].p.name;
		srow[nr].sublabel = where[nr];
		srow[nr].color = ct_svg_kinds_color(rows[r].kinds);
		for (k = 0; k < CT_NJOBS; k++) {
			struct ct_svg_bar *b = &bars[(size_t)k * n + nr];
			const struct ct_results *rr = &res->r[r][k];
			const struct ct_summary *sw = &rr->b[CT_BASIS_WALL], *sc = &rr->b[CT_BASIS_CPU];
			char *tip = tips[(size_t)k * n + nr];

			/* The whisker: the ratio's interval (none: the reference, too few samples). */
			b->value = rr->ratio[CT_BASIS_WALL];
			b->lo = rr->ratio_lo[CT_BASIS_WALL];
			b->hi = rr->ratio_hi[CT_BASIS_WALL];
			b->same = rr->ratio_same[CT_BASIS_WALL] == 1;
			b->marker = rr->ratio[CT_BASIS_CPU];
			if (&rows[r] != base && isfinite(b->value) && rr->ratio_same[CT_BASIS_WALL] < 0)
				no_interval++;
			snprintf(tip, 320, "%s, %s (%s): %.4g %s median on the wall basis, %.3f x %s",
				 rows[r].p.name, rows[r].k[k].name, rows[r].k[k].isa, sw->rate.median,
				 rows[r].k[k].unit, b->value, base->p.name);
			interval_tip(tip, 320, rr, CT_BASIS_WALL, res->alpha);
			snprintf(tip + strlen(tip), 320 - strlen(tip), ", cv %.2f%%; %.4g %s on the cpu "
				 "basis, %.3f x %s", sw->rate.cv_pct, sc->rate.median, rows[r].k[k].unit,
				 b->marker, base->p.name);
			interval_tip(tip, 320, rr, CT_BASIS_CPU, res->alpha);
			snprintf(tip + strlen(tip), 320 - strlen(tip), "; %u samples, verified", sw->reps);
			chase_tip(tip, 320, k, &res->lat[r][CT_BASIS_WALL]);
			b->disturbed = sw->descheduled > 0;
			if (b->disturbed) {
				size_t l = strlen(tip);

				snprintf(tip + l, 320 - l, "; %u disturbed (descheduled)", sw->descheduled);
				disturbed++;
			}
			b->tip = tip;
		}
		nr++;
	}
	c.rows = srow;
	c.nrows = nr;
	/* What the run warned about, first thing under the title. */
	if (m->nwarnings || disturbed) {
		/* Every warning whole: the chart wraps it (svg.c). */
		ct_xappendf(&caveat, &caveat_len, "Caveat:");
		if (disturbed)
			ct_xappendf(&caveat, &caveat_len, " bars marked * had disturbed samples (the "
				    "thread ran for under %.0f%% of a sample's wall time): their wall "
				    "figures mislead.", 100 * CT_DESCHEDULED_SHARE);
		for (i = 0; i < m->nwarnings; i++)
			ct_xappendf(&caveat, &caveat_len, " %s.", ct_machine_warning(m, i));
		c.caveat = caveat;
	}
	for (k = 0; k < CT_NJOBS; k++) {
		panels[k].id = kernel_ids[k];
		if (base) {
			const struct ct_summary *bw = &res->r[base - rows][k].b[CT_BASIS_WALL];

			snprintf(ptitle[k], sizeof(ptitle[k]), "%s (%s, %s)", kernel_titles[k],
				 base->k[k].name, base->k[k].isa);
			snprintf(psub[k], sizeof(psub[k]), "%s: %.4g %s (median, wall) = 1",
				 base->p.name, bw->rate.median, base->k[k].unit);
			panels[k].subtitle = psub[k];
		} else {
			snprintf(ptitle[k], sizeof(ptitle[k]), "%s", kernel_titles[k]);
			panels[k].subtitle = NULL;
		}
		panels[k].title = ptitle[k];
		panels[k].bars = &bars[(size_t)k * n];
	}
	c.panels = panels;
	c.npanels = CT_NJOBS;

	/* What was not measured, and why. */
	notes[0] = '\0';
	for (r = 0; r < n; r++)
		if (!rows[r].ran && used < sizeof(notes))
			used += (size_t)snprintf(notes + used, sizeof(notes) - used, "%s%s: %s",
						 used ? "; " : "Not measured here: ",
						 rows[r].p.name, rows[r].p.note);
	if (used && used < sizeof(notes))
		snprintf(notes + used, sizeof(notes) - used, ".");
	if (used)
		c.notes[0] = notes;
	/* Bars with no whisker, the reference's own aside: say why. */
	if (no_interval) {
		snprintf(untested, sizeof(untested), "%u bars have no whisker: too few samples "
			 "for a %g%% interval of the ratio (%zu a side at least); they may differ "
			 "from 1 by noise alone.", no_interval, 100 * (1 - res->alpha),
			 res->interval_min);
		c.notes[used ? 1 : 0] = untested;
	}

	ct_svg_write(f, &c);
	free(srow);
	free(bars);
	free(where);
	free(tips);
	free(caveat);
}
