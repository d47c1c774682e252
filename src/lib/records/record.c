/*
 * records/record.c - the one writer of records: a kind's description and its value
 * function in, the human table (table.c), TSV, JSON Lines (json.c) and
 * Markdown out.
 */
#include "config.h"

#include <err.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/term.h"
#include "records/json.h"
#include "records/record.h"
#include "records/table.h"
#include "records/writer.h"

int ct_format_parse(const char *s, enum ct_format *f)
{
	if (strcmp(s, "table") == 0)
		*f = CT_FMT_TABLE;
	else if (strcmp(s, "tsv") == 0)
		*f = CT_FMT_TSV;
	else if (strcmp(s, "json") == 0)
		*f = CT_FMT_JSON;
	else
		return -1;
	return 0;
}

unsigned ct_rec_out_of(int fmt)
{
	switch ((enum ct_format)fmt) {
	case CT_FMT_TSV:
		return CT_REC_TSV;
	case CT_FMT_JSON:
		return CT_REC_JSON;
	case CT_FMT_TABLE:
		break;
	}
	return CT_REC_TABLE;
}

/* Field i is shown in w's output. */
int ct_rec_shown(const struct ct_rec_writer *w, size_t i)
{
	return (w->kind->fields[i].show & w->out) && !(i < CT_REC_MAX_FIELDS && w->hidden[i]);
}

const char *ct_rec_header_of(const struct ct_rec_field *f)
{
	return f->header ? f->header : f->key ? f->key : "";
}

/* A kernel's field in TSV: a whole number keeps every digit (a size). */
static void field_text(char *buf, size_t len, const struct ct_field *fl)
{
	if (!fl)
		snprintf(buf, len, "-");
	else if (fl->str)
		snprintf(buf, len, "%s", fl->str);
	else if (fl->is_bool)
		snprintf(buf, len, "%s", fl->num != 0 ? "true" : "false");
	else if (fl->num > -9e15 && fl->num < 9e15 && fl->num == (double)(long long)fl->num)
		snprintf(buf, len, "%lld", (long long)fl->num);
	else
		snprintf(buf, len, "%.6g", fl->num);
}

void ct_rec_get(const struct ct_rec_kind *k, const struct ct_rec_field *f, const void *rec,
		unsigned out, struct ct_rec_value *v)
{
	memset(v, 0, sizeof(*v));
	k->value(rec, f->id, out, v);
}

/* Done with a value got. */
void ct_rec_put(struct ct_rec_value *v)
{
	free(v->own);
	v->own = NULL;
}

/* The text of a value got (not CT_REC_FIELDS). */
const char *ct_rec_text_of(const struct ct_rec_field *f, const struct ct_rec_value *v,
			   unsigned out, char *buf, size_t len)
{
	const char *spec = out == CT_REC_TSV ? f->tsv : f->text;
	size_t i, used = 0;

	if (v->omit || v->null)
		return "-";
	if (v->str)
		return v->str;
	switch (f->type) {
	case CT_REC_NUM:
		ct_rec_number(buf, len, spec, v->num, v->unit);
		return buf;
	case CT_REC_INT:
		snprintf(buf, len, "%lld", v->i);
		return buf;
	case CT_REC_BOOL:
		return v->i ? "true" : "false";
	case CT_REC_LIST:
		buf[0] = '\0';
		for (i = 0; i < v->n && used + 1 < len; i++)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
						 v->list[i]);
		return buf;
	case CT_REC_STR:
	case CT_REC_FIELDS:
	case CT_REC_MORE:
		break;
	}
	return "-";
}

const char *ct_rec_text(const struct ct_rec_kind *k, const struct ct_rec_field *f,
			const void *rec, unsigned out, char *buf, size_t len, unsigned *marks)
{
	struct ct_rec_value *v = ct_xmalloc(sizeof(*v));
	const char *t;

	ct_rec_get(k, f, rec, out, v);
	t = ct_rec_text_of(f, v, out, buf, len);
	/* A text in v goes with it: into buf, which outlives v. */
	if (t != buf) {
		snprintf(buf, len, "%s", t);
		t = buf;
	}
	if (marks)
		*marks |= v->marks;
	ct_rec_put(v);
	free(v);
	return t;
}

const struct ct_rec_field *ct_rec_find(const struct ct_rec_kind *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (k->fields[i].key && strcmp(k->fields[i].key, key) == 0)
			return &k->fields[i];
	return NULL;
}

const struct ct_rec_field *ct_rec_member(const struct ct_rec_kind *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (k->fields[i].key && k->fields[i].show & CT_REC_JSON &&
		    strcmp(k->fields[i].key, key) == 0)
			return &k->fields[i];
	return NULL;
}

/*
 * The names of v's fields, the TSV columns of a CT_REC_FIELDS field, into
 * the writer: more than it has room for is a bug of the kind's author.
 */
static void copy_keys(struct ct_rec_writer *w, const struct ct_rec_value *v)
{
	size_t j, used = 0, len;

	if (v->n > CT_REC_MAX_KEYS)
		errx(CT_EXIT_FAIL, "record %s: %zu kernel fields, more than %d", w->kind->name,
		     v->n, CT_REC_MAX_KEYS);
	for (j = 0; j < v->n; j++) {
		len = strlen(v->fields[j].key) + 1;
		if (used + len > sizeof(w->tsv_names))
			errx(CT_EXIT_FAIL, "record %s: the kernel fields' names are too long",
			     w->kind->name);
		memcpy(w->tsv_names + used, v->fields[j].key, len);
		w->tsv_keys[j] = w->tsv_names + used;
		used += len;
	}
	w->ntsv_keys = v->n;
}

void ct_rec_begin(struct ct_rec_writer *w, FILE *f, unsigned out, const struct ct_rec_kind *k)
{
	/* The writer holds CT_REC_MAX_FIELDS fields a kind (hidden, widths): more would be lost. */
	if (k->nfields > CT_REC_MAX_FIELDS)
		errx(CT_EXIT_FAIL, "record %s: %zu fields, more than the writer's %d", k->name,
		     k->nfields, CT_REC_MAX_FIELDS);
	memset(w, 0, sizeof(*w));
	w->f = f;
	w->out = out;
	w->kind = k;
	w->fit = out == CT_REC_TABLE ? ct_term_width(f) : 0;
}

void ct_rec_fit(struct ct_rec_writer *w, int width)
{
	w->fit = width;
}

/*
 * The table's columns: each shown field's drop level (CT_REC_FIT) into
 * drop[], its index in the kind into field[]; returns how many.
 */
static int drop_levels(const struct ct_rec_writer *w, unsigned *drop, int *field)
{
	size_t i;
	int n = 0;

	for (i = 0; i < w->kind->nfields && i < CT_REC_MAX_FIELDS; i++)
		if (ct_rec_shown(w, i)) {
			drop[n] = CT_REC_FIT_LEVEL(w->kind->fields[i].show);
			field[n++] = (int)i;
		}
	return n;
}

/*
 * A column's label in the note: its header as the table has it, and
 * where another column of the table has the same header, the header of
 * the column before it that differs: "cv% of FMA/cyc".
 */
static void note_label(const struct ct_rec_kind *k, size_t i, char *buf, size_t len)
{
	const char *h = ct_rec_header_of(&k->fields[i]);
	size_t j;
	int twin = 0;

	for (j = 0; j < k->nfields; j++)
		if (j != i && k->fields[j].show & CT_REC_TABLE &&
		    strcmp(ct_rec_header_of(&k->fields[j]), h) == 0)
			twin = 1;
	for (j = i; twin && j-- > 0;)
		if (k->fields[j].show & CT_REC_TABLE && strcmp(ct_rec_header_of(&k->fields[j]), h)) {
			snprintf(buf, len, "%s of %s", h, ct_rec_header_of(&k->fields[j]));
			return;
		}
	snprintf(buf, len, "%s", h);
}

/* The labels of the columns dropped (bits of them) added to w->left_out. */
static void note_left_out(struct ct_rec_writer *w, const int *field, int n,
			  unsigned long long dropped)
{
	size_t used = strlen(w->left_out);
	char label[96];
	int c;

	for (c = 0; c < n && c < 64; c++) {
		if (!(dropped & (1ull << c)) || used + 2 >= sizeof(w->left_out))
			continue;
		note_label(w->kind, (size_t)field[c], label, sizeof(label));
		used += (size_t)snprintf(w->left_out + used, sizeof(w->left_out) - used, "%s%s",
					 used ? ", " : "", label);
	}
}

/* The note under a fitted table: which columns it left out. */
static void print_left_out(const struct ct_rec_writer *w)
{
	char text[512];

	if (!w->left_out[0])
		return;
	snprintf(text, sizeof(text), "(left out to fit %d columns: %s; -w N or --wide shows more)",
		 w->fit, w->left_out);
	ct_term_wrap(w->f, w->fit, " ", text);
}

void ct_rec_stream(struct ct_rec_writer *w)
{
	w->stream = w->out == CT_REC_TABLE;
}

void ct_rec_hide(struct ct_rec_writer *w, int id)
{
	size_t i;

	for (i = 0; i < w->kind->nfields && i < CT_REC_MAX_FIELDS; i++)
		if (w->kind->fields[i].id == id)
			w->hidden[i] = 1;
}

/* The output shows some field of the kind (TSV shows no machine record). */
static int any_shown(const struct ct_rec_writer *w)
{
	size_t i;

	for (i = 0; i < w->kind->nfields; i++)
		if (ct_rec_shown(w, i))
			return 1;
	return 0;
}

/* The kind gives TSV columns from its records (CT_REC_FIELDS). */
static int has_fields(const struct ct_rec_writer *w)
{
	size_t i;

	for (i = 0; i < w->kind->nfields; i++)
		if (ct_rec_shown(w, i) && w->kind->fields[i].type == CT_REC_FIELDS)
			return 1;
	return 0;
}

void ct_rec_title(FILE *f, unsigned out, int level, const char *text)
{
	if (out == CT_REC_MD)
		fprintf(f, "%.*s %s\n\n", level, "######", text);
	else
		fprintf(f, "%s\n", text);
}

/* Markdown: a '|' in a cell would end it. */
void ct_rec_md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc(' ', f);
}

/* The TSV, Markdown or table header; rec (NULL at the end) names CT_REC_FIELDS columns. */
static void header(struct ct_rec_writer *w, const void *rec)
{
	const struct ct_rec_kind *k = w->kind;
	const char *hdr[CT_REC_MAX_FIELDS];
	int first = 1, n = 0;
	size_t i, j;

	w->started = 1;
	if (k->flags & CT_REC_LINES && w->out & CT_REC_TEXT)
		return;
	for (i = 0; i < k->nfields && i < CT_REC_MAX_FIELDS; i++) {
		const struct ct_rec_field *f = &k->fields[i];

		if (!ct_rec_shown(w, i))
			continue;
		switch (w->out) {
		case CT_REC_TSV:
			if (f->type != CT_REC_FIELDS) {
				fprintf(w->f, "%s%s", first ? "#" : "\t", f->key);
				first = 0;
				break;
			}
			if (rec) {
				struct ct_rec_value v;

				ct_rec_get(k, f, rec, w->out, &v);
				/*
				 * Copied: the first record's fields may be freed
				 * before the last record is written (ct-stream
				 * frees each size's kernel before the next).
				 */
				copy_keys(w, &v);
				ct_rec_put(&v);
			}
			for (j = 0; j < w->ntsv_keys; j++) {
				fprintf(w->f, "%s%s", first ? "#" : "\t", w->tsv_keys[j]);
				first = 0;
			}
			break;
		case CT_REC_MD:
			ct_rec_md_cell(w->f, ct_rec_header_of(f));
			break;
		case CT_REC_TABLE:
			hdr[n++] = ct_rec_header_of(f);
			break;
		}
	}
	switch (w->out) {
	case CT_REC_TSV:
		if (!first)
			fputc('\n', w->f);
		break;
	case CT_REC_MD:
		fputs("|\n", w->f);
		for (i = 0; i < k->nfields && i < CT_REC_MAX_FIELDS; i++)
			if (ct_rec_shown(w, i))
				fputs(k->fields[i].show & CT_REC_LEFT ? "|---" : "|--:", w->f);
		fputs("|\n", w->f);
		break;
	case CT_REC_TABLE:
		if (!w->stream) {
			w->table = ct_table_new(hdr, n);
			break;
		}
		for (i = 0, j = 0; i < k->nfields && i < CT_REC_MAX_FIELDS; i++) {
			size_t sw;

			if (!ct_rec_shown(w, i))
				continue;
			sw = ct_rec_spec_width(k->fields[i].text);
			w->widths[j] = strlen(hdr[j]) > sw ? strlen(hdr[j]) : sw;
			j++;
		}
		/* Fitted once, from the widths: the columns left out are hidden. */
		{
			unsigned drop[CT_REC_MAX_FIELDS];
			int field[CT_REC_MAX_FIELDS], c, m = drop_levels(w, drop, field);
			unsigned long long dropped = ct_table_fit(w->widths, m, w->fit, drop);

			note_left_out(w, field, m, dropped);
			for (c = 0; c < m; c++)
				if (dropped & (1ull << c))
					w->hidden[field[c]] = 1;
			for (c = 0, n = 0; c < m; c++)
				if (!(dropped & (1ull << c))) {
					hdr[n] = hdr[c];
					w->widths[n++] = w->widths[c];
				}
		}
		ct_table_line(w->f, hdr, w->widths, n, 1);
		break;
	}
}

static void json_members(FILE *f, const struct ct_rec_kind *k, const void *rec);

/* One field's member(s), or none. */
static void json_member(FILE *f, const struct ct_rec_field *fl, const struct ct_rec_value *v)
{
	size_t j;

	if (v->omit)
		return;
	if (v->null) {
		ct_json_num(f, fl->key, NAN);
		return;
	}
	switch (fl->type) {
	case CT_REC_STR:
		ct_json_str(f, fl->key, v->str ? v->str : "");
		break;
	case CT_REC_NUM:
		ct_json_num(f, fl->key, v->num);
		break;
	case CT_REC_INT:
		ct_json_int(f, fl->key, v->i);
		break;
	case CT_REC_BOOL:
		ct_json_bool(f, fl->key, (int)v->i);
		break;
	case CT_REC_LIST:
		ct_json_str_array(f, fl->key, v->list, v->n);
		break;
	case CT_REC_FIELDS:
		for (j = 0; j < v->n; j++)
			if (v->fields[j].str)
				ct_json_str(f, v->fields[j].key, v->fields[j].str);
			else if (v->fields[j].is_bool)
				ct_json_bool(f, v->fields[j].key, v->fields[j].num != 0);
			else
				ct_json_num(f, v->fields[j].key, v->fields[j].num);
		break;
	case CT_REC_MORE:
		if (v->more)
			json_members(f, v->more, v->more_rec);
		break;
	}
}

/* The JSON members of another kind's record (CT_REC_MORE). */
static void json_members(FILE *f, const struct ct_rec_kind *k, const void *rec)
{
	struct ct_rec_value *v = ct_xmalloc(sizeof(*v));
	size_t i;

	for (i = 0; i < k->nfields; i++) {
		if (!(k->fields[i].show & CT_REC_JSON))
			continue;
		ct_rec_get(k, &k->fields[i], rec, CT_REC_JSON, v);
		json_member(f, &k->fields[i], v);
		ct_rec_put(v);
	}
	free(v);
}

static void write_json(struct ct_rec_writer *w, const void *rec)
{
	const struct ct_rec_kind *k = w->kind;
	struct ct_rec_value *v = ct_xmalloc(sizeof(*v));
	size_t i;

	ct_json_begin(w->f, k->name);
	for (i = 0; i < k->nfields; i++) {
		if (!ct_rec_shown(w, i))
			continue;
		ct_rec_get(k, &k->fields[i], rec, w->out, v);
		json_member(w->f, &k->fields[i], v);
		ct_rec_put(v);
	}
	ct_json_end(w->f);
	free(v);
}

static const struct ct_field *find_field(const struct ct_rec_value *v, const char *key)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		if (strcmp(v->fields[i].key, key) == 0)
			return &v->fields[i];
	return NULL;
}

/*
 * One "label: value" line; on a terminal narrower than it, wrapped under
 * its value.  In Markdown a labelled line is a line of a code block
 * (indented four spaces), where its alignment holds; a value alone is
 * text.
 */
static void line_out(const struct ct_rec_writer *w, int pad, const char *label,
		     const char *value)
{
	const char *indent = w->out == CT_REC_MD && *label ? "    " : "";
	char *line;
	int n;

	if (w->fit <= 0) {
		fprintf(w->f, "%s%-*s%s\n", indent, pad, label, value);
		return;
	}
	n = snprintf(NULL, 0, "%s%-*s%s", indent, pad, label, value);
	line = ct_xmalloc((size_t)n + 1);
	snprintf(line, (size_t)n + 1, "%s%-*s%s", indent, pad, label, value);
	ct_term_wrap_hanging(w->f, w->fit, line, (size_t)n);
	free(line);
}

/*
 * CT_REC_LINES: "header: value", the values aligned on the longest header
 * and at least in column 11, as every header line of the tools.
 */
static void write_lines(struct ct_rec_writer *w, const void *rec)
{
	const struct ct_rec_kind *k = w->kind;
	struct ct_rec_value *v = ct_xmalloc(sizeof(*v));
	char buf[512], label[64];
	size_t i, j, width = 10;

	for (i = 0; i < k->nfields; i++)
		if (ct_rec_shown(w, i) && strlen(ct_rec_header_of(&k->fields[i])) + 2 > width)
			width = strlen(ct_rec_header_of(&k->fields[i])) + 2;
	for (i = 0; i < k->nfields; i++) {
		const struct ct_rec_field *f = &k->fields[i];
		int pad;

		if (!ct_rec_shown(w, i))
			continue;
		ct_rec_get(k, f, rec, w->out, v);
		w->marks |= v->marks;
		label[0] = '\0';
		if (*ct_rec_header_of(f))
			snprintf(label, sizeof(label), "%s:", ct_rec_header_of(f));
		pad = *label ? (int)width : 0;
		if (f->type == CT_REC_LIST && !v->str && !v->omit && !v->null)
			for (j = 0; j < v->n; j++)
				line_out(w, pad, j && f->show & CT_REC_HANG ? "" : label,
					 v->list[j]);
		else
			line_out(w, pad, label, ct_rec_text_of(f, v, w->out, buf, sizeof(buf)));
		ct_rec_put(v);
	}
	free(v);
}

/* A CT_REC_FIELDS field in TSV: the first record's columns, by name. */
static void tsv_fields(struct ct_rec_writer *w, const struct ct_rec_value *v, int *n)
{
	char text[512];	/* as the table's: a calibration's isa_reason runs past 300 */
	size_t j;

	for (j = 0; j < w->ntsv_keys; j++) {
		field_text(text, sizeof(text), v->omit ? NULL : find_field(v, w->tsv_keys[j]));
		fprintf(w->f, "%s%s", (*n)++ ? "\t" : "", text);
	}
}

void ct_rec_write(struct ct_rec_writer *w, const void *rec)
{
	const struct ct_rec_kind *k = w->kind;
	struct ct_rec_value *v;
	char *cells[CT_REC_MAX_FIELDS], buf[512];
	int n = 0, c;
	size_t i;

	if (!any_shown(w))
		return;
	w->rows++;
	if (w->out == CT_REC_JSON) {
		write_json(w, rec);
		return;
	}
	if (k->flags & CT_REC_LINES && w->out & CT_REC_TEXT) {
		write_lines(w, rec);
		return;
	}
	if ((k->flags & CT_REC_SIDE && w->out & CT_REC_TEXT) ||
	    (k->flags & CT_REC_BARE && w->out == CT_REC_TABLE)) {
		ct_rec_side_add(w, rec);
		return;
	}
	if (!w->started)
		header(w, rec);
	v = ct_xmalloc(sizeof(*v));
	for (i = 0; i < k->nfields && i < CT_REC_MAX_FIELDS; i++) {
		const struct ct_rec_field *f = &k->fields[i];
		const char *t;

		if (!ct_rec_shown(w, i))
			continue;
		ct_rec_get(k, f, rec, w->out, v);
		w->marks |= v->marks;
		if (f->type == CT_REC_FIELDS) {
			if (w->out == CT_REC_TSV)
				tsv_fields(w, v, &n);
			ct_rec_put(v);
			continue;
		}
		t = ct_rec_text_of(f, v, w->out, buf, sizeof(buf));
		switch (w->out) {
		case CT_REC_TSV:
			fprintf(w->f, "%s%s", n ? "\t" : "", t);
			break;
		case CT_REC_MD:
			ct_rec_md_cell(w->f, t);
			break;
		case CT_REC_TABLE:
			cells[n] = ct_xstrdup(t);
			break;
		}
		n++;
		ct_rec_put(v);
	}
	free(v);
	switch (w->out) {
	case CT_REC_TSV:
		fputc('\n', w->f);
		break;
	case CT_REC_MD:
		fputs("|\n", w->f);
		break;
	case CT_REC_TABLE:
		if (w->stream) {
			ct_table_line(w->f, (const char *const *)cells, w->widths, n, 0);
			/* Seen as it comes, on a terminal or through a pipe. */
			fflush(w->f);
			ct_term_sync(w->f);
		} else {
			ct_table_add(w->table, (const char *const *)cells);
		}
		for (c = 0; c < n; c++)
			free(cells[c]);
		break;
	}
}

void ct_rec_end(struct ct_rec_writer *w)
{
	if (w->out == CT_REC_JSON || !any_shown(w))
		return;
	if (w->kind->flags & CT_REC_SIDE && w->out & CT_REC_TEXT) {
		ct_rec_side_end(w);
		ct_rec_discard(w);
		return;
	}
	if (w->kind->flags & CT_REC_BARE && w->out == CT_REC_TABLE) {
		ct_rec_bare_end(w);
		ct_rec_discard(w);
		return;
	}
	if (!w->started && !(w->out == CT_REC_TSV && has_fields(w)))
		header(w, NULL);
	if (w->table) {
		unsigned drop[CT_REC_MAX_FIELDS];
		int field[CT_REC_MAX_FIELDS], n = drop_levels(w, drop, field);
		unsigned long long cut;

		/* Columns left out, then what is still too wide cut (as ps cuts its last). */
		note_left_out(w, field, n,
			      ct_table_print_fit(w->table, w->f, w->fit, drop, 1, &cut));
		if (cut) {
			char text[160];

			snprintf(text, sizeof(text), "(values cut to fit %d columns end in '...'; "
				 "-f json has them whole)", w->fit);
			ct_term_wrap(w->f, w->fit, " ", text);
		}
	}
	print_left_out(w);
	ct_rec_discard(w);
}

void ct_rec_discard(struct ct_rec_writer *w)
{
	ct_table_free(w->table);
	w->table = NULL;
	ct_rec_side_free(w);
}

struct ct_field ct_rec_field_of(const struct ct_rec_field *table, int id, const char *str,
				double num)
{
	if (table[id].id != id)
		errx(CT_EXIT_FAIL, "field table: id %d is not its index (%s)", id,
		     table[id].key ? table[id].key : "?");
	return (struct ct_field){ table[id].key, str, num, table[id].type == CT_REC_BOOL };
}

void ct_rec_fields_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_field *f = (const struct ct_field *)rec + id;

	(void)out;
	if (f->str)
		v->str = f->str;
	else
		v->num = f->num;
	v->i = (long long)f->num;
}

size_t ct_rec_members(const struct ct_rec_kind *k, const void *rec, struct ct_field *out)
{
	struct ct_rec_value *v = ct_xmalloc(sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < k->nfields; i++) {
		const struct ct_rec_field *f = &k->fields[i];

		if (!f->key || !(f->show & CT_REC_JSON))
			continue;
		memset(v, 0, sizeof(*v));
		k->value(rec, f->id, CT_REC_JSON, v);
		if (v->own || (v->str && v->str >= v->buf && v->str < v->buf + sizeof(v->buf)))
			errx(CT_EXIT_FAIL, "record %s: the text of %s does not outlive its value",
			     k->name, f->key);
		if (v->omit)
			continue;
		out[n++] = (struct ct_field){ f->key, f->type == CT_REC_STR ? v->str : NULL,
					      f->type == CT_REC_INT || f->type == CT_REC_BOOL ?
					      (double)v->i : v->num, f->type == CT_REC_BOOL };
	}
	free(v);
	return n;
}

void ct_rec_lines_only(FILE *f, const struct ct_rec_kind *k, const void *rec, const int *ids,
		       size_t n)
{
	struct ct_rec_writer w;
	size_t i, j;

	ct_rec_begin(&w, f, CT_REC_TABLE, k);
	for (i = 0; i < k->nfields; i++) {
		for (j = 0; j < n && ids[j] != k->fields[i].id; j++)
			;
		if (j == n)
			ct_rec_hide(&w, k->fields[i].id);
	}
	ct_rec_write(&w, rec);
	ct_rec_end(&w);
}
