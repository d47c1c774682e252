/*
 * records/svg-axis.h - a chart panel's value axis (svg-chart.c): the
 * range that holds its bars, where a value falls, and ticks at nice steps
 * whose labels fit side by side.
 */
#ifndef CT_RECORDS_SVG_AXIS_H
#define CT_RECORDS_SVG_AXIS_H

#include <stddef.h>

#include "records/svg.h"

#define CT_SVG_MAX_TICKS 32
#define CT_SVG_TICK_SIZE 11.0	/* the font-size of a tick label */

struct ct_svg_axis {
	enum ct_svg_scale scale;
	double x0, width;		/* the plot, in px */
	double lo, hi;			/* the range shown (linear: lo 0) */
	double base;			/* where bars start: 0, or the reference (log) */
	double ticks[CT_SVG_MAX_TICKS];
	size_t nticks;
};

/*
 * The axis of panel p of chart c, plotted from x0 over width px: it holds
 * every bar, diamond and the reference, and every whisker up to twice the
 * rest (a wider one runs off the plot with an arrow); its ticks' labels
 * fit between left and right (px), and apart from each other.
 */
void ct_svg_axis_fit(struct ct_svg_axis *a, const struct ct_svg_chart *c,
		     const struct ct_svg_panel *p, double x0, double width, double left,
		     double right);

/* Where v falls, held inside the plot. */
double ct_svg_axis_x(const struct ct_svg_axis *a, double v);

/* A tick's label: "0", "0.25", "1.1". */
void ct_svg_axis_label(const struct ct_svg_axis *a, double v, char *buf, size_t len);

#endif
