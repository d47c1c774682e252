/*
 * records/svg.c - the charts' text: measured, wrapped, abbreviated and
 * escaped.  A writer that must not load a font still knows how wide its
 * text will be: the advance widths of the one face "sans-serif" stands
 * for on most systems are tabled here, so that titles are wrapped before
 * they run into the next panel and tick labels thinned before they run
 * together (the panels, axes and legend are svg-chart.c's and
 * svg-axis.c's).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/record.h"
#include "records/svg.h"

/*
 * Advance widths of DejaVu Sans and DejaVu Sans Bold, in thousandths of
 * an em, for ' ' (0x20) to '~' (0x7e), read from the fonts' hmtx tables.
 */
static const unsigned short width_regular[95] = {
	 318,  401,  460,  838,  636,  950,  780,  275,  390,  390,  500,  838,
	 318,  361,  318,  337,  636,  636,  636,  636,  636,  636,  636,  636,
	 636,  636,  337,  337,  838,  838,  838,  531, 1000,  684,  686,  698,
	 770,  632,  575,  775,  752,  295,  295,  656,  557,  863,  748,  787,
	 603,  787,  695,  635,  611,  732,  684,  989,  685,  611,  685,  390,
	 337,  390,  838,  500,  500,  613,  635,  550,  635,  615,  352,  635,
	 634,  278,  278,  579,  278,  974,  634,  612,  635,  635,  411,  521,
	 392,  634,  592,  818,  592,  592,  525,  636,  337,  636,  838,
};

static const unsigned short width_bold[95] = {
	 348,  456,  521,  838,  696, 1002,  872,  306,  457,  457,  523,  838,
	 380,  415,  380,  365,  696,  696,  696,  696,  696,  696,  696,  696,
	 696,  696,  400,  400,  838,  838,  838,  580, 1000,  774,  762,  734,
	 830,  683,  683,  821,  837,  372,  372,  775,  637,  995,  837,  850,
	 733,  850,  770,  720,  682,  812,  774, 1103,  771,  724,  725,  457,
	 365,  457,  838,  500,  500,  675,  716,  593,  716,  678,  435,  716,
	 712,  343,  343,  665,  343, 1042,  712,  687,  716,  716,  493,  595,
	 478,  712,  652,  924,  645,  652,  582,  712,  365,  712,  838,
};

/* The few other characters the charts write; any other counts a whole em. */
static const struct {
	unsigned cp;
	unsigned short regular, bold;
} width_other[] = {
	{ 0x00b1, 838, 838 },	/* ± */
	{ 0x00b5, 636, 736 },	/* µ */
	{ 0x00b7, 318, 380 },	/* · */
	{ 0x00d7, 838, 838 },	/* × */
	{ 0x03bc, 636, 736 },	/* μ */
	{ 0x2013, 500, 500 },	/* – */
	{ 0x2026, 1000, 1000 },	/* … */
	{ 0x2212, 838, 838 },	/* − */
	{ 0x2248, 838, 838 },	/* ≈ */
	{ 0x2264, 838, 838 },	/* ≤ */
	{ 0x2265, 838, 838 },	/* ≥ */
	{ 0x25b2, 769, 769 },	/* ▲ */
	{ 0x25bc, 769, 769 },	/* ▼ */
};

#define ELLIPSIS "\xe2\x80\xa6"

/* The character at s (UTF-8; a stray byte is one character): its code point and length. */
static size_t utf8_next(const char *s, size_t n, unsigned *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc0 ? 2 : 1, i;

	if (len > n)
		len = 1;
	*cp = len == 1 ? u[0] : u[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80) {
			*cp = u[0];
			return 1;
		}
		*cp = *cp << 6 | (u[i] & 0x3f);
	}
	return len;
}

static unsigned char_width(unsigned cp, int bold)
{
	size_t i;

	if (cp >= 0x20 && cp < 0x7f)
		return bold ? width_bold[cp - 0x20] : width_regular[cp - 0x20];
	for (i = 0; i < sizeof(width_other) / sizeof(width_other[0]); i++)
		if (width_other[i].cp == cp)
			return bold ? width_other[i].bold : width_other[i].regular;
	return cp < 0x20 ? 0 : 1000;
}

/* The width of the first n bytes of s. */
static double width_n(const char *s, size_t n, double size, int bold)
{
	unsigned long sum = 0;
	unsigned cp;
	size_t i = 0;

	while (i < n) {
		i += utf8_next(s + i, n - i, &cp);
		sum += char_width(cp, bold);
	}
	return (double)sum * size / 1000;
}

double ct_svg_text_width(const char *s, double size, int bold)
{
	return width_n(s, strlen(s), size, bold);
}

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

void ct_svg_id(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.' ? *s : '_', f);
}

/* The most bytes of s (n of them) that fit in width, whole characters, one at least. */
static size_t fit_chars(const char *s, size_t n, const struct ct_svg_style *st, double width)
{
	size_t i = 0, step;
	unsigned cp;
	double w = 0;

	while (i < n) {
		step = utf8_next(s + i, n - i, &cp);
		w += (double)char_width(cp, st->bold) * st->size / 1000;
		if (w > width && i > 0)
			break;
		i += step;
	}
	return i;
}

/*
 * The next line of s (n bytes, no leading space): its length, and whether
 * it ends the text abbreviated (the last line allowed, the rest too wide).
 */
static size_t next_line(const char *s, size_t n, const struct ct_svg_style *st, double width,
			int last, int *abbrev)
{
	size_t end = 0, e;

	*abbrev = 0;
	if (width_n(s, n, st->size, st->bold) <= width)
		return n;
	if (last) {
		*abbrev = 1;
		end = fit_chars(s, n, st, width - ct_svg_text_width(ELLIPSIS, st->size, st->bold));
		while (end > 1 && s[end - 1] == ' ')
			end--;
		return end;
	}
	/* The last space before the text overflows. */
	for (e = 1; e < n; e++)
		if (s[e] == ' ' && s[e - 1] != ' ') {
			if (width_n(s, e, st->size, st->bold) > width)
				break;
			end = e;
		}
	return end ? end : fit_chars(s, n, st, width);
}

/* The first n bytes of s, escaped. */
static void put_part(FILE *f, const char *s, size_t n)
{
	char *part = ct_xmalloc(n + 1);

	memcpy(part, s, n);
	part[n] = '\0';
	ct_svg_text(f, part);
	free(part);
}

static size_t skip_spaces(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] == ' ')
		i++;
	return i;
}

/* A text element's start tag, and the whole text as its <title> where cut. */
static void start_tag(FILE *f, const struct ct_svg_style *st, double x, double y,
		      const char *whole)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s", x, y, st->size,
		st->bold ? " font-weight=\"bold\"" : "");
	if (st->anchor && strcmp(st->anchor, "start") != 0)
		fprintf(f, " text-anchor=\"%s\"", st->anchor);
	if (st->attrs)
		fprintf(f, " %s", st->attrs);
	fputc('>', f);
	if (whole) {
		fputs("<title>", f);
		ct_svg_text(f, whole);
		fputs("</title>", f);
	}
}

/* One line that keeps its end: an ellipsis and the longest tail that fits. */
static void set_tail(FILE *f, const char *s, const struct ct_svg_style *st, double x, double y,
		     double width)
{
	size_t n = strlen(s), i = 0;
	double avail = width - ct_svg_text_width(ELLIPSIS, st->size, st->bold);
	unsigned cp;

	if (width_n(s, n, st->size, st->bold) <= width) {
		start_tag(f, st, x, y, NULL);
		ct_svg_text(f, s);
		fputs("</text>\n", f);
		return;
	}
	while (i < n && width_n(s + i, n - i, st->size, st->bold) > avail)
		i += utf8_next(s + i, n - i, &cp);
	start_tag(f, st, x, y, s);
	fputs(ELLIPSIS, f);
	ct_svg_text(f, s + i);
	fputs("</text>\n", f);
}

/* The text set from y (f NULL: measured only); returns its lines. */
static int set_text(FILE *f, const char *s, const struct ct_svg_style *st, double x, double y,
		    double width, int max_lines)
{
	const char *whole = s;
	size_t n = strlen(s), cut;
	int lines = 0, abbrev = 0;

	if (st->keep_end && max_lines == 1) {
		if (f)
			set_tail(f, s, st, x, y, width);
		return *s != '\0';
	}
	cut = skip_spaces(s, n);
	s += cut;
	n -= cut;
	while (n > 0 && !abbrev) {
		lines++;
		cut = next_line(s, n, st, width, max_lines && lines == max_lines, &abbrev);
		if (f) {
			start_tag(f, st, x, y, abbrev ? whole : NULL);
			put_part(f, s, cut);
			fputs(abbrev ? ELLIPSIS "</text>\n" : "</text>\n", f);
		}
		y += st->size * CT_SVG_LEADING;
		s += cut;
		n -= cut;
		cut = skip_spaces(s, n);
		s += cut;
		n -= cut;
	}
	return lines;
}

int ct_svg_lines(const char *s, const struct ct_svg_style *st, double width, int max_lines)
{
	return set_text(NULL, s, st, 0, 0, width, max_lines);
}

double ct_svg_put(FILE *f, const char *s, const struct ct_svg_style *st, double x, double y,
		  double width, int max_lines)
{
	return y + set_text(f, s, st, x, y, width, max_lines) * st->size * CT_SVG_LEADING;
}

void ct_svg_number(char *buf, size_t len, double v, int digits)
{
	int decimals = 3;

	if (digits > 0) {
		decimals = v != 0 && isfinite(v) ? digits - 1 - (int)floor(log10(fabs(v))) : digits - 1;
		if (decimals < 0)
			decimals = 0;
	}
	snprintf(buf, len, "%.*f", decimals, v);
}

void ct_svg_figure(char *buf, size_t len, double v, const char *unit, double near)
{
	double scale;
	const char *u;

	if (unit && strcmp(unit, "load/ns") == 0 && v > 0) {
		snprintf(buf, len, "%.1f ns per load", 1 / v);
	} else if (unit && strcmp(unit, "s") == 0) {
		u = ct_rec_time_unit(near, &scale);
		ct_svg_number(buf, len, v * scale, 4);
		snprintf(buf + strlen(buf), len - strlen(buf), " %s", u);
	} else {
		snprintf(buf, len, "%.4g %s", v, unit ? unit : "");
	}
}
