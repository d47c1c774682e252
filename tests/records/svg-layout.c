/*
 * svg-layout - is a chart laid out: every text's box, measured with the
 * chart writer's own width table (ct_svg_text_width) from its x, y,
 * font-size, font-weight and text-anchor, lies on the page and overlaps
 * no other text's; every tick label of a panel is a number greater than
 * the one left of it (an axis that runs the right way); and every text
 * cut short with an ellipsis holds the whole in its <title>.
 *
 *   svg-layout FILE...    exit 0 if every chart is laid out, else 1 and
 *                         a line per fault
 *
 * The charts are the suite's own (records/svg-chart.c): a text is one
 * <text> element with its attributes as that writer writes them, its
 * content text with at most a <title> child; no transforms.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records/svg.h"

#define SLACK 0.5		/* px two boxes may share (rounding to 0.1 px) */

struct box {
	double x1, y1, x2, y2;
	char text[256], title[1024], panel[128], cls[32];
	long line;
};

static int faults;

/* A fault: what, and the one or two texts it is about (NULL: none). */
static void fault(const char *file, const char *what, const char *a, const char *b)
{
	fprintf(stderr, "svg-layout: %s: %s%s%s%s%s\n", file, what, a ? ": " : "", a ? a : "",
		b ? " and " : "", b ? b : "");
	faults++;
}

/* The value of attribute name in the tag [s, end), into buf ("" where absent). */
static void attr(const char *s, const char *end, const char *name, char *buf, size_t len)
{
	size_t n = strlen(name);
	const char *p, *q;

	buf[0] = '\0';
	for (p = s; (p = strstr(p, name)) && p < end; p++) {
		if (p[-1] != ' ' || strncmp(p + n, "=\"", 2) != 0)
			continue;
		q = strchr(p + n + 2, '"');
		if (!q || q > end)
			return;
		snprintf(buf, len, "%.*s", (int)(q - (p + n + 2)), p + n + 2);
		return;
	}
}

/* Text with the five named entities undone, [s, end) into buf. */
static void unescape(const char *s, const char *end, char *buf, size_t len)
{
	static const char *const ent[][2] = {
		{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" }, { "&apos;", "'" }
	};
	size_t o = 0, i;

	while (s < end && o + 1 < len) {
		for (i = 0; i < 5; i++)
			if (strncmp(s, ent[i][0], strlen(ent[i][0])) == 0)
				break;
		if (i < 5) {
			buf[o++] = ent[i][1][0];
			s += strlen(ent[i][0]);
		} else {
			buf[o++] = *s++;
		}
	}
	buf[o] = '\0';
}

static long line_of(const char *src, const char *p)
{
	long n = 1;

	for (; src < p; src++)
		n += *src == '\n';
	return n;
}

/* The text element at p (just past "<text"): its box; returns where it ends. */
static const char *text_box(const char *src, const char *p, struct box *b)
{
	const char *tag_end = strchr(p, '>'), *close, *t, *te;
	char v[64], anchor[16], weight[16];
	double x, y, size, w;

	memset(b, 0, sizeof(*b));
	close = tag_end ? strstr(tag_end, "</text>") : NULL;
	if (!close)
		return NULL;
	b->line = line_of(src, p);
	attr(p, tag_end, "x", v, sizeof(v));
	x = atof(v);
	attr(p, tag_end, "y", v, sizeof(v));
	y = atof(v);
	attr(p, tag_end, "font-size", v, sizeof(v));
	size = atof(v);
	attr(p, tag_end, "text-anchor", anchor, sizeof(anchor));
	attr(p, tag_end, "font-weight", weight, sizeof(weight));
	attr(p, tag_end, "class", b->cls, sizeof(b->cls));
	t = tag_end + 1;
	if (strncmp(t, "<title>", 7) == 0 && (te = strstr(t, "</title>")) && te < close) {
		unescape(t + 7, te, b->title, sizeof(b->title));
		t = te + 8;
	}
	unescape(t, close, b->text, sizeof(b->text));
	w = ct_svg_text_width(b->text, size, strcmp(weight, "bold") == 0);
	b->x1 = strcmp(anchor, "middle") == 0 ? x - w / 2 : strcmp(anchor, "end") == 0 ? x - w : x;
	b->x2 = b->x1 + w;
	b->y1 = y - CT_SVG_ASCENT * size;
	b->y2 = y + CT_SVG_DESCENT * size;
	return close + 7;
}

static int overlap(const struct box *a, const struct box *b)
{
	return a->x1 < b->x2 - SLACK && b->x1 < a->x2 - SLACK &&
	       a->y1 < b->y2 - SLACK && b->y1 < a->y2 - SLACK;
}

static void describe(const struct box *b, char *buf, size_t len)
{
	snprintf(buf, len, "line %ld \"%.80s\" [%.1f..%.1f x %.1f..%.1f]", b->line, b->text, b->x1,
		 b->x2, b->y1, b->y2);
}

/* Each panel's tick labels, left to right, rising. */
static void check_ticks(const char *file, const struct box *bx, size_t n)
{
	char d1[200], d2[200];
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (strcmp(bx[i].cls, "tick") != 0)
			continue;
		for (j = 0; j < n; j++) {
			if (j == i || strcmp(bx[j].cls, "tick") != 0 ||
			    strcmp(bx[j].panel, bx[i].panel) != 0 || !(bx[j].x1 > bx[i].x1))
				continue;
			if (!(atof(bx[j].text) > atof(bx[i].text))) {
				describe(&bx[i], d1, sizeof(d1));
				describe(&bx[j], d2, sizeof(d2));
				fault(file, "a tick label not above the one left of it", d1, d2);
			}
		}
	}
}

static void check_boxes(const char *file, const struct box *bx, size_t n, double w, double h)
{
	static const char ellipsis[] = "\xe2\x80\xa6";
	char d1[200], d2[200];
	size_t i, j, l;

	for (i = 0; i < n; i++) {
		describe(&bx[i], d1, sizeof(d1));
		if (bx[i].x1 < -SLACK || bx[i].x2 > w + SLACK || bx[i].y1 < -SLACK ||
		    bx[i].y2 > h + SLACK)
			fault(file, "off the page", d1, NULL);
		l = strlen(bx[i].text);
		/*
		 * Cut short at the end or the start: what shows (a later line
		 * of it, maybe) is in the whole.
		 */
		if (l >= 3 && (strcmp(bx[i].text + l - 3, ellipsis) == 0 ||
			       strncmp(bx[i].text, ellipsis, 3) == 0)) {
			char shown[256];

			snprintf(shown, sizeof(shown), "%.*s", (int)(l - 3),
				 bx[i].text + (strncmp(bx[i].text, ellipsis, 3) == 0 ? 3 : 0));
			if (strlen(bx[i].title) <= l - 3 || !strstr(bx[i].title, shown))
				fault(file, "cut short without the whole text in its <title>", d1,
				      NULL);
		}
		for (j = i + 1; j < n; j++)
			if (overlap(&bx[i], &bx[j])) {
				describe(&bx[j], d2, sizeof(d2));
				fault(file, "two texts overlap", d1, d2);
			}
	}
}

static char *slurp(const char *file)
{
	FILE *f = fopen(file, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (cap - len < 65536)
			buf = realloc(buf, cap += 65536 * 4);
		if (!buf)
			exit(99);
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	fclose(f);
	buf[len] = '\0';
	return buf;
}

static void check(const char *file)
{
	char *src = slurp(file), v[64], panel[128] = "";
	const char *p, *svg;
	struct box *bx = NULL;
	size_t n = 0, cap = 0;
	double w, h;

	if (!src || !(svg = strstr(src, "<svg "))) {
		fault(file, "cannot read it, or no <svg> element", NULL, NULL);
		free(src);
		return;
	}
	attr(svg, strchr(svg, '>'), "width", v, sizeof(v));
	w = atof(v);
	attr(svg, strchr(svg, '>'), "height", v, sizeof(v));
	h = atof(v);
	for (p = svg; p && (p = strchr(p, '<'));) {
		if (strncmp(p, "<g ", 3) == 0) {
			attr(p, strchr(p, '>'), "id", panel, sizeof(panel));
			p++;
		} else if (strncmp(p, "</g>", 4) == 0) {
			panel[0] = '\0';
			p++;
		} else if (strncmp(p, "<text ", 6) == 0) {
			if (n == cap && !(bx = realloc(bx, (cap = cap ? 2 * cap : 256) * sizeof(*bx))))
				exit(99);
			p = text_box(src, p + 5, &bx[n]);
			if (!p) {
				fault(file, "a <text> not closed", NULL, NULL);
				break;
			}
			snprintf(bx[n].panel, sizeof(bx[n].panel), "%s", panel);
			n++;
		} else {
			p++;
		}
	}
	if (n == 0)
		fault(file, "no text", NULL, NULL);
	check_boxes(file, bx, n, w, h);
	check_ticks(file, bx, n);
	free(bx);
	free(src);
}

int main(int argc, char **argv)
{
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: svg-layout FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++)
		check(argv[i]);
	return faults ? 1 : 0;
}
