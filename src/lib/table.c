/*
 * table.c - human tables: each column as wide as its widest cell, cells
 * that look like numbers right-aligned, everything else left-aligned.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/out.h"

struct ct_table {
	int ncols;
	size_t nrows;		/* including the header row */
	char **cells;		/* nrows * ncols */
};

struct ct_table *ct_table_new(const char *const *headers, int ncols)
{
	struct ct_table *t = ct_xcalloc(1, sizeof(*t));

	t->ncols = ncols;
	ct_table_add(t, headers);
	return t;
}

void ct_table_add(struct ct_table *t, const char *const *cells)
{
	int c;

	t->cells = ct_xrealloc(t->cells, (t->nrows + 1) * (size_t)t->ncols * sizeof(char *));
	for (c = 0; c < t->ncols; c++)
		t->cells[t->nrows * (size_t)t->ncols + (size_t)c] =
			ct_xstrdup(cells[c] ? cells[c] : "");
	t->nrows++;
}

static int numeric(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return 0;
	return strspn(s, "0123456789.e+-x%") == strlen(s);
}

void ct_table_line(FILE *f, const char *const *cells, const size_t *w, int ncols, int header)
{
	int c;

	for (c = 0; c < ncols; c++) {
		const char *cell = cells[c] ? cells[c] : "";
		int last = c == ncols - 1;

		if (!header && numeric(cell))
			fprintf(f, "%*s", (int)w[c], cell);
		else if (last)
			fputs(cell, f);
		else
			fprintf(f, "%-*s", (int)w[c], cell);
		if (!last)
			fputs("  ", f);
	}
	fputc('\n', f);
}

void ct_table_print(const struct ct_table *t, FILE *f)
{
	size_t *w = ct_xcalloc((size_t)t->ncols, sizeof(*w));
	size_t r;
	int c;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++) {
			size_t n = strlen(t->cells[r * (size_t)t->ncols + (size_t)c]);

			if (n > w[c])
				w[c] = n;
		}
	for (r = 0; r < t->nrows; r++)
		ct_table_line(f, (const char *const *)&t->cells[r * (size_t)t->ncols], w, t->ncols,
			      r == 0);
	free(w);
}

void ct_table_free(struct ct_table *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nrows * (size_t)t->ncols; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t);
}
