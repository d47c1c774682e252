/*
 * records/svg.c - the chart writer (SVG 1.1, self-contained).
 *
 * Horizontal bars, because placement names are long and a reader compares
 * the bars of one kernel down a column; the panels sit side by side and
 * share the row labels, and alternate rows are shaded so a row can be
 * followed across the panels.  Text widths are estimated (no font metrics
 * in a writer that must not load a font): about 0.6 em per character of a
 * sans-serif face, with room to spare.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/svg.h"

/* The page and its parts, in px. */
#define W 1000.0		/* width: fits a 1000-px window, scales in any viewer */
#define MARGIN 16.0
#define LABEL_W 190.0		/* the row label column */
#define GAP 30.0		/* between panels */
#define VALUE_ROOM 46.0		/* right of the longest bar, for its value */
#define WHISKER_REACH 2.0	/* the axis past the bars for a whisker, at most (panel()) */
#define ROW_H 38.0
#define BAR_H 16.0
#define CHAR_W 0.6		/* estimated width of a character, in em */

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

void ct_svg_text(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			/* Control characters are not allowed in XML 1.0. */
			if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
				fputc(*s, f);
			break;
		}
}

/* An id made of the characters ids may hold; anything else becomes '_'. */
static void svg_id(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.' ? *s : '_', f);
}

static double text_w(const char *s, double size)
{
	return (double)strlen(s) * size * CHAR_W;
}

/* A step of 1, 2, 2.5 or 5 times a power of ten: 3 to 6 steps up to max. */
static double nice_step(double max)
{
	double raw = max / 5, mag, norm;

	if (!(raw > 0))
		return 0.25;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10) * mag;
}

/* A tick value without trailing zeros: 0, 0.25, 1.5, 10. */
static void tick_label(char *buf, size_t len, double v)
{
	char *p;

	snprintf(buf, len, "%.3f", v);
	p = buf + strlen(buf) - 1;
	while (p > buf && *p == '0')
		*p-- = '\0';
	if (*p == '.')
		*p = '\0';
}

/*
 * Wrapping at spaces to lines of at most width px: the length of the next
 * line of s (len bytes), and where the one after starts.
 */
static size_t wrap_next(const char **s, size_t *len, double size, double width)
{
	size_t max = (size_t)(width / (size * CHAR_W)), cut = *len;

	if (max < 20)
		max = 20;
	if (cut > max) {
		cut = max;
		while (cut > 0 && (*s)[cut] != ' ')
			cut--;
		if (cut == 0)
			cut = max;
	}
	return cut;
}

static void wrap_skip(const char **s, size_t *len, size_t cut)
{
	*s += cut;
	*len -= cut;
	while (*len > 0 && **s == ' ') {
		(*s)++;
		(*len)--;
	}
}

/* Text wrapped to lines of at most width px; returns the y after the last line. */
static double wrapped(FILE *f, const char *s, double x, double y, double size,
		      double width, const char *attrs)
{
	size_t len = strlen(s), cut;

	while (len > 0) {
		char *part;

		cut = wrap_next(&s, &len, size, width);
		part = ct_xmalloc(cut + 1);
		memcpy(part, s, cut);
		part[cut] = '\0';
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" %s>", x, y, size, attrs);
		ct_svg_text(f, part);
		fputs("</text>\n", f);
		free(part);
		y += size * 1.35;
		wrap_skip(&s, &len, cut);
	}
	return y;
}

static int wrapped_lines(const char *s, double size, double width)
{
	size_t len = strlen(s);
	int n = 0;

	while (len > 0) {
		wrap_skip(&s, &len, wrap_next(&s, &len, size, width));
		n++;
	}
	return n;
}

/* The legend's icons. */
enum icon { ICON_SWATCH, ICON_BAR, ICON_PALE, ICON_ERR, ICON_DIAMOND, ICON_REF, ICON_OUTLIER };

static void diamond(FILE *f, double x, double y)
{
	fprintf(f, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"#ffffff\" "
		"stroke=\"#222222\" stroke-width=\"1.4\"/>\n",
		x, y - 6, x + 5, y, x, y + 6, x - 5, y);
}

static void icon(FILE *f, enum icon ic, const char *color, double x, double y)
{
	switch (ic) {
	case ICON_SWATCH:
	case ICON_BAR:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"12\" fill=\"%s\"/>\n",
			x, y - 6, color);
		break;
	case ICON_PALE:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"13\" height=\"11\" fill=\"%s\" "
			"fill-opacity=\"0.25\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
			x + 0.5, y - 5.5, color, color);
		break;
	case ICON_OUTLIER:
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"13\" height=\"11\" fill=\"%s\" "
			"stroke=\"#b00000\" stroke-width=\"2.5\"/>\n", x + 0.5, y - 5.5, color);
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
	double x, y;
};

static void legend_item(struct legend *l, enum icon ic, const char *color, const char *text)
{
	double w = 14 + 6 + text_w(text, 12) + 22;

	if (l->x + w > W - MARGIN && l->x > MARGIN) {
		l->x = MARGIN;
		l->y += 20;
	}
	if (l->f) {
		icon(l->f, ic, color, l->x, l->y - 4);
		fprintf(l->f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\">", l->x + 20, l->y);
		ct_svg_text(l->f, text);
		fputs("</text>\n", l->f);
	}
	l->x += w;
}

/* The legend from (MARGIN, y); with f NULL, only where it ends. */
static double legend(FILE *f, const struct ct_svg_chart *c, double y)
{
	struct legend l = { f, MARGIN, y };
	int used[CT_SVG_NCOLORS] = { 0 };
	size_t i;

	for (i = 0; i < c->nrows; i++)
		used[c->rows[i].color] = 1;
	for (i = 0; i < CT_SVG_NCOLORS; i++)
		if (used[i])
			legend_item(&l, ICON_SWATCH, colors[i], color_names[i]);
	l.x = MARGIN;
	l.y += 20;
	legend_item(&l, ICON_BAR, "#bbbbbb", c->bar_legend);
	if (c->same_legend)
		legend_item(&l, ICON_PALE, "#777777", c->same_legend);
	if (c->outlier_legend)
		legend_item(&l, ICON_OUTLIER, "#bbbbbb", c->outlier_legend);
	legend_item(&l, ICON_ERR, NULL, c->err_legend);
	if (c->marker_legend)
		legend_item(&l, ICON_DIAMOND, NULL, c->marker_legend);
	if (!isnan(c->reference) && c->reference_label)
		legend_item(&l, ICON_REF, NULL, c->reference_label);
	return l.y;
}

/* Where value v falls in a panel whose plot starts at x0. */
static double xpos(double x0, double plot_w, double xmax, double v)
{
	if (v < 0)
		v = 0;
	return x0 + v / xmax * plot_w;
}

static void panel(FILE *f, const struct ct_svg_chart *c, const struct ct_svg_panel *p,
		  double x0, double pw, double top, double bottom)
{
	double plot_w = pw - VALUE_ROOM, max = 0, whisker = 0, step, xmax, v, x;
	char buf[32];
	size_t r;

	/*
	 * The axis reaches past every bar, diamond and the reference, and
	 * past every whisker up to WHISKER_REACH times the rest: a wider one
	 * (an interval of few, noisy samples) runs off the plot with an
	 * arrow, so that it does not shrink every bar to a sliver.
	 */
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
	xmax = ceil(max * 1.02 / step) * step;
	if (!(xmax > 0))
		xmax = step;

	fprintf(f, "<g class=\"panel\" id=\"panel-");
	svg_id(f, p->id);
	fputs("\">\n", f);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\">", x0,
		top - 30);
	ct_svg_text(f, p->title);
	fputs("</text>\n", f);
	if (p->subtitle) {
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" fill=\"#444444\">", x0,
			top - 14);
		ct_svg_text(f, p->subtitle);
		fputs("</text>\n", f);
	}
	/* Grid, ticks and their labels. */
	for (v = 0; v <= xmax + step / 2; v += step) {
		x = xpos(x0, plot_w, xmax, v);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n",
			x, top, x, bottom);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
			x, bottom, x, bottom + 5);
		tick_label(buf, sizeof(buf), v);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%s</text>\n",
			x, bottom + 17, buf);
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
		x0, bottom, xpos(x0, plot_w, xmax, xmax), bottom);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
		x0, top, x0, bottom);
	if (c->axis) {
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" text-anchor=\"middle\" "
			"fill=\"#444444\">", x0 + plot_w / 2, bottom + 33);
		ct_svg_text(f, c->axis);
		fputs("</text>\n", f);
	}

	for (r = 0; r < c->nrows; r++) {
		const struct ct_svg_bar *b = &p->bars[r];
		double cy = top + ROW_H * ((double)r + 0.5), end, lo, hi;

		if (isnan(b->value)) {
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" fill=\"#777777\">"
				"not measured</text>\n", x0 + 6, cy + 4);
			continue;
		}
		x = xpos(x0, plot_w, xmax, b->value);
		fprintf(f, "<rect class=\"bar\" id=\"bar-");
		svg_id(f, p->id);
		fputc('-', f);
		svg_id(f, c->rows[r].label);
		fprintf(f, "\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"",
			x0, cy - BAR_H / 2, x - x0 > 1 ? x - x0 : 1, BAR_H, colors[c->rows[r].color]);
		/* Pale: the kind's colour kept, in the outline (a disturbed bar's is red). */
		if (b->same)
			fprintf(f, " fill-opacity=\"0.25\"%s%s%s", b->disturbed ? "" : " stroke=\"",
				b->disturbed ? "" : colors[c->rows[r].color],
				b->disturbed ? "" : "\" stroke-width=\"1.5\"");
		fprintf(f, "%s>", b->disturbed ? " stroke=\"#b00000\" stroke-width=\"2\" "
			"stroke-dasharray=\"4 2\"" : b->outlier ? " stroke=\"#b00000\" "
			"stroke-width=\"2.5\"" : "");
		if (b->tip) {
			fputs("<title>", f);
			ct_svg_text(f, b->tip);
			fputs("</title>", f);
		}
		fputs("</rect>\n", f);
		end = x;
		if (b->err > 0 || b->hi > b->lo) {
			double top_v = b->hi > b->lo ? b->hi : b->value + b->err;
			int off = top_v > xmax;

			lo = xpos(x0, plot_w, xmax, b->hi > b->lo ? b->lo : b->value - b->err);
			hi = xpos(x0, plot_w, xmax, off ? xmax : top_v);
			/* Off the plot: no end cap, an arrow at the edge instead. */
			if (off)
				fprintf(f, "<path class=\"err\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1f"
					"M%.1f %.1fL%.1f %.1fL%.1f %.1f\" stroke=\"#222222\" "
					"stroke-width=\"1.4\" fill=\"none\"/>\n", lo, cy, hi, lo, cy - 5,
					cy + 5, hi - 5, cy - 4, hi, cy, hi - 5, cy + 4);
			else
				fprintf(f, "<path class=\"err\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1f"
					"M%.1f %.1fV%.1f\" stroke=\"#222222\" stroke-width=\"1.4\" "
					"fill=\"none\"/>\n", lo, cy, hi, lo, cy - 5, cy + 5, hi, cy - 5,
					cy + 5);
			end = hi > end ? hi : end;
		}
		if (!isnan(b->marker)) {
			double mx = xpos(x0, plot_w, xmax, b->marker);

			diamond(f, mx, cy);
			end = mx + 5 > end ? mx + 5 : end;
		}
		snprintf(buf, sizeof(buf), "%.3f", b->value);
		fprintf(f, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\">%s</text>\n",
			end + 5, cy + 4, buf);
		/* The marks apart from the number, which stays a number. */
		x = end + 5 + 6.5 * (double)strlen(buf) + 2;
		if (b->same) {
			fprintf(f, "<text class=\"same\" x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" "
				"fill=\"#444444\" font-weight=\"bold\">~</text>\n", x, cy + 4);
			x += 8;
		}
		if (b->disturbed) {
			fprintf(f, "<text class=\"disturbed\" x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" "
				"fill=\"#b00000\" font-weight=\"bold\">*</text>\n", x, cy + 4);
			x += 8;
		}
		if (b->outlier)
			fprintf(f, "<text class=\"outlier\" x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" "
				"fill=\"#b00000\" font-weight=\"bold\">!</text>\n", x, cy + 4);
	}
	/* The reference line over the bars, so it shows where they cross it. */
	if (!isnan(c->reference)) {
		x = xpos(x0, plot_w, xmax, c->reference);
		fprintf(f, "<line class=\"reference\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"#333333\" stroke-width=\"1.4\" stroke-dasharray=\"4 3\"/>\n",
			x, top - 4, x, bottom);
	}
	fputs("</g>\n", f);
}

void ct_svg_write(FILE *f, const struct ct_svg_chart *c)
{
	double width = W - 2 * MARGIN, y, top, bottom, pw, h, x0;
	size_t i, r;
	int nlines = 0;

	/* Heights first: the svg element states the size. */
	y = 34;
	if (c->caveat)
		nlines += wrapped_lines(c->caveat, 12.5, width);
	for (i = 0; i < CT_SVG_MAX_LINES && c->lines[i]; i++)
		nlines += wrapped_lines(c->lines[i], 12.5, width);
	top = y + 8 + nlines * 12.5 * 1.35 + 56;
	bottom = top + ROW_H * (double)c->nrows;
	h = legend(NULL, c, bottom + 62) + 8;
	for (i = 0; i < CT_SVG_MAX_LINES && c->notes[i]; i++)
		h += 8 + wrapped_lines(c->notes[i], 11.5, width) * 11.5 * 1.35;
	h += 10;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
		W, ceil(h), W, ceil(h));
	fputs("<title>", f);
	ct_svg_text(f, c->title);
	fputs("</title>\n<desc>", f);
	for (i = 0; i < CT_SVG_MAX_LINES && c->lines[i]; i++) {
		ct_svg_text(f, c->lines[i]);
		fputc(' ', f);
	}
	fputs("</desc>\n", f);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", W,
		ceil(h));
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"20\" font-weight=\"bold\">", MARGIN, y);
	ct_svg_text(f, c->title);
	fputs("</text>\n", f);
	y += 8 + 12.5;
	if (c->caveat)
		y = wrapped(f, c->caveat, MARGIN, y, 12.5, width,
			    "class=\"caveat\" fill=\"#b00000\" font-weight=\"bold\"");
	for (i = 0; i < CT_SVG_MAX_LINES && c->lines[i]; i++)
		y = wrapped(f, c->lines[i], MARGIN, y, 12.5, width, "fill=\"#333333\"");

	/* Shade every other row across the page; the row labels. */
	for (r = 0; r < c->nrows; r++) {
		double cy = top + ROW_H * ((double)r + 0.5);

		if (r % 2 == 0)
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"#f3f3f3\"/>\n", MARGIN, cy - ROW_H / 2, width, ROW_H);
		fprintf(f, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\" font-size=\"13\" "
			"text-anchor=\"end\">", MARGIN + LABEL_W - 12, c->rows[r].sublabel ? cy - 1 : cy + 4);
		ct_svg_text(f, c->rows[r].label);
		fputs("</text>\n", f);
		if (c->rows[r].sublabel) {
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10.5\" text-anchor=\"end\" "
				"fill=\"#555555\">", MARGIN + LABEL_W - 12, cy + 12);
			ct_svg_text(f, c->rows[r].sublabel);
			fputs("</text>\n", f);
		}
	}
	pw = (W - 2 * MARGIN - LABEL_W - GAP * (double)(c->npanels - 1)) / (double)c->npanels;
	for (i = 0; i < c->npanels; i++) {
		x0 = MARGIN + LABEL_W + (double)i * (pw + GAP);
		panel(f, c, &c->panels[i], x0, pw, top, bottom);
	}
	y = legend(f, c, bottom + 62) + 8;
	for (i = 0; i < CT_SVG_MAX_LINES && c->notes[i]; i++)
		y = wrapped(f, c->notes[i], MARGIN, y + 8 + 11.5, 11.5, width,
			    "fill=\"#444444\"") - 11.5;
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
