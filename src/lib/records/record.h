/*
 * records/record.h - a record kind described once, written in every format by one
 * writer.
 *
 * A kind (the summary of a series, a sample, a comparison row, ...) is a
 * table of fields, each with its JSON and TSV name, its table header, what
 * it holds, how a number is written, and which outputs show it; and one
 * function that gives a field's value for a record.  From that alone the
 * writer (src/lib/records/record.c) produces the human table, TSV with its '#'
 * header line, JSON Lines with a "record" member in every object, and
 * Markdown (summary.md).  A new field is one line in the table and one case
 * in the value function, never a change to four writers that must agree by
 * position.  (lscpu's way: coldescs, one cell function, and libsmartcols
 * writing table, raw and JSON.)
 *
 * The outputs see the fields in the table's order, each only the fields
 * it shows.  Where released TSV columns are in another order than the JSON
 * members (a column appended later keeps every earlier column's number),
 * the field is listed twice, once for each, with the same id.
 */
#ifndef CT_RECORDS_RECORD_H
#define CT_RECORDS_RECORD_H

#include <stddef.h>
#include <stdio.h>

/* The output formats a tool's -f names. */
enum ct_format { CT_FMT_TABLE, CT_FMT_TSV, CT_FMT_JSON };

/* "table", "tsv", "json" -> format; -1 when unknown. */
int ct_format_parse(const char *s, enum ct_format *f);

/*
 * A named value of a CT_REC_FIELDS field: a kernel's own facts (size,
 * lanes) carried into every summary record, or a record's extra members.
 */
struct ct_field {
	const char *key;
	const char *str;	/* string value, or NULL for num */
	double num;
	int is_bool;		/* num is a truth: JSON true/false, TSV true/false */
};

/* The outputs, and which of them show a field (struct ct_rec_field.show). */
/* The most fields a record kind may have (the writer's tables are this wide). */
#define CT_REC_MAX_FIELDS 96

#define CT_REC_TABLE 0x1u	/* the human table (or its lines, CT_REC_LINES) */
#define CT_REC_TSV 0x2u		/* tab-separated, one record a line */
#define CT_REC_JSON 0x4u	/* JSON Lines */
#define CT_REC_MD 0x8u		/* a Markdown table (summary.md) */
#define CT_REC_TEXT (CT_REC_TABLE | CT_REC_MD)
#define CT_REC_DATA (CT_REC_TSV | CT_REC_JSON)
#define CT_REC_ALL (CT_REC_TEXT | CT_REC_DATA)
/* Markdown aligns the column left (words); without it, right (numbers). */
#define CT_REC_LEFT 0x10u
/*
 * A table column that may be left out where the table would be wider
 * than its width (the terminal's, 120 to a pipe or file, -w N; none with
 * --wide: ct_term_width()): level n (1-15), the lowest first
 * (ct_table_fit()), and a note under the table names it by its header
 * (and the column before it where two have that header: "cv% of GHz").
 * Without it a column is always shown: a unit, a ratio, a verdict.
 */
#define CT_REC_FIT(n) ((unsigned)(n) << 8)
#define CT_REC_FIT_LEVEL(show) (((show) >> 8) & 0xfu)
/*
 * A list's lines (CT_REC_LINES) after the first under its value, without
 * the header again: "prefetch: L1 ...", then "          L3 ..."; without
 * it, every line has the header (a warning each).
 */
#define CT_REC_HANG 0x20u

/* What a field holds: how JSON writes it, and the text of a number. */
enum ct_rec_type {
	CT_REC_STR,		/* a string */
	CT_REC_NUM,		/* a double: null in JSON, '-' in text, when not finite */
	CT_REC_INT,		/* an integer */
	CT_REC_BOOL,		/* true or false */
	CT_REC_LIST,		/* strings: a JSON array; a line each in CT_REC_LINES */
	/*
	 * A variable set of named values (a kernel's own fields, struct
	 * ct_field): a member each in JSON; in TSV a column each, named by
	 * the first record written and looked up by name in every later one
	 * ('-' where one has no such field).
	 */
	CT_REC_FIELDS,
	/*
	 * The members of a record of another kind, in JSON, in its place:
	 * the facts a caller adds to a record of this kind (an all-core
	 * run's threads and ratios in its summaries), described in the
	 * caller's own field table (struct ct_rec_value.more, more_rec;
	 * none when more is NULL).  JSON only.
	 */
	CT_REC_MORE
};

struct ct_rec_field {
	int id;			/* what the value function is asked for */
	/*
	 * The JSON member and TSV column, documented in coretype(7) or the
	 * tool's page; a released name never changes.  NULL for a field
	 * that only the table and Markdown show.
	 */
	const char *key;
	const char *header;	/* the table's and Markdown's column head; NULL: key */
	enum ct_rec_type type;
	/*
	 * A number's text in TSV and in the table and Markdown: "%.6g",
	 * "%.3f", "%d" for a whole number, "%s" where the value function
	 * always makes the text (a marked cell), or "%U" for the decimals of
	 * the value's unit (struct ct_rec_value.unit, ct_rec_unit_decimals())
	 * where a column holds several units (printf's conversions, read by
	 * the writer, never handed to printf); NULL: "%.6g".  A table's and
	 * Markdown's numbers have fixed decimals per column (or per unit),
	 * so that a column's digits line up; TSV and JSON keep six
	 * significant digits in SI base units.  Times are the exception: a
	 * value of unit "s" under "%U", and any value under "%T" (seconds),
	 * is shown in the unit that fits it with four significant digits
	 * ("53.62 ms", ct_rec_time_text()); "%R" is "%U" but for a rate
	 * whose reciprocal a reader thinks in, shown as that (a "load/ns"
	 * as ns per load, four digits: ct_rec_unit_text() names its unit).
	 * A width in the text spec ("%7U", "%8s", of any type) is the widest
	 * text the field has: a table written row by row (ct_rec_stream())
	 * sizes its column to it, or to its header.
	 */
	const char *tsv, *text;
	unsigned show;		/* CT_REC_TABLE, ... and CT_REC_LEFT */
};

/* A field's value for one record, as the value function gives it. */
struct ct_rec_value {
	int omit;		/* none: no JSON member at all; '-' in text */
	int null;		/* none: JSON null; '-' in text */
	const char *str;	/* CT_REC_STR; for any type, the text itself */
	double num;		/* CT_REC_NUM */
	long long i;		/* CT_REC_INT, CT_REC_BOOL */
	const char *const *list;	/* CT_REC_LIST */
	const struct ct_field *fields;	/* CT_REC_FIELDS */
	size_t n;		/* of list or fields */
	const struct ct_rec_kind *more;	/* CT_REC_MORE: the kind and its record */
	const void *more_rec;
	unsigned marks;		/* bits a table cell carries, for footnotes (CT_MARK_*) */
	const char *unit;	/* a "%U" number's unit: "GHz", "GB/s", "share" */
	union {
		char buf[512];	/* room for a text the function makes (str = buf) */
		const char *ptrs[64];	/* room for a list it makes (list = ptrs) */
	};
	char *own;		/* a longer text it allocated (str = own): the writer frees it */
};

struct ct_rec_kind {
	const char *name;	/* the JSON "record" member: "summary" */
	const struct ct_rec_field *fields;
	size_t nfields;
	/*
	 * The value of field id of rec in output out (one of CT_REC_TABLE,
	 * CT_REC_TSV, CT_REC_JSON, CT_REC_MD); v comes zeroed.
	 */
	void (*value)(const void *rec, int id, unsigned out, struct ct_rec_value *v);
	/*
	 * CT_REC_LINES: the table and Markdown give each record as lines,
	 * "header: value" with the values aligned (an empty header: the
	 * value alone), instead of a row of a table; Markdown indents a
	 * labelled line four spaces, a line of a code block.
	 */
	unsigned flags;
};
#define CT_REC_LINES 0x1u
/*
 * CT_REC_SIDE: the table and Markdown set the records side by side, a
 * column per record and a row per field (its header first), once every
 * record is in (ct_rec_end()).  The field shown with CT_REC_HEAD heads
 * each record's column, and its header the column of the fields' names.
 * A first column has '*' on a row whose records differ there, but for a
 * field shown with CT_REC_VARIES (a file name, a load): it differs by
 * nature.  Too wide for the terminal, the widest values are cut, and a
 * note names their rows.
 */
#define CT_REC_SIDE 0x2u
#define CT_REC_HEAD 0x20u
#define CT_REC_VARIES 0x40u
/*
 * CT_REC_BARE: the table without a header row, each column aligned as its
 * field says (CT_REC_LEFT: left, else right) instead of by the look of its
 * cells, as a listing of words and cpulists ("0-7" is no number) wants.
 * Markdown has its usual table.
 */
#define CT_REC_BARE 0x4u

struct ct_table;

/* At most this many CT_REC_FIELDS columns in TSV (ct-stream's kernel has 18). */
#define CT_REC_MAX_KEYS 48

/* Records of one kind to one output. */
struct ct_rec_writer {
	FILE *f;
	unsigned out;			/* CT_REC_TABLE, _TSV, _JSON or _MD */
	const struct ct_rec_kind *kind;
	unsigned marks;			/* CT_MARK_* of the cells written, for footnotes */
	size_t rows;			/* records written */
	/* private */
	unsigned char hidden[CT_REC_MAX_FIELDS];	/* fields left out, by index */
	int started;			/* the header is out */
	int stream;			/* ct_rec_stream(): each row as it comes */
	int fit;			/* a table's width limit (0: none) */
	char left_out[320];		/* the columns left out to fit, for the note */
	size_t widths[CT_REC_MAX_FIELDS];	/* its columns' widths */
	struct ct_table *table;
	/*
	 * CT_REC_FIELDS in TSV: the first record's names, copied (its fields
	 * may be freed before the last record), into the writer itself so
	 * that a TSV writer needs no end to free them.
	 */
	const char *tsv_keys[CT_REC_MAX_KEYS];
	size_t ntsv_keys;
	char tsv_names[CT_REC_MAX_KEYS * 24];
	/* CT_REC_SIDE: the rows marked as differing, known after ct_rec_end(). */
	size_t differ;
	char **side;			/* CT_REC_SIDE, _BARE: the records' texts, in turn */
	size_t nside;
};

/* CT_REC_TABLE, _TSV or _JSON for a --format. */
unsigned ct_rec_out_of(int fmt);

void ct_rec_begin(struct ct_rec_writer *w, FILE *f, unsigned out, const struct ct_rec_kind *k);
/*
 * A table written row by row, each as ct_rec_write() gets it (a sweep's
 * rows as each size ends): the header with the first, every column as
 * wide as its field's text spec says (or its header), a cell wider than
 * that written whole.  Other outputs are written as they come anyway.
 */
void ct_rec_stream(struct ct_rec_writer *w);
/*
 * A table fitted to width columns (0: every column); ct_rec_begin() sets
 * the width the table's stream has (ct_term_width(): the terminal's, 120
 * to a pipe or file, or the tool's -w N or --wide).
 */
void ct_rec_fit(struct ct_rec_writer *w, int width);
/* Leave out the fields of that id in this writer (before the first record). */
void ct_rec_hide(struct ct_rec_writer *w, int id);
void ct_rec_write(struct ct_rec_writer *w, const void *rec);
/*
 * The end: the table (its header alone when no record came), or the TSV
 * or Markdown header when no record came (none for a kind with
 * CT_REC_FIELDS: its columns come from a record).  Frees what it held.
 */
void ct_rec_end(struct ct_rec_writer *w);
/* Free what the writer holds without writing it. */
void ct_rec_discard(struct ct_rec_writer *w);
/*
 * One record of a lines kind (CT_REC_LINES) as a table on f, only its
 * fields of the ids ids[0, n), in the kind's order: a header's lines one
 * group at a time.
 */
void ct_rec_lines_only(FILE *f, const struct ct_rec_kind *k, const void *rec, const int *ids,
		       size_t n);

/*
 * The text of field f of rec as output out shows it ('-' for none), in
 * buf or in the record; the cell's marks are added to *marks.  For
 * layouts of one's own (records side by side).
 */
const char *ct_rec_text(const struct ct_rec_kind *k, const struct ct_rec_field *f,
			const void *rec, unsigned out, char *buf, size_t len, unsigned *marks);

/*
 * The decimals a number of this unit has in a table and in Markdown:
 * GHz, per-cycle figures and shares 3, GFLOP/s and GB/s 2, any other
 * unit 3.  The one table of them (record.c); a column of one unit only
 * (cv% "%.2f", a ratio "%.3f") says its decimals in its own spec.
 */
int ct_rec_unit_decimals(const char *unit);
/*
 * A time of s seconds in the unit that fits it, the largest of s, ms, µs
 * and ns it is at least 1 of, to four significant digits: "53.62 ms",
 * "999.9 µs", "1.000 s" ('-' when not finite); a range of two in the
 * unit of the larger: "53.21 .. 54.02 ms".  The text outputs' only
 * times (record.h's "%T"; TSV and JSON keep seconds).
 */
void ct_rec_time_text(char *buf, size_t len, double s);
void ct_rec_time_range(char *buf, size_t len, double lo, double hi);
/*
 * The unit ct_rec_time_text() shows s seconds in ("ms"), and its factor
 * from seconds (1000): a chart's axis and labels take the unit of their
 * largest time from here, so that a table and a chart agree.
 */
const char *ct_rec_time_unit(double s, double *scale);
/*
 * A range of two numbers of a unit as "%R" shows each: a time's in the
 * unit of the larger, a reciprocal's ends inverted and swapped (loads per
 * ns 0.0050 .. 0.0055 as 181.8 .. 200.0 ns per load), any other's with
 * its unit's decimals.
 */
void ct_rec_range_text(char *buf, size_t len, double lo, double hi, const char *unit);
/* The unit a "%R" number of this unit is shown in: "ns/load" for "load/ns". */
const char *ct_rec_unit_text(const char *unit);

/*
 * A title over records in the table or Markdown (out): the text alone on
 * its line in the table, a Markdown heading of that level ("## text")
 * and the blank line Markdown wants after it.
 */
void ct_rec_title(FILE *f, unsigned out, int level, const char *text);

/* A Markdown cell, "| text ", a '|' in it escaped. */
void ct_rec_md_cell(FILE *f, const char *text);

/*
 * A job's own fields (CT_REC_FIELDS) described by a field table whose ids
 * are its indices: field id's struct ct_field, named by the table, so
 * that a member's name is written once; and the value function of such a
 * table's kind, whose record is the array of struct ct_field by id.
 */
struct ct_field ct_rec_field_of(const struct ct_rec_field *table, int id, const char *str,
				double num);
void ct_rec_fields_value(const void *rec, int id, unsigned out, struct ct_rec_value *v);

/*
 * The JSON fields of a k record rec as struct ct_field members (out has
 * room for k->nfields), in the table's order, omitted ones left out: a
 * field table's way into a record's CT_REC_FIELDS member.  Each string
 * must outlive the call (a value function's own text in its buffer
 * cannot: a bug, which stops the program).  Returns how many.
 */
size_t ct_rec_members(const struct ct_rec_kind *k, const void *rec, struct ct_field *out);

/* The field of that key, or NULL. */
const struct ct_rec_field *ct_rec_find(const struct ct_rec_kind *k, const char *key);
/* The field of that key that JSON shows (a reader's member), or NULL. */
const struct ct_rec_field *ct_rec_member(const struct ct_rec_kind *k, const char *key);

#endif
