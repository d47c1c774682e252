/*
 * tool/progress.c - the progress line (progress.h).  Carriage return, the text,
 * spaces over what the last one left, no newline: the terminal keeps one
 * line; ct_progress_clear() blanks it and leaves the cursor at its start.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "platform/os.h"
#include "tool/progress.h"
#include "core/term.h"

void ct_progress_init(struct ct_progress *p, FILE *f, enum ct_progress_mode mode)
{
	p->f = f;
	p->on = mode == CT_PROGRESS_ON || (mode == CT_PROGRESS_AUTO && isatty(fileno(f)));
	p->start_ns = ct_now_ns();
	p->last_ns = 0;
	p->shown = 0;
	p->width = p->on ? ct_term_width(f) : 0;
}

double ct_progress_elapsed(const struct ct_progress *p)
{
	return (double)(ct_now_ns() - p->start_ns) / 1e9;
}

void ct_progress_show(struct ct_progress *p, int force, double left_s, const char *fmt, ...)
{
	char text[200];
	uint64_t now;
	va_list ap;
	size_t n;

	if (!p->on)
		return;
	now = ct_now_ns();
	if (!force && p->last_ns && now - p->last_ns < CT_PROGRESS_MIN_NS)
		return;
	p->last_ns = now;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	/* Each step leaves at least the terminating byte: n < sizeof(text). */
	n = strlen(text);
	snprintf(text + n, sizeof(text) - n, ", %.1f s", (double)(now - p->start_ns) / 1e9);
	n = strlen(text);
	if (left_s >= 0)
		snprintf(text + n, sizeof(text) - n, ", about %.0f s left", left_s);
	n = strlen(text);
	/* One line on the screen: a line that wrapped could not be redrawn. */
	if (p->width > 1 && n > (size_t)p->width - 1) {
		n = (size_t)p->width - 1;
		text[n] = '\0';
	}
	fprintf(p->f, "\r%s%*s", text, p->shown > n ? (int)(p->shown - n) : 0, "");
	fflush(p->f);
	p->shown = n;
}

void ct_progress_note(struct ct_progress *p, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	if (!p->on)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	ct_progress_clear(p);
	ct_term_wrap(p->f, p->width, "  ", text);
}

void ct_progress_clear(struct ct_progress *p)
{
	if (!p->on || !p->shown)
		return;
	fprintf(p->f, "\r%*s\r", (int)p->shown, "");
	fflush(p->f);
	p->shown = 0;
}
