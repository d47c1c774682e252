/*
 * records/writer.h - the record writer's own parts, shared by its files
 * (record.c: the writer; number.c: a number's text; side.c: records side
 * by side and bare listings).  Not for the programs: they have record.h.
 */
#ifndef CT_RECORDS_WRITER_H
#define CT_RECORDS_WRITER_H

#include <stddef.h>

/* record.h's, which includes none of this. */
struct ct_rec_writer;
struct ct_rec_field;
struct ct_rec_kind;
struct ct_rec_value;

/* Field i of w's kind is shown in w's output. */
int ct_rec_shown(const struct ct_rec_writer *w, size_t i);
/* A field's column head: its header, else its key, else "". */
const char *ct_rec_header_of(const struct ct_rec_field *f);
/* The value of field f of rec for output out, into v (zeroed first); ct_rec_put() after. */
void ct_rec_get(const struct ct_rec_kind *k, const struct ct_rec_field *f, const void *rec,
		unsigned out, struct ct_rec_value *v);
void ct_rec_put(struct ct_rec_value *v);
/* The text of a value got (not CT_REC_FIELDS), in buf or in v. */
const char *ct_rec_text_of(const struct ct_rec_field *f, const struct ct_rec_value *v,
			   unsigned out, char *buf, size_t len);
/*
 * A number as spec says ("%.6g", "%.3f", "%d", "%U", "%R", "%T": number.c),
 * '-' when it is not finite.  The spec is read here, never passed to printf.
 */
void ct_rec_number(char *buf, size_t len, const char *spec, double v, const char *unit);
/* The width a text spec declares ("%7U": 7), or 0. */
size_t ct_rec_spec_width(const char *spec);

/* CT_REC_SIDE and _BARE (side.c): a record's texts kept, and the layouts at the end. */
void ct_rec_side_add(struct ct_rec_writer *w, const void *rec);
void ct_rec_side_end(struct ct_rec_writer *w);
void ct_rec_bare_end(struct ct_rec_writer *w);
void ct_rec_side_free(struct ct_rec_writer *w);

#endif
