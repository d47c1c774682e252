/*
 * records/jsonl.h - the reader of the suite's own JSON Lines (coretype(7)): one
 * object per line, read into its top-level members.  Strict (RFC 8259):
 * whatever the writer in json.c cannot have written is an error with the
 * column it was found at, so that a truncated or altered line is never
 * half-read.  Nested arrays and objects are checked and kept as text.
 */
#ifndef CT_RECORDS_JSONL_H
#define CT_RECORDS_JSONL_H

#include <stddef.h>

enum ct_jtype { CT_JSTR, CT_JNUM, CT_JBOOL, CT_JNULL, CT_JNESTED };

struct ct_jmember {
	const char *key;	/* unescaped, NUL-terminated */
	enum ct_jtype type;
	const char *str;	/* CT_JSTR: the unescaped string (no NUL inside) */
	double num;		/* CT_JNUM: the value; CT_JBOOL: 1 or 0 */
	const char *raw;	/* the value's text in the line */
	size_t rawlen;
};

struct ct_jobject {
	struct ct_jmember *m;
	size_t n, cap;
	char *buf;		/* the unescaped keys and strings */
	size_t bufcap;
};

#define CT_JSONL_DEPTH 32	/* nesting a value may have */

/*
 * Parse line[0..len-1] (a trailing newline allowed) as one JSON object
 * into o, which may be reused line after line (zero it before the first).
 * Returns 0, or -1 with the reason in why and the 1-based byte column
 * where it was found in *col.  A key seen twice is an error.  A line
 * that fails where it ends says it may be truncated, and one with no
 * newline (a file's last, cut mid-line) that it is: "truncated (the file
 * ends mid-line, with no newline)".
 */
int ct_jsonl_parse(const char *line, size_t len, struct ct_jobject *o, char *why,
		   size_t wlen, size_t *col);
void ct_jobject_free(struct ct_jobject *o);

/* The member named key, or NULL. */
const struct ct_jmember *ct_jobject_get(const struct ct_jobject *o, const char *key);
/* Its string, or NULL when absent or not a string. */
const char *ct_jobject_str(const struct ct_jobject *o, const char *key);
/* Its number, or NaN when absent, null or not a number. */
double ct_jobject_num(const struct ct_jobject *o, const char *key);

#endif
