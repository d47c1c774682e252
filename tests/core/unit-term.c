/*
 * unit-term.c - fitting the terminal: the width (COLUMNS on a terminal
 * only), the columns a table leaves out to fit (never one too many or
 * too few, a '~' that hangs after the last one counted), a long cell
 * cut, and lines wrapped at spaces.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report.h"
#include "core/term.h"
#include "unit.h"

/* f's lines (from unit_open_held()), each checked to be at most width long. */
static int lines_fit(FILE *f, int width)
{
	char *copy, *line, *save = NULL;
	int ok = 1;

	fflush(f);
	copy = strdup(unit_held);
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strlen(line) > (size_t)width) {
			fprintf(stderr, "wider than %d: '%s'\n", width, line);
			ok = 0;
		}
	free(copy);
	return ok;
}

static void check_fit(void)
{
	size_t w[4];
	unsigned drop[4] = { 0, 1, 0, 0 };
	unsigned order[4] = { 0, 2, 1, 1 };

	/* 10 + 2 + 10 + 2 + 10 = 34: fits 34 exactly, not 33. */
	w[0] = w[1] = w[2] = 10;
	CHECK(ct_table_fit(w, 3, 34, drop) == 0);
	CHECK(w[1] == 10);
	CHECK(ct_table_fit(w, 3, 33, drop) == 1ull << 1);
	CHECK(w[1] == 0);
	/* Nothing left to drop: as it is. */
	w[0] = w[1] = w[2] = 10;
	drop[1] = 0;
	CHECK(ct_table_fit(w, 3, 20, drop) == 0);
	/* No limit. */
	CHECK(ct_table_fit(w, 3, 0, order) == 0);
	/* The lowest level first, of a level the rightmost: 26 wide into 20, then 19. */
	w[0] = w[1] = w[2] = w[3] = 5;
	CHECK(ct_table_fit(w, 4, 20, order) == 1ull << 3);
	w[0] = w[1] = w[2] = w[3] = 5;
	CHECK(ct_table_fit(w, 4, 12, order) == ((1ull << 3) | (1ull << 2)));
	w[0] = w[1] = w[2] = w[3] = 5;
	CHECK(ct_table_fit(w, 4, 5, order) == ((1ull << 3) | (1ull << 2) | (1ull << 1)));
}

static void check_cut(void)
{
	static const char *const head[] = { "key", "value" };
	const char *row[2] = { "counters", NULL };
	char value[60];
	struct ct_table *t = ct_table_new(head, 2);
	unsigned long long cut = 0;
	FILE *f = unit_open_held();

	memset(value, 'x', sizeof(value) - 1);
	value[sizeof(value) - 1] = '\0';
	row[1] = value;
	ct_table_add(t, row);
	row[0] = "os";
	row[1] = "Linux";
	ct_table_add(t, row);
	CHECK(f != NULL);
	if (!f)
		return;
	ct_table_print_fit(t, f, 30, NULL, 1, &cut);
	CHECK(lines_fit(f, 30));
	CHECK(strstr(unit_held, "counters  xxxx") != NULL);
	CHECK(strstr(unit_held, "x...\n") != NULL);
	CHECK(strstr(unit_held, "os        Linux\n") != NULL);
	CHECK(cut == 1ull << 1);
	fclose(f);
	/* No limit: whole. */
	f = unit_open_held();
	CHECK(f != NULL);
	if (f) {
		ct_table_print_fit(t, f, 0, NULL, 1, &cut);
		CHECK(lines_fit(f, 70));
		CHECK(strstr(unit_held, value) != NULL);
		CHECK(cut == 0);
		fclose(f);
	}
	ct_table_free(t);
}

/*
 * A ratio's '~' hangs in the gap after its column, and after the last
 * column there is none: the mark counts in the table's width.  Three
 * columns of 5, 2 and 5 (16 wide) and a '~' after the last: 17.
 */
static void check_hang(void)
{
	static const char *const head[] = { "place", "id", "x" };
	static const char *const row1[] = { "main", "0", "1.000" };
	static const char *const row2[] = { "other", "1", "1.028~" };
	static const unsigned drop[3] = { 0, 1, 0 };
	struct ct_table *t = ct_table_new(head, 3);
	FILE *f;

	ct_table_add(t, row1);
	ct_table_add(t, row2);
	f = unit_open_held();
	CHECK(f != NULL);
	if (f) {
		CHECK(ct_table_print_fit(t, f, 17, drop, 0, NULL) == 0);
		CHECK(lines_fit(f, 17));
		CHECK(strstr(unit_held, "other   1  1.028~\n") != NULL);
		fclose(f);
	}
	/* 16 columns: the middle one left out, the mark kept. */
	f = unit_open_held();
	CHECK(f != NULL);
	if (f) {
		CHECK(ct_table_print_fit(t, f, 16, drop, 0, NULL) == 1ull << 1);
		CHECK(lines_fit(f, 16));
		CHECK(strstr(unit_held, "other  1.028~\n") != NULL);
		fclose(f);
	}
	ct_table_free(t);
}

static void check_wrap(void)
{
	FILE *f = unit_open_held();

	CHECK(f != NULL);
	if (!f)
		return;
	ct_term_wrap(f, 20, "  ", "one two three four five six seven eight nine ten");
	CHECK(lines_fit(f, 20));
	CHECK(strcmp(unit_held, "one two three four\n  five six seven\n  eight nine ten\n") == 0);
	fclose(f);
}

static void check_width(void)
{
	FILE *f = unit_open_held();
	int m, s;

	/* Not a terminal: COLUMNS, else 120; -w N and --wide over both. */
	setenv("COLUMNS", "77", 1);
	CHECK(f != NULL && ct_term_width(f) == 77);
	unsetenv("COLUMNS");
	CHECK(f != NULL && ct_term_width(f) == CT_TERM_PIPE_WIDTH);
	ct_term_set_width(50);
	CHECK(f != NULL && ct_term_width(f) == 50);
	ct_term_set_width(CT_TERM_WIDE);
	CHECK(f != NULL && ct_term_width(f) == 0);
	ct_term_set_width(0);
	setenv("COLUMNS", "77", 1);
	if (f)
		fclose(f);
	m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) < 0 || unlockpt(m) < 0 || !ptsname(m)) {
		fprintf(stderr, "no pseudo-terminal: the terminal's width is not checked\n");
		return;
	}
	s = open(ptsname(m), O_RDWR | O_NOCTTY);
	CHECK(s >= 0);
	if (s >= 0) {
		FILE *t = fdopen(s, "w");

		CHECK(ct_term_width(t) == 77);
		/* Not a number: the terminal's own, or 80 where it has none. */
		setenv("COLUMNS", "wide", 1);
		CHECK(ct_term_width(t) > 0);
		fclose(t);
	}
	close(m);
}

int main(void)
{
	check_fit();
	check_cut();
	check_hang();
	check_wrap();
	check_width();
	return unit_done();
}
