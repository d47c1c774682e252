/*
 * records/side.c - the record writer's layouts of whole records: records
 * side by side (CT_REC_SIDE: a column per record, a row per field, '*'
 * where they differ) and bare listings (CT_REC_BARE: rows without a
 * header, each column aligned as its field says).  The texts are kept
 * as each record comes and laid out at ct_rec_end().
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/term.h"
#include "records/record.h"
#include "records/table.h"
#include "records/writer.h"

/* CT_REC_SIDE and _BARE: how many fields the output shows (the texts kept per record). */
static size_t side_fields(const struct ct_rec_writer *w)
{
	size_t i, n = 0;

	for (i = 0; i < w->kind->nfields && i < 64; i++)
		n += ct_rec_shown(w, i) ? 1 : 0;
	return n;
}

/* CT_REC_SIDE and _BARE: a record's texts kept, to be laid out at the end. */
void ct_rec_side_add(struct ct_rec_writer *w, const void *rec)
{
	const struct ct_rec_kind *k = w->kind;
	struct ct_rec_value *v = ct_xmalloc(sizeof(*v));
	size_t i, n = side_fields(w);
	char buf[512];

	w->side = ct_xrealloc(w->side, (w->nside + n) * sizeof(*w->side));
	for (i = 0; i < k->nfields && i < 64; i++) {
		if (!ct_rec_shown(w, i))
			continue;
		ct_rec_get(k, &k->fields[i], rec, w->out, v);
		w->marks |= v->marks;
		w->side[w->nside++] = ct_xstrdup(ct_rec_text_of(&k->fields[i], v, w->out, buf, sizeof(buf)));
		ct_rec_put(v);
	}
	free(v);
}

/* A row of the side-by-side table or Markdown. */
static void side_row(struct ct_rec_writer *w, struct ct_table *t, const char *const *cells,
		     size_t n)
{
	size_t c;

	if (t) {
		ct_table_add(t, cells);
		return;
	}
	for (c = 0; c < n; c++)
		ct_rec_md_cell(w->f, cells[c]);
	fputs("|\n", w->f);
}

/* CT_REC_SIDE's end: a row per field, the mark and its name, then each record's text. */
void ct_rec_side_end(struct ct_rec_writer *w)
{
	const struct ct_rec_kind *k = w->kind;
	size_t nf = side_fields(w), nrec = nf ? w->nside / nf : 0, ncols = nrec + 2;
	const char **cells = ct_xcalloc(ncols, sizeof(*cells));
	const char **names = ct_xcalloc(nf + 1, sizeof(*names));
	struct ct_table *t = NULL;
	size_t i, j, r, head = (size_t)-1, nrows = 0;

	cells[0] = cells[1] = "";
	/* The head's place among the fields shown: where each record's text of it is. */
	for (i = 0, j = 0; i < k->nfields && i < 64 && head == (size_t)-1; i++) {
		if (!ct_rec_shown(w, i))
			continue;
		if (k->fields[i].show & CT_REC_HEAD) {
			head = j;
			cells[1] = ct_rec_header_of(&k->fields[i]);
		}
		j++;
	}
	for (r = 0; r < nrec; r++)
		cells[r + 2] = head == (size_t)-1 ? "" : w->side[r * nf + head];
	if (w->out == CT_REC_TABLE) {
		t = ct_table_new(cells, (int)ncols);
	} else {
		side_row(w, NULL, cells, ncols);
		for (i = 0; i < ncols; i++)
			fputs("|---", w->f);
		fputs("|\n", w->f);
	}
	for (i = 0, j = 0; i < k->nfields && i < 64; i++) {
		const struct ct_rec_field *f = &k->fields[i];
		int differs = 0;

		if (!ct_rec_shown(w, i))
			continue;
		if (f->show & CT_REC_HEAD) {
			j++;
			continue;
		}
		for (r = 1; r < nrec && !(f->show & CT_REC_VARIES); r++)
			if (strcmp(w->side[r * nf + j], w->side[j]) != 0)
				differs = 1;
		w->differ += (size_t)differs;
		cells[0] = differs ? "*" : "";
		cells[1] = names[nrows++] = ct_rec_header_of(f);
		for (r = 0; r < nrec; r++)
			cells[r + 2] = w->side[r * nf + j];
		side_row(w, t, cells, ncols);
		j++;
	}
	if (t) {
		unsigned long long cut;
		char note[400] = "";
		size_t used = 0;

		ct_table_print_fit(t, w->f, w->fit, NULL, 1, &cut);
		for (r = 1; r < 64 && r <= nrows; r++)
			if (cut & (1ull << r) && used + 2 < sizeof(note))
				used += (size_t)snprintf(note + used, sizeof(note) - used, "%s%s",
							 used ? ", " : "", names[r - 1]);
		if (note[0]) {
			char text[512];

			snprintf(text, sizeof(text), "(cut to fit %d columns: %s; -f json has every "
				 "value whole)", w->fit, note);
			ct_term_wrap(w->f, w->fit, " ", text);
		}
		ct_table_free(t);
	}
	free(names);
	free(cells);
}

/* CT_REC_BARE's end: the rows, each column as wide as its widest text. */
void ct_rec_bare_end(struct ct_rec_writer *w)
{
	const struct ct_rec_kind *k = w->kind;
	size_t nf = side_fields(w), nrec = nf ? w->nside / nf : 0, i, c, r;
	size_t *width = ct_xcalloc(nf + 1, sizeof(*width));
	int *left = ct_xcalloc(nf + 1, sizeof(*left));

	for (i = 0, c = 0; i < k->nfields && i < 64; i++)
		if (ct_rec_shown(w, i))
			left[c++] = (k->fields[i].show & CT_REC_LEFT) != 0;
	for (r = 0; r < nrec; r++)
		for (c = 0; c < nf; c++)
			if (strlen(w->side[r * nf + c]) > width[c])
				width[c] = strlen(w->side[r * nf + c]);
	for (r = 0; r < nrec; r++) {
		for (c = 0; c < nf; c++) {
			const char *t = w->side[r * nf + c];

			if (left[c] && c + 1 == nf)
				fputs(t, w->f);
			else
				fprintf(w->f, left[c] ? "%-*s" : "%*s", (int)width[c], t);
			if (c + 1 < nf)
				fputs("  ", w->f);
		}
		fputc('\n', w->f);
	}
	free(left);
	free(width);
}

/* Free the texts kept for CT_REC_SIDE or _BARE. */
void ct_rec_side_free(struct ct_rec_writer *w)
{
	size_t i;

	for (i = 0; i < w->nside; i++)
		free(w->side[i]);
	free(w->side);
	w->side = NULL;
	w->nside = 0;
}

