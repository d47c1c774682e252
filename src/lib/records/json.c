/*
 * records/json.c - JSON Lines writer: flat objects, strings escaped, numbers in
 * the C locale, non-finite numbers as null (JSON has no NaN).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "records/json.h"

static int first;

static void key(FILE *f, const char *k)
{
	if (!first)
		fputc(',', f);
	first = 0;
	ct_json_str_value(f, k);
	fputc(':', f);
}

void ct_json_str_value(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void ct_json_begin(FILE *f, const char *record)
{
	fputc('{', f);
	first = 1;
	ct_json_str(f, "record", record);
}

void ct_json_str(FILE *f, const char *k, const char *val)
{
	key(f, k);
	ct_json_str_value(f, val);
}

void ct_json_str_array(FILE *f, const char *k, const char *const *v, size_t n)
{
	size_t i;

	key(f, k);
	fputc('[', f);
	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		ct_json_str_value(f, v[i]);
	}
	fputc(']', f);
}

void ct_json_num(FILE *f, const char *k, double val)
{
	key(f, k);
	/* An integer (a size in bytes, a count) keeps every digit. */
	if (isfinite(val) && val == floor(val) && fabs(val) < 9007199254740992.0)
		fprintf(f, "%.0f", val);
	else if (isfinite(val))
		fprintf(f, "%.6g", val);
	else
		fputs("null", f);
}

void ct_json_int(FILE *f, const char *k, long long val)
{
	key(f, k);
	fprintf(f, "%lld", val);
}

void ct_json_bool(FILE *f, const char *k, int val)
{
	key(f, k);
	fputs(val ? "true" : "false", f);
}

void ct_json_end(FILE *f)
{
	fputs("}\n", f);
}
