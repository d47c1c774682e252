/*
 * records/jsonl.c - the JSON Lines reader: one object per line, its top-level
 * members kept, strict to RFC 8259 (the reasons an input is refused are
 * the ones a truncated, concatenated or hand-edited line shows).  Numbers
 * are checked against the grammar first and converted with strtod() in the
 * C locale the tools run in.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "records/jsonl.h"

struct parser {
	const char *s, *p, *end;
	struct ct_jobject *o;
	size_t used;		/* of o->buf */
	const char *why;
};

static int fail(struct parser *ps, const char *why)
{
	if (!ps->why)
		ps->why = why;
	return -1;
}

static int peek(const struct parser *ps)
{
	return ps->p < ps->end ? (unsigned char)*ps->p : -1;
}

static void ws(struct parser *ps)
{
	while (ps->p < ps->end &&
	       (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n'))
		ps->p++;
}

static int hex4(struct parser *ps, unsigned *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		int c = peek(ps);

		if (c >= '0' && c <= '9')
			*v = *v * 16 + (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v = *v * 16 + (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v = *v * 16 + (unsigned)(c - 'A' + 10);
		else
			return fail(ps, "bad \\u escape in a string");
		ps->p++;
	}
	return 0;
}

static void put(struct parser *ps, char c, int keep)
{
	if (keep)
		ps->o->buf[ps->used++] = c;
}

static void put_utf8(struct parser *ps, unsigned cp, int keep)
{
	if (cp < 0x80) {
		put(ps, (char)cp, keep);
	} else if (cp < 0x800) {
		put(ps, (char)(0xc0 | (cp >> 6)), keep);
		put(ps, (char)(0x80 | (cp & 0x3f)), keep);
	} else if (cp < 0x10000) {
		put(ps, (char)(0xe0 | (cp >> 12)), keep);
		put(ps, (char)(0x80 | ((cp >> 6) & 0x3f)), keep);
		put(ps, (char)(0x80 | (cp & 0x3f)), keep);
	} else {
		put(ps, (char)(0xf0 | (cp >> 18)), keep);
		put(ps, (char)(0x80 | ((cp >> 12) & 0x3f)), keep);
		put(ps, (char)(0x80 | ((cp >> 6) & 0x3f)), keep);
		put(ps, (char)(0x80 | (cp & 0x3f)), keep);
	}
}

/*
 * A string at ps->p; with keep, unescaped into o->buf with a NUL, its
 * offset in *off.  \u0000 is refused: the strings are C strings after.
 */
static int string(struct parser *ps, int keep, size_t *off)
{
	if (peek(ps) != '"')
		return fail(ps, "expected a string");
	ps->p++;
	if (off)
		*off = ps->used;
	for (;;) {
		int c = peek(ps);

		if (c < 0)
			return fail(ps, "unterminated string (a truncated line?)");
		ps->p++;
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(ps, "control character in a string");
		if (c != '\\') {
			put(ps, (char)c, keep);
			continue;
		}
		c = peek(ps);
		if (c < 0)
			return fail(ps, "unterminated string (a truncated line?)");
		ps->p++;
		switch (c) {
		case '"':
		case '\\':
		case '/':
			put(ps, (char)c, keep);
			break;
		case 'b':
			put(ps, '\b', keep);
			break;
		case 'f':
			put(ps, '\f', keep);
			break;
		case 'n':
			put(ps, '\n', keep);
			break;
		case 'r':
			put(ps, '\r', keep);
			break;
		case 't':
			put(ps, '\t', keep);
			break;
		case 'u': {
			unsigned cp, lo;

			if (hex4(ps, &cp) < 0)
				return -1;
			if (cp >= 0xdc00 && cp <= 0xdfff)
				return fail(ps, "lone low surrogate in a string");
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (ps->end - ps->p < 2 || ps->p[0] != '\\' || ps->p[1] != 'u')
					return fail(ps, "lone high surrogate in a string");
				ps->p += 2;
				if (hex4(ps, &lo) < 0)
					return -1;
				if (lo < 0xdc00 || lo > 0xdfff)
					return fail(ps, "lone high surrogate in a string");
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			}
			if (cp == 0)
				return fail(ps, "\\u0000 in a string");
			put_utf8(ps, cp, keep);
			break;
		}
		default:
			ps->p--;
			return fail(ps, "bad escape in a string");
		}
	}
	put(ps, '\0', keep);
	return 0;
}

static int digits(struct parser *ps)
{
	int c = peek(ps);

	if (c < '0' || c > '9')
		return fail(ps, "bad number");
	while ((c = peek(ps)) >= '0' && c <= '9')
		ps->p++;
	return 0;
}

static int number(struct parser *ps, double *v)
{
	const char *start = ps->p;
	char tmp[64];
	size_t len;

	if (peek(ps) == '-')
		ps->p++;
	if (peek(ps) == '0')
		ps->p++;
	else if (digits(ps) < 0)
		return -1;
	if (peek(ps) == '.') {
		ps->p++;
		if (digits(ps) < 0)
			return -1;
	}
	if (peek(ps) == 'e' || peek(ps) == 'E') {
		ps->p++;
		if (peek(ps) == '+' || peek(ps) == '-')
			ps->p++;
		if (digits(ps) < 0)
			return -1;
	}
	len = (size_t)(ps->p - start);
	if (len >= sizeof(tmp)) {
		ps->p = start;
		return fail(ps, "number too long");
	}
	memcpy(tmp, start, len);
	tmp[len] = '\0';
	*v = strtod(tmp, NULL);
	if (!isfinite(*v)) {
		ps->p = start;
		return fail(ps, "number out of range");
	}
	return 0;
}

static int literal(struct parser *ps, const char *word)
{
	size_t l = strlen(word), left = (size_t)(ps->end - ps->p);

	/* The start of the word, then the end of the line ("tru"): cut there. */
	if (left < l && left > 0 && memcmp(ps->p, word, left) == 0) {
		ps->p = ps->end;
		return fail(ps, "expected a value");
	}
	if (left < l || memcmp(ps->p, word, l) != 0)
		return fail(ps, "expected a value");
	ps->p += l;
	return 0;
}

static int value(struct parser *ps, int depth, struct ct_jmember *m, size_t *off);

/* A nested object or array, checked and skipped. */
static int nested(struct parser *ps, int depth)
{
	int obj = peek(ps) == '{';
	char close = obj ? '}' : ']';

	if (depth > CT_JSONL_DEPTH)
		return fail(ps, "nested too deep");
	ps->p++;
	ws(ps);
	if (peek(ps) == close) {
		ps->p++;
		return 0;
	}
	for (;;) {
		ws(ps);
		if (obj) {
			if (string(ps, 0, NULL) < 0)
				return -1;
			ws(ps);
			if (peek(ps) != ':')
				return fail(ps, "expected ':'");
			ps->p++;
			ws(ps);
		}
		if (value(ps, depth + 1, NULL, NULL) < 0)
			return -1;
		ws(ps);
		if (peek(ps) == close) {
			ps->p++;
			return 0;
		}
		if (peek(ps) != ',')
			return fail(ps, peek(ps) < 0 ? "unexpected end of line (a truncated line?)"
					       : obj ? "expected ',' or '}'" : "expected ',' or ']'");
		ps->p++;
	}
}

static int value(struct parser *ps, int depth, struct ct_jmember *m, size_t *off)
{
	struct ct_jmember dummy;
	const char *start = ps->p;
	int rc;

	if (!m)
		m = &dummy;
	switch (peek(ps)) {
	case -1:
		return fail(ps, "unexpected end of line (a truncated line?)");
	case '{':
	case '[':
		m->type = CT_JNESTED;
		rc = nested(ps, depth);
		break;
	case '"':
		m->type = CT_JSTR;
		rc = string(ps, off != NULL, off);
		break;
	case 't':
		m->type = CT_JBOOL;
		m->num = 1;
		rc = literal(ps, "true");
		break;
	case 'f':
		m->type = CT_JBOOL;
		m->num = 0;
		rc = literal(ps, "false");
		break;
	case 'n':
		m->type = CT_JNULL;
		m->num = NAN;
		rc = literal(ps, "null");
		break;
	default:
		m->type = CT_JNUM;
		rc = number(ps, &m->num);
		break;
	}
	m->raw = start;
	m->rawlen = (size_t)(ps->p - start);
	return rc;
}

static int object(struct parser *ps)
{
	struct ct_jobject *o = ps->o;
	size_t *koff, *voff, i, j;
	int rc = -1;

	ws(ps);
	if (peek(ps) != '{')
		return fail(ps, peek(ps) < 0 ? "empty line" : "not a JSON object");
	ps->p++;
	ws(ps);
	/* Offsets first: pointers into o->buf are set once it is complete. */
	koff = ct_xcalloc(o->cap + 1, sizeof(*koff));
	voff = ct_xcalloc(o->cap + 1, sizeof(*voff));
	if (peek(ps) == '}') {
		ps->p++;
		rc = 0;
		goto out;
	}
	for (;;) {
		struct ct_jmember *m;

		ws(ps);
		if (o->n == o->cap) {
			o->cap = o->cap ? 2 * o->cap : 32;
			o->m = ct_xrealloc(o->m, o->cap * sizeof(*o->m));
			koff = ct_xrealloc(koff, (o->cap + 1) * sizeof(*koff));
			voff = ct_xrealloc(voff, (o->cap + 1) * sizeof(*voff));
		}
		m = &o->m[o->n];
		memset(m, 0, sizeof(*m));
		if (string(ps, 1, &koff[o->n]) < 0)
			goto out;
		ws(ps);
		if (peek(ps) != ':') {
			fail(ps, peek(ps) < 0 ? "unexpected end of line (a truncated line?)"
					      : "expected ':'");
			goto out;
		}
		ps->p++;
		ws(ps);
		voff[o->n] = (size_t)-1;
		if (value(ps, 1, m, &voff[o->n]) < 0)
			goto out;
		if (m->type != CT_JSTR)
			voff[o->n] = (size_t)-1;
		o->n++;
		ws(ps);
		if (peek(ps) == '}') {
			ps->p++;
			break;
		}
		if (peek(ps) != ',') {
			fail(ps, peek(ps) < 0 ? "unexpected end of line (a truncated line?)"
					      : "expected ',' or '}'");
			goto out;
		}
		ps->p++;
	}
	ws(ps);
	if (ps->p != ps->end) {
		fail(ps, "text after the object");
		goto out;
	}
	for (i = 0; i < o->n; i++) {
		o->m[i].key = o->buf + koff[i];
		o->m[i].str = voff[i] == (size_t)-1 ? NULL : o->buf + voff[i];
	}
	for (i = 0; i < o->n; i++)
		for (j = 0; j < i; j++)
			if (strcmp(o->m[i].key, o->m[j].key) == 0) {
				ps->p = ps->s;
				fail(ps, "a key appears twice");
				goto out;
			}
	rc = 0;
out:
	free(koff);
	free(voff);
	return rc;
}

/*
 * The reason of a line that fails where it ends: a line with its newline
 * may have been cut and mended ("(a truncated line?)"); without one, the
 * last of a file that stops mid-line, it was cut short.
 */
static void reason_at_end(char *why, size_t wlen, const char *r, int newline)
{
	static const char maybe[] = " (a truncated line?)";
	size_t n = strlen(r), m = sizeof(maybe) - 1;

	if (n >= m && strcmp(r + n - m, maybe) == 0)
		n -= m;
	if (newline)
		snprintf(why, wlen, "%.*s%s", (int)n, r, maybe);
	else
		snprintf(why, wlen, "%.*s: truncated (the file ends mid-line, with no newline)",
			 (int)n, r);
}

int ct_jsonl_parse(const char *line, size_t len, struct ct_jobject *o, char *why,
		   size_t wlen, size_t *col)
{
	struct parser ps;
	int newline = len > 0 && line[len - 1] == '\n';

	if (newline)
		len--;
	/* Unescaping never lengthens; a NUL after each key and string. */
	if (o->bufcap < 2 * len + 2) {
		o->bufcap = 2 * len + 2;
		free(o->buf);
		o->buf = ct_xmalloc(o->bufcap);
	}
	o->n = 0;
	ps.s = ps.p = line;
	ps.end = line + len;
	ps.o = o;
	ps.used = 0;
	ps.why = NULL;
	if (memchr(line, '\0', len)) {
		ps.p = memchr(line, '\0', len);
		fail(&ps, "NUL byte in the line");
	} else if (object(&ps) == 0) {
		return 0;
	}
	o->n = 0;
	/* An empty line ends where it starts, and is no cut value. */
	if (why && ps.p >= ps.end && len > 0)
		reason_at_end(why, wlen, ps.why ? ps.why : "not JSON", newline);
	else if (why)
		snprintf(why, wlen, "%s", ps.why ? ps.why : "not JSON");
	if (col)
		*col = (size_t)(ps.p - line) + 1;
	return -1;
}

void ct_jobject_free(struct ct_jobject *o)
{
	free(o->m);
	free(o->buf);
	memset(o, 0, sizeof(*o));
}

const struct ct_jmember *ct_jobject_get(const struct ct_jobject *o, const char *key)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		if (strcmp(o->m[i].key, key) == 0)
			return &o->m[i];
	return NULL;
}

const char *ct_jobject_str(const struct ct_jobject *o, const char *key)
{
	const struct ct_jmember *m = ct_jobject_get(o, key);

	return m && m->type == CT_JSTR ? m->str : NULL;
}

double ct_jobject_num(const struct ct_jobject *o, const char *key)
{
	const struct ct_jmember *m = ct_jobject_get(o, key);

	return m && m->type == CT_JNUM ? m->num : NAN;
}
