/*
 * records/doc.h - the text around the tables: a document's title, its
 * sections, its lines of text and legend, its marks' footnotes and its
 * lists (the placements, the warnings), each written here once for the
 * table (a terminal or a pipe) and once for Markdown, so that no program
 * prints its framing by hand.  The tables themselves are records
 * (record.h); the machine's lines are records too.
 */
#ifndef CT_RECORDS_DOC_H
#define CT_RECORDS_DOC_H

#include <stddef.h>
#include <stdio.h>

#include "core/common.h"

struct ct_doc {
	FILE *f;
	unsigned out;		/* CT_REC_TABLE or CT_REC_MD (record.h) */
	const char *pre;	/* before each line of text: "" or an indent */
};

/* A document on f in out, its lines of text after pre ("" for none). */
void ct_doc_init(struct ct_doc *d, FILE *f, unsigned out, const char *pre);

/* The title: Markdown's "# TEXT" and a blank line; the table has none. */
void ct_doc_title(const struct ct_doc *d, const char *text);
/*
 * A section: the table's heading line after a blank one, Markdown's
 * "## Heading" between blank lines, its first letter in capitals.
 */
void ct_doc_section(const struct ct_doc *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A line of text (in Markdown, a line of a paragraph). */
void ct_doc_line(const struct ct_doc *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Lines of text already made (each "\n"-ended line after pre). */
void ct_doc_text(const struct ct_doc *d, const char *text, size_t len);
/* An empty line. */
void ct_doc_blank(const struct ct_doc *d);
/* An empty line on f between two blocks of records, in any output. */
void ct_doc_gap(FILE *f);
/* A mark's footnote: the mark in a column of 7, then what it means. */
void ct_doc_mark(const struct ct_doc *d, const char *mark, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * A list under a heading ("placements", "warnings"): the table's
 * "\nheading:" and an item a line, two spaces in, a name padded to 18
 * columns before its text; Markdown's "## Heading" and "- **name**: text"
 * (or "- text" without a name), "None." for an empty one.  An empty list
 * is left out of the table with CT_DOC_SKIP_EMPTY.
 */
#define CT_DOC_SKIP_EMPTY 0x1u
struct ct_doc_list {
	const struct ct_doc *d;
	unsigned flags;
	size_t n;
	const char *heading;
};
void ct_doc_list_begin(struct ct_doc_list *l, const struct ct_doc *d, const char *heading,
		       unsigned flags);
void ct_doc_item(struct ct_doc_list *l, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ct_doc_list_end(struct ct_doc_list *l);

/* The warnings of a run, a list of the n texts warning(arg, i). */
void ct_doc_warnings(const struct ct_doc *d, size_t n,
		     const char *(*warning)(const void *arg, size_t i), const void *arg);

/*
 * Output held back to be written later in its place (the machine record,
 * which comes first, is known last): a memory stream, its bytes written
 * out whole by ct_held_write(), which closes and frees it.
 */
struct ct_held {
	FILE *f;
	char *buf;
	size_t len;
};
FILE *ct_held_open(struct ct_held *h);
void ct_held_write(struct ct_held *h, FILE *to);
/* The same, its bytes handed back (freed by the caller), nothing written. */
char *ct_held_take(struct ct_held *h, size_t *len);

#endif
