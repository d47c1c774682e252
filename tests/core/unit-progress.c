/*
 * unit-progress.c - the progress line as it reaches the terminal: each
 * redraw starts with '\r' and blanks what a longer line before it left,
 * the erase leaves a blank line with the cursor at its start, and the
 * default draws on a terminal (a pseudo-terminal here) and never on
 * anything else (a memory stream).
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool/progress.h"
#include "unit.h"

static char *contents(FILE *f)
{
	fflush(f);
	return unit_held;
}

/* The text after the last '\r' (what a redraw left on the line). */
static const char *after_last_cr(const char *s)
{
	const char *cr = strrchr(s, '\r');

	return cr ? cr + 1 : s;
}

static void check_redraws(void)
{
	struct ct_progress p;
	FILE *f = unit_open_held();
	const char *s, *line;
	size_t longer, shorter, n;

	CHECK(f != NULL);
	if (!f)
		return;
	ct_progress_init(&p, f, CT_PROGRESS_ON);
	CHECK(p.on);
	ct_progress_show(&p, 1, 12, "placement 1 of 2 (thread-background): stream, rep 10 of 15");
	s = contents(f);
	CHECK(s[0] == '\r');
	CHECK(strstr(s, "placement 1 of 2 (thread-background): stream, rep 10 of 15, ") != NULL);
	CHECK(strstr(s, " s, about 12 s left") != NULL);
	CHECK(strchr(s, '\n') == NULL);
	longer = strlen(after_last_cr(s));
	CHECK(p.shown == longer);

	/* Shorter: padded with spaces to the longer one's end, nothing after. */
	ct_progress_show(&p, 1, -1, "main: fma");
	line = after_last_cr(contents(f));
	shorter = p.shown;
	CHECK(strlen(line) == longer);
	CHECK(strncmp(line, "main: fma, ", 11) == 0);
	CHECK(strstr(line, "left") == NULL);
	CHECK(shorter < longer);
	CHECK(strspn(line + shorter, " ") == longer - shorter);
	CHECK(line[shorter - 1] == 's');

	/* The erase: '\r', blanks over the whole line, '\r'. */
	n = strlen(contents(f));
	ct_progress_clear(&p);
	s = contents(f) + n;
	CHECK(strlen(s) == shorter + 2);
	CHECK(s[0] == '\r' && s[shorter + 1] == '\r');
	CHECK(strspn(s + 1, " ") == shorter);
	CHECK(p.shown == 0);
	/* Erasing twice writes nothing. */
	n = strlen(contents(f));
	ct_progress_clear(&p);
	CHECK(strlen(contents(f)) == n);
	fclose(f);
}

/* AUTO: off on a file, on a terminal; OFF: never. */
static void check_modes(void)
{
	struct ct_progress p;
	FILE *f = unit_open_held();
	int m, s;

	CHECK(f != NULL);
	if (!f)
		return;
	ct_progress_init(&p, f, CT_PROGRESS_AUTO);
	CHECK(!p.on);
	ct_progress_show(&p, 1, -1, "hidden");
	ct_progress_clear(&p);
	CHECK(contents(f)[0] == '\0');
	ct_progress_init(&p, f, CT_PROGRESS_OFF);
	CHECK(!p.on);
	fclose(f);

	m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0 || !ptsname(m)) {
		fprintf(stderr, "no pseudo-terminal: the terminal case is not checked\n");
		if (m >= 0)
			close(m);
		return;
	}
	s = open(ptsname(m), O_RDWR | O_NOCTTY);
	CHECK(s >= 0);
	if (s >= 0) {
		FILE *t = fdopen(s, "w");

		CHECK(t != NULL);
		if (t) {
			ct_progress_init(&p, t, CT_PROGRESS_AUTO);
			CHECK(p.on);
			ct_progress_init(&p, t, CT_PROGRESS_OFF);
			CHECK(!p.on);
			fclose(t);
		}
	}
	close(m);
}

int main(void)
{
	check_redraws();
	check_modes();
	return unit_done();
}
