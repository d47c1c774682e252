/*
 * records/svg.h - charts as self-contained SVG 1.1: no script, no external font
 * or style sheet (a generic font family), readable in any viewer and
 * without the tables beside it.
 *
 * One chart is a row of panels that share their bar labels (several rows
 * of panels, each with the labels again, where they do not fit across):
 * horizontal bars, one per label and panel, each with an error bar and an
 * optional second figure drawn as a diamond, on an axis with ticks and a
 * reference line (1.0 for ratios).  Every bar is a rect of class "bar"
 * with the id "bar-PANEL-LABEL", so a test can count them.
 *
 * Text is laid out, not just drawn: measured with the width table of the
 * one font family the charts name (ct_svg_text_width), wrapped or
 * abbreviated with an ellipsis where it would not fit (the whole text
 * then in the element's <title>), tick labels thinned until they fit, so
 * that no two pieces of text overlap by that measure (tests/records/
 * chart-layout.sh checks every chart kind with the same table).
 */
#ifndef CT_RECORDS_SVG_H
#define CT_RECORDS_SVG_H

#include <stddef.h>
#include <stdio.h>

/*
 * The font family every chart names, and the part of a font-size above
 * and below the baseline that its glyphs fill (DejaVu Sans: ascender
 * 0.76 em, descender 0.24 em): the box of a text, for the layout and the
 * tests' overlap check alike.
 */
#define CT_SVG_FONT "sans-serif"
#define CT_SVG_ASCENT 0.76
#define CT_SVG_DESCENT 0.24

/*
 * The width in px of s (UTF-8) at font-size size, bold or not: the
 * advance widths of DejaVu Sans (what "sans-serif" is on most Linux
 * systems, and wider than Helvetica and Arial, so that a box measured
 * here holds the text in those too).
 */
double ct_svg_text_width(const char *s, double size, int bold);

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

/* A bar called a change (ct-compare's verdict), and which way. */
enum ct_svg_change { CT_SVG_NO_CHANGE, CT_SVG_FASTER, CT_SVG_SLOWER };

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
	/*
	 * The bar was called a change: a black outline and a triangle after
	 * its value (class "changed", id "changed-PANEL-LABEL"), up for
	 * faster, down for slower, its <title> the tip.
	 */
	enum ct_svg_change change;
};

struct ct_svg_panel {
	const char *id;			/* "clock": in the bar ids */
	const char *title;		/* "clock (add chain, x86-64)" */
	const char *subtitle;		/* "main: 2.951 GHz", or NULL */
	const char *axis;		/* under its axis, or NULL: the chart's */
	const struct ct_svg_bar *bars;	/* one per row */
};

/*
 * The value axis: linear from 0 (bars from 0: their lengths compare), or
 * logarithmic and centred on the reference (bars from the reference: a
 * ratio of 0.9 as long as one of 1.11, and a 10 % interval wide enough
 * to see whatever else the panel holds).
 */
enum ct_svg_scale { CT_SVG_LINEAR, CT_SVG_LOG };

#define CT_SVG_MAX_LINES 4

struct ct_svg_chart {
	const char *title;
	const char *caveat;			/* right under the title, in red; or NULL */
	const char *lines[CT_SVG_MAX_LINES];	/* under the title; NULL ends */
	const char *axis;			/* under each axis: "x main (median)" */
	enum ct_svg_scale scale;
	/* A value's label: this many significant digits; 0: three decimals (ratios). */
	int digits;
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
	const char *change_legend;	/* what a bar called a change is, or NULL */
	const char *notes[CT_SVG_MAX_LINES];	/* at the bottom; NULL ends */
};

/* The colour of a bar whose samples ran on these kinds ("performance,efficiency"). */
enum ct_svg_color ct_svg_kinds_color(const char *kinds);

/* Write the chart as a whole SVG document. */
void ct_svg_write(FILE *f, const struct ct_svg_chart *c);

/* Text with &, <, >, " and ' escaped for XML. */
void ct_svg_text(FILE *f, const char *s);

/*
 * v with digits significant digits in fixed notation (104.5, 5.012,
 * 0.0541), or with three decimals where digits is 0.
 */
void ct_svg_number(char *buf, size_t len, double v, int digits);

/*
 * A figure in its natural unit, for titles and tooltips: a chase's rate
 * (unit "load/ns") as "184.0 ns per load", a time (unit "s") in s, ms, µs
 * or ns as suits near, anything else as "%.4g UNIT".
 */
void ct_svg_figure(char *buf, size_t len, double v, const char *unit, double near);

/* --- How the chart writer (records/svg*.c) sets its text. --- */

/* An id made of the characters ids may hold; anything else becomes '_'. */
void ct_svg_id(FILE *f, const char *s);

/*
 * A text set in lines of at most width px, wrapped at spaces (a word
 * wider than a line is cut), at most max_lines of them (0: any number):
 * where the rest would not fit, the last line ends in an ellipsis and the
 * element holds the whole text as its <title>.  anchor is "start",
 * "middle" or "end"; attrs, more attributes (class, fill) or NULL.
 */
struct ct_svg_style {
	double size;
	int bold;
	const char *anchor;
	const char *attrs;
	/* One line cut at its start instead, keeping its end (a path's file name). */
	int keep_end;
};
#define CT_SVG_LEADING 1.35		/* a line's height, in font-sizes */
int ct_svg_lines(const char *s, const struct ct_svg_style *st, double width, int max_lines);
/* Writes it with its first baseline at y; returns the baseline after its last line. */
double ct_svg_put(FILE *f, const char *s, const struct ct_svg_style *st, double x, double y,
		  double width, int max_lines);

#endif
