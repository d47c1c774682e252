/*
 * records/table.c - human tables: each column as wide as its widest cell, cells
 * that look like numbers right-aligned, everything else left-aligned.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/table.h"

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

size_t ct_text_width(const char *s)
{
	size_t n = 0;

	/* A character is its first byte: UTF-8's others are 10xxxxxx. */
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* A number, or a time in its unit (records/number.c): "53.62 ms", "999.9 µs". */
static int numeric(const char *s)
{
	static const char *const times[] = { " s", " ms", " \xc2\xb5s", " ns" };
	size_t len, digits, i;

	if (*s == '-' || *s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return 0;
	len = strlen(s);
	digits = strspn(s, "0123456789.e+-x%");
	if (digits == len)
		return 1;
	for (i = 0; i < CT_ARRAY_SIZE(times); i++)
		if (strcmp(s + digits, times[i]) == 0)
			return 1;
	return 0;
}

/* n spaces. */
static void pad(FILE *f, size_t n)
{
	while (n--)
		fputc(' ', f);
}

/*
 * A number with a '~' after it ("0.981~": its interval holds 1) is a
 * number whose mark hangs: right-aligned as the others, its digits under
 * theirs, the mark in the gap after the column.  1 for such a cell.
 */
static size_t hangs(const char *s)
{
	size_t len = strlen(s);
	char num[64];

	if (len < 2 || len >= sizeof(num) || s[len - 1] != '~')
		return 0;
	memcpy(num, s, len - 1);
	num[len - 1] = '\0';
	return (size_t)numeric(num);
}

void ct_table_line(FILE *f, const char *const *cells, const size_t *w, int ncols, int header)
{
	int c;

	for (c = 0; c < ncols; c++) {
		const char *cell = cells[c] ? cells[c] : "";
		int last = c == ncols - 1;
		size_t hang = header ? 0 : hangs(cell);

		size_t cw = ct_text_width(cell);

		if (!header && (numeric(cell) || hang)) {
			pad(f, w[c] + hang > cw ? w[c] + hang - cw : 0);
			fputs(cell, f);
		} else {
			fputs(cell, f);
			if (!last)
				pad(f, w[c] > cw ? w[c] - cw : 0);
		}
		if (!last)
			fputs(hang ? " " : "  ", f);
	}
	fputc('\n', f);
}

void ct_table_print(const struct ct_table *t, FILE *f)
{
	ct_table_print_fit(t, f, 0, NULL, 0, NULL);
}

/*
 * The width of the columns in use: theirs and two spaces between, and
 * the mark that hangs after the last one, where no gap takes it (hang[c]:
 * a cell of column c hangs; hang NULL: none does).
 */
static size_t total_width(const size_t *w, const int *use, int ncols, const int *hang)
{
	size_t sum = 0;
	int c, n = 0, last = -1;

	for (c = 0; c < ncols; c++)
		if (use[c]) {
			sum += w[c];
			n++;
			last = c;
		}
	if (last >= 0 && hang && hang[last])
		sum++;
	return n ? sum + 2 * (size_t)(n - 1) : 0;
}

static unsigned long long fit(size_t *w, const int *hang, int ncols, int width,
			      const unsigned *drop)
{
	unsigned long long dropped = 0;
	int *use = ct_xcalloc((size_t)ncols, sizeof(*use));
	int *order = ct_xcalloc((size_t)ncols, sizeof(*order));
	size_t *was = ct_xcalloc((size_t)ncols, sizeof(*was));
	int c, pick, n = 0;

	for (c = 0; c < ncols; c++)
		use[c] = 1;
	while (width > 0 && drop && total_width(w, use, ncols, hang) > (size_t)width) {
		/* The lowest level first, and of a level the rightmost column. */
		pick = -1;
		for (c = 0; c < ncols && c < 64; c++)
			if (use[c] && drop[c] && (pick < 0 || drop[c] <= drop[pick]))
				pick = c;
		if (pick < 0)
			break;
		use[pick] = 0;
		was[pick] = w[pick];
		w[pick] = 0;
		order[n++] = pick;
	}
	/*
	 * Back, the last left out first, each that fits beside the rest: a
	 * wide column of a higher level may have made room for lower ones
	 * left out before it.
	 */
	while (n-- > 0) {
		c = order[n];
		use[c] = 1;
		w[c] = was[c];
		if (total_width(w, use, ncols, hang) > (size_t)width) {
			use[c] = 0;
			w[c] = 0;
			dropped |= 1ull << c;
		}
	}
	free(was);
	free(order);
	free(use);
	return dropped;
}

unsigned long long ct_table_fit(size_t *w, int ncols, int width, const unsigned *drop)
{
	return fit(w, NULL, ncols, width, drop);
}

unsigned long long ct_table_print_fit(const struct ct_table *t, FILE *f, int width,
				      const unsigned *drop, int cut, unsigned long long *cut_rows)
{
	size_t *w = ct_xcalloc((size_t)t->ncols, sizeof(*w));
	size_t *pw = ct_xcalloc((size_t)t->ncols, sizeof(*pw));
	const char **cells = ct_xcalloc((size_t)t->ncols, sizeof(*cells));
	char **held = ct_xcalloc((size_t)t->ncols, sizeof(*held));
	int *use = ct_xcalloc((size_t)t->ncols, sizeof(*use));
	int *hang = ct_xcalloc((size_t)t->ncols, sizeof(*hang));
	unsigned long long dropped;
	size_t r;
	int c, n;

	if (cut_rows)
		*cut_rows = 0;
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++) {
			const char *cell = t->cells[r * (size_t)t->ncols + (size_t)c];
			size_t h = r ? hangs(cell) : 0;
			size_t len = ct_text_width(cell) - h;

			if (len > w[c])
				w[c] = len;
			hang[c] |= h > 0;
		}
	dropped = fit(w, hang, t->ncols, width, drop);
	for (c = 0; c < t->ncols; c++)
		use[c] = !(c < 64 && (dropped & (1ull << c)));
	/* Still too wide: the widest column narrowed, to the next widest or to fit. */
	while (cut && width > 0 && total_width(w, use, t->ncols, hang) > (size_t)width) {
		size_t over = total_width(w, use, t->ncols, hang) - (size_t)width, next = 0;
		int widest = -1;

		for (c = 0; c < t->ncols; c++)
			if (use[c] && (widest < 0 || w[c] > w[widest]))
				widest = c;
		for (c = 0; c < t->ncols; c++)
			if (use[c] && c != widest && w[c] > next)
				next = w[c];
		if (widest < 0 || w[widest] <= CT_TABLE_CUT_MIN)
			break;
		if (next < CT_TABLE_CUT_MIN)
			next = CT_TABLE_CUT_MIN;
		/*
		 * By what is over, but not below the next widest (columns as wide
		 * share the cut, a column at a time): every turn narrows one.
		 */
		if (w[widest] > over && w[widest] - over > next)
			w[widest] -= over;
		else if (w[widest] > next)
			w[widest] = next;
		else
			w[widest]--;
	}
	for (r = 0; r < t->nrows; r++) {
		for (c = 0, n = 0; c < t->ncols; c++) {
			const char *cell = t->cells[r * (size_t)t->ncols + (size_t)c];

			if (!use[c])
				continue;
			if (ct_text_width(cell) - (r ? hangs(cell) : 0) > w[c]) {
				/* Cut, and said: "..." at the end. */
				held[n] = ct_xmalloc(w[c] + 1);
				memcpy(held[n], cell, w[c] - 3);
				memcpy(held[n] + w[c] - 3, "...", 4);
				cell = held[n];
				if (cut_rows && r < 64)
					*cut_rows |= 1ull << r;
			}
			cells[n] = cell;
			pw[n] = w[c];
			n++;
		}
		ct_table_line(f, cells, pw, n, r == 0);
		for (c = 0; c < n; c++) {
			free(held[c]);
			held[c] = NULL;
		}
	}
	free(pw);
	free(hang);
	free(use);
	free(held);
	free(cells);
	free(w);
	return dropped;
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
