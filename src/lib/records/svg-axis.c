/*
 * records/svg-axis.c - a panel's value axis.  A linear axis starts at 0 so
 * that bar lengths compare; a logarithmic one is centred on the reference
 * and spans at least CT_SVG_LOG_SPAN either way, so that a ratio of 0.9
 * and one of 1.11 are as long and a 10 % interval is wide enough to see
 * (a linear 0-1.25 axis squashed it to a few pixels).  Ticks come at nice
 * steps, thinned until their labels, measured with svg.c's width table,
 * stand apart.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "records/svg-axis.h"
#include "records/svg.h"

#define WHISKER_REACH 2.0	/* the axis past the bars for a whisker, at most */
#define LOG_SPAN 1.15		/* a log axis shows the reference times 1/1.15 to 1.15 at least */
#define TICK_GAP 8.0		/* between two tick labels, px */
#define TICK_ROOM 60.0		/* px of axis per tick, at least */

/* A step of 1, 2, 2.5 or 5 times a power of ten: about 5 steps up to max. */
static double nice_step(double max)
{
	double raw = max / 5, mag, norm;

	if (!(raw > 0))
		return 0.25;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10) * mag;
}

/* The nice step after s: 1 -> 2 -> 2.5 -> 5 -> 10. */
static double next_step(double s)
{
	double mag = pow(10, floor(log10(s) + 1e-9)), norm = s / mag;

	return (norm < 1.5 ? 2 : norm < 2.25 ? 2.5 : norm < 3.5 ? 5 : 10) * mag;
}

static void linear_range(struct ct_svg_axis *a, const struct ct_svg_chart *c,
			 const struct ct_svg_panel *p)
{
	double max = 0, whisker = 0, step;
	size_t r;

	if (!isnan(c->reference))
		max = c->reference;
	for (r = 0; r < c->nrows; r++) {
		const struct ct_svg_bar *b = &p->bars[r];

		if (!isnan(b->value) && b->value + b->err > max)
			max = b->value + b->err;
		if (!isnan(b->value) && b->hi > b->lo && b->hi > whisker)
			whisker = b->hi;
		if (!isnan(b->value) && b->value > max)
			max = b->value;
		if (!isnan(b->marker) && b->marker > max)
			max = b->marker;
	}
	if (whisker > max)
		max = whisker < WHISKER_REACH * max || !(max > 0) ? whisker : WHISKER_REACH * max;
	step = nice_step(max);
	a->lo = 0;
	a->hi = ceil(max * 1.02 / step) * step;
	if (!(a->hi > 0))
		a->hi = step;
	a->base = 0;
}

/* How far v is from the reference on a log axis (0 for no value). */
static double log_dist(double v, double ref)
{
	return v > 0 && isfinite(v) ? fabs(log(v / ref)) : 0;
}

static double max3(double a, double b, double c)
{
	return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

static void log_range(struct ct_svg_axis *a, const struct ct_svg_chart *c,
		      const struct ct_svg_panel *p)
{
	double ref = c->reference > 0 ? c->reference : 1, s = 0, w = 0;
	size_t r;

	for (r = 0; r < c->nrows; r++) {
		const struct ct_svg_bar *b = &p->bars[r];

		if (!isnan(b->value)) {
			s = max3(s, log_dist(b->value, ref), log_dist(b->value + b->err, ref));
			if (b->err > 0)
				s = max3(s, log_dist(b->value - b->err, ref), 0);
			if (b->hi > b->lo)
				w = max3(w, log_dist(b->lo, ref), log_dist(b->hi, ref));
		}
		s = max3(s, log_dist(b->marker, ref), 0);
	}
	if (w > s)
		s = w < WHISKER_REACH * s || !(s > 0) ? w : WHISKER_REACH * s;
	s *= 1.05;
	if (s < log(LOG_SPAN))
		s = log(LOG_SPAN);
	a->lo = ref * exp(-s);
	a->hi = ref * exp(s);
	a->base = ref;
}

double ct_svg_axis_x(const struct ct_svg_axis *a, double v)
{
	double t;

	if (a->scale == CT_SVG_LOG)
		t = v > a->lo ? (log(v) - log(a->lo)) / (log(a->hi) - log(a->lo)) : 0;
	else
		t = v > 0 ? v / a->hi : 0;
	return a->x0 + (t < 1 ? t : 1) * a->width;
}

void ct_svg_axis_label(const struct ct_svg_axis *a, double v, char *buf, size_t len)
{
	char *p;

	(void)a;
	snprintf(buf, len, "%.6f", v);
	p = buf + strlen(buf) - 1;
	while (p > buf && *p == '0')
		*p-- = '\0';
	if (*p == '.')
		*p = '\0';
}

/*
 * Whether the ticks' labels stand apart, between left and right, and are
 * few enough to read (one per TICK_ROOM px).
 */
static int ticks_fit(const struct ct_svg_axis *a, double left, double right)
{
	double prev = left - TICK_GAP, x, w;
	char buf[48];
	size_t i;

	if ((double)a->nticks > 3 && (double)a->nticks > a->width / TICK_ROOM)
		return 0;

	for (i = 0; i < a->nticks; i++) {
		ct_svg_axis_label(a, a->ticks[i], buf, sizeof(buf));
		w = ct_svg_text_width(buf, CT_SVG_TICK_SIZE, 0);
		x = ct_svg_axis_x(a, a->ticks[i]);
		if (x - w / 2 < prev + TICK_GAP || x + w / 2 > right)
			return 0;
		prev = x + w / 2;
	}
	return 1;
}

/*
 * The ticks of one step: multiples of it from 0 (linear); the reference
 * plus or minus multiples of it times the reference, or the reference
 * times its powers where power is set (log).  0: too many.
 */
static size_t make_ticks(struct ct_svg_axis *a, double step, int power)
{
	double eps = 1e-9 * (a->hi - a->lo), v;
	long k, k0, k1;

	a->nticks = 0;
	if (a->scale == CT_SVG_LINEAR) {
		k0 = 0;
		k1 = (long)floor(a->hi / step + 1e-9);
	} else if (power) {
		k0 = (long)ceil(log(a->lo / a->base) / log(step) - 1e-9);
		k1 = (long)floor(log(a->hi / a->base) / log(step) + 1e-9);
	} else {
		k0 = (long)ceil((a->lo / a->base - 1) / step - 1e-9);
		k1 = (long)floor((a->hi / a->base - 1) / step + 1e-9);
	}
	if (k1 - k0 + 1 > CT_SVG_MAX_TICKS || k1 < k0)
		return 0;
	for (k = k0; k <= k1; k++) {
		v = a->scale == CT_SVG_LINEAR ? (double)k * step :
		    power ? a->base * pow(step, (double)k) : a->base * (1 + (double)k * step);
		if ((v > 0 || a->scale == CT_SVG_LINEAR) && v >= a->lo - eps && v <= a->hi + eps)
			a->ticks[a->nticks++] = v;
	}
	return a->nticks;
}

static void fit_ticks(struct ct_svg_axis *a, double left, double right)
{
	static const double log_steps[] = { 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5 };
	static const double log_powers[] = { 2, 4, 10, 100, 1e4 };
	double step;
	size_t i;
	int tries;

	if (a->scale == CT_SVG_LINEAR) {
		for (step = nice_step(a->hi), tries = 0; tries < 16; step = next_step(step), tries++)
			if (make_ticks(a, step, 0) && ticks_fit(a, left, right))
				return;
	} else if (a->hi / a->base <= 2.2) {
		for (i = 0; i < sizeof(log_steps) / sizeof(log_steps[0]); i++)
			if (make_ticks(a, log_steps[i], 0) > 2 && ticks_fit(a, left, right))
				return;
	} else {
		for (i = 0; i < sizeof(log_powers) / sizeof(log_powers[0]); i++)
			if (make_ticks(a, log_powers[i], 1) > 2 && ticks_fit(a, left, right))
				return;
	}
	/* Nothing fits: the base alone. */
	a->ticks[0] = a->base;
	a->nticks = 1;
}

void ct_svg_axis_fit(struct ct_svg_axis *a, const struct ct_svg_chart *c,
		     const struct ct_svg_panel *p, double x0, double width, double left,
		     double right)
{
	memset(a, 0, sizeof(*a));
	a->scale = c->scale;
	a->x0 = x0;
	a->width = width;
	if (a->scale == CT_SVG_LOG)
		log_range(a, c, p);
	else
		linear_range(a, c, p);
	fit_ticks(a, left, right);
}
