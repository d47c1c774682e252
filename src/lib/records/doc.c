/*
 * records/doc.c - the text around the tables, for the table and for
 * Markdown (doc.h).
 */
#include "config.h"

#include <ctype.h>
#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records/doc.h"
#include "records/record.h"

static int md(const struct ct_doc *d)
{
	return (d->out & CT_REC_MD) != 0;
}

void ct_doc_init(struct ct_doc *d, FILE *f, unsigned out, const char *pre)
{
	d->f = f;
	d->out = out;
	d->pre = pre ? pre : "";
}

void ct_doc_title(const struct ct_doc *d, const char *text)
{
	if (md(d))
		fprintf(d->f, "# %s\n\n", text);
}

void ct_doc_section(const struct ct_doc *d, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (md(d)) {
		buf[0] = (char)toupper((unsigned char)buf[0]);
		fprintf(d->f, "\n## %s\n\n", buf);
	} else {
		fprintf(d->f, "\n%s%s\n", d->pre, buf);
	}
}

void ct_doc_line(const struct ct_doc *d, const char *fmt, ...)
{
	va_list ap;

	fputs(d->pre, d->f);
	va_start(ap, fmt);
	vfprintf(d->f, fmt, ap);
	va_end(ap);
	fputc('\n', d->f);
}

void ct_doc_text(const struct ct_doc *d, const char *text, size_t len)
{
	const char *line = text, *end = text + len, *nl;

	for (; line < end && (nl = memchr(line, '\n', (size_t)(end - line))) != NULL; line = nl + 1)
		fprintf(d->f, "%s%.*s\n", d->pre, (int)(nl - line), line);
}

void ct_doc_blank(const struct ct_doc *d)
{
	fputc('\n', d->f);
}

void ct_doc_gap(FILE *f)
{
	fputc('\n', f);
}

void ct_doc_mark(const struct ct_doc *d, const char *mark, const char *fmt, ...)
{
	va_list ap;

	fprintf(d->f, "%s%-7s", d->pre, mark);
	va_start(ap, fmt);
	vfprintf(d->f, fmt, ap);
	va_end(ap);
	fputc('\n', d->f);
}

static void list_heading(const struct ct_doc_list *l)
{
	const struct ct_doc *d = l->d;

	if (md(d))
		fprintf(d->f, "\n## %c%s\n\n", toupper((unsigned char)l->heading[0]), l->heading + 1);
	else
		fprintf(d->f, "\n%s%s:\n", d->pre, l->heading);
}

void ct_doc_list_begin(struct ct_doc_list *l, const struct ct_doc *d, const char *heading,
		       unsigned flags)
{
	l->d = d;
	l->flags = flags;
	l->n = 0;
	l->heading = heading;
	if (md(d) || !(flags & CT_DOC_SKIP_EMPTY))
		list_heading(l);
}

void ct_doc_item(struct ct_doc_list *l, const char *name, const char *fmt, ...)
{
	const struct ct_doc *d = l->d;
	va_list ap;

	if (!md(d) && (l->flags & CT_DOC_SKIP_EMPTY) && l->n == 0)
		list_heading(l);
	l->n++;
	if (md(d))
		fprintf(d->f, name ? "- **%s**: " : "- ", name);
	else if (name)
		fprintf(d->f, "%s  %-18s ", d->pre, name);
	else
		fprintf(d->f, "%s  ", d->pre);
	va_start(ap, fmt);
	vfprintf(d->f, fmt, ap);
	va_end(ap);
	fputc('\n', d->f);
}

void ct_doc_list_end(struct ct_doc_list *l)
{
	if (md(l->d) && l->n == 0)
		fputs("None.\n", l->d->f);
}

void ct_doc_warnings(const struct ct_doc *d, size_t n,
		     const char *(*warning)(const void *arg, size_t i), const void *arg)
{
	struct ct_doc_list l;
	size_t i;

	ct_doc_list_begin(&l, d, "warnings", CT_DOC_SKIP_EMPTY);
	for (i = 0; i < n; i++)
		ct_doc_item(&l, NULL, "%s", warning(arg, i));
	ct_doc_list_end(&l);
}

FILE *ct_held_open(struct ct_held *h)
{
	h->buf = NULL;
	h->len = 0;
	h->f = open_memstream(&h->buf, &h->len);
	if (!h->f)
		err(CT_EXIT_FAIL, "open_memstream");
	return h->f;
}

char *ct_held_take(struct ct_held *h, size_t *len)
{
	char *buf;

	if (h->f && fclose(h->f) != 0)
		err(CT_EXIT_FAIL, "open_memstream");
	h->f = NULL;
	buf = h->buf;
	*len = h->len;
	h->buf = NULL;
	h->len = 0;
	return buf;
}

void ct_held_write(struct ct_held *h, FILE *to)
{
	size_t len;
	char *buf = ct_held_take(h, &len);

	fwrite(buf, 1, len, to);
	free(buf);
}
