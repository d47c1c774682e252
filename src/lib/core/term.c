/*
 * core/term.c - the terminal's width (term.h): COLUMNS as ps and lscpu take
 * it, then the terminal driver's window size.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "core/common.h"
#include "core/options.h"
#include "core/term.h"

/* ct_term_open()'s stream, standing for a terminal this wide. */
static FILE *held, *held_to;
static int held_width;
static char *held_buf;
static size_t held_len, held_done;	/* held_buf[0, held_done) is out */

/* -w N (N), --wide (CT_TERM_WIDE), or none given (0). */
static int option_width;

void ct_term_set_width(int width)
{
	option_width = width;
}

int ct_term_option(int c, const char *arg)
{
	char *end;
	long n;

	switch (c) {
	case 'w':
		n = strtol(arg, &end, 10);
		if (end == arg || *end != '\0' || n < CT_TERM_MIN_WIDTH || n > CT_TERM_MAX_WIDTH)
			ct_usage_error("invalid --width '%s': use %d to %d columns (--wide: no "
				       "limit)", arg, CT_TERM_MIN_WIDTH, CT_TERM_MAX_WIDTH);
		ct_term_set_width((int)n);
		return 1;
	case CT_OPT_WIDE:
		ct_term_set_width(CT_TERM_WIDE);
		return 1;
	}
	return 0;
}

int ct_term_width(FILE *f)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	char *end;
	long c;

	if (f && f == held)
		return held_width;
	if (!f)
		return 0;
	if (option_width)
		return option_width == CT_TERM_WIDE ? 0 : option_width;
	if (env && *env) {
		c = strtol(env, &end, 10);
		if (*end == '\0' && c > 0 && c <= CT_TERM_MAX_WIDTH)
			return (int)c;
	}
	if (!isatty(fileno(f)))
		return CT_TERM_PIPE_WIDTH;
	if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

void ct_term_wrap(FILE *f, int width, const char *indent, const char *text)
{
	size_t col = 0, len;
	const char *p = text, *sp;
	int fresh = 1;			/* nothing on the line yet but its indent */

	if (width <= 0) {
		fprintf(f, "%s\n", text);
		return;
	}
	while (*p) {
		sp = strchr(p, ' ');
		len = sp ? (size_t)(sp - p) : strlen(p);
		if (!fresh && col + 1 + len > (size_t)width) {
			fprintf(f, "\n%s", indent);
			col = strlen(indent);
			fresh = 1;
		}
		if (!fresh) {
			fputc(' ', f);
			col++;
		}
		fwrite(p, 1, len, f);
		col += len;
		fresh = 0;
		p += len;
		while (*p == ' ')
			p++;
	}
	fputc('\n', f);
}

/*
 * Where a long line's further lines start: after "label:" (of a few
 * words: "cpu models:") and its spaces, after a footnote's mark and its
 * spaces ("*      text"), else two columns in from its own indent; at
 * most half the width.
 */
static size_t hang(const char *line, size_t len, int width)
{
	size_t i = 0, j, in, words = 1;

	while (i < len && line[i] == ' ')
		i++;
	in = i + 2;
	for (j = i; j + 1 < len && j < i + 24 && words <= 3 && line[j] != ':'; j++)
		words += line[j] == ' ';
	if (j + 1 < len && line[j] == ':' && line[j + 1] == ' ' && words <= 3) {
		for (j++; j < len && line[j] == ' '; j++)
			;
		in = j;
	} else {
		for (j = i; j < len && line[j] != ' '; j++)
			;
		if (j + 1 < len && line[j + 1] == ' ') {
			while (j < len && line[j] == ' ')
				j++;
			in = j;
		}
	}
	return in > (size_t)width / 2 ? 2 : in;
}

void ct_term_wrap_hanging(FILE *f, int width, const char *line, size_t len)
{
	size_t in = width > 0 ? hang(line, len, width) : len, col = in, w, gap = 0;
	const char *p = line + in, *end = line + len, *sp;
	int fresh = 1;

	/* A line that fits is written as it is, its runs of spaces kept. */
	if (width <= 0 || len <= (size_t)width)
		in = len;
	fwrite(line, 1, in, f);
	for (p = line + in; p < end;) {
		for (sp = p; sp < end && *sp != ' '; sp++)
			;
		w = (size_t)(sp - p);
		if (!fresh && col + gap + w > (size_t)width) {
			fprintf(f, "\n%*s", (int)in, "");
			col = in;
			fresh = 1;
		}
		/* The spaces between two words on one line as they were ("rank 0  cpus"). */
		if (!fresh) {
			fprintf(f, "%*s", (int)gap, "");
			col += gap;
		}
		fwrite(p, 1, w, f);
		col += w;
		fresh = 0;
		for (gap = 0, p = sp; p < end && *p == ' '; p++)
			gap++;
	}
	fputc('\n', f);
}

FILE *ct_term_open(FILE *f)
{
	int width = ct_term_width(f);

	if (width <= 0 || held)
		return f;
	held = open_memstream(&held_buf, &held_len);
	if (!held)
		return f;
	held_to = f;
	held_width = width;
	held_done = 0;
	return held;
}

/*
 * A row of a table (two gaps of two spaces or more past its hang): a
 * table is fitted by its writer, and a row still too wide is written
 * whole, never broken at its gaps into words.
 */
static int table_row(const char *line, size_t len)
{
	size_t i = hang(line, len, held_width), gaps = 0;

	/* (Past a label's or a mark's spaces: "kernel:   stream avx2   32-byte" is no row.) */
	for (; i + 2 < len; i++)
		if (line[i] != ' ' && line[i + 1] == ' ' && line[i + 2] == ' ')
			gaps++;
	return gaps >= 2;
}

/* The lines of held_buf from held_done to end, wrapped, to held_to. */
static void write_lines(size_t end)
{
	const char *p, *nl, *stop = held_buf + end;

	for (p = held_buf + held_done; p < stop; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(stop - p));
		if (!nl)
			nl = stop;
		if ((size_t)(nl - p) <= (size_t)held_width || table_row(p, (size_t)(nl - p)))
			fprintf(held_to, "%.*s\n", (int)(nl - p), p);
		else
			ct_term_wrap_hanging(held_to, held_width, p, (size_t)(nl - p));
	}
	held_done = end;
}

void ct_term_sync(FILE *t)
{
	size_t end;

	if (!t || t != held)
		return;
	fflush(held);
	/* Up to the last newline: a line not ended yet waits. */
	for (end = held_len; end > held_done && held_buf[end - 1] != '\n'; end--)
		;
	if (end > held_done)
		write_lines(end);
	fflush(held_to);
}

void ct_term_close(FILE *t, FILE *f)
{
	if (t == f || t != held)
		return;
	fclose(held);
	held = NULL;
	write_lines(held_len);
	free(held_buf);
	held_buf = NULL;
	held_len = held_done = 0;
}
