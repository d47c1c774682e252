/*
 * svg.c - the chart writer (SVG 1.1, self-contained) and ct-place's
 * comparison as a chart.
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

#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/harness.h"
#include "ct/svg.h"

/* The page and its parts, in px. */
#define W 1000.0		/* width: fits a 1000-px window, scales in any viewer */
#define MARGIN 16.0
#define LABEL_W 190.0		/* the row label column */
#define GAP 30.0		/* between panels */
#define VALUE_ROOM 46.0		/* right of the longest bar, for its value */
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
enum icon { ICON_SWATCH, ICON_BAR, ICON_ERR, ICON_DIAMOND, ICON_REF };

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
	double plot_w = pw - VALUE_ROOM, max = 0, step, xmax, v, x;
	char buf[32];
	size_t r;

	/* The axis reaches past every bar, whisker, diamond and the reference. */
	if (!isnan(c->reference))
		max = c->reference;
	for (r = 0; r < c->nrows; r++) {
		const struct ct_svg_bar *b = &p->bars[r];

		if (!isnan(b->value) && b->value + b->err > max)
			max = b->value + b->err;
		if (!isnan(b->value) && b->hi > b->lo && b->hi > max)
			max = b->hi;
		if (!isnan(b->marker) && b->marker > max)
			max = b->marker;
	}
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
		fprintf(f, "\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s>",
			x0, cy - BAR_H / 2, x - x0 > 1 ? x - x0 : 1, BAR_H, colors[c->rows[r].color],
			b->disturbed ? " stroke=\"#b00000\" stroke-width=\"2\" stroke-dasharray=\"4 2\"" : "");
		if (b->tip) {
			fputs("<title>", f);
			ct_svg_text(f, b->tip);
			fputs("</title>", f);
		}
		fputs("</rect>\n", f);
		end = x;
		if (b->err > 0 || b->hi > b->lo) {
			lo = xpos(x0, plot_w, xmax, b->hi > b->lo ? b->lo : b->value - b->err);
			hi = xpos(x0, plot_w, xmax, b->hi > b->lo ? b->hi : b->value + b->err);
			fprintf(f, "<path class=\"err\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" "
				"stroke=\"#222222\" stroke-width=\"1.4\" fill=\"none\"/>\n",
				lo, cy, hi, lo, cy - 5, cy + 5, hi, cy - 5, cy + 5);
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
		/* The mark apart from the number, which stays a number. */
		if (b->disturbed)
			fprintf(f, "<text class=\"disturbed\" x=\"%.1f\" y=\"%.1f\" font-size=\"11.5\" "
				"fill=\"#b00000\" font-weight=\"bold\">*</text>\n",
				end + 5 + 6.5 * (double)strlen(buf) + 2, cy + 4);
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

/* --- ct-place's comparison. --- */

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

/* "cpus 0-1 (P)": where a row's samples ran, as the tables have it. */
static void row_where(const struct ct_compare_row *row, char *buf, size_t len)
{
	struct ct_cpuset set;
	char list[64], letters[32];
	const char *p = row->kinds;
	size_t used = 0;
	unsigned s;
	int k;

	ct_cpuset_zero(&set);
	for (k = 0; k < CT_CMP_NKERNELS; k++)
		for (s = 0; s < row->ser[k].n; s++) {
			ct_cpuset_set(&set, row->ser[k].s[s].cpu_start);
			ct_cpuset_set(&set, row->ser[k].s[s].cpu_end);
		}
	ct_cpuset_format(&set, list, sizeof(list));
	letters[0] = '\0';
	while (*p && used + 4 < sizeof(letters)) {
		size_t l = strcspn(p, ",");

		used += (size_t)snprintf(letters + used, sizeof(letters) - used, "%s%s",
					 used ? "," : "",
					 strncmp(p, "performance", l) == 0 ? "P" :
					 strncmp(p, "efficiency", l) == 0 ? "E" :
					 strncmp(p, "low-power", l) == 0 ? "LP" : "?");
		p += l + (p[l] == ',');
	}
	snprintf(buf, len, "cpu%s %s%s%s%s", strpbrk(list, ",-") ? "s" : "",
		 list[0] ? list : "unknown", letters[0] ? " (" : "", letters,
		 letters[0] ? ")" : "");
}

static const char *const kernel_titles[CT_CMP_NKERNELS] = {
	"clock", "FMA in L1", "stream read",
};

static const char *const kernel_ids[CT_CMP_NKERNELS] = { "clock", "fma", "stream" };

void ct_compare_svg(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
		    const struct ct_compare_row *rows, size_t n)
{
	struct ct_svg_chart c;
	struct ct_svg_panel panels[CT_CMP_NKERNELS];
	struct ct_svg_row *srow = ct_xcalloc(n ? n : 1, sizeof(*srow));
	struct ct_svg_bar *bars = ct_xcalloc((n ? n : 1) * CT_CMP_NKERNELS, sizeof(*bars));
	char (*where)[96] = ct_xcalloc(n ? n : 1, sizeof(*where));
	char (*tips)[320] = ct_xcalloc((n ? n : 1) * CT_CMP_NKERNELS, sizeof(*tips));
	char title[160], machine[512], run[400], basis[400], ptitle[CT_CMP_NKERNELS][96];
	char psub[CT_CMP_NKERNELS][96], notes[1200], axis[96], reflabel[80], caveat[1600];
	unsigned disturbed = 0;
	const struct ct_compare_row *base = NULL;
	size_t i, r, nr = 0, used = 0;
	int k;

	(void)t;
	for (i = 0; i < n && !base; i++)
		if (rows[i].ran && rows[i].p.kind == CT_PLACE_MAIN)
			base = &rows[i];
	for (i = 0; i < n && !base; i++)
		if (rows[i].ran)
			base = &rows[i];

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
	if (i < n)
		snprintf(run, sizeof(run), "Kernels %s (%s), %s (%s), %s (%s): %u samples of each "
			 "per placement, round-robin, every one verified.",
			 rows[i].k[0].name, rows[i].k[0].isa, rows[i].k[1].name, rows[i].k[1].isa,
			 rows[i].k[2].name, rows[i].k[2].isa, rows[i].ser[0].n);
	else
		snprintf(run, sizeof(run), "No placement was measured.");
	c.lines[1] = run;
	snprintf(basis, sizeof(basis), "Bars: median rate on the wall basis (elapsed time) over "
		 "%s's; diamonds: the same on the cpu basis (the thread's CPU time).%s",
		 base ? base->p.name : "main",
		 base && base->p.kind != CT_PLACE_MAIN ? " (main was not measured.)" : "");
	c.lines[2] = basis;
	snprintf(axis, sizeof(axis), "median rate relative to %s", base ? base->p.name : "main");
	c.axis = axis;
	c.reference = 1.0;
	snprintf(reflabel, sizeof(reflabel), "%s = 1", base ? base->p.name : "main");
	c.reference_label = reflabel;
	c.bar_legend = "bar: wall basis";
	c.err_legend = "error bar: \u00b1 the cv of the samples";
	c.marker_legend = "diamond: cpu basis";

	for (r = 0; r < n; r++) {
		if (!rows[r].ran)
			continue;
		row_where(&rows[r], where[nr], sizeof(where[nr]));
		srow[nr].label = rows[r].p.name;
		srow[nr].sublabel = where[nr];
		srow[nr].color = ct_svg_kinds_color(rows[r].kinds);
		for (k = 0; k < CT_CMP_NKERNELS; k++) {
			struct ct_svg_bar *b = &bars[(size_t)k * n + nr];
			struct ct_summary sw, sc, bw, bc;
			char *tip = tips[(size_t)k * n + nr];

			ct_summarize(&rows[r].ser[k], CT_BASIS_WALL, &sw);
			ct_summarize(&rows[r].ser[k], CT_BASIS_CPU, &sc);
			ct_summarize(&base->ser[k], CT_BASIS_WALL, &bw);
			ct_summarize(&base->ser[k], CT_BASIS_CPU, &bc);
			b->value = bw.rate.median > 0 ? sw.rate.median / bw.rate.median : NAN;
			b->err = isnan(b->value) ? 0 : b->value * sw.rate.cv_pct / 100;
			b->marker = bc.rate.median > 0 ? sc.rate.median / bc.rate.median : NAN;
			snprintf(tip, 320, "%s, %s (%s): %.4g %s median on the wall basis, %.3f x %s, "
				 "cv %.2f%%; %.4g %s on the cpu basis, %.3f x %s; %u samples, verified",
				 rows[r].p.name, rows[r].k[k].name, rows[r].k[k].isa, sw.rate.median,
				 rows[r].k[k].unit, b->value, base->p.name, sw.rate.cv_pct,
				 sc.rate.median, rows[r].k[k].unit, b->marker, base->p.name, sw.reps);
			b->disturbed = sw.descheduled > 0;
			if (b->disturbed) {
				size_t l = strlen(tip);

				snprintf(tip + l, 320 - l, "; %u disturbed (descheduled)", sw.descheduled);
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
		used = (size_t)snprintf(caveat, sizeof(caveat), "Caveat:");
		if (disturbed && used < sizeof(caveat))
			used += (size_t)snprintf(caveat + used, sizeof(caveat) - used,
						 " bars marked * had disturbed samples (the thread "
						 "ran for under %.0f%% of a sample's wall time): their "
						 "wall figures mislead.", 100 * CT_DESCHEDULED_SHARE);
		for (i = 0; i < m->nwarnings && used < sizeof(caveat); i++)
			used += (size_t)snprintf(caveat + used, sizeof(caveat) - used, " %s.",
						 m->warnings[i]);
		c.caveat = caveat;
		used = 0;
	}
	for (k = 0; k < CT_CMP_NKERNELS; k++) {
		panels[k].id = kernel_ids[k];
		if (base) {
			struct ct_summary bw;

			ct_summarize(&base->ser[k], CT_BASIS_WALL, &bw);
			snprintf(ptitle[k], sizeof(ptitle[k]), "%s (%s, %s)", kernel_titles[k],
				 base->k[k].name, base->k[k].isa);
			snprintf(psub[k], sizeof(psub[k]), "%s: %.4g %s (median, wall) = 1",
				 base->p.name, bw.rate.median, base->k[k].unit);
			panels[k].subtitle = psub[k];
		} else {
			snprintf(ptitle[k], sizeof(ptitle[k]), "%s", kernel_titles[k]);
			panels[k].subtitle = NULL;
		}
		panels[k].title = ptitle[k];
		panels[k].bars = &bars[(size_t)k * n];
	}
	c.panels = panels;
	c.npanels = CT_CMP_NKERNELS;

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

	ct_svg_write(f, &c);
	free(srow);
	free(bars);
	free(where);
	free(tips);
}
