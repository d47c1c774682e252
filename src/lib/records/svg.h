/*
 * records/svg.h - charts as self-contained SVG 1.1: no script, no external font
 * or style sheet (a generic font family), readable in any viewer and
 * without the tables beside it.
 *
 * One chart is a row of panels that share their bar labels: horizontal
 * bars, one per label and panel, each with an error bar and an optional
 * second figure drawn as a diamond, on an axis with ticks and a reference
 * line (1.0 for ratios).  Every bar is a rect of class "bar" with the id
 * "bar-PANEL-LABEL", so a test can count them.
 */
#ifndef CT_RECORDS_SVG_H
#define CT_RECORDS_SVG_H

#include <stddef.h>
#include <stdio.h>

/* Bar colours: one per kind of core, and two for the rest. */
enum ct_svg_color {
	CT_SVG_PERFORMANCE,
	CT_SVG_EFFICIENCY,
	CT_SVG_LOWPOWER,
	CT_SVG_MIXED,			/* samples on cpus of several kinds */
	CT_SVG_UNKNOWN,
	CT_SVG_NCOLORS
};

/* One bar label: a row across the panels. */
struct ct_svg_row {
	const char *label;		/* "pin-performance" (also in the bar ids) */
	const char *sublabel;		/* "cpus 7 (P)", or NULL */
	enum ct_svg_color color;
};

/* One bar; NAN value: no bar in that place. */
struct ct_svg_bar {
	double value;
	double err;			/* the error bar spans value +- err; 0: none */
	double lo, hi;			/* or spans [lo, hi] when hi > lo (an interval) */
	double marker;			/* a second figure (diamond), or NAN */
	const char *tip;		/* the bar's tooltip, or NULL */
	/*
	 * Some of the bar's samples were disturbed (descheduled): the bar
	 * gets a dashed red outline and a '*' (class "disturbed") after its
	 * value, which the caveat line explains.
	 */
	int disturbed;
	/*
	 * The bar's interval holds the reference (no difference shown): the
	 * bar is drawn pale, its colour outlined around a light fill
	 * (fill-opacity 0.25), with a '~' (class "same") after its value.
	 */
	int same;
	/*
	 * The bar is an outlier among its peers (ct-compare --fleet): a
	 * solid red outline and a '!' (class "outlier") after its value.
	 */
	int outlier;
};

struct ct_svg_panel {
	const char *id;			/* "clock": in the bar ids */
	const char *title;		/* "clock (add chain, x86-64)" */
	const char *subtitle;		/* "main: 2.951 GHz", or NULL */
	const struct ct_svg_bar *bars;	/* one per row */
};

#define CT_SVG_MAX_LINES 4

struct ct_svg_chart {
	const char *title;
	const char *caveat;			/* right under the title, in red; or NULL */
	const char *lines[CT_SVG_MAX_LINES];	/* under the title; NULL ends */
	const char *axis;			/* under each axis: "x main (median)" */
	double reference;			/* a line at this value; NAN: none */
	const char *reference_label;		/* "main = 1" */
	const struct ct_svg_row *rows;
	size_t nrows;
	const struct ct_svg_panel *panels;
	size_t npanels;
	const char *bar_legend;		/* what a bar is: "wall basis" */
	const char *err_legend;		/* what an error bar is */
	const char *marker_legend;	/* what a diamond is, or NULL */
	const char *same_legend;	/* what a pale bar is, or NULL */
	const char *outlier_legend;	/* what an outlier's bar is, or NULL */
	const char *notes[CT_SVG_MAX_LINES];	/* at the bottom; NULL ends */
};

/* The colour of a bar whose samples ran on these kinds ("performance,efficiency"). */
enum ct_svg_color ct_svg_kinds_color(const char *kinds);

/* Write the chart as a whole SVG document. */
void ct_svg_write(FILE *f, const struct ct_svg_chart *c);

/* Text with &, <, >, " and ' escaped for XML. */
void ct_svg_text(FILE *f, const char *s);

#endif
