/*
 * records/svg-chart.c - the chart writer (SVG 1.1, self-contained): the
 * page, its panels and its legend.
 *
 * Horizontal bars, because placement names are long and a reader compares
 * the bars of one kernel down a column; the panels sit side by side and
 * share the row labels, and alternate rows are shaded so a row can be
 * followed across the panels.  The page grows to give each panel
 * PANEL_MIN px; panels beyond W_MAX go to a band of their own below,
 * with the row labels again.  Every text is measured (svg.c) before it is
 * placed: titles wrap within their panel, labels are abbreviated with the
 * whole in a <title>, and a panel keeps room right of its plot for the
 * widest value it writes there.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/svg-axis.h"
#include "records/svg.h"

/* The page and its parts, in px. */
#define W_MIN 1000.0		/* fits a 1000-px window, scales in any viewer */
#define W_MAX 1240.0		/* the widest page before panels go to another band */
#define MARGIN 16.0
#define LABEL_MAX 230.0		/* the row label column, at most */
#define LABEL_PAD 12.0		/* between a row label and the plot */
#define GAP 28.0		/* between panels */
#define PANEL_MIN 170.0		/* a panel's width, at least */
#define ROW_H 38.0
#define BAR_H 16.0

/* Font sizes. */
#define TITLE 20.0
#define LINE 12.5		/* the lines under the title */
#define PTITLE 13.5		/* a panel's title (bold) */
#define PSUB 11.5		/* its subtitle, its axis title, a value */
#define LABEL 13.0
#define SUBLABEL 10.5
#define LEGEND 12.0
#define NOTE 11.5

/* Okabe-Ito colours: told apart with any of the common colour blindnesses. */
static const char *const colors[CT_SVG_NCOLORS] = {
	"#0072B2",	/* performance: blue */
	"#E69F00",	/* efficiency: orange */
	"#009E73",	/* low-power: green */
	"#CC79A7",	/* several kinds: purple */
	"#999999",	/* unknown: grey */
};

static const char *const color_names[CT_SVG_NCOLORS] = {
	"performance cores", "efficiency cores", "low-power cores",
	"cores of several kinds", "kind of core unknown",
};

static const struct ct_svg_style st_ptitle = { PTITLE, 1, "start", NULL, 0 };
static const struct ct_svg_style st_psub = { PSUB, 0, "start", "fill=\"#444444\"", 0 };
static const struct ct_svg_style st_axis = { PSUB, 0, "middle", "fill=\"#444444\"", 0 };

/* Where everything goes: worked out before anything is written. */
struct layout {
	double w, h;
	double label_w;			/* the label column, with its pad */
	size_t per_band, nbands;
	double pw;			/* a panel's width */
	double bands_top;		/* the first band's top */
	double band_h[64], head_h[64];	/* each band's height and its titles' */
	double legend_top;
};

#define MAX_BANDS 64

/* --- The legend --- */

/* The legend's icons. */
enum icon { ICON_SWATCH, ICON_BAR, ICON_PALE, ICON_ERR, ICON_DIAMOND, ICON_REF, ICON_OUTLIER,
	    ICON_CHANGE };

static void diamond(FILE *f, double x, double y)
{
	fprintf(f, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"#ffffff\" "
		"stroke=\"#222222\" stroke-width=\"1.4\"/>\n",
		x, y - 6, x + 5, y, x, y + 6, x - 5, y);
}

/* A bar's icon in the colours the bars have: a stripe of each. */
static void bar_icon(FILE *f, const int *used, double x, double y)
{
	size_t i, n = 0, k = 0;

	for (i = 0; i < CT_SVG_NCOLORS; i++)
		n += used[i] != 0;
	for (i = 0; i < CT_SVG_NCOLORS; i++)
		if (used[i] || (!n && i == CT_SVG_UNKNOWN)) {
			fprintf(f, "<rect class=\"legend-bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.2f\" "
				"height=\"12\" fill=\"%s\"/>\n", x + 14.0 * (double)k / (double)(n ? n : 1), y - 6,
				14.0 / (double)(n ? n : 1), colors[i]);
			k++;
		}
}

static void icon(FILE *f, enum icon ic, const int *used, const char *color, double x, double y)
{
	switch (ic) {
	case ICON_SWATCH:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" fill=\"%s\"/>\n",
			x, y - 6, color);
		break;
	case ICON_BAR:
		bar_icon(f, used, x, y);
		break;
	case ICON_PALE:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"13\" height=\"11\" fill=\"%s\" "
			"fill-opacity=\"0.25\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
			x + 0.5, y - 5.5, color, color);
		break;
	case ICON_OUTLIER:
	case ICON_CHANGE:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"13\" height=\"11\" fill=\"%s\" "
			"stroke=\"%s\" stroke-width=\"2.5\"/>\n", x + 0.5, y - 5.5, color,
			ic == ICON_OUTLIER ? "#b00000" : "#000000");
		break;
	case ICON_ERR:
		fprintf(f, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" "
			"stroke=\"#222222\" stroke-width=\"1.4\" fill=\"none\"/>\n",
			x, y, x + 14, x, y - 4, y + 4, x + 14, y - 4, y + 4);
		break;
	case ICON_DIAMOND:
		diamond(f, x + 7, y);
		break;
	case ICON_REF:
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\" "
			"stroke-width=\"1.4\" stroke-dasharray=\"4 3\"/>\n",
			x + 7, y - 7, x + 7, y + 7);
		break;
	}
}

struct legend {
	FILE *f;
	double x, y, right;
	int used[CT_SVG_NCOLORS];
	const char *first;		/* the first colour the bars have */
};

static void legend_item(struct legend *l, enum icon ic, const char *color, const char *text)
{
	static const struct ct_svg_style st = { LEGEND, 0, "start", NULL, 0 };
	double w = 14 + 6 + ct_svg_text_width(text, LEGEND, 0) + 22;

	if (l->x + w > l->right && l->x > MARGIN) {
		l->x = MARGIN;
		l->y += 20;
	}
	if (l->f) {
		icon(l->f, ic, l->used, color, l->x, l->y - 4);
		ct_svg_put(l->f, text, &st, l->x + 20, l->y, l->right - l->x - 20, 1);
	}
	l->x += w;
}

/* The legend from (MARGIN, y); with f NULL, only where it ends. */
static double legend(FILE *f, const struct ct_svg_chart *c, double y, double w)
{
	struct legend l = { f, MARGIN, y, w - MARGIN, { 0 }, NULL };
	size_t i;

	for (i = 0; i < c->nrows; i++)
		l.used[c->rows[i].color] = 1;
	for (i = 0; i < CT_SVG_NCOLORS; i++)
		if (l.used[i]) {
			legend_item(&l, ICON_SWATCH, colors[i], color_names[i]);
			if (!l.first)
				l.first = colors[i];
		}
	if (!l.first)
		l.first = colors[CT_SVG_UNKNOWN];
	l.x = MARGIN;
	l.y += 20;
	legend_item(&l, ICON_BAR, NULL, c->bar_legend);
	if (c->same_legend)
		legend_item(&l, ICON_PALE, l.first, c->same_legend);
	if (c->outlier_legend)
		legend_item(&l, ICON_OUTLIER, l.first, c->outlier_legend);
	if (c->change_legend)
		legend_item(&l, ICON_CHANGE, l.first, c->change_legend);
	legend_item(&l, ICON_ERR, NULL, c->err_legend);
	if (c->marker_legend)
		legend_item(&l, ICON_DIAMOND, NULL, c->marker_legend);
	if (!isnan(c->reference) && c->reference_label)
		legend_item(&l, ICON_REF, NULL, c->reference_label);
	return l.y;
}

/* --- A panel --- */

/* The marks after a bar's value, in order. */
static const struct mark {
	const char *cls, *text, *fill;
} marks[] = {
	{ "same", "~", "#444444" },
	{ "disturbed", "*", "#b00000" },
	{ "outlier", "!", "#b00000" },
	{ "changed", "\xe2\x96\xb2", "#000000" },	/* ▲ faster */
	{ "changed", "\xe2\x96\xbc", "#000000" },	/* ▼ slower */
};

/* Which marks a bar has: marks[] indexes, in order; returns how many. */
static size_t bar_marks(const struct ct_svg_bar *b, size_t *m)
{
	size_t n = 0;

	if (b->same)
		m[n++] = 0;
	if (b->disturbed)
		m[n++] = 1;
	if (b->outlier)
		m[n++] = 2;
	if (b->change != CT_SVG_NO_CHANGE)
		m[n++] = b->change == CT_SVG_FASTER ? 3 : 4;
	return n;
}

#define MARK_GAP 2.0

/* The width of a bar's value and its marks. */
static double value_width(const struct ct_svg_chart *c, const struct ct_svg_bar *b)
{
	char buf[48];
	size_t m[4], n = bar_marks(b, m), i;
	double w;

	ct_svg_number(buf, sizeof(buf), b->value, c->digits);
	w = ct_svg_text_width(buf, PSUB, 0);
	for (i = 0; i < n; i++)
		w += MARK_GAP + ct_svg_text_width(marks[m[i]].text, PSUB, 1);
	return w;
}

/* The room right of a panel's plot for its widest value. */
static double value_room(const struct ct_svg_chart *c, const struct ct_svg_panel *p, double pw)
{
	double room = 20, w;
	size_t r;

	for (r = 0; r < c->nrows; r++)
		if (!isnan(p->bars[r].value) && (w = value_width(c, &p->bars[r]) + 7) > room)
			room = w;
	return room < pw / 2 ? room : pw / 2;
}

/* A bar's id, and its marks': " id=\"PREFIX-PANEL-ROW\"". */
static void bar_id(FILE *f, const char *prefix, const struct ct_svg_chart *c,
		   const struct ct_svg_panel *p, size_t r)
{
	fprintf(f, " id=\"%s-", prefix);
	ct_svg_id(f, p->id);
	fputc('-', f);
	ct_svg_id(f, c->rows[r].label);
	fputc('"', f);
}

static void bar_rect(FILE *f, const struct ct_svg_chart *c, const struct ct_svg_panel *p,
		     size_t r, double x1, double x2, double cy)
{
	const struct ct_svg_bar *b = &p->bars[r];
	const char *color = colors[c->rows[r].color];

	fputs("<rect class=\"bar\"", f);
	bar_id(f, "bar", c, p, r);
	fprintf(f, " x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"", x1,
		cy - BAR_H / 2, x2 - x1 > 1 ? x2 - x1 : 1, BAR_H, color);
	/* Pale: the kind's colour kept, in the outline (a disturbed bar's is red). */
	if (b->same)
		fprintf(f, " fill-opacity=\"0.25\"%s%s%s", b->disturbed ? "" : " stroke=\"",
			b->disturbed ? "" : color, b->disturbed ? "" : "\" stroke-width=\"1.5\"");
	fprintf(f, "%s>", b->disturbed ? " stroke=\"#b00000\" stroke-width=\"2\" "
		"stroke-dasharray=\"4 2\"" : b->outlier ? " stroke=\"#b00000\" stroke-width=\"2.5\"" :
		b->change != CT_SVG_NO_CHANGE ? " stroke=\"#000000\" stroke-width=\"2.5\"" : "");
	if (b->tip) {
		fputs("<title>", f);
		ct_svg_text(f, b->tip);
		fputs("</title>", f);
	}
	fputs("</rect>\n", f);
}

/* The whisker; returns its right end. */
static double whisker(FILE *f, const struct ct_svg_axis *a, const struct ct_svg_bar *b,
		      double cy)
{
	double top_v = b->hi > b->lo ? b->hi : b->value + b->err;
	double low_v = b->hi > b->lo ? b->lo : b->value - b->err;
	double lo = ct_svg_axis_x(a, low_v), hi = ct_svg_axis_x(a, top_v);
	int off = top_v > a->hi;

	/* Off the plot: no end cap, an arrow at the edge instead (either end). */
	fprintf(f, "<path class=\"err\" d=\"M%.1f %.1fH%.1f", lo, cy, hi);
	if (low_v < a->lo)
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1f", lo + 5, cy - 4, lo, cy, lo + 5, cy + 4);
	else
		fprintf(f, "M%.1f %.1fV%.1f", lo, cy - 5, cy + 5);
	if (off)
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1f", hi - 5, cy - 4, hi, cy, hi - 5, cy + 4);
	else
		fprintf(f, "M%.1f %.1fV%.1f", hi, cy - 5, cy + 5);
	fputs("\" stroke=\"#222222\" stroke-width=\"1.4\" fill=\"none\"/>\n", f);
	return hi;
}

/* The value right of the bar's marks, then its marks. */
static void bar_value(FILE *f, const struct ct_svg_chart *c, const struct ct_svg_panel *p,
		      size_t r, double x, double cy)
{
	const struct ct_svg_bar *b = &p->bars[r];
	char buf[48];
	size_t m[4], n = bar_marks(b, m), i;

	ct_svg_number(buf, sizeof(buf), b->value, c->digits);
	fprintf(f, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">%s</text>\n",
		x, cy + 4, PSUB, buf);
	/* The marks apart from the number, which stays a number. */
	x += ct_svg_text_width(buf, PSUB, 0) + MARK_GAP;
	for (i = 0; i < n; i++) {
		const struct mark *k = &marks[m[i]];

		fprintf(f, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" "
			"font-weight=\"bold\"", k->cls, x, cy + 4, PSUB, k->fill);
		if (m[i] >= 3) {
			bar_id(f, "changed", c, p, r);
			fputc('>', f);
			if (b->tip) {
				fputs("<title>", f);
				ct_svg_text(f, b->tip);
				fputs("</title>", f);
			}
		} else {
			fputc('>', f);
		}
		fprintf(f, "%s</text>\n", k->text);
		x += ct_svg_text_width(k->text, PSUB, 1) + MARK_GAP;
	}
}

static void bar(FILE *f, const struct ct_svg_chart *c, const struct ct_svg_panel *p,
		const struct ct_svg_axis *a, size_t r, double cy)
{
	const struct ct_svg_bar *b = &p->bars[r];
	double base = ct_svg_axis_x(a, a->base), x = ct_svg_axis_x(a, b->value), end;

	if (isnan(b->value)) {
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"#777777\">"
			"not measured</text>\n", a->x0 + 6, cy + 4, PSUB);
		return;
	}
	bar_rect(f, c, p, r, x < base ? x : base, x < base ? base : x, cy);
	end = x > base ? x : base;
	if (b->err > 0 || b->hi > b->lo) {
		double hi = whisker(f, a, b, cy);

		end = hi > end ? hi : end;
	}
	if (!isnan(b->marker)) {
		double mx = ct_svg_axis_x(a, b->marker);

		diamond(f, mx, cy);
		end = mx + 5 > end ? mx + 5 : end;
	}
	bar_value(f, c, p, r, end + 5, cy);
}

static void line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke)
{
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
		x1, y1, x2, y2, stroke);
}

/* The panel's axis: its grid, ticks and their labels, its title. */
static void axis(FILE *f, const struct ct_svg_chart *c, const struct ct_svg_panel *p,
		 const struct ct_svg_axis *a, double pw, double top, double bottom)
{
	const char *title = p->axis ? p->axis : c->axis;
	char buf[48];
	double x;
	size_t i;

	for (i = 0; i < a->nticks; i++) {
		x = ct_svg_axis_x(a, a->ticks[i]);
		line(f, x, top, x, bottom, "#dddddd");
		line(f, x, bottom, x, bottom + 5, "#333333");
		ct_svg_axis_label(a, a->ticks[i], buf, sizeof(buf));
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" "
			"text-anchor=\"middle\">%s</text>\n", x, bottom + 17, CT_SVG_TICK_SIZE, buf);
	}
	line(f, a->x0, bottom, a->x0 + a->width, bottom, "#333333");
	line(f, ct_svg_axis_x(a, a->base), top, ct_svg_axis_x(a, a->base), bottom, "#333333");
	if (title)
		ct_svg_put(f, title, &st_axis, a->x0 + pw / 2, bottom + 33, pw, 2);
}

/* A panel's titles' height, and its axis title's lines. */
static double panel_head(const struct ct_svg_panel *p, double pw)
{
	double h = PTITLE * 0.8 + (ct_svg_lines(p->title, &st_ptitle, pw, 2) - 1) *
		   PTITLE * CT_SVG_LEADING;

	if (p->subtitle)
		h += 1 + ct_svg_lines(p->subtitle, &st_psub, pw, 2) * PSUB * CT_SVG_LEADING;
	return h + PSUB * CT_SVG_DESCENT + 10;
}

static int axis_lines(const struct ct_svg_chart *c, const struct ct_svg_panel *p, double pw)
{
	const char *title = p->axis ? p->axis : c->axis;

	return title ? ct_svg_lines(title, &st_axis, pw, 2) : 0;
}

static void panel(FILE *f, const struct ct_svg_chart *c, const struct ct_svg_panel *p,
		  double x0, double pw, double head_top, double top, double bottom)
{
	struct ct_svg_axis a;
	double y;
	size_t r;

	ct_svg_axis_fit(&a, c, p, x0, pw - value_room(c, p, pw), x0 - GAP / 2 + 1,
			x0 + pw + GAP / 2 - 1);
	fprintf(f, "<g class=\"panel\" id=\"panel-");
	ct_svg_id(f, p->id);
	fputs("\">\n", f);
	y = ct_svg_put(f, p->title, &st_ptitle, x0, head_top + PTITLE * 0.8, pw, 2);
	if (p->subtitle)
		ct_svg_put(f, p->subtitle, &st_psub, x0,
			   y - PTITLE * CT_SVG_LEADING + PSUB * CT_SVG_LEADING + 1, pw, 2);
	axis(f, c, p, &a, pw, top, bottom);
	for (r = 0; r < c->nrows; r++)
		bar(f, c, p, &a, r, top + ROW_H * ((double)r + 0.5));
	/* The reference line over the bars, so it shows where they cross it. */
	if (!isnan(c->reference)) {
		double x = ct_svg_axis_x(&a, c->reference);

		fprintf(f, "<line class=\"reference\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#333333\" stroke-width=\"1.4\" "
			"stroke-dasharray=\"4 3\"/>\n", x, top - 4, x, bottom);
	}
	fputs("</g>\n", f);
}

/* --- The page --- */

static const struct ct_svg_style st_title = { TITLE, 1, "start", NULL, 0 };
static const struct ct_svg_style st_caveat = {
	LINE, 1, "start", "class=\"caveat\" fill=\"#b00000\"", 0
};
static const struct ct_svg_style st_line = { LINE, 0, "start", "fill=\"#333333\"", 0 };
static const struct ct_svg_style st_note = { NOTE, 0, "start", "fill=\"#444444\"", 0 };
/* A row label cut keeps its end: the file name and placement of "DIR/FILE: main". */
static const struct ct_svg_style st_label = { LABEL, 0, "end", "class=\"label\"", 1 };
static const struct ct_svg_style st_sublabel = { SUBLABEL, 0, "end", "fill=\"#555555\"", 1 };

/* The title and the lines under it from y = 0; returns where they end. */
static double head(FILE *f, const struct ct_svg_chart *c, double width)
{
	double y = ct_svg_put(f, c->title, &st_title, MARGIN, 34, width, 2) - TITLE *
		   CT_SVG_LEADING + 8 + LINE;
	size_t i;

	if (c->caveat)
		y = ct_svg_put(f, c->caveat, &st_caveat, MARGIN, y, width, 0);
	for (i = 0; i < CT_SVG_MAX_LINES && c->lines[i]; i++)
		y = ct_svg_put(f, c->lines[i], &st_line, MARGIN, y, width, 0);
	return y;
}

static double notes(FILE *f, const struct ct_svg_chart *c, double y, double width)
{
	size_t i;

	for (i = 0; i < CT_SVG_MAX_LINES && c->notes[i]; i++)
		y = ct_svg_put(f, c->notes[i], &st_note, MARGIN, y + 8 + NOTE, width, 0) - NOTE;
	return y;
}

static void plan(struct layout *L, const struct ct_svg_chart *c)
{
	double lw = 0, w, y;
	size_t i, b, per;

	memset(L, 0, sizeof(*L));
	for (i = 0; i < c->nrows; i++) {
		w = ct_svg_text_width(c->rows[i].label, LABEL, 0);
		lw = w > lw ? w : lw;
		if (c->rows[i].sublabel) {
			w = ct_svg_text_width(c->rows[i].sublabel, SUBLABEL, 0);
			lw = w > lw ? w : lw;
		}
	}
	L->label_w = (lw < LABEL_MAX ? lw : LABEL_MAX) + LABEL_PAD + 4;
	per = (size_t)floor((W_MAX - 2 * MARGIN - L->label_w + GAP) / (PANEL_MIN + GAP));
	per = per ? per : 1;
	L->nbands = c->npanels ? (c->npanels + per - 1) / per : 0;
	if (L->nbands > MAX_BANDS)
		L->nbands = MAX_BANDS;
	L->per_band = L->nbands ? (c->npanels + L->nbands - 1) / L->nbands : 1;
	L->w = 2 * MARGIN + L->label_w + (double)L->per_band * PANEL_MIN +
	       (double)(L->per_band - 1) * GAP;
	L->w = L->w > W_MIN ? L->w : W_MIN;
	L->pw = (L->w - 2 * MARGIN - L->label_w - GAP * (double)(L->per_band - 1)) /
		(double)L->per_band;
	L->bands_top = head(NULL, c, L->w - 2 * MARGIN) + 4;
	y = L->bands_top;
	for (b = 0; b < L->nbands; b++) {
		int al = 0;

		for (i = b * L->per_band; i < (b + 1) * L->per_band && i < c->npanels; i++) {
			double hh = panel_head(&c->panels[i], L->pw);
			int n = axis_lines(c, &c->panels[i], L->pw);

			L->head_h[b] = hh > L->head_h[b] ? hh : L->head_h[b];
			al = n > al ? n : al;
		}
		L->band_h[b] = L->head_h[b] + ROW_H * (double)c->nrows + 33 +
			       (al > 1 ? (al - 1) * PSUB * CT_SVG_LEADING : 0) + 18;
		y += L->band_h[b];
	}
	L->legend_top = y + 12;
	L->h = notes(NULL, c, legend(NULL, c, L->legend_top, L->w) + 8, L->w - 2 * MARGIN) + 10;
}

/* The row labels and shading of a band whose plots run from top. */
static void rows(FILE *f, const struct ct_svg_chart *c, const struct layout *L, double top)
{
	size_t r;

	for (r = 0; r < c->nrows; r++) {
		double cy = top + ROW_H * ((double)r + 0.5), x = MARGIN + L->label_w - LABEL_PAD;

		if (r % 2 == 0)
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"#f3f3f3\"/>\n", MARGIN, cy - ROW_H / 2, L->w - 2 * MARGIN,
				ROW_H);
		ct_svg_put(f, c->rows[r].label, &st_label, x, c->rows[r].sublabel ? cy - 1 : cy + 4,
			   L->label_w - LABEL_PAD, 1);
		if (c->rows[r].sublabel)
			ct_svg_put(f, c->rows[r].sublabel, &st_sublabel, x, cy + 12,
				   L->label_w - LABEL_PAD, 1);
	}
}

void ct_svg_write(FILE *f, const struct ct_svg_chart *c)
{
	struct layout L;
	double y, top;
	size_t i, b;

	plan(&L, c);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"%s\">\n",
		L.w, ceil(L.h), L.w, ceil(L.h), CT_SVG_FONT);
	fputs("<title>", f);
	ct_svg_text(f, c->title);
	fputs("</title>\n<desc>", f);
	for (i = 0; i < CT_SVG_MAX_LINES && c->lines[i]; i++) {
		ct_svg_text(f, c->lines[i]);
		fputc(' ', f);
	}
	fputs("</desc>\n", f);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n",
		L.w, ceil(L.h));
	head(f, c, L.w - 2 * MARGIN);
	y = L.bands_top;
	for (b = 0; b < L.nbands; b++) {
		top = y + L.head_h[b];
		rows(f, c, &L, top);
		for (i = b * L.per_band; i < (b + 1) * L.per_band && i < c->npanels; i++)
			panel(f, c, &c->panels[i],
			      MARGIN + L.label_w + (double)(i - b * L.per_band) * (L.pw + GAP), L.pw,
			      y, top, top + ROW_H * (double)c->nrows);
		y += L.band_h[b];
	}
	notes(f, c, legend(f, c, L.legend_top, L.w) + 8, L.w - 2 * MARGIN);
	fputs("</svg>\n", f);
}

enum ct_svg_color ct_svg_kinds_color(const char *kinds)
{
	if (!kinds[0] || strchr(kinds, ','))
		return kinds[0] ? CT_SVG_MIXED : CT_SVG_UNKNOWN;
	if (strcmp(kinds, "performance") == 0)
		return CT_SVG_PERFORMANCE;
	if (strcmp(kinds, "efficiency") == 0)
		return CT_SVG_EFFICIENCY;
	if (strcmp(kinds, "low-power") == 0)
		return CT_SVG_LOWPOWER;
	return CT_SVG_UNKNOWN;
}
