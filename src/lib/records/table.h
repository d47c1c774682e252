/*
 * records/table.h - a human table: columns sized to their widest cell,
 * numbers right-aligned (a '~' after a number hangs past its column).
 */
#ifndef CT_RECORDS_TABLE_H
#define CT_RECORDS_TABLE_H

#include <stddef.h>
#include <stdio.h>

struct ct_table;
struct ct_table *ct_table_new(const char *const *headers, int ncols);
void ct_table_add(struct ct_table *t, const char *const *cells);
void ct_table_print(const struct ct_table *t, FILE *f);
/*
 * Columns w[ncols] wide fitted to width (0: no limit): columns with a
 * drop level above 0 left out, the lowest level first and of a level the
 * rightmost, until the rest fit or none is left to drop; a column left
 * out gets width 0.  Returns them as bits (1ull << c).
 */
unsigned long long ct_table_fit(size_t *w, int ncols, int width, const unsigned *drop);
/*
 * The table fitted to width (ct_table_fit(), drop NULL: none dropped);
 * then with cut, while it is still too wide, the widest column narrowed
 * (to no less than CT_TABLE_CUT_MIN) and its longer cells cut, ending in
 * "...".  Returns the columns left out; *cut_rows (if not NULL) gets
 * the rows with a cell cut (1ull << r, the header row 0).
 */
#define CT_TABLE_CUT_MIN 12
unsigned long long ct_table_print_fit(const struct ct_table *t, FILE *f, int width,
				      const unsigned *drop, int cut, unsigned long long *cut_rows);
/*
 * One line of a table whose columns are w[] wide: the header's cells
 * left-aligned, a row's numbers right-aligned (a cell wider than its
 * column is written whole; a number's '~' in the gap), two spaces between
 * columns.
 */
void ct_table_line(FILE *f, const char *const *cells, const size_t *w, int ncols, int header);
void ct_table_free(struct ct_table *t);
/* The columns a text takes on a terminal: its characters (UTF-8), not its bytes ("µs": 2). */
size_t ct_text_width(const char *s);

#endif
